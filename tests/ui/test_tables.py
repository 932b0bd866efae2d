"""One UI suite over every board-game table on ``ui/table`` (issue 24): a game with
bots plays to the end on a score table, a save reopens as it was, and undo belongs to
the player who acted. The games come from ``tests/ui/drivers``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.tables import drivers, log_lines, step, until

pytestmark = pytest.mark.usefixtures("discard_unsaved")

DRIVERS = [pytest.param(d, id=mode) for mode, d in drivers().items()]


@pytest.mark.parametrize("driver", DRIVERS)
def test_bots_play_a_game_to_the_end_on_a_score_table(main_window, driver) -> None:  # noqa: ANN001
    view = driver.start(main_window, driver.bots, 5)
    view.run_bots()
    assert view.state.is_terminal()
    assert view.scores.isVisible()
    assert view.scores.grid.rowCount() == len(view.seats)


@pytest.mark.parametrize("driver", DRIVERS)
def test_a_saved_game_reopens_as_it_was(main_window, qtbot, driver, tmp_path: Path) -> None:  # noqa: ANN001
    seats = ("human", *driver.bots[1:])
    view = driver.start(main_window, seats, 7)
    for _ in range(12):
        if view.state.is_terminal():
            break
        step(driver, view, qtbot)
    entries = len(view.session.entries)
    lines = log_lines(view)
    path = tmp_path / "game.json"
    assert main_window.save_as(path)
    main_window.go_home()
    assert main_window.open_file(path)
    again = main_window.current
    assert again.mode_key == driver.mode
    assert len(again.session.entries) == entries
    assert again.seats == list(seats)
    assert log_lines(again) == lines
    assert not again.handoff.isVisible()  # one human: nobody to hide anything from


@pytest.mark.parametrize("driver", DRIVERS)
def test_only_the_player_who_acted_can_undo(main_window, qtbot, driver) -> None:  # noqa: ANN001
    seats = ("human", "human", *driver.bots[2:])
    view = driver.start(main_window, seats, 11)
    until(driver, view, qtbot, lambda: view.undo_stack.canUndo())
    owner = view.undo_owner
    assert owner is not None
    until(
        driver,
        view,
        qtbot,
        lambda: view.turn_seat() is not None and view.turn_seat() != owner,
    )
    entries = len(view.session.entries)
    main_window.act_undo.trigger()  # the next player presses Ctrl+Z
    assert len(view.session.entries) == entries
    assert not view.undo_stack.canUndo() or view.undo_owner != owner
