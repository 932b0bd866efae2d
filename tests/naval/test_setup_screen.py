"""The battle setup screen driven as a club player would: a map drawn in the map editor
as the sea, ships from the Roster, dragged and turned, saved as a scenario that the
home screen lists, reopened and played to the end by bots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from tests.naval.test_setup_on_a_map import square_map
from ui.naval.scene import PX
from wargame.core.play import simulate

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def save_map_in_editor(window: Any, data: dict[str, Any]) -> None:
    editor = window.show_mode("map-editor")
    editor.load_scenario_data(data, None)
    assert window.save(), "the map editor saves the map to the database"


@pytest.fixture
def setups() -> Any:
    """Every setup screen a test opened is closed after it (a window-modal dialog left
    open would hold the mouse of the tests after it)."""
    opened: list[Any] = []
    yield opened
    import shiboken6

    for dlg in opened:
        if shiboken6.isValid(dlg):
            dlg.close()


def open_setup(window: Any, setups: list[Any]) -> Any:
    view = window.show_mode("naval")
    view.act_setup.trigger()
    dialogs = [d for d in view.findChildren(object) if d.objectName() == "naval-battle-setup"]
    assert dialogs, "Battle setup opens its screen"
    setups.append(dialogs[-1])
    return view, dialogs[-1]


def drag(qtbot: Any, dlg: Any, name: str, to: tuple[int, int]) -> None:
    sea = dlg.draft.sea()
    start = dlg.scene.ship_items[name].pos()
    x, y = sea.centre(sea.from_offset(*to))
    end = QPointF(x * PX, y * PX)
    vp = dlg.sea_view.viewport()
    p0, p1 = dlg.sea_view.mapFromScene(start), dlg.sea_view.mapFromScene(end)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=p0)
    qtbot.mouseMove(vp, pos=(p0 + p1) / 2)
    qtbot.mouseMove(vp, pos=p1)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=p1)


def test_a_battle_set_up_on_an_editor_map_is_saved_listed_reopened_and_played(
    qtbot: Any, main_window: Any, tmp_path: Path, setups: list[Any]
) -> None:
    save_map_in_editor(main_window, square_map([(35, 15, 60, 40)], w=100, h=60))
    view, dlg = open_setup(main_window, setups)
    dlg.choose_map("Map: Test Sea (saved)")
    assert dlg.draft.map is not None and dlg.draft.sea().land
    assert "Isle 0" in [t.text() for t in dlg.scene.island_labels]
    # the roster: a ship of the default roster to each side, one duplicated, one removed
    dlg.roster_box.setCurrentIndex(dlg.roster_box.findText("Fancy (large)"))
    qtbot.mouseClick(dlg.ship_buttons["Add to attacker"], Qt.MouseButton.LeftButton)
    assert "Fancy" in dlg.draft.side_ships(0)
    qtbot.mouseClick(dlg.ship_buttons["Duplicate"], Qt.MouseButton.LeftButton)
    assert "Fancy 2" in dlg.draft.side_ships(0)
    qtbot.mouseClick(dlg.ship_buttons["Remove"], Qt.MouseButton.LeftButton)
    assert "Fancy 2" not in dlg.draft.side_ships(0)
    # drag Fancy onto the island: refused on screen, naming her and why
    land = sorted(dlg.draft.sea().land)[0]
    drag(qtbot, dlg, "Fancy", dlg.draft.sea().to_offset(land))
    assert any(p.startswith("Fancy is on land") for p in dlg.problems)
    assert "Fancy is on land" in dlg.problems_label.text()
    assert not dlg.start_button.isEnabled()
    # ... then onto open water, and turn her with the keys
    drag(qtbot, dlg, "Fancy", (5, 3))
    assert dlg.draft.ship("Fancy")["at"] == [5, 3]
    assert dlg.problems == [] and dlg.start_button.isEnabled()
    heading = dlg.draft.ship("Fancy")["heading"]
    assert dlg.selected == "Fancy"  # the ship dragged is the ship chosen
    qtbot.keyClick(dlg.sea_view, Qt.Key.Key_Right)
    assert dlg.draft.ship("Fancy")["heading"] == (heading - 1) % 6
    dlg.name_edit.setText("Off the Isle")
    dlg._renamed("Off the Isle")
    path = tmp_path / "isle.json"
    sid = dlg.save_scenario(path)
    assert sid is not None
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["name"] == "Off the Isle" and saved["map"]["name"] == "Test Sea"
    main_window.go_home()
    listed = [
        main_window.home.scenarios.item(i).text() for i in range(main_window.home.scenarios.count())
    ]
    assert any("Off the Isle" in t for t in listed)
    # reopened from the scenario list, played to the end by bots on both sides
    main_window.open_db_scenario(sid)
    naval = main_window.current
    assert naval.mode_key == "naval" and "Fancy" in naval.state.ships
    for _ in range(3000):
        if naval.state.is_terminal():
            break
        naval.bot_step()
    assert naval.state.is_terminal()
    result = simulate("naval", games=10, seed=7, scenario=saved, strict=True)
    assert len(result["games"]) == 10


def test_escort_and_hold_victories_are_chosen_on_screen(
    qtbot: Any, main_window: Any, setups: list[Any]
) -> None:
    _view, dlg = open_setup(main_window, setups)
    dlg.victory_box.setCurrentIndex(2)  # hold a harbour
    dlg.hold_side_box.setCurrentText("defender")
    dlg.harbour_col.setValue(6)
    dlg.harbour_row.setValue(3)
    assert dlg.draft.data["victory"] == {
        "kind": "hold",
        "side": "defender",
        "harbour": [6, 3],
        "turns": dlg.hold_turns.value(),
    }
    assert dlg.problems == []
    dlg.harbour_col.setValue(150)
    assert any("harbour" in p for p in dlg.problems)
    dlg.victory_box.setCurrentIndex(1)  # escort
    dlg.escort_box.setCurrentText("Santa Rosa")
    dlg.edge_box.setCurrentText("west")
    assert dlg.draft.data["victory"] == {"kind": "escort", "escort": "Santa Rosa", "edge": "west"}
    assert dlg.problems == []


def test_starting_a_set_up_battle_puts_it_on_the_table_with_no_bots(
    qtbot: Any, main_window: Any, setups: list[Any]
) -> None:
    """Defect 9 of issue 26: the Bots setting carried over into a new battle."""
    view, dlg = open_setup(main_window, setups)
    for box in view.seat_boxes:  # bots command both sides
        box.setCurrentIndex(box.findData("normal"))
    dlg.start_battle()
    assert dlg.started is not None
    assert [b.currentData() for b in view.seat_boxes] == ["human", "human"] and not view.bots
    assert set(view.state.ships) == {s["name"] for s in dlg.started["ships"]}


def test_a_map_file_that_is_not_a_map_is_refused_in_words(
    qtbot: Any, main_window: Any, tmp_path: Path, setups: list[Any]
) -> None:
    _view, dlg = open_setup(main_window, setups)
    assert dlg.sea_box.currentText() == "Map: Isla de la Tortuga Chica (in use)"
    before = dlg.draft.map
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "wargame-scenario", "mode": "raid"}), encoding="utf-8")
    assert not dlg.choose_map_file(bad)
    assert "not" in dlg.last_error and "Traceback" not in dlg.last_error
    assert dlg.draft.map == before
    dlg.choose_map("Open sea")
    assert dlg.draft.map is None and dlg.draft.sea().land == frozenset()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
def test_the_setup_screen_fits_and_clips_no_text(
    qtbot: Any, main_window: Any, setups: list[Any], size: tuple[int, int]
) -> None:
    from PySide6.QtWidgets import QApplication

    from ui.clipping import clipped_texts

    _view, dlg = open_setup(main_window, setups)
    for victory in range(3):  # every victory condition's fields shown in turn
        dlg.victory_box.setCurrentIndex(victory)
        dlg.resize(*size)
        for _ in range(3):
            QApplication.processEvents()
        hint = dlg.minimumSizeHint()
        assert hint.width() <= size[0] and hint.height() <= size[1] - 28, hint
        assert [str(c) for c in clipped_texts(dlg)] == []


def test_a_hold_battle_says_its_goal_and_rings_the_harbour(qtbot: Any, main_window: Any) -> None:
    from wargame.naval.scenario import default_scenario

    data = default_scenario()
    data["victory"] = {"kind": "hold", "side": "defender", "harbour": [6, 3], "turns": 2}
    view = main_window.show_mode("naval")
    view.load_scenario_data(data, None)
    assert "Hold: the defender wins by holding the harbour (6, 3) for 2 turns" in (
        view.phase_label.text()
    )
    assert any(item.toolTip() == "The harbour to hold" for item in view.scene.items())


def test_a_campaign_battle_offers_the_way_back_to_the_campaign(
    qtbot: Any, main_window: Any
) -> None:
    from wargame.naval.scenario import default_scenario

    view = main_window.show_mode("naval")
    assert not view.act_return.isVisible(), "only a battle fought for a campaign"
    data = default_scenario()
    data["campaign_link"] = {"campaign": "c", "turn": 1, "engagement": "0:A"}
    view.load_scenario_data(data, None)
    assert view.act_return.isVisible()
    view.act_return.trigger()
    assert main_window.current.mode_key == "campaign"


def test_a_campaign_sea_fight_opens_the_setup_to_choose_the_sea(
    qtbot: Any, main_window: Any, setups: list[Any]
) -> None:
    campaign = main_window.show_mode("campaign")
    if not campaign.fight("3:A"):
        pytest.skip(f"the shipped campaign has no battle to fight: {campaign.last_error}")
    naval = main_window.current
    dialogs = [d for d in naval.findChildren(object) if d.objectName() == "naval-battle-setup"]
    assert dialogs, "the engagement's battle opens in the battle setup"
    dlg = dialogs[-1]
    setups.append(dlg)
    link = naval.scenario["campaign_link"]
    assert dlg.draft.data["campaign_link"] == link
    dlg.choose_map("Map: Pieces of Eight")
    if dlg.problems:
        dlg.place_all()
    assert dlg.problems == []
    dlg.start_battle()
    assert naval.scenario["campaign_link"] == link and naval.state.sea.land
    assert naval.act_return.isVisible()


def test_the_naval_view_takes_a_map_as_its_sea(qtbot: Any, main_window: Any) -> None:
    """`wargame screenshot naval --scenario MAP.json` and the like: a map file given to
    the battle table is fought on with the default setup of `naval setup`."""
    from wargame.paths import scenarios_dir

    data = json.loads((scenarios_dir() / "maps/pieces-of-eight.json").read_text(encoding="utf-8"))
    view = main_window.show_mode("naval")
    view.load_scenario_data(data, None)
    assert view.state.sea.land
    names = [t.text() for t in view.scene.island_labels]
    assert "Tortuga" in names and "Dead Man's Chest" in names


def test_roster_ships_go_to_the_battle_setup(
    qtbot: Any, main_window: Any, setups: list[Any]
) -> None:
    from ui.naval.roster import RosterDialog

    view = main_window.show_mode("naval")
    roster = RosterDialog(main_window.ctx.db, view)
    roster.name.setText("Fancy")
    roster.add_to_force(0)
    roster.name.setText("Prize")
    roster.add_to_force(1)
    dlg = roster.set_up_battle()
    assert dlg is not None
    setups.append(dlg)
    assert dlg.draft.side_ships(0) == ["Fancy"] and dlg.draft.side_ships(1) == ["Prize"]
    assert dlg.problems == []
