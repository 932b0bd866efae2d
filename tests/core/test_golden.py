"""Golden playthroughs: whole seeded games of every mode, bots on every seat, driven
through the Session and written as the log shows them (tests/golden/*.txt).

One harness for every game: each line is an entry's seat, label (its public
sentence), the action's text (the referee's view: secret choices shown) and its
dice (hidden draws as '?'), then what the engine told the action did
(``Entry.told``), indented. The file ends with the outcome, and the game saved and
reopened must come back the same. Set WARGAME_REGOLD=1 to rewrite the files after a
deliberate rules or wording change (and say why in the commit).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.poe.helpers import GRAPH
from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.log import Entry, Session
from wargame.core.play import load_session, new_session
from wargame.core.registry import game_class

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@dataclass(frozen=True)
class Case:
    game: str
    seed: int
    bots: tuple[str, ...]
    params: dict[str, Any] = field(default_factory=dict)
    scenario: dict[str, Any] | None = None
    #: Each seat's bot dice seed (default "SEED:bot:SEAT").
    bot_seeds: tuple[Any, ...] | None = None
    #: Entries written out (the outcome is always written).
    limit: int = 100_000


CASES: dict[str, Case] = {
    "poe_strong_vs_random_default_map.txt": Case(
        "pieces-of-eight", 7, ("strong", "random", "random", "random"), limit=300
    ),
    "poe_random_3p_test_board.txt": Case(
        "pieces-of-eight", 11, ("random",) * 3, scenario=GRAPH, limit=300
    ),
    # response windows that ask everyone (the table's default): every seat passes aloud
    "poe_strong_vs_random_windows_everyone.txt": Case(
        "pieces-of-eight",
        7,
        ("strong", "random", "random", "random"),
        {"windows": "everyone"},
        limit=300,
    ),
    "pvp_expectimax_vs_random.txt": Case(
        "pirate-versus-pirate", 7, ("expectimax", "random"), {"variant": "standard"}
    ),
    "pvp_no_backstabbing_3p.txt": Case(
        "pirate-versus-pirate",
        5,
        ("expectimax", "expectimax", "random"),
        {"variant": "no-backstabbing"},
    ),
    "coins_strong_vs_random.txt": Case("pirate-coins", 7, ("strong", "random", "random", "random")),
    "tortuga_strong_vs_random_5p.txt": Case(
        "tortuga-1667", 1667, ("strong", "random", "random", "strong", "random")
    ),
    "naval_merchant_escort.txt": Case(
        "naval", 2026, ("captain", "captain"), bot_seeds=("golden:0", "golden:1")
    ),
    "raid_puerto_bello.txt": Case("raid", 2028, ("tactician", "tactician"), bot_seeds=(1, 2)),
}


def dice_text(entry: Entry) -> str:
    return "  ".join(
        f"{{{r.purpose}: {'?' if r.hidden else ' '.join(map(str, r.values))}}}" for r in entry.rolls
    )


def play(case: Case) -> tuple[str, Session[Any]]:
    game = game_class(case.game)(case.params)
    spec = GameSpec(case.game, len(case.bots), dict(case.params), case.scenario)
    session = new_session(spec, DiceService.seeded(case.seed))
    seeds = case.bot_seeds or tuple(f"{case.seed}:bot:{s}" for s in range(len(case.bots)))
    bots = [game.bots()[b](DiceService.seeded(seeds[s])) for s, b in enumerate(case.bots)]
    extra = f", params {json.dumps(case.params, sort_keys=True)}" if case.params else ""
    lines = [
        f"# {game.title} golden playthrough: seed {case.seed}, bots {', '.join(case.bots)}{extra}",
        "# n. seat: log sentence  [action, secret choices shown]  {dice: hidden as '?'}",
        "#       what the engine told the action did",
    ]
    while not session.state.is_terminal():
        state = session.state
        seat = state.current_player()
        assert seat is not None
        entry = session.apply(bots[seat].choose(state, seat))
        state.check_invariants()
        n = len(session.entries)
        if n <= case.limit:
            shown = dice_text(entry)
            lines.append(
                f"{n:4d}. {seat}: {entry.label}  [{entry.action.to_text()}]"
                + (f"  {shown}" if shown else "")
            )
            lines += [f"        {t}" for t in entry.told or ()]
    outcome = session.state.outcome()
    assert outcome is not None
    lines.append(
        f"# {len(session.entries)} actions; {json.dumps(outcome.to_json(), sort_keys=True)}"
    )
    return "\n".join(lines) + "\n", session


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough_is_unchanged(name: str) -> None:
    text, session = play(CASES[name])
    path = GOLDEN / name
    if os.environ.get("WARGAME_REGOLD") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    # saved and reopened, the game and its log come back the same
    loaded = load_session(json.loads(json.dumps(session.to_json())))
    assert loaded.state.to_json() == session.state.to_json()
    assert [e.lines for e in loaded.entries] == [e.lines for e in session.entries]
