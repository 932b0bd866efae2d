"""What the board-game table base gives every game on it (issue 24): a seat switched
to a bot plays at once, the table's window choice and named saves are kept, the game
ends on a score table with Rematch."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_table_leaks import poe, step

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def test_a_seat_switched_to_a_bot_mid_game_plays_at_once(main_window, qtbot) -> None:  # noqa: ANN001
    view = poe(main_window, ["human", "human", "normal"])
    seat = view.state.current_player()
    while view.seats[seat] != "human":
        step(view, qtbot)
        seat = view.state.current_player()
    n = len(view.session.entries)
    view.seat_boxes[seat].setCurrentIndex(2)  # "Normal"
    assert view.seats[seat] == "normal" and seat in view.bots
    qtbot.waitUntil(lambda: len(view.session.entries) > n, timeout=5000)


def test_the_window_choice_is_saved_with_the_game(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    view = poe(main_window, ["human", "human", "normal"])
    view.variants.ask_action.setChecked(False)
    path = tmp_path / "quiet.json"
    assert main_window.save_as(path)
    view.variants.ask_action.setChecked(True)  # the table changes its mind for a new game
    main_window.go_home()
    assert main_window.open_file(path)
    reopened = main_window.current
    assert reopened.ask_humans() is False
    assert not reopened.variants.ask_action.isChecked()


def test_an_unsaved_game_is_named_by_game_players_and_round(main_window, qtbot) -> None:  # noqa: ANN001
    view = poe(main_window, ["human", "normal", "normal"])
    view.naming.set_names(("Anna", "Ben", "Cleo"))
    view.run_bots()
    assert view.document_name == f"Pieces of Eight — Anna, Ben, Cleo — round {view.state.round}"


def test_the_game_ends_on_a_score_table_with_rematch(main_window, qtbot) -> None:  # noqa: ANN001
    view = poe(main_window, ["normal", "easy", "easy"])
    view.run_bots()
    assert view.state.over and view.scores.isVisible()
    rows = view.scores.grid.rowCount()
    assert rows == 3 and "winner" in view.scores.grid.item(0, 2).text()
    old = view.session
    view.scores.again.click()
    assert view.session is not old and view.seats == ["normal", "easy", "easy"]
    assert not view.scores.isVisible() or view.state.over


def test_who_starts_is_the_first_line_of_the_log(main_window) -> None:  # noqa: ANN001
    """Issue 28: a random first seat is rolled in the open and the log says so, also
    after the game is reopened."""
    from wargame.core.game import GameSpec

    view = main_window.show_mode("pieces-of-eight")
    view.bot_delay_ms = 0
    view.start_game(GameSpec("pieces-of-eight", 3, {"starter": "random"}), ["human"] * 3)
    first = view.state.name(view.state.first)
    assert view.log.item(0).text().startswith(f"{first} starts (the die")
    view._retell(view.session)
    assert view.log.item(0).text().startswith(f"{first} starts")


def test_tortuga_log_says_who_starts_too(main_window) -> None:  # noqa: ANN001
    """Tortuga 1667 (on the same table) opens its log with the same line."""
    from wargame.core.game import GameSpec

    view = main_window.show_mode("tortuga-1667")
    view.bot_delay_ms = 0
    view.start_game(GameSpec("tortuga-1667", 4, {"starter": "random"}), ["human"] * 4)
    first = view.state.name(view.state.active)
    assert view.log.item(0).text().startswith(f"{first} starts (the die")


def test_the_log_is_what_the_engine_told_not_a_replay(main_window, qtbot) -> None:  # noqa: ANN001
    """Issue 24: the table rebuilds its log from each entry's told sentences; it no
    longer replays the whole game to word it."""
    view = poe(main_window, ["human", "normal", "normal"])
    view.run_bots()
    for _ in range(40):
        step(view, qtbot)
    lines = [view.log.item(i).text() for i in range(view.log.count())]

    def no_replay(*_a, **_k):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("the log replayed the game")

    view.session.factory = no_replay
    view._retell(view.session)
    assert [view.log.item(i).text() for i in range(view.log.count())] == lines
    told = [t for e in view.session.entries for t in (e.told or ())]
    assert all(t in "\n".join(lines) for t in told)


def test_the_bots_moves_are_marked_on_the_board_until_a_human_acts(main_window, qtbot) -> None:  # noqa: ANN001
    from wargame.poe import actions as A

    view = poe(main_window, ["human", "normal", "normal"])
    for _ in range(300):
        step(view, qtbot)
        if any(isinstance(e.action, A.Move | A.Enter) for e in view.recent_auto):
            break
    marked = {k for k, item in view.board.areas.items() if item.trail}
    moved = {
        getattr(e.action, "to", None) or getattr(e.action, "area", None)
        for e in view.recent_auto
        if isinstance(e.action, A.Move | A.Enter | A.Banish)
    }
    assert moved and marked == moved
    assert all(e.seat in view.bots for e in view.recent_auto)
    until_human = 0
    while not view.my_move() and until_human < 300:
        step(view, qtbot)
        until_human += 1
    assert view.do(view.state.legal_actions()[0])  # the human acts: the marks go
    assert view.recent_auto == []
    assert not any(item.trail for item in view.board.areas.values())
