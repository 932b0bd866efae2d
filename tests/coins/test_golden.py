"""A golden playthrough: a whole seeded 4-pirate game (strong against three random
bots) as readable text, tests/golden/coins_strong_vs_random.txt.

Set COINS_REGOLD=1 to rewrite the file after a deliberate rules change.
"""

from __future__ import annotations

import os
from pathlib import Path

from wargame.coins.bots import RandomCoinsBot, StrongBot
from wargame.coins.describe import event_text
from wargame.coins.game import PirateCoinsGame
from wargame.core.dice import DiceService

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "coins_strong_vs_random.txt"
BOTS = {"random": RandomCoinsBot, "strong": StrongBot}


def playthrough(seed: int, bots: list[str]) -> str:
    game = PirateCoinsGame()
    dice = DiceService.seeded(seed)
    state = game.new_initial_state(len(bots), dice)
    players = [BOTS[b](DiceService.seeded(f"{seed}:bot:{s}")) for s, b in enumerate(bots)]
    lines = [
        f"# Pirate Coins golden playthrough: seed {seed}, bots {', '.join(bots)}, "
        f"monsters {state.coins.key}; Pirate {state.starter + 1} is the scurviest",
        "# n. who acts: what happened  [action]  {dice: hidden draws show as '?'}",
    ]
    n = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action = players[seat].choose(state, seat)
        with dice.recording() as rolls:
            state.apply(action, dice)
        state.check_invariants()
        n += 1
        shown = "  ".join(
            f"{{{r.purpose}: {'?' if r.hidden else ' '.join(map(str, r.values))}}}" for r in rolls
        )
        lines.append(
            f"{n:4d}. Pirate {seat + 1}: {event_text(state)}  [{action.to_text()}]"
            + (f"  {shown}" if shown else "")
        )
        if state.last[0] in ("reveal", "flip"):
            lines.append(
                "      booty: "
                + ", ".join(f"Pirate {s + 1} {state.booty_value(s)}" for s in range(state.n))
                + f"; pile {state.pile_value()}; monsters {state.pool_kinds()}"
            )
    o = state.outcome()
    assert o is not None
    lines.append(f"# {n} actions, {o.turns} turns; the game ended: {o.end}")
    lines.append("# booty: " + ", ".join(f"Pirate {s + 1} {int(v)}" for s, v in o.scores.items()))
    lines.append("# winners: " + ", ".join(f"Pirate {s + 1}" for s in o.winners))
    return "\n".join(lines) + "\n"


def test_golden_strong_against_three_random_bots() -> None:
    text = playthrough(7, ["strong", "random", "random", "random"])
    if os.environ.get("COINS_REGOLD") or not GOLDEN.exists():
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()
