"""Pieces of Eight: random-bot games (actions per second) and the strong bot's decision time.

The first figure uses the Game's default windows ("playable", as ``wargame simulate``);
the second the table's ("everyone": more actions per game, each a cheap pass)."""

from __future__ import annotations

import time

from benchlib import Bench

from wargame.core.dice import DiceService
from wargame.core.play import play_match
from wargame.poe.bots import StrongBot
from wargame.poe.game import PiecesOfEightGame


def random_games_actions_per_second(
    games: int = 8, rounds: int = 3, *, windows: str | None = None
) -> float:
    """Best of ``rounds`` batches of ``games`` 4-player random-bot games (actions/s),
    with the Game's default windows (as ``wargame simulate``) unless ``windows`` is given."""
    game = PiecesOfEightGame({"windows": windows} if windows else None)
    game.new_initial_state(4, DiceService.seeded(0))  # load the map once
    best = 0.0
    for r in range(rounds):
        actions = 0
        start = time.perf_counter()
        for seed in range(games):
            actions += play_match(game, 4, r * games + seed, ["random"] * 4).actions
        best = max(best, actions / (time.perf_counter() - start))
    return best


def strong_bot_worst_decision_seconds(games: int = 3) -> float:
    """The slowest single decision of the strong bot over whole 4-player games."""
    game = PiecesOfEightGame()
    worst = 0.0
    for seed in range(games):
        dice = DiceService.seeded(seed)
        state = game.new_initial_state(4, dice)
        bot = StrongBot(DiceService.seeded(f"{seed}:bot"))
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            t = time.perf_counter()
            action = bot.choose(state, seat)
            worst = max(worst, time.perf_counter() - t)
            state.apply(action, dice)
    return worst * 1000


BENCHMARKS = [
    Bench(
        "poe: 4-player random-bot games",
        30_000,
        "actions/s",
        random_games_actions_per_second,
        "higher",
    ),
    Bench(
        "poe: random-bot games, windows=everyone",
        30_000,
        "actions/s",
        lambda: random_games_actions_per_second(windows="everyone"),
        "higher",
    ),
    Bench(
        "poe: strong bot decision (worst of 3 games)",
        1000.0,
        "ms",
        strong_bot_worst_decision_seconds,
        "lower",
    ),
]
