"""Pirate Versus Pirate: random-bot games end to end through ``wargame simulate``,
clone(), the board's fairness check, and the expectimax bot's decision time.

``simulate`` reports wall-clock actions per second; on a shared machine that also
measures the other processes, so the next rows divide the same actions by the CPU
seconds the simulate process used (equal to the wall figure on an idle machine).
clone, the fairness check and the bot's decisions are timed in CPU seconds too."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from benchlib import Bench

from wargame.core.dice import DiceService
from wargame.core.play import simulate
from wargame.persistence.files import read_json_file
from wargame.pvp.board import check_board, spec_from_json
from wargame.pvp.game import PirateVersusPirateGame, _board, default_board_path
from wargame.pvp.search import ExpectimaxBot

ROOT = Path(__file__).resolve().parent.parent


def simulate_actions_per_second(
    players: int = 2, games: int = 60, rounds: int = 3, *, cpu: bool = False
) -> float:
    """Best of ``rounds`` runs of ``wargame simulate pirate-versus-pirate --bots random
    --json``: the figure it prints (a fresh process each: the board and its path
    tables are built inside the timed loop), or (``cpu``) the same run in this process
    with a cold board cache, its actions over the CPU seconds of the loop."""
    best = 0.0
    for r in range(rounds):
        if cpu:
            _board.cache_clear()
            t = time.process_time()
            data = simulate(
                "pirate-versus-pirate", players=players, games=games, seed=r, bots=["random"]
            )
            used = time.process_time() - t
            best = max(best, sum(g["actions"] for g in data["games"]) / used)
            continue
        out = subprocess.run(  # noqa: S603 - our own CLI, fixed arguments
            [
                sys.executable,
                "-m",
                "ui.launch",
                "simulate",
                "pirate-versus-pirate",
                "--players",
                str(players),
                "--games",
                str(games),
                "--seed",
                str(r),
                "--bots",
                "random",
                "--json",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        best = max(best, float(json.loads(out.stdout)["actions_per_second"]))
    return best


def cpu_best_of(fn, repeat: int = 5, number: int = 1) -> float:  # noqa: ANN001
    """Best CPU time in seconds of ``number`` calls, over ``repeat`` tries."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        for _ in range(number):
            fn()
        best = min(best, (time.process_time() - t) / number)
    return best


def clone_microseconds() -> float:
    """clone() of a mid-game 3-player state."""
    game = PirateVersusPirateGame()
    dice = DiceService.seeded(3)
    state = game.new_initial_state(3, dice)
    bots = {s: game.bots()["random"](DiceService.seeded(s)) for s in range(3)}
    for _ in range(200):
        if state.is_terminal():
            break
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choose(state, seat), dice)
    return cpu_best_of(state.clone, repeat=5, number=20_000) * 1e6


def fairness_check_ms() -> float:
    """check_board on the shipped board: counts, reachability, symmetry, path lengths."""
    spec = spec_from_json(read_json_file(default_board_path()))
    return cpu_best_of(lambda: check_board(spec), repeat=5, number=5) * 1000


def expectimax_worst_decision_ms(games: int = 3) -> float:
    game = PirateVersusPirateGame()
    worst = 0.0
    for seed in range(games):
        dice = DiceService.seeded(seed)
        state = game.new_initial_state(3, dice)
        bot = ExpectimaxBot(DiceService.seeded(f"{seed}:bot"))
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            t = time.process_time()
            action = bot.choose(state, seat)
            worst = max(worst, time.process_time() - t)
            state.apply(action, dice)
    return worst * 1000


BENCHMARKS = [
    Bench(
        "pvp: simulate --bots random --json, 2 players",
        100_000,
        "actions/s",
        simulate_actions_per_second,
        "higher",
    ),
    Bench(
        "pvp: simulate --bots random --json, 3 players",
        100_000,
        "actions/s",
        lambda: simulate_actions_per_second(3),
        "higher",
    ),
    Bench(
        "pvp: simulate --bots random, 2 players, per CPU second",
        100_000,
        "actions/s",
        lambda: simulate_actions_per_second(2, cpu=True),
        "higher",
    ),
    Bench(
        "pvp: simulate --bots random, 3 players, per CPU second",
        100_000,
        "actions/s",
        lambda: simulate_actions_per_second(3, cpu=True),
        "higher",
    ),
    Bench("pvp: clone() of a 3-player state (CPU)", 20.0, "us", clone_microseconds, "lower"),
    Bench("pvp: board fairness check (CPU)", 50.0, "ms", fairness_check_ms, "lower"),
    Bench(
        "pvp: expectimax decision, worst of 3 games, 3 crews (CPU)",
        500.0,
        "ms",
        expectimax_worst_decision_ms,
        "lower",
    ),
]
