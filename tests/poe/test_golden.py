"""Golden playthroughs: whole seeded games as readable text (tests/golden/poe_*.txt).

Set POE_REGOLD=1 to rewrite the files after a deliberate rules change.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.poe.helpers import GRAPH
from wargame.core.dice import DiceService
from wargame.core.game import RandomBot
from wargame.poe.bots import StrongBot
from wargame.poe.game import PiecesOfEightGame

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
BOTS = {"random": RandomBot, "strong": StrongBot}


def playthrough(
    seed: int, bots: list[str], scenario: dict | None, limit: int, params: dict | None = None
) -> str:
    game = PiecesOfEightGame(params)
    dice = DiceService.seeded(seed)
    state = game.new_initial_state(len(bots), dice, scenario=scenario)
    players = [BOTS[b](DiceService.seeded(f"{seed}:bot:{s}")) for s, b in enumerate(bots)]
    lines = [
        f"# Pieces of Eight golden playthrough: seed {seed}, bots {', '.join(bots)}, "
        f"board {state.board.name}"
        + (f", windows {params['windows']}" if params and "windows" in params else ""),
        "# n. what happened  [action]  {dice: hidden draws show as '?'}",
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
        if n <= limit:
            shown = "  ".join(
                f"{{{r.purpose}: {'?' if r.hidden else ' '.join(map(str, r.values))}}}"
                for r in rolls
            )
            lines.append(f"{n:4d}. {text}  [{action.to_text()}]{'  ' + shown if shown else ''}")
    o = state.outcome()
    assert o is not None
    lines.append(f"# ... {n} actions in all, {o.turns} turns; the game ended: {o.end}")
    lines.append(
        "# points: " + ", ".join(f"Pirate {s + 1} {int(v)}" for s, v in sorted(o.scores.items()))
    )
    lines.append(f"# winner: {'Pirate ' + str(o.winner + 1) if o.winner is not None else 'shared'}")
    return "\n".join(lines) + "\n"


CASES: dict[str, tuple[int, list[str], dict | None, dict | None]] = {
    "poe_strong_vs_random_default_map.txt": (
        7,
        ["strong", "random", "random", "random"],
        None,
        None,
    ),
    "poe_random_3p_test_board.txt": (11, ["random", "random", "random"], GRAPH, None),
    # response windows that ask everyone (the table's default): every seat passes aloud
    "poe_strong_vs_random_windows_everyone.txt": (
        7,
        ["strong", "random", "random", "random"],
        None,
        {"windows": "everyone"},
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough_is_unchanged(name: str) -> None:
    seed, bots, scenario, params = CASES[name]
    text = playthrough(seed, bots, scenario, limit=300, params=params)
    path = GOLDEN / name
    if os.environ.get("POE_REGOLD") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
