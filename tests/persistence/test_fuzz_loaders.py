"""Fuzzing the loaders: any mutation of a real save, scenario or rules file of every
registered game gives BadInput on one line, or loads; never another exception, never
a hang. About 10,000 cases in all (`WARGAME_FUZZ_SCALE` multiplies them)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.persistence.fuzzlib import (
    ROOT,
    campaign_docs,
    check_loader,
    fuzz_settings,
    game_saves,
    game_scenarios,
    mutate,
    mutations,
)
from wargame.core.registry import available_games
from wargame.persistence.files import parse_json
from wargame.persistence.loaders import check_game_scenario, guarded, load_game_save

GAMES = available_games()
#: Cases per game; a slow loader gets fewer so `make test` stays within its minute.
SAVE_CASES = {"naval": 1500, "raid": 1800, "pieces-of-eight": 150}
SCENARIO_CASES = {"naval": 1800, "raid": 2000, "pieces-of-eight": 250}
#: Cases for a game registered later (one more mode adds well under ten seconds).
NEW_GAME_CASES = 500


@pytest.mark.parametrize("game", GAMES)
def test_mutated_saves_load_or_are_refused(game: str) -> None:
    doc = game_saves()[game]

    @fuzz_settings(SAVE_CASES.get(game, NEW_GAME_CASES))
    @given(mutations)
    def run(steps: Any) -> None:
        check_loader(lambda d: load_game_save(d, f"{game} save"), mutate(doc, steps))

    run()


@pytest.mark.parametrize("game", GAMES)
def test_mutated_scenarios_set_up_or_are_refused(game: str) -> None:
    docs = game_scenarios()[game]
    if not docs:
        pytest.skip(f"{game} ships no scenario file")

    @fuzz_settings(SCENARIO_CASES.get(game, NEW_GAME_CASES))
    @given(st.sampled_from(docs), mutations)
    def run(doc: Any, steps: Any) -> None:
        check_loader(lambda d: check_game_scenario(game, d, f"{game} scenario"), mutate(doc, steps))

    run()


@pytest.mark.parametrize("kind", ["scenario", "save"])
def test_mutated_campaigns_load_or_are_refused(kind: str) -> None:
    from wargame.campaign.document import campaign_from_scenario, load_campaign
    from wargame.core.dice import DiceService

    doc = campaign_docs()[kind]
    load = campaign_from_scenario if kind == "scenario" else load_campaign

    @fuzz_settings(300)
    @given(mutations)
    def run(steps: Any) -> None:
        check_loader(
            lambda d: guarded(f"campaign {kind}", lambda x: load(x, DiceService.seeded(1)), d),
            mutate(doc, steps),
        )

    run()


@cache
def _rules_files() -> list[tuple[str, dict[str, Any], type]]:
    import importlib

    from wargame.rules.loader import RulesModel, read_toml, validate

    models = []
    for p in sorted((ROOT / "wargame").glob("*/rules.py")) + [
        ROOT / "wargame" / "rules" / "figures.py"
    ]:
        module = importlib.import_module(f"wargame.{p.parent.name}.{p.stem}")
        models += [
            m
            for m in vars(module).values()
            if isinstance(m, type) and issubclass(m, RulesModel) and m.__module__ == module.__name__
        ]
    out = []
    for f in sorted((ROOT / "resources" / "rules").glob("*.toml")):
        data = read_toml(f)
        for m in models:
            try:
                validate(data, m, f.name)
            except Exception:  # noqa: BLE001, S112 - not this file's model
                continue
            out.append((f.name, data, m))
            break
    return out


def test_every_rules_file_is_fuzzed() -> None:
    names = {n for n, _d, _m in _rules_files()}
    assert names == {f.name for f in (ROOT / "resources" / "rules").glob("*.toml")}


def test_mutated_rules_data_is_validated_or_refused() -> None:
    from wargame.rules.loader import validate

    files = _rules_files()

    @fuzz_settings(1300)
    @given(st.sampled_from(files), mutations)
    def run(file: Any, steps: Any) -> None:
        name, data, model = file
        check_loader(lambda d: validate(d, model, name), mutate(data, steps))

    run()


def test_truncated_files_are_refused(tmp_path: Path) -> None:
    from wargame.rules.loader import read_toml

    texts = [json.dumps(d) for d in game_saves().values()]
    texts += [json.dumps(d) for docs in game_scenarios().values() for d in docs]
    texts += [json.dumps(d) for d in campaign_docs().values()]
    tomls = [f.read_bytes() for f in sorted((ROOT / "resources" / "rules").glob("*.toml"))]
    target = tmp_path / "cut.toml"

    @fuzz_settings(800)
    @given(st.integers(0, 10**9), st.integers(0, 10**9), st.booleans())
    def run(which: int, cut: int, toml: bool) -> None:
        if toml:
            data = tomls[which % len(tomls)]
            target.write_bytes(data[: cut % max(len(data), 1)] + bytes([cut % 256]))
            check_loader(read_toml, target)
        else:
            text = texts[which % len(texts)]
            check_loader(lambda t: parse_json(t, "cut.json"), text[: cut % max(len(text), 1)])

    run()
