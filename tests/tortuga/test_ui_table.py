"""The Tortuga 1667 table on ``ui/table`` (issue 24), driven by clicks as players would.

The leaks the issue lists that Tortuga had, one test each (undo at a hand-off went back
into the previous player's turn, an undone move stayed in the log as "(undo)"), the
hide-secrets rule (nothing on screen but what the shown seat's observation holds, at
every step of whole games with 2-5 human seats and bots between them), and what every
table gives (a seat switched to a bot plays at once, named saves, save and reopen, the
score table with Rematch, the bots' moves marked).

``tortuga`` / ``step`` / ``check_screen`` are this game's driver for the shared table
suites.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from wargame.core.dice import DiceService

pytestmark = pytest.mark.usefixtures("discard_unsaved", "pirate_one_starts")


# -- the driver -------------------------------------------------------------------------
def tortuga(main_window, seats, seed=1):  # noqa: ANN001, ANN201
    """A new table with ``seats`` ("human", "random", "strong") and a fixed seed."""
    view = main_window.show_mode("tortuga-1667")
    view.bot_delay_ms = 0
    view.new_game(seats, seed=seed)
    return view


def click(qtbot, widget) -> None:  # noqa: ANN001
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def step(view, qtbot, k: int = 0) -> None:  # noqa: ANN001
    """One move at the table as a player clicks: take the hand-off, finish a private
    look, let a bot move, or the human to move clicks a choice or a main action (the
    ``k``-th of those allowed, and of its menu)."""
    if view.handoff.isVisible():
        click(qtbot, view.handoff.button)
        return
    done = [b for b in view.choice_buttons() if b.text().startswith("Done")]
    if done:
        click(qtbot, done[0])
        return
    if view.bot_acts(view.state.current_player()):
        view.run_bots(limit=1)
        return
    choices = view.choice_buttons()
    if choices:
        click(qtbot, choices[k % len(choices)])
        return
    allowed = [b for b in view.prompt.main_buttons.values() if b.property("legal") == "true"]
    n = len(view.session.entries)
    view._menu = None
    click(qtbot, allowed[k % len(allowed)])
    menu = view._menu
    if len(view.session.entries) == n and menu is not None:
        actions = menu.actions()
        actions[k % len(actions)].trigger()
        menu.close()


def log_lines(view) -> list[str]:  # noqa: ANN001
    return [view.log.item(i).text() for i in range(view.log.count())]


def screen_text(view) -> str:  # noqa: ANN001
    """Every text a player could read: labels, buttons, tooltips, accessible names."""
    parts = []
    for w in view.findChildren(QWidget):
        if w.isVisibleTo(view) and w.isVisible():
            parts += [w.objectName(), w.toolTip(), w.accessibleName()]
            if isinstance(w, QLabel | QAbstractButton):
                parts.append(w.text())
    return "\n".join(parts)


def check_screen(view, salt: int = 0) -> None:  # noqa: ANN001
    """Nothing on screen that the shown seat's observation hides: the screen is the
    same whatever the hidden cards are (every world the seat cannot tell from this
    one: :meth:`resample_hidden`), and a seat's secrets show only in its moment."""
    st = view.state
    viewer = view.revealed
    if view.handoff.isVisible():
        assert viewer is None
    if viewer is not None:
        humans = [s for s, c in enumerate(view.seats) if c == "human"]
        assert view.seats[viewer] == "human"
        owed = view.look()
        moment = st.current_player() == viewer or (owed is not None and owed[0] == viewer)
        assert moment or len(humans) == 1 or st.over, "secrets stay up outside their moment"
    else:
        assert "Your loyalty" not in screen_text(view)
    before = screen_text(view)
    worlds = [viewer] if viewer is not None else [0, 1]
    try:
        for i, seat in enumerate(worlds):
            view.session.state = st.resample_hidden(seat, DiceService.seeded(salt * 7 + i))
            view.draw()
            after = screen_text(view)
            changed = [
                d for d in difflib.ndiff(before.splitlines(), after.splitlines()) if d[:1] in "+-"
            ]
            assert not changed, f"the screen of {viewer} shows a secret: {changed}"
    finally:
        view.session.state = st
        view.draw()


# -- the leaks of issue 24 --------------------------------------------------------------------
def test_undo_at_the_hand_off_never_goes_back_into_the_previous_players_turn(
    main_window, qtbot
) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "human", "human", "human"])
    first = view.handoff.seat
    step(view, qtbot)  # the first captain takes the computer
    assert view.revealed == first
    click(qtbot, view.choice_buttons()[0])  # their ship's first treasure: a hold
    assert view.handoff.isVisible() and view.handoff.seat != first
    n = len(view.session.entries)
    main_window.act_undo.trigger()  # U at "Pass the computer to ..."
    assert len(view.session.entries) == n and view.handoff.seat != first
    step(view, qtbot)  # the next player takes the computer: still not theirs to undo
    main_window.act_undo.trigger()
    assert len(view.session.entries) == n and view.revealed != first
    assert not view.undo_stack.canUndo()


