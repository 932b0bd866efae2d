"""The home screen's scenario list: Play, and Set up... for a sea fight (issue 26)."""

from __future__ import annotations

from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt

from ui.home import MODE_ROLE

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def rows(home: Any, mode: str) -> list[int]:
    return [
        i for i in range(home.scenarios.count()) if home.scenarios.item(i).data(MODE_ROLE) == mode
    ]


def test_set_up_opens_a_shipped_sea_fight_in_the_battle_setup(qtbot: Any, main_window: Any) -> None:
    main_window.go_home()
    home = main_window.home
    home.refresh()
    naval, others = rows(home, "naval"), rows(home, "raid") + rows(home, "campaign")
    assert naval and others
    home.scenarios.setCurrentRow(others[0])
    assert home.play_button.isEnabled() and not home.setup_button.isEnabled()
    home.scenarios.setCurrentRow(naval[0])
    assert home.setup_button.isEnabled()
    name = home.scenarios.item(naval[0]).text().splitlines()[0]
    qtbot.mouseClick(home.setup_button, Qt.MouseButton.LeftButton)
    view = main_window.current
    try:
        assert view.mode_key == "naval" and view.state.name == name
        dialogs = [d for d in view.findChildren(object) if d.objectName() == "naval-battle-setup"]
        assert dialogs, "Set up... opens the battle setup over the scenario"
        draft = dialogs[-1].draft.data
        assert draft["name"] == name
        assert {s["name"] for s in draft["ships"]} == set(view.state.ships)
    finally:
        for d in view.findChildren(object):
            if d.objectName() == "naval-battle-setup" and shiboken6.isValid(d):
                d.close()


def test_play_opens_the_chosen_scenario(qtbot: Any, main_window: Any) -> None:
    main_window.go_home()
    home = main_window.home
    home.refresh()
    home.scenarios.setCurrentRow(rows(home, "raid")[0])
    qtbot.mouseClick(home.play_button, Qt.MouseButton.LeftButton)
    assert main_window.current.mode_key == "raid"


def test_set_up_on_a_map_puts_a_sea_fight_on_it(qtbot: Any, main_window: Any) -> None:
    main_window.go_home()
    home = main_window.home
    home.refresh()
    maps = [
        i
        for i in rows(home, "map-editor")
        if home.scenarios.item(i).text().startswith("The Caribbean")
    ]
    assert maps
    home.scenarios.setCurrentRow(maps[0])
    assert home.setup_button.isEnabled()
    dialog = home.setup_selected_scenario()
    try:
        assert dialog is not None and main_window.current.mode_key == "naval"
        assert dialog.sea_box.currentText() == "Map: The Caribbean"
        assert dialog.draft.data["map"]["name"] == "The Caribbean"
        assert dialog.problems == []  # every ship placed on water
    finally:
        if dialog is not None and shiboken6.isValid(dialog):
            dialog.close()


def test_set_up_on_every_shipped_map_opens_the_setup_or_says_why(main_window: Any) -> None:
    main_window.go_home()
    home = main_window.home
    home.refresh()
    for i in rows(home, "map-editor"):
        main_window.go_home()
        home.scenarios.setCurrentRow(i)
        dialog = home.setup_selected_scenario()
        name = home.scenarios.item(i).text().splitlines()[0]
        assert dialog is not None, (name, main_window.current.last_error)
        assert dialog.sea_box.currentText() == f"Map: {name}"
        dialog.close()
