"""A golden playthrough: a whole seeded game as readable text (tests/golden/tortuga_*.txt).

The file is the referee's view: action texts show secret choices, the log sentences
do not. Set TORTUGA_REGOLD=1 to rewrite it after a deliberate rules change.
"""

from __future__ import annotations

import os
from pathlib import Path

from wargame.core.dice import DiceService
from wargame.core.game import RandomBot
from wargame.tortuga.bots import StrongBot
from wargame.tortuga.describe import vote_result
from wargame.tortuga.game import TortugaGame
from wargame.tortuga.rules import TEAMS

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
BOTS = {"random": RandomBot, "strong": StrongBot}


def playthrough(seed: int, bots: list[str]) -> str:
    dice = DiceService.seeded(seed)
    state = TortugaGame().new_initial_state(len(bots), dice)
    players = [BOTS[b](DiceService.seeded(f"{seed}:bot:{s}")) for s, b in enumerate(bots)]
    lines = [
        f"# Tortuga 1667 golden playthrough: seed {seed}, bots {', '.join(bots)}",
        "# loyalties (secret during play): "
        + ", ".join(f"Pirate {s + 1} {TEAMS[t]}" for s, t in enumerate(state.team)),
        "# n. log sentence  [action, with its secret choices]  {dice: hidden draws as '?'}",
    ]
    n = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action = players[seat].choose(state, seat)
        text = state.describe(action)
        before = state.last_vote
        with dice.recording() as rolls:
            state.apply(action, dice)
        state.check_invariants()
        n += 1
        shown = "  ".join(
            f"{{{r.purpose}: {'?' if r.hidden else ' '.join(map(str, r.values))}}}" for r in rolls
        )
        lines.append(f"{n:4d}. {text}  [{action.to_text()}]{'  ' + shown if shown else ''}")
        if state.last_vote is not before and state.last_vote is not None:
            lines.append(f"      {vote_result(state)}")
    o = state.outcome()
    assert o is not None
    b, f = state.totals()
    lines.append(f"# {n} actions, {o.turns} turns; the game ended: {o.end}")
    lines.append(f"# treasure: British {b}, French {f}, galleon {state.galleon}")
    lines.append(
        "# loyalties at the end: "
        + ", ".join(f"Pirate {s + 1} {TEAMS[t]}" for s, t in enumerate(state.team))
    )
    lines.append("# winners: " + (", ".join(f"Pirate {s + 1}" for s in o.winners) or "none"))
    return "\n".join(lines) + "\n"


def test_golden_strong_vs_random_five_players() -> None:
    text = playthrough(1667, ["strong", "random", "random", "strong", "random"])
    path = GOLDEN / "tortuga_strong_vs_random_5p.txt"
    if os.environ.get("TORTUGA_REGOLD") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
