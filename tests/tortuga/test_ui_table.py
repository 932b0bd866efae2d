"""The Tortuga 1667 table on ``ui/table`` (issue 24), driven by clicks as players would.

The leaks the issue lists that Tortuga had, one test each (undo at a hand-off went back
into the previous player's turn, an undone move stayed in the log as "(undo)", the
loyalty card stayed up through the bots' turns), the private looks Tortuga owes, and
what every table gives as Tortuga words it. The secrecy and table suites over every
game (tests/ui/test_hot_seat_secrecy.py, tests/ui/test_tables.py) drive this table
through ``tests/ui/drivers/tortuga.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.ui.drivers.tortuga import DRIVER, start
from tests.ui.tables import click, log_lines, step, visible_text

pytestmark = pytest.mark.usefixtures("discard_unsaved", "pirate_one_starts")


def tortuga(main_window, seats, seed=1):  # noqa: ANN001, ANN201
    """A new table with ``seats`` ("human", "random", "strong") and a fixed seed."""
    return start(main_window, seats, seed)


def play(view, qtbot, done, limit: int = 400) -> None:  # noqa: ANN001
    """Play on, a move at a time, until ``done()`` (at most ``limit`` moves)."""
    for _ in range(limit):
        if done():
            return
        step(DRIVER, view, qtbot)
    assert done(), "the table never got there"


# -- the leaks of issue 24 --------------------------------------------------------------------
def test_undo_at_the_hand_off_never_goes_back_into_the_previous_players_turn(
    main_window, qtbot
) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "human", "human", "human"])
    first = view.handoff.seat
    click(qtbot, view.handoff.button)  # the first captain takes the computer
    assert view.revealed == first
    click(qtbot, view.choice_buttons()[0])  # their ship's first treasure: a hold
    assert view.handoff.isVisible() and view.handoff.seat != first
    n = len(view.session.entries)
    main_window.act_undo.trigger()  # U at "Pass the computer to ..."
    assert len(view.session.entries) == n and view.handoff.seat != first
    click(qtbot, view.handoff.button)  # the next player has it: still not theirs to undo
    main_window.act_undo.trigger()
    assert len(view.session.entries) == n and view.revealed != first
    assert not view.undo_stack.canUndo()


def test_the_loyalty_card_is_hidden_while_the_bots_play(main_window, qtbot) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "normal", "human", "normal"])
    view.bot_delay_ms = 60_000  # the bots wait: the screen during their turn is looked at
    play(
        view,
        qtbot,
        lambda: len(view.session.entries) > 2 and view.state.current_player() in view.bots,
    )
    assert view.revealed is None and not view.handoff.isVisible()
    assert view.secrets.title.text() == "Secrets are hidden"
    assert "Your loyalty" not in visible_text(view)


def test_an_undone_move_leaves_no_trace_in_the_log(main_window, qtbot) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "normal", "normal"])
    lines: list[str] = []

    def moved() -> bool:
        if view.undo_stack.canUndo():
            return True
        lines[:] = log_lines(view)
        return False

    play(view, qtbot, moved)
    assert len(log_lines(view)) > len(lines)
    main_window.act_undo.trigger()
    assert log_lines(view) == lines  # not the move, not an "(undo)" line


# -- Tortuga's own moments --------------------------------------------------------------------
def test_a_private_view_is_shown_to_its_viewer_before_the_next_hand_off(main_window, qtbot) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "human", "human"], seed=5)
    play(view, qtbot, lambda: view.look() is not None)
    seat, kind = view.look()
    assert view.revealed == seat and not view.handoff.isVisible()
    assert "Done" in view.choice_buttons()[0].text()
    if kind == "view":
        assert "Event cards you viewed" in view.secrets.body.text()
    assert not view.bot_acts(view.state.current_player())  # the table waits for the reader
    step(DRIVER, view, qtbot)
    assert view.look() is None or view.look()[0] != seat
    assert view.revealed != seat or view.state.current_player() == seat


# -- what every table gives, as Tortuga words it ---------------------------------------------
def test_a_seat_switched_to_a_bot_mid_game_plays_at_once(main_window, qtbot) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "human", "normal"])
    view.bot_delay_ms = 10
    seat = view.state.current_player()
    n = len(view.session.entries)
    view.seat_boxes[seat].setCurrentIndex(2)  # "Normal bot", in the pirates panel
    assert view.seats[seat] == "normal" and seat in view.bots
    qtbot.waitUntil(lambda: len(view.session.entries) > n, timeout=5000)


def test_an_unsaved_game_is_named_by_game_players_and_turn(main_window) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "normal", "normal"])
    view.naming.set_names(("Anna", "Ben", "Cleo"))
    view.run_bots()
    assert view.document_name == f"Tortuga 1667 — Anna, Ben, Cleo — turn {view.state.turns}"


def test_the_score_table_names_each_pirates_team(main_window) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["normal", "easy", "easy"])
    view.run_bots()
    assert view.state.over and view.scores.isVisible()
    grid = view.scores.grid
    teams = ("British", "French", "Dutch")  # the bots play from fresh seeds: any may win
    for r in range(3):
        name, won = grid.item(r, 0).text(), grid.item(r, 2).text() == "winner"
        team = name[name.rindex("(") + 1 : -1]
        assert team in teams and won == (teams.index(team) == view.state.win_team)
    old = view.session
    view.scores.again.click()
    assert view.session is not old and view.seats == ["normal", "easy", "easy"]


def test_bots_moves_are_marked_told_at_the_hand_off_and_shown_until_a_human_acts(
    main_window, qtbot
) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "normal", "human"], seed=2)
    play(view, qtbot, lambda: view.handoff.isVisible() and bool(view.recent))
    assert "Since then:" in view.handoff.recent.text()
    assert view.recent[-1] in view.handoff.recent.text()
    shaded = [
        view.log.item(i).text()
        for i in range(view.log.count())
        if view.log.item(i).background().style() != Qt.BrushStyle.NoBrush
    ]
    assert view.recent[-1] in shaded
    click(qtbot, view.handoff.button)  # the human takes the computer: the bots' moves
    marked = [r.text() for r in view.players.rows if "↻" in r.text()]  # are on the board
    assert marked and all(
        view.state.name(s) in "".join(marked) for s in {e.seat for e in view.recent_auto}
    )
    view.bot_delay_ms = 60_000
    assert view.do(view.state.legal_actions()[0])  # the human acts: the marks go
    assert not any("↻" in r.text() for r in view.players.rows)


def test_a_game_played_to_the_end_by_two_humans_saves_and_reopens(
    main_window, qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "easy", "human"], seed=3)
    play(view, qtbot, lambda: view.state.is_terminal(), limit=800)
    path = tmp_path / "tortuga.json"
    assert main_window.save_as(path)
    state, lines = view.state.to_json(), log_lines(view)
    main_window.go_home()
    assert main_window.open_file(path)
    reopened = main_window.current
    assert reopened.state.to_json() == state and log_lines(reopened) == lines
    assert reopened.seats == ["human", "easy", "human"]
