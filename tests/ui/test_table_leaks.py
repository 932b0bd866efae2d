"""The hot-seat leaks of issue 24, one test each, driven at the table as players would.

Each fails on the tables before ``ui/table``: the previous seat's hand came back on
undo at a hand-off, stayed up through the bots' turns, came back after the table's
shared "Play a card?" prompt, and an undone move stayed in the log.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.drivers.poe import DRIVER as POE
from tests.ui.tables import step as table_step

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def poe(main_window, seats, seed=3):  # noqa: ANN001, ANN201
    return POE.start(main_window, seats, seed)


def click(qtbot, widget) -> None:  # noqa: ANN001
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def step(view, qtbot) -> None:  # noqa: ANN001
    """One move at the table (see ``tests/ui/tables.step``)."""
    table_step(POE, view, qtbot)


def log_lines(view) -> list[str]:  # noqa: ANN001
    return [view.log.item(i).text() for i in range(view.log.count())]


def hand_on_screen(view) -> set[int]:  # noqa: ANN001
    return set(view.hand_row.widgets) | set(view.faceup_row.widgets)


def until(view, qtbot, done, limit: int = 300) -> None:  # noqa: ANN001
    for _ in range(limit):
        if done():
            return
        step(view, qtbot)
    raise AssertionError("the table never got there")


def test_undo_at_the_hand_off_never_shows_the_previous_players_hand(main_window, qtbot) -> None:  # noqa: ANN001
    view = poe(main_window, ["human", "human", "human"])
    until(view, qtbot, lambda: view.state.active == 0 and view.revealed == 0)
    mine = set(view.state.hand[0])
    until(
        view,
        qtbot,
        lambda: view.handoff.isVisible() and "Pirate 2" in view.handoff.heading.text(),
    )
    main_window.act_undo.trigger()  # Ctrl+Z at "Pass the computer to Pirate 2"
    assert view.revealed != 0
    assert not hand_on_screen(view) & (mine | set(view.state.hand[0]))
    assert not view.undo_stack.canUndo()  # Pirate 1's moves are no longer anyone's to undo


def test_a_hand_is_hidden_while_the_bots_play(main_window, qtbot) -> None:  # noqa: ANN001
    view = poe(main_window, ["human", "normal", "human"])
    view.bot_delay_ms = 60_000  # the bots wait: the screen during their turn is looked at
    until(view, qtbot, lambda: view.state.active == 0 and view.revealed == 0)
    until(view, qtbot, lambda: view.state.active == 1 and not view.state.stack)
    assert view.state.current_player() == 1  # a bot's turn, the table watching
    assert view.revealed is None and not hand_on_screen(view)


def test_carry_on_after_play_a_card_never_reshows_the_hand_without_a_hand_off(
    main_window, qtbot
) -> None:  # noqa: ANN001
    view = poe(main_window, ["human", "human", "human"])
    until(view, qtbot, lambda: view.shared_window())
    assert not hand_on_screen(view)  # the whole table reads the prompt
    active = view.state.active
    click(qtbot, view.buttons["carry"])
    view.run_bots()
    if view.state.current_player() == active and not view.shared_window():
        assert view.handoff.isVisible() and not hand_on_screen(view)


def test_an_undone_move_leaves_no_trace_in_the_log(main_window, qtbot) -> None:  # noqa: ANN001
    view = poe(main_window, ["human", "normal", "normal"])
    for _ in range(300):
        lines = log_lines(view)
        step(view, qtbot)
        if view.undo_stack.canUndo():
            break
    assert view.undo_stack.count() == 1 and len(log_lines(view)) > len(lines)
    main_window.act_undo.trigger()
    assert log_lines(view) == lines  # not the move, not an "(undo)" line


def test_the_next_pvp_player_cannot_undo_the_previous_players_move(main_window, qtbot) -> None:  # noqa: ANN001
    from wargame.pvp.legal import move_classes

    view = main_window.show_mode("pirate-versus-pirate")
    rolls = ["4 4", "1 1", "1 1"]
    main_window.ctx.manual_dice = True
    main_window.ctx.dice_answerer = lambda _req: rolls.pop(0) if rolls else "2 2"
    view.bot_delay_ms = 0
    view.new_game(["human", "human"], variant="standard", scenario=None, seed=3)
    if view.handoff.isVisible():
        click(qtbot, view.handoff.button)
    click(qtbot, view.buttons["roll"])
    p = next(q for q in view.state.alive(0) if move_classes(view.state, q))
    view.selected = p
    view.move_to(move_classes(view.state, p)[0][0])
    assert view.state.active == 1  # Red's turn: Red presses U
    moved = view.state.pos[p]
    main_window.act_undo.trigger()
    assert view.state.pos[p] == moved and view.state.active == 1


def test_no_empty_card_row_label_is_a_window_of_its_own(main_window) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QApplication

    view = poe(main_window, ["human", "normal", "normal"])
    view.run_bots()
    assert view.hand_row.empty.parent() is view.hand_row
    strays = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w.width() < 40]
    assert not strays
