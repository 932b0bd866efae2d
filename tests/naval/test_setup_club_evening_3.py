"""Issue 40 item 4, the battle setup: the preview's wind rose follows the wind, the
scenario's title and description are fields of its own, removing the escorted ship says
what became of Victory, and nothing moves under the pointer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint

from ui.naval.panel import compass
from wargame.paths import scenarios_dir

pytestmark = pytest.mark.usefixtures("discard_unsaved")


@pytest.fixture
def escort_setup(main_window: Any) -> Any:
    import shiboken6

    data = json.loads((scenarios_dir() / "naval" / "merchant_escort.json").read_text())
    view = main_window.open_data(data, None)
    dlg = view.open_setup(data)
    dlg.resize(1000, 700)
    yield dlg, data
    if shiboken6.isValid(dlg):
        dlg.close()


def test_the_preview_compass_follows_the_wind(escort_setup: Any) -> None:
    dlg, _data = escort_setup
    sea = dlg.draft.sea()
    seen = set()
    for wind in range(6):
        dlg.wind_box.setCurrentIndex(wind)
        angle = sea.heading_angle(wind)
        assert dlg.sea_view.wind_angle == pytest.approx(angle)
        assert dlg.sea_view.wind_text == f"wind: {compass(angle)}"
        seen.add(dlg.sea_view.wind_text)
    assert len(seen) == 6  # it said south whatever the wind


def test_a_saved_scenario_has_the_title_and_description_typed(
    escort_setup: Any, tmp_path: Path
) -> None:
    dlg, data = escort_setup
    assert dlg.name_edit.text() == data["name"]
    assert dlg.description_edit.toPlainText() == data.get("description", "")
    dlg.set_title("The Windward Passage", "Our club's escort game, round 3.")
    out = tmp_path / "passage.json"
    assert dlg.save_scenario(out) is not None, dlg.last_error
    saved = json.loads(out.read_text())
    assert saved["name"] == "The Windward Passage"
    assert saved["description"] == "Our club's escort game, round 3."


def test_removing_the_escorted_ship_says_so_and_moves_nothing(escort_setup: Any) -> None:
    dlg, data = escort_setup
    dlg.show()
    escorted = data["victory"]["escort"]
    dlg.select(escorted)
    before = {k: b.mapTo(dlg, QPoint(0, 0)) for k, b in dlg.ship_buttons.items()}
    sea_before = dlg.sea_view.mapTo(dlg, QPoint(0, 0))
    dlg.remove_selected()
    assert dlg.victory_box.currentData() == "sink-or-take"
    assert escorted in dlg.last_notice and "Sink or take" in dlg.last_notice
    assert escorted in dlg.hint.full_text()
    after = {k: b.mapTo(dlg, QPoint(0, 0)) for k, b in dlg.ship_buttons.items()}
    assert after == before  # they jumped 40 px under the pointer
    assert dlg.sea_view.mapTo(dlg, QPoint(0, 0)) == sea_before
