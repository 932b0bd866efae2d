"""Land-raid benchmarks: bot-against-bot raids, actions applied per second.

Each figure is the best of a few runs; a run plays whole raids on the shipped town
from setup to the end. Time is wall-clock time: run it on a quiet machine.
"""

from __future__ import annotations

import time

from benchlib import Bench


def _rate(bots: list[str], games: int, repeat: int = 5) -> float:
    from wargame.core.play import play_match
    from wargame.raid.game import RaidGame

    game = RaidGame()
    play_match(game, 2, 0, bots)  # warm up: rules, town, imports
    best = 0.0
    for r in range(repeat):
        actions = 0
        t = time.perf_counter()
        for i in range(games):
            actions += play_match(game, 2, 1000 * r + i, bots).actions
        best = max(best, actions / (time.perf_counter() - t))
    return best


def tactician_actions_per_second() -> float:
    return _rate(["tactician", "tactician"], 10)


def random_actions_per_second() -> float:
    return _rate(["random", "random"], 6)


BENCHMARKS = [
    Bench(
        "raid: bot-vs-bot raid, tactician v tactician",
        20_000,
        "actions/s",
        tactician_actions_per_second,
        "higher",
    ),
    Bench(
        "raid: bot-vs-bot raid, random v random (lists every legal order)",
        2_000,
        "actions/s",
        random_actions_per_second,
        "higher",
    ),
]
