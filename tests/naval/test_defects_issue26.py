"""Defects of the battle table found in issue 26, each pinned by a test."""

from __future__ import annotations

from typing import Any

import pytest

from wargame.naval.actions import Fire
from wargame.naval.scenario import default_scenario

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def raking_battle() -> dict[str, Any]:
    """Revenge right astern of Swift, both heading north: her bow guns rake Swift."""
    data = default_scenario()
    data["map"] = None
    data.pop("victory")
    data["ships"] = [
        {"name": "Revenge", "side": 0, "type": "small", "at": [4, 6], "heading": 2},
        {"name": "Swift", "side": 1, "type": "small", "at": [4, 4], "heading": 2},
    ]
    return data


@pytest.mark.parametrize("aim", ["crew", "gear"])
def test_a_raking_shot_at_crew_or_gear_fires_without_a_damage_side(
    qtbot: Any, main_window: Any, aim: str
) -> None:
    """Defect 1: the damage-side box stayed enabled and its side was sent, so the shot
    was refused ("No battery ... bears")."""
    view = main_window.show_mode("naval")
    view.load_scenario_data(raking_battle(), None)
    view.target = "Swift"
    view._refresh()
    aims = [view.aim_box.itemText(i) for i in range(view.aim_box.count())]
    if aim not in aims:
        pytest.skip(f"no aim {aim!r} in {aims}")
    view.aim_box.setCurrentText("hull")
    assert view.side_box.isEnabled(), "a raking shot at the hull chooses its side"
    view.aim_box.setCurrentText(aim)
    assert not view.side_box.isEnabled()
    before = len(view.session.entries)
    view._fire()
    fired = [e.action for e in view.session.entries[before:] if isinstance(e.action, Fire)]
    assert fired and fired[0].aim == aim and fired[0].side == ""


def test_an_enemy_out_of_every_arc_says_why_it_cannot_be_fired_at(
    qtbot: Any, main_window: Any
) -> None:
    """Defect 8: clicking an enemy you cannot fire at gave a greyed panel, no reason."""
    data = raking_battle()
    # Swift dead ahead of a ship with no bow guns: in no arc that has guns
    data["ships"][0]["guns"] = {"bow": [0, "light"]}
    view = main_window.show_mode("naval")
    view.load_scenario_data(data, None)
    view.target = "Swift"
    view._refresh()
    assert not view.fire_group.isEnabled()
    text = view.target_label.text()
    assert "Swift" in text and "arc" in text, text


def test_an_enemy_beyond_range_names_the_range(qtbot: Any, main_window: Any) -> None:
    data = raking_battle()
    data["ships"][1]["at"] = [4, 13]
    data["ships"][1]["heading"] = 5
    data["ships"][0]["at"] = [4, 0]
    data["ships"][0]["heading"] = 5  # south: Swift dead ahead, 65 cm off
    view = main_window.show_mode("naval")
    view.load_scenario_data(data, None)
    view.target = "Swift"
    view._refresh()
    assert "beyond the" in view.target_label.text()


def test_row_numbers_and_the_wind_stay_whole_in_a_narrow_view(qtbot: Any, main_window: Any) -> None:
    """Defect 7: with the dice log docked, rows 10-14 showed as 0-4 and the wind label
    was cut at the view's right edge."""
    from ui.naval.scene import ruler_left

    assert ruler_left(5.0) >= 0 and ruler_left(100.0) == 78.0
    view = main_window.show_mode("naval")
    view.load_scenario_data(raking_battle(), None)
    sv = view.sea_view
    for text in ("wind: south-west", "wind: north-east", "wind: south"):
        sv.wind_text = text
        rect = sv.wind_label_rect()
        assert rect.left() >= 0 and rect.right() <= sv.viewport().width(), (text, rect)


def test_wargame_help_lists_no_hidden_command(capsys: pytest.CaptureFixture[str]) -> None:
    """Defect 10: `wargame --help` listed `startup-probe ==SUPPRESS==`."""
    from wargame.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    text = capsys.readouterr().out
    assert "SUPPRESS" not in text and "startup-probe" not in text
    assert "naval" in text and "simulate" in text
