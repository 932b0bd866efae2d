"""Tortuga 1667: random-bot games end to end (actions per second, as ``wargame simulate
--bots random``), the cost of clone(), and the strong bot's slowest decision."""

from __future__ import annotations

import time

from benchlib import Bench

from wargame.core.dice import DiceService
from wargame.core.play import simulate
from wargame.tortuga.bots import StrongBot
from wargame.tortuga.game import TortugaGame


def random_games_actions_per_second(players: int = 6, games: int = 200, rounds: int = 3) -> float:
    """Best of ``rounds`` runs of ``simulate`` (what ``wargame simulate --json`` reports)."""
    simulate("tortuga-1667", players=players, games=5, bots=["random"])  # warm up
    best = 0.0
    for r in range(rounds):
        out = simulate("tortuga-1667", players=players, games=games, seed=r, bots=["random"])
        best = max(best, out["actions_per_second"])
    return best


def random_games_cpu_actions_per_second(players: int = 6, games: int = 200) -> float:
    """The same games timed in this process's CPU time: the figure a loaded machine
    (several jobs sharing two cores) does not distort."""
    from wargame.core.play import play_match

    game = TortugaGame()
    play_match(game, players, 0, ["random"] * players)
    start = time.process_time()
    actions = sum(
        play_match(game, players, seed, ["random"] * players).actions for seed in range(games)
    )
    return actions / (time.process_time() - start)


def clone_microseconds(players: int = 6, copies: int = 20_000, *, cpu: bool = False) -> float:
    """One clone() of a mid-game 6-player position (wall clock, or CPU time)."""
    clock = time.process_time if cpu else time.perf_counter
    dice = DiceService.seeded(3)
    state = TortugaGame().new_initial_state(players, dice)
    bot = StrongBot(DiceService.seeded(4))
    for _ in range(40):
        if state.is_terminal():
            break
        seat = state.current_player()
        assert seat is not None
        state.apply(bot.choose(state, seat), dice)
    best = float("inf")
    for _ in range(3):
        start = clock()
        for _ in range(copies):
            state.clone()
        best = min(best, (clock() - start) / copies)
    return best * 1e6


def strong_bot_worst_decision_ms(games: int = 6, players: int = 4) -> float:
    """The slowest single decision of the strong bot over whole games."""
    game = TortugaGame()
    worst = 0.0
    for seed in range(games):
        dice = DiceService.seeded(seed)
        state = game.new_initial_state(players, dice)
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
        "tortuga: 6-player random-bot games (simulate)",
        50_000,
        "actions/s",
        random_games_actions_per_second,
        "higher",
    ),
    Bench(
        "tortuga: 6-player random-bot games, CPU time",
        50_000,
        "actions/s",
        random_games_cpu_actions_per_second,
        "higher",
    ),
    Bench("tortuga: clone() of a 6-player game", 20.0, "us", clone_microseconds, "lower"),
    Bench(
        "tortuga: clone() of a 6-player game, CPU time",
        20.0,
        "us",
        lambda: clone_microseconds(cpu=True),
        "lower",
    ),
    Bench(
        "tortuga: strong bot decision (worst of 6 games)",
        1000.0,
        "ms",
        strong_bot_worst_decision_ms,
        "lower",
    ),
]
