"""The Pirate Versus Pirate table driven as a player would (pytest-qt)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from wargame.pvp import actions as A
from wargame.pvp.legal import move_classes
from wargame.pvp.state import MOVE, ROLL

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def open_view(main_window, seats, dice, variant="standard", seed=3):  # noqa: ANN001, ANN201
    """The table with typed-in dice: ``dice`` lists the rolls, two values each (None:
    the game's own dice)."""
    view = main_window.show_mode("pirate-versus-pirate")
    rolls = list(dice or ())
    main_window.ctx.manual_dice = dice is not None
    main_window.ctx.dice_answerer = lambda _req: rolls.pop(0) if rolls else "2 2"
    view.bot_delay_ms = 0
    view.new_game(seats, variant=variant, scenario=None, seed=seed)
    return view


def click_cell(view, qtbot, label: str) -> None:  # noqa: ANN001
    i = view.state.board.cell_index(label)
    qtbot.mouseClick(
        view.board.viewport(), Qt.MouseButton.LeftButton, pos=view.board.cell_centre_in_view(i)
    )


def reveal(view, qtbot) -> None:  # noqa: ANN001
    if view.handoff.isVisible():
        qtbot.mouseClick(view.handoff.button, Qt.MouseButton.LeftButton)


def test_a_turn_played_by_clicking_roll_pirate_and_triangle(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human"], ["4 4", "1 1", "2 1"])
    reveal(view, qtbot)
    st = view.state
    assert st.phase == ROLL and st.active == 0  # blue won the roll-off 8 to 2
    qtbot.mouseClick(view.buttons["roll"], Qt.MouseButton.LeftButton)
    st = view.state
    assert st.phase == MOVE and st.total == 3
    assert view.dice_odds.rolled == 3
    p = next(q for q in st.alive(0) if move_classes(st, q))
    click_cell(view, qtbot, st.board.labels[st.pos[p]])
    assert view.selected == p
    end = move_classes(st, p)[0][0]
    label = st.board.labels[end]
    click_cell(view, qtbot, label)
    st = view.state
    assert st.pos[p] == end
    assert st.active == 1 and st.phase == ROLL
    assert any("moves 3" in view.log.item(i).text() for i in range(view.log.count()))
    # the move stays on the board, dashed in Blue's colour, for Red to follow
    assert [(len(cells), colour) for cells, colour in view.trails()] == [(4, "blue")]
    # Red's turn now: Red may not take back Blue's move (issue 24), and the roll is
    # never undone
    assert not view.undo_stack.canUndo()
    qtbot.mouseClick(view.buttons["undo"], Qt.MouseButton.LeftButton)
    assert view.state.pos[p] == end and view.state.active == 1


def test_an_unreachable_triangle_is_refused_with_the_rule(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human"], ["4 4", "1 1", "1 1"])
    reveal(view, qtbot)
    qtbot.mouseClick(view.buttons["roll"], Qt.MouseButton.LeftButton)
    st = view.state
    p = next(q for q in st.alive(0) if move_classes(st, q))
    click_cell(view, qtbot, st.board.labels[st.pos[p]])
    click_cell(view, qtbot, "A12")  # green's gold space, far away
    assert view.last_error is not None and "exactly 2" in view.last_error
    assert view.state.pos[p] == st.pos[p]


def test_no_hand_off_hides_a_board_with_no_hidden_information(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human"], ["4 4", "1 1", "1 1"])
    assert not view.handoff.isVisible()
    st = view.state
    qtbot.mouseClick(view.buttons["roll"], Qt.MouseButton.LeftButton)
    p = next(q for q in st.alive(0) if move_classes(view.state, q))
    view.selected = p
    view.move_to(move_classes(view.state, p)[0][0])
    assert not view.handoff.isVisible() and view.state.active == 1
    qtbot.mouseClick(view.buttons["roll"], Qt.MouseButton.LeftButton)
    assert view.state.phase == MOVE  # Red plays straight away


def test_odds_show_the_2d4_and_the_threats_to_a_pirate(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "normal"], ["4 4", "1 1"])
    assert abs(sum(view.dice_odds.dist.values()) - 1) < 1e-9
    assert view.dice_odds.dist[5] == 4 / 16
    st = view.state
    click_cell(view, qtbot, st.board.labels[st.pos[0]])
    assert "blue-1" in view.threat_label.text()
    assert "%" in view.board.pirate_tip(0)


def test_save_and_resume_replays_the_game(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "normal"], ["4 4", "1 1", "2 2"])
    reveal(view, qtbot)
    view.do(A.Roll())
    st = view.state
    p = next(q for q in st.alive(0) if move_classes(st, q))
    view.selected = p
    view.move_to(move_classes(st, p)[0][0])
    view.run_bots()
    saved = view.save_json()
    before = view.state.to_json()
    view.open_json(saved, None)
    assert view.state.to_json() == before
    assert view.log.count() >= len(view.session.entries)


def test_the_table_fits_1024_by_768(main_window, qtbot) -> None:  # noqa: ANN001
    main_window.resize(1024, 768)
    view = open_view(main_window, ["human", "normal"], ["4 4", "1 1"])
    qtbot.wait(10)
    for button in view.buttons.values():
        if button.isVisible():
            assert button.fontMetrics().horizontalAdvance(button.text()) <= button.width()
    assert view.board.width() >= 360


def test_the_fair_start_is_one_switch_on_the_bar(main_window) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human"], None)
    assert view.state.opts.start == "printed"
    box = view.setup.start_box
    box.setCurrentIndex(box.findData("short-first-turn"))
    view.new_game_from_bar()
    assert view.state.opts.start == "short-first-turn"
    assert view.session.header["params"]["start"] == "short-first-turn"
    view.new_game_like(view.session.header)  # a rematch keeps it
    assert view.state.opts.start == "short-first-turn"