def test_secrets_are_hidden_while_the_bots_play(main_window, qtbot) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "strong", "human", "strong"])
    view.bot_delay_ms = 60_000  # the bots wait: the screen during their turn is looked at
    for k in range(60):
        seat = view.state.current_player()
        if view.seats[seat] != "human" and len(view.session.entries) > 2:
            break
        step(view, qtbot, k)
    assert view.seats[view.state.current_player()] != "human"
    assert view.revealed is None and not view.handoff.isVisible()
    assert view.secrets.title.text() == "Secrets are hidden"
    assert "Your loyalty" not in screen_text(view)


def test_an_undone_move_leaves_no_trace_in_the_log(main_window, qtbot) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "strong", "strong"])
    for k in range(200):
        lines = log_lines(view)
        step(view, qtbot, k)
        if view.undo_stack.canUndo():
            break
    assert len(log_lines(view)) > len(lines)
    main_window.act_undo.trigger()
    assert log_lines(view) == lines  # not the move, not an "(undo)" line


# -- one seat's view at every step -------------------------------------------------------------
TABLES = [
    ["human", "human", "strong"],
    ["human", "strong", "human", "random"],
    ["human", "human", "human", "human", "human"],
]


@pytest.mark.parametrize("seats", TABLES, ids=lambda s: f"{s.count('human')}-humans-of-{len(s)}")
def test_no_screen_shows_what_its_seat_may_not_see(main_window, qtbot, seats) -> None:  # noqa: ANN001
    view = tortuga(main_window, seats, seed=len(seats))
    for k in range(160):
        if view.state.is_terminal():
            break
        step(view, qtbot, k)
        check_screen(view, k)


def test_a_private_view_is_shown_to_its_viewer_before_the_next_hand_off(main_window, qtbot) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "human", "human"], seed=5)
    for k in range(200):
        if view.look() is not None:
            break
        step(view, qtbot, k)
    seat, kind = view.look()
    assert view.revealed == seat and not view.handoff.isVisible()
    assert "Done" in view.choice_buttons()[0].text()
    if kind == "view":
        assert "Event cards you viewed" in view.secrets.body.text()
    assert not view.bot_acts(view.state.current_player())  # the table waits for the reader
    step(view, qtbot)
    assert view.look() is None or view.look()[0] != seat
    assert view.revealed != seat or view.state.current_player() == seat


# -- what every table gives --------------------------------------------------------------------
def test_a_seat_switched_to_a_bot_mid_game_plays_at_once(main_window, qtbot) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "human", "strong"])
    view.bot_delay_ms = 10
    seat = view.state.current_player()
    n = len(view.session.entries)
    view.seat_boxes[seat].setCurrentIndex(2)  # "Strong bot"
    assert view.seats[seat] == "strong" and seat in view.bots
    qtbot.waitUntil(lambda: len(view.session.entries) > n, timeout=5000)


def test_an_unsaved_game_is_named_by_game_players_and_turn(main_window) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "strong", "strong"])
    view.naming.set_names(("Anna", "Ben", "Cleo"))
    view.run_bots()
    assert view.document_name == f"Tortuga 1667 — Anna, Ben, Cleo — turn {view.state.turns}"


def test_the_game_ends_on_a_score_table_with_rematch(main_window) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["strong", "random", "random"])
    view.run_bots()
    assert view.state.over and view.scores.isVisible()
    grid = view.scores.grid
    assert grid.rowCount() == 3
    won = [grid.item(r, 0).text() for r in range(3) if grid.item(r, 2).text() == "winner"]
    team = "British" if view.state.win_team == 0 else "French"
    assert won and all(f"({team})" in name for name in won)
    old = view.session
    view.scores.again.click()
    assert view.session is not old and view.seats == ["strong", "random", "random"]


def test_bots_moves_are_marked_and_told_at_the_next_hand_off(main_window, qtbot) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "strong", "human"], seed=2)
    for k in range(200):
        step(view, qtbot, k)
        if view.handoff.isVisible() and view.recent:
            break
    assert "Since then:" in view.handoff.recent.text()
    assert view.recent[-1] in view.handoff.recent.text()
    shaded = [
        view.log.item(i).text()
        for i in range(view.log.count())
        if view.log.item(i).background().style() != Qt.BrushStyle.NoBrush
    ]
    assert view.recent[-1] in shaded


def test_a_game_played_to_the_end_saves_and_reopens(main_window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    view = tortuga(main_window, ["human", "random", "human"], seed=3)
    for k in range(600):
        if view.state.is_terminal():
            break
        step(view, qtbot, k)
    assert view.state.is_terminal()
    path = tmp_path / "tortuga.json"
    assert main_window.save_as(path)
    state, lines = view.state.to_json(), log_lines(view)
    main_window.go_home()
    assert main_window.open_file(path)
    reopened = main_window.current
    assert reopened.state.to_json() == state and log_lines(reopened) == lines
    assert reopened.seats == ["human", "random", "human"]
