"""Golden playthroughs: whole seeded games as readable text (tests/golden/pvp_*.txt).

Set PVP_REGOLD=1 to rewrite the files after a deliberate rules change.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wargame.core.dice import DiceService
from wargame.pvp.bots import FastRandomBot
from wargame.pvp.describe import result_text
from wargame.pvp.game import PirateVersusPirateGame
from wargame.pvp.search import ExpectimaxBot

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
BOTS = {"random": FastRandomBot, "expectimax": ExpectimaxBot}


def playthrough(seed: int, bots: list[str], variant: str = "standard") -> str:
    game = PirateVersusPirateGame({"variant": variant})
    dice = DiceService.seeded(seed)
    state = game.new_initial_state(len(bots), dice)
    players = [BOTS[b](DiceService.seeded(f"{seed}:bot:{s}")) for s, b in enumerate(bots)]
    lines = [
        f"# Pirate Versus Pirate golden playthrough: seed {seed}, bots {', '.join(bots)}, "
        f"variant {variant}, board {state.board.name}",
        "# n. what happened  [action]  {dice}",
    ]
    n = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action = players[seat].choose(state, seat)
        text = state.describe(action)
        with dice.recording() as rolls:
            state.apply(action, dice)
        state.check_invariants()
        n += 1
        shown = "  ".join(f"{{{r.purpose}: {' '.join(map(str, r.values))}}}" for r in rolls)
        after = result_text(state) if rolls else ""
        lines.append(
            f"{n:4d}. {text}{': ' + after if after else ''}  [{action.to_text()}]"
            + (f"  {shown}" if shown else "")
        )
    o = state.outcome()
    assert o is not None
    lines.append(f"# {n} actions, {o.turns} turns; the game ended: {o.end}")
    lines.append(f"# winner: {state.seat_title(o.winner)}")  # type: ignore[arg-type]
    return "\n".join(lines) + "\n"


CASES = [
    ("pvp_expectimax_vs_random.txt", 7, ["expectimax", "random"], "standard"),
    ("pvp_no_backstabbing_3p.txt", 5, ["expectimax", "expectimax", "random"], "no-backstabbing"),
]


@pytest.mark.parametrize(("name", "seed", "bots", "variant"), CASES)
def test_golden_playthrough_is_unchanged(
    name: str, seed: int, bots: list[str], variant: str
) -> None:
    text = playthrough(seed, bots, variant)
    path = GOLDEN / name
    if os.environ.get("PVP_REGOLD") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
