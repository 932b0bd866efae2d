"""The raid table driven as a player drives it: clicks on the town, the phase button, undo."""

from __future__ import annotations

from collections import deque

import pytest
from PySide6.QtCore import Qt

from wargame.raid import actions as A

from .helpers import group, officer

pytestmark = pytest.mark.filterwarnings("ignore")


def typed_dice(window, *first: int):
    """Dice typed in at the table: these values first, then 1s."""
    queue = deque(first)

    def answer(request):
        return " ".join(str(queue.popleft() if queue else 1) for _ in range(request.count))

    window.ctx.manual_dice = True
    window.ctx.dice_answerer = answer
    return queue


def click_square(qtbot, view, sq, unit_index=None, units_here=1):
    pt = view.board.viewport_point(sq, unit_index, units_here)
    qtbot.mouseClick(view.board.viewport(), Qt.MouseButton.LeftButton, pos=pt)


def small_raid(attacker, defender, town=None, **extra):
    data = {
        "format": "wargame-scenario",
        "mode": "raid",
        "name": "Test raid",
        "town": {"name": "T", "map": town or ["D....", "D....", "D....", "D....", "D...."]},
        "attacker": {"units": attacker},
        "defender": {"units": defender},
    }
    data.update(extra)
    return data


def test_the_raid_table_shows_the_default_town(main_window) -> None:
    view = main_window.show_mode("raid")
    assert view.state.name == "The sack of Puerto Bello"
    assert "defenders 45 coins" in view.score_label.text()
    assert "Who moves first" in view.header.text()
    assert view.primary.isEnabled() and "who moves first" in view.primary.text()
    assert len(view.scene.items()) > 200  # squares, tokens, labels


def test_a_player_moves_a_figure_by_clicking_and_undoes_it(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    typed_dice(main_window, 6, 1)  # pirates 6+1 against 1: the pirates move first
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)
    assert view.state.phase == "move" and view.state.current_player() == 0
    # the musket group P7 is the first of three figures at 0,2
    click_square(qtbot, view, (0, 2), unit_index=0, units_here=3)
    assert view.sel_unit == "P7"
    assert view._overlay.get((1, 2)) == "move"
    click_square(qtbot, view, (1, 2))
    assert view.state.unit("P7").sq == (1, 2)
    assert "P7" in view.log.toPlainText() or "able musket group P7" in view.log.toPlainText()
    main_window.act_undo.trigger()
    assert view.state.unit("P7").sq == (0, 2)
    main_window.act_redo.trigger()
    assert view.state.unit("P7").sq == (1, 2)


def test_an_illegal_order_is_refused_with_its_rule_and_changes_nothing(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    typed_dice(main_window, 6, 1)
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)
    before = view.state.to_json()
    assert not view.do(A.Move("P1", (2, 3)))
    assert "22.13 Movement" in view.last_error or "movement" in view.last_error
    assert view.state.to_json() == before


def test_a_whole_turn_through_the_phase_button(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    typed_dice(main_window, 6, 1)
    for _ in range(60):
        if view.state.turn == 2:
            break
        if view.state.pending is not None:
            view.do(view.state.legal_actions()[0])
        else:
            qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)
    assert view.state.turn == 2
    assert "Alarm roll" in view.log.toPlainText()
    assert view.state.phase == "initiative"


def test_a_selected_musket_group_shows_its_range_and_line_of_fire(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    data = small_raid(
        [group("P1", "musket", "able", (1, 1)), group("P2", "mob", "able", (0, 4))],
        [group("D1", "mob", "able", (2, 2)), group("D2", "mob", "able", (3, 1))],
    )
    view.load_scenario_data(data, None)
    typed_dice(main_window, 6, 1)
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)  # pirates first
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)  # pirates done moving
    assert view.state.phase == "shoot" and view.state.current_player() == 0
    click_square(qtbot, view, (1, 1), unit_index=0)
    assert view.sel_unit == "P1"
    assert view._overlay[(2, 2)] == "target"
    assert view._overlay[(3, 1)] == "target"  # two squares along the row over open ground
    assert view._overlay[(0, 0)] == "range"
    typed_dice(main_window, 6, 1, 1)  # hit, owner chooses (one figure), save fails
    click_square(qtbot, view, (2, 2))
    assert view.state.unit("D1").status == "dead"
    assert "Score" in view.account_label.text() or view.ledger.count() == 1


def test_save_and_resume_a_raid(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    typed_dice(main_window, 6, 1)
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)
    view.do(A.Move("P7", (1, 2)))
    saved = view.save_json()
    view.load_default()
    assert view.state.unit("P7").sq == (0, 2)
    view.open_json(saved, None)
    assert view.state.unit("P7").sq == (1, 2)
    assert view.state.phase == "move"


