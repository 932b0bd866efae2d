"""`wargame simulate --scenario BAD` exits 2 with one line, for every game's scenarios."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from tests.persistence.fuzzlib import fuzz_settings, game_scenarios, mutate, mutations, time_limit
from wargame.cli import main
from wargame.core.registry import available_games


def _simulate(
    game: str, scenario: Any, tmp: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    path = tmp / "bad.json"
    path.write_text(json.dumps(scenario))
    capsys.readouterr()
    with time_limit(20):
        code = main(["simulate", game, "--scenario", str(path), "--games", "1", "--bots", "random"])
    return code, capsys.readouterr().err


def test_an_unhashable_ship_name_in_a_naval_scenario_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = dict(game_scenarios()["naval"][0])
    scenario["ships"] = [dict(s, name=["Revenge"]) for s in scenario["ships"]]
    code, err = _simulate("naval", scenario, tmp_path, capsys)
    assert code == 2 and err.count("\n") == 1 and "scenario" in err


@pytest.mark.parametrize("game", available_games())
def test_mutated_scenarios_through_the_cli_exit_0_or_2(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = game_scenarios()[game]
    if not docs:
        pytest.skip(f"{game} ships no scenario file")

    @fuzz_settings(15)
    @given(mutations)
    def run(steps: Any) -> None:
        code, err = _simulate(game, mutate(docs[0], steps), tmp_path, capsys)
        assert code in (0, 2), err
        if code == 2:
            assert err.count("\n") == 1 and "Traceback" not in err

    run()
