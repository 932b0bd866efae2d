"""The naval scenario format (docs/scenario-format.md): every field known, any other
refused with its name (a misspelt field used to take its default silently)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.persistence.fuzzlib import check_loader, fuzz_settings, mutate, mutations
from wargame.cli import main
from wargame.errors import BadInput
from wargame.naval.fields import SCENARIO_FIELDS, SEA_FIELDS, SHIP_FIELDS, VICTORY_FIELDS
from wargame.naval.scenario import default_scenario, state_from_scenario
from wargame.persistence.loaders import check_game_scenario


def test_a_misspelt_top_level_field_is_refused_by_name() -> None:
    data = default_scenario()
    data["wnd"] = data.pop("wind")
    with pytest.raises(BadInput, match=r"unknown field 'wnd'.*did you mean 'wind'"):
        state_from_scenario(data)


def test_an_unknown_field_of_a_ship_names_the_ship_and_the_field() -> None:
    data = default_scenario()
    data["ships"][0]["qualty"] = "hardened"
    with pytest.raises(BadInput, match=r"ships\[0\] 'Revenge': unknown field 'qualty'"):
        state_from_scenario(data)


@pytest.mark.parametrize(
    ("where", "field"), [("sea", "colls"), ("victory", "edges"), ("victory", "colour")]
)
def test_an_unknown_field_of_the_sea_or_victory_is_refused(where: str, field: str) -> None:
    data = default_scenario()
    data[where][field] = 1
    with pytest.raises(BadInput, match=rf"scenario: {where}: unknown field '{field}'"):
        state_from_scenario(data)


def test_every_field_the_shipped_scenario_uses_is_known() -> None:
    data = default_scenario()
    assert set(data) <= set(SCENARIO_FIELDS)
    assert set(data["sea"]) <= set(SEA_FIELDS)
    assert set(data["victory"]) <= set(VICTORY_FIELDS)
    assert all(set(s) <= set(SHIP_FIELDS) for s in data["ships"])


def test_simulate_exits_2_naming_the_unknown_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = default_scenario()
    data["ships"][2]["hedaing"] = 3
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["simulate", "naval", "--scenario", str(path), "--games", "1"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "'hedaing'" in err and "'heading'" in err


field_names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=10)


@fuzz_settings(200)
@given(
    st.sampled_from(["top", "sea", "ship", "victory"]),
    field_names,
    st.one_of(st.none(), st.integers(), st.text(max_size=4)),
)
def test_any_extra_field_anywhere_is_refused_by_name(place: str, field: str, value: Any) -> None:
    data = default_scenario()
    known = {
        "top": SCENARIO_FIELDS,
        "sea": SEA_FIELDS,
        "ship": SHIP_FIELDS,
        "victory": VICTORY_FIELDS,
    }[place]
    if field in known:
        return
    target = {"top": data, "sea": data["sea"], "ship": data["ships"][1], "victory": data["victory"]}
    target[place][field] = value
    with pytest.raises(BadInput, match=f"unknown field '{field}'"):
        state_from_scenario(data)


@fuzz_settings(400)
@given(mutations)
def test_mutated_naval_scenarios_set_up_or_are_refused_in_one_line(steps: Any) -> None:
    check_loader(
        lambda d: check_game_scenario("naval", d, "scenario"), mutate(default_scenario(), steps)
    )


def test_the_documented_example_sets_up() -> None:
    page = (Path(__file__).parents[2] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    example = page.split("```json", 1)[1].split("```", 1)[0]
    st = state_from_scenario(json.loads(example))
    assert st.victory.kind == "hold" and st.sea.land
    assert st.ships["Swift"].batteries