def test_the_force_builder_sets_up_and_starts_a_raid(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    view.tabs.setCurrentIndex(3)
    side = view.forces.attacker
    side.set_entries([])
    side.kind.setCurrentText("captain")
    side.name.setText("Kidd")
    qtbot.mouseClick(side.add_btn, Qt.MouseButton.LeftButton)
    side.kind.setCurrentText("hand-to-hand")
    side.quality.setCurrentText("hardened")
    side.count.setValue(4)
    qtbot.mouseClick(side.add_btn, Qt.MouseButton.LeftButton)
    view.forces.garrison.setChecked(True)
    qtbot.mouseClick(view.forces.build_btn, Qt.MouseButton.LeftButton)
    assert len(view.setup["attacker"]["units"]) == 5
    # place the captain by hand: click his token, then a square
    cap = next(u for u in view.setup["attacker"]["units"] if u["id"] == "P0")
    view._place_click(tuple(cap["square"]), "P0")
    view._place_click((0, 8), None)
    cap = next(u for u in view.setup["attacker"]["units"] if u["id"] == "P0")
    assert cap["square"] == [0, 8]
    main_window.act_undo.trigger()
    cap = next(u for u in view.setup["attacker"]["units"] if u["id"] == "P0")
    assert cap["square"] != [0, 8]
    qtbot.mouseClick(view.forces.start_btn, Qt.MouseButton.LeftButton)
    assert len(view.state.on_table(0)) == 5
    assert view.state.unit("P0").name == "Kidd"
    assert view.tabs.currentIndex() == 0


def test_the_town_editor_paints_a_stroke_as_one_undo_step_and_saves(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    view.tabs.setCurrentIndex(4)
    view.town_editor.brushes["fort"].setChecked(True)
    click_square(qtbot, view, (1, 0))
    assert view.setup["town"]["map"][0][1] == "F"
    main_window.act_undo.trigger()
    assert view.setup["town"]["map"][0][1] == "."
    view.town_editor.town_name.setText("My port")
    qtbot.mouseClick(view.town_editor.save_btn, Qt.MouseButton.LeftButton)
    towns = main_window.ctx.db.list_documents("raid-town")
    assert "My port" in [n for _i, n in towns]
    click_square(qtbot, view, (3, 3))  # paint another fort, then load the saved town back
    assert view.setup["town"]["map"][3][3] == "F"
    view.town_editor.saved_towns.setCurrentIndex(0)
    view.town_editor._load()
    assert view.setup["town"]["map"][3][3] == "=" and view.setup["town"]["name"] == "My port"


def test_a_campaign_raid_reports_its_result_when_it_ends(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    link = {"campaign": "test", "engagement": "A"}
    data = small_raid(
        [officer("P0", "captain", (0, 0)), group("P1", "mob", "able", (0, 0))],
        [group("D1", "mob", "able", (4, 4))],
        campaign_link=link,
    )
    view.load_scenario_data(data, None)
    typed_dice(main_window, 6, 1)
    for _ in range(30):
        if view.state.turn == 2:
            break
        qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)
    assert view.withdraw_btn.isVisibleTo(view)
    qtbot.mouseClick(view.withdraw_btn, Qt.MouseButton.LeftButton)
    assert view.state.is_terminal()
    docs = main_window.ctx.db.list_documents("campaign-result")
    assert len(docs) == 1
    _k, _n, stored = main_window.ctx.db.get_document(docs[0][0])
    assert stored["link"] == link
    assert stored["result"]["winner"] == 1
    assert stored["result"]["battle_score"] == {"0": 0, "1": 45}
    assert "Final account" in view.account_label.text()
    assert view.tabs.currentIndex() == 1  # the score tab shows the final account


def test_the_shooter_picks_who_is_hit_by_clicking_a_token(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    data = small_raid(
        [group("P1", "musket", "able", (1, 1)), group("P2", "mob", "able", (0, 4))],
        [group("D1", "mob", "scurvy", (2, 2)), officer("D0", "governor", (2, 2), "Don")],
    )
    view.load_scenario_data(data, None)
    typed_dice(main_window, 6, 1)
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)  # pirates first
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)  # pirates done moving
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)  # the governor rolls a 1: stays
    assert view.state.phase == "shoot" and view.state.current_player() == 0
    typed_dice(main_window, 5, 6)  # a hit; 6: the shooter chooses
    click_square(qtbot, view, (1, 1), unit_index=0)
    click_square(qtbot, view, (2, 2))
    assert view.state.pending == ("casualty", 0)
    assert "Who takes the hit" in view.figures_label.text()
    assert view._overlay[(2, 2)] == "choose"
    typed_dice(main_window, 1, 2)  # the governor's save fails (1+2), officer hit 2: dead when shot
    # the governor is the second token in the square (officers list in roster order)
    order = [u.id for u in view.state.at((2, 2))]
    click_square(qtbot, view, (2, 2), unit_index=order.index("D0"), units_here=2)
    assert view.state.unit("D0").status == "dead"
    assert view.state.coins[0] == 2


def test_an_order_is_given_by_double_clicking_it_in_the_list(qtbot, main_window) -> None:
    view = main_window.show_mode("raid")
    typed_dice(main_window, 6, 1)
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)
    texts = [view.orders.item(i).text() for i in range(view.orders.count())]
    row = texts.index("able musket group P7 moves to 1,1")
    item = view.orders.item(row)
    view.orders.itemActivated.emit(item)
    assert view.state.unit("P7").sq == (1, 1)


def test_resizing_the_town_keeps_every_figure_and_undoes(qtbot, main_window) -> None:
    """Figures are never dropped by a resize (issue 26: shrinking one past them is
    refused, tests/ui/test_defects_26.py); growing it is one undo step."""
    view = main_window.show_mode("raid")
    view.tabs.setCurrentIndex(4)
    before = [u["square"] for u in view.setup["defender"]["units"]]
    view.town_editor.cols.setValue(14)
    view.town_editor.rows.setValue(11)
    view._resize_town(14, 11)
    assert len(view.setup["town"]["map"]) == 11 and len(view.setup["town"]["map"][0]) == 14
    assert [u["square"] for u in view.setup["defender"]["units"]] == before
    main_window.act_undo.trigger()
    assert len(view.setup["town"]["map"]) == 9
    assert len(view.setup["defender"]["units"]) == 21
