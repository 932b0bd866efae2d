"""Pirate Coins: random-bot games end to end (as ``wargame simulate --bots random``),
the cost of a clone, and the strong bot's slowest decision."""

from __future__ import annotations

import time

from benchlib import Bench, best_of

from wargame.coins.bots import StrongBot
from wargame.coins.game import PirateCoinsGame
from wargame.core.dice import DiceService
from wargame.core.play import simulate


def random_games_actions_per_second(games: int = 300, rounds: int = 5) -> float:
    """Best of ``rounds`` runs of ``simulate pirate-coins --players 4 --bots random``."""
    best = 0.0
    for r in range(rounds):
        data = simulate("pirate-coins", players=4, games=games, seed=r, bots=["random"])
        best = max(best, data["actions_per_second"] or 0.0)
    return best


def random_games_actions_per_cpu_second(games: int = 300, rounds: int = 5) -> float:
    """The same games per second of this process's CPU time: what the engine costs,
    whatever else the machine is running."""
    best = 0.0
    for r in range(rounds):
        t = time.process_time()
        data = simulate("pirate-coins", players=4, games=games, seed=r, bots=["random"])
        cpu = time.process_time() - t
        actions = sum(g["actions"] for g in data["games"])
        best = max(best, actions / cpu if cpu > 0 else 0.0)
    return best


def clone_microseconds() -> float:
    """One clone of a mid-game 5-pirate position."""
    game = PirateCoinsGame()
    dice = DiceService.seeded(1)
    state = game.new_initial_state(5, dice)
    bot = StrongBot(DiceService.seeded(2))
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply(bot.choose(state, state.current_player()), dice)
    return best_of(state.clone, repeat=7, number=20_000) * 1e6


def strong_bot_worst_decision_ms(games: int = 5) -> float:
    game = PirateCoinsGame()
    worst = 0.0
    for seed in range(games):
        dice = DiceService.seeded(seed)
        state = game.new_initial_state(5, dice)
        bot = StrongBot(DiceService.seeded(f"{seed}:bot"))
        while not state.is_terminal():
            seat = state.current_player()
            t = time.perf_counter()
            action = bot.choose(state, seat)
            worst = max(worst, time.perf_counter() - t)
            state.apply(action, dice)
    return worst * 1000


BENCHMARKS = [
    Bench(
        "coins: 4-player random-bot games (simulate)",
        100_000,
        "actions/s",
        random_games_actions_per_second,
        "higher",
    ),
    Bench(
        "coins: random-bot games per CPU second",
        100_000,
        "actions/s",
        random_games_actions_per_cpu_second,
        "higher",
    ),
    Bench("coins: clone a mid-game state", 20.0, "µs", clone_microseconds, "lower"),
    Bench(
        "coins: strong bot decision (worst of 5 games)",
        500.0,
        "ms",
        strong_bot_worst_decision_ms,
        "lower",
    ),
]
