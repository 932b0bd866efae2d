"""Pirate Versus Pirate on the shared table (issue 24): undo is the mover's and leaves
no trace, the log is what the engine tells, a seat given to a bot plays at once, the
bots' moves stay on the board, saves are named, No Backstabbing's facing buttons
are whole at 1024x768. Each failed on the table before ``ui/table``."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from tests.pvp.test_ui import click_cell, open_view
from tests.ui.tables import click, log_lines
from ui.clipping import clipped_texts
from wargame.pvp import actions as A
from wargame.pvp.legal import move_classes
from wargame.pvp.state import FACE, MOVE, ORDER, ROLL

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def first_move(view, qtbot) -> int:  # noqa: ANN001
    """The player to move clicks a pirate that can move and its first end; returns it."""
    st = view.state
    p = next(q for q in st.alive(st.active) if move_classes(st, q))
    click_cell(view, qtbot, st.board.labels[st.pos[p]])
    click_cell(view, qtbot, st.board.labels[move_classes(st, p)[0][0]])
    return p


def scroller(widget: QWidget) -> QScrollArea:
    while not isinstance(widget, QScrollArea):
        widget = widget.parentWidget()
    return widget


def rolled_against_a_bot(main_window, qtbot):  # noqa: ANN001, ANN201
    """No Backstabbing against the expectimax bot: set up as dealt, Blue has rolled 3."""
    view = open_view(main_window, ["human", "expectimax"], ["4 4", "1 1", "2 1"], "no-backstabbing")
    view.run_bots()
    while view.state.phase != ROLL:
        click(qtbot, view.buttons["ready"])
        view.run_bots()
    click(qtbot, view.buttons["roll"])
    return view


def engine_lines(view) -> list[str]:  # noqa: ANN001
    return [line for e in view.session.entries for line in e.lines]


def test_an_undone_move_leaves_no_trace_in_the_log(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human"], ["4 4", "1 1", "2 1"], "no-backstabbing")
    while view.state.phase != ROLL:  # both crews keep the facing they start with
        click(qtbot, view.buttons["ready"])
    click(qtbot, view.buttons["roll"])
    lines = log_lines(view)
    first_move(view, qtbot)
    assert view.state.phase == FACE and len(log_lines(view)) > len(lines)
    click(qtbot, view.buttons["undo"])
    assert view.state.phase == MOVE
    assert log_lines(view) == lines  # neither the move nor an "(undo)" line


def test_the_mover_takes_back_a_move_but_never_the_roll(main_window, qtbot) -> None:  # noqa: ANN001
    view = rolled_against_a_bot(main_window, qtbot)
    total, before = view.state.total, view.state.to_json()
    p = first_move(view, qtbot)
    assert view.state.phase == FACE and view.undo_stack.canUndo()
    main_window.act_undo.trigger()
    assert view.state.to_json() == before and view.state.total == total
    assert not view.undo_stack.canUndo()  # the roll stands
    click(qtbot, view.buttons["undo"])  # says why, takes nothing back
    assert view.state.to_json() == before and "roll" in (view.last_error or "")
    assert view.state.pos[p] >= 0


def test_the_log_is_what_the_engine_tells(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "expectimax"], ["4 4", "1 1", "2 1"])
    click(qtbot, view.buttons["roll"])
    first_move(view, qtbot)
    view.run_bots()
    assert log_lines(view) == engine_lines(view)
    assert "Blue rolled 2 + 1 = 3" in log_lines(view)  # the roll's told sentence


def test_a_crew_switched_to_a_bot_mid_game_plays_at_once(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human"], ["4 4", "1 1"])
    assert view.state.current_player() == 0
    n = len(view.session.entries)
    view.seat_boxes[0].setCurrentIndex(2)  # "Normal" on the ladder (the expectimax bot)
    assert view.seats[0] == "normal" and 0 in view.bots
    qtbot.waitUntil(lambda: len(view.session.entries) > n, timeout=5000)


def test_the_bots_moves_stay_on_the_board(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "expectimax"], ["4 4", "1 1", "2 1", "3 3", "2 2"])
    click(qtbot, view.buttons["roll"])
    first_move(view, qtbot)
    view.run_bots()
    assert view.state.active == 0
    moved = [e for e in view.session.entries if isinstance(e.action, A.Move)]
    assert len(moved) == 2
    assert [colour for _cells, colour in view.trails()] == ["red", "blue"]
    assert len(view.board.overlays) >= 2  # both drawn, dashed, in the crews' colours


def test_an_unsaved_game_is_named_by_its_crews_and_turn(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "expectimax"], ["4 4", "1 1"])
    view.naming.set_names(("Anna", "Ben"))
    view.run_bots()
    turn = max(view.state.turns, 1)
    assert view.document_name == f"Pirate Versus Pirate — Anna, Ben — turn {turn}"
    assert "Anna" in view.players.rows[0].text() and "blue" in view.players.rows[0].text()


def test_rematch_starts_the_same_crews_again(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["expectimax", "random"], None, seed=4)
    view.run_bots()
    assert view.state.is_terminal() and view.scores.isVisible()
    old, seats = view.session, list(view.seats)
    assert seats == ["normal", "easy"]  # the ladder's names for the expectimax and random bots
    click(qtbot, view.scores.again)
    assert view.session is not old and view.seats == seats
    assert view.state.phase != ORDER  # the first turn's roll-off is made at once


def test_no_backstabbing_facing_buttons_and_the_newest_log_line_show_at_1024x768(
    main_window, qtbot
) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human"] * 3, None, "no-backstabbing", seed=2)
    main_window.resize(1024, 768)
    faced = 0
    for step in range(90):
        st = view.state
        if st.is_terminal():
            break
        if st.phase == FACE:
            faced += 1
            for _ in range(3):
                QApplication.processEvents()
            assert all(b.isVisible() and b.isEnabled() for b in view.face_buttons)
            assert [str(c) for c in clipped_texts(main_window)] == []
            for b in view.face_buttons:  # inside what the side panel shows, not cut off
                port = scroller(b).viewport()
                right = b.mapTo(port, QPoint(b.width(), 0)).x()
                assert right <= port.width(), f"{b.text()!r} ends at {right} of {port.width()}"
            log = view.log  # and the log's newest line is in view, not below the edge
            newest = log.visualItemRect(log.item(log.count() - 1))
            assert log.viewport().rect().contains(newest.bottomLeft())
            port = scroller(log).viewport()
            assert log.mapTo(port, QPoint(0, log.height())).y() <= port.height()
        legal = list(st.legal_actions())
        assert view.do(legal[(step * 7) % len(legal)]), view.last_error
    assert faced >= 3 and main_window.width() == 1024


def test_a_reopened_game_lets_the_mover_take_back_their_move(main_window, qtbot, tmp_path) -> None:  # noqa: ANN001
    view = rolled_against_a_bot(main_window, qtbot)
    before = view.state.to_json()
    first_move(view, qtbot)
    assert view.state.phase == FACE
    path = tmp_path / "facing.json"
    assert main_window.save_as(path)
    main_window.go_home()
    assert main_window.open_file(path)
    again = main_window.current
    assert again.state.phase == FACE and again.undo_stack.canUndo()
    main_window.act_undo.trigger()
    assert again.state.to_json() == before
    assert not again.undo_stack.canUndo()  # the roll before it stands
