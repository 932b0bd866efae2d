"""Engine speed end to end, for every registered game (issue 19).

* ``simulate GAME --bots random --json``: the ``actions_per_second`` the command
  prints, run as a separate process exactly as a user types it (best of 3);
* the engine loop: the same games played by a bare loop (random choice, apply,
  nothing else) in a fresh process like ``simulate``'s, and how much of its speed
  ``simulate`` keeps; and the same loop in a warm process (caches filled);
* ``--strict``: how many times slower (every invariant after every action, and the
  chosen action checked by ``state.is_legal``), in CPU time;
* ``clone()`` of a mid-game state, in microseconds;
* ``--jobs 2`` against ``--jobs 1`` on 200 games: the speed-up on two processes.

Wall-clock figures: run on a quiet machine.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from benchlib import Bench

from wargame.core.dice import DiceService
from wargame.core.play import bot_factories, game_seed, play_match, simulate
from wargame.core.registry import available_games, game_class
from wargame.errors import InvariantViolation

ROOT = Path(__file__).resolve().parent.parent

#: (players, games per run, simulate target) of each game; a game built later
#: (a board game) takes the board-game target. 200 games, as issue 19 measures
#: (`simulate GAME --bots random --games 200 --seed 1 --json`): short runs count a
#: process's first games, which fill its caches, too heavily.
RUNS: dict[str, tuple[int, int, float]] = {
    "naval": (2, 200, 30_000),
    "raid": (2, 200, 30_000),
    "pieces-of-eight": (4, 20, 60_000),
    # 200 games of Pirate Coins take 0.07 s: too short a run to time; 1,000 take 0.3 s.
    "pirate-coins": (0, 1000, 100_000),
}
BOARD_GAME = (0, 200, 100_000)
#: clone() targets: the miniature games 100 us, the board games 20 us.
CLONE_US = {"naval": 100.0, "raid": 100.0}


def _run(name: str) -> tuple[int, int, float]:
    players, games, target = RUNS.get(name, BOARD_GAME)
    return players or game_class(name)().default_players(), games, target


def simulate_cli(name: str, *extra: str, games: int | None = None) -> dict[str, object]:
    """The JSON of ``wargame simulate NAME --bots random --json`` run as a command."""
    players, n, _ = _run(name)
    args = [sys.executable, "-m", "ui.launch", "simulate", name, "--players", str(players)]
    args += ["--games", str(games or n), "--seed", "1", "--bots", "random", "--json", *extra]
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(done.stdout)


@functools.cache
def simulate_rate(name: str, *extra: str) -> float:
    return max(float(simulate_cli(name, *extra)["actions_per_second"]) for _ in range(3))


def simulate_cpu_rate(name: str) -> float:
    """``simulate(NAME, bots=random)`` called in this process, actions per second of
    CPU time (best of 3): the figure to compare on a shared, loaded machine, where
    the wall-clock rows above swing with the other processes."""
    players, games, _ = _run(name)
    best = 0.0
    for _ in range(3):
        start = time.process_time()
        out = simulate(name, players=players, games=games, seed=1, bots=["random"])
        used = time.process_time() - start
        actions = sum(int(g["actions"]) for g in out["games"])  # type: ignore[index, union-attr]
        best = max(best, actions / used)
    return best


def loop_once(name: str) -> float:
    """Actions per second of the bare loop over the games ``simulate`` plays (seed 1):
    new state, each seat's "random" bot (the game's own, the one simulate plays;
    a game may offer a cheaper one than core's), choose, apply, nothing else."""
    players, games, _ = _run(name)
    game = game_class(name)()
    random_bot = bot_factories(game, None)["random"]
    game.new_initial_state(players, DiceService.seeded(1))  # set-up, as simulate does
    actions, start = 0, time.perf_counter()
    for i in range(games):
        seed = game_seed(1, i)
        dice = DiceService.seeded(seed)
        state = game.new_initial_state(players, dice)
        bots = [random_bot(DiceService.seeded(f"{seed}:bot:{s}")) for s in range(players)]
        while not state.is_terminal():
            seat = state.current_player()
            state.apply(bots[seat].choose(state, seat), dice)  # type: ignore[index]
            actions += 1
    return actions / (time.perf_counter() - start)


@functools.cache
def engine_loop_rate(name: str) -> float:
    """The bare loop in a fresh process each time, as ``simulate`` runs (best of 3).

    Fresh, because a process's first games fill its caches (naval: the movement
    results, move lists and actions of each position met, about a third of the first
    200 games' time); ``simulate`` pays that too, and the loop must compare alike."""
    args = [sys.executable, str(Path(__file__).resolve()), "--engine-loop", name]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return max(
        float(
            subprocess.run(
                args, capture_output=True, text=True, cwd=ROOT, env=env, check=True
            ).stdout
        )
        for _ in range(3)
    )


@functools.cache
def warm_loop_rate(name: str) -> float:
    """The bare loop in this process, caches filled by earlier passes (best of 3): the
    engine's steady speed in a long run."""
    loop_once(name)
    return max(loop_once(name) for _ in range(3))


def kept_by_simulate(name: str) -> float:
    """``simulate --json`` as a share of the engine loop's speed."""
    return simulate_rate(name) / engine_loop_rate(name)


def strict_cost(name: str) -> float:
    """How many times slower ``--strict`` plays the same games: the action played
    checked by ``state.is_legal`` and ``check_invariants()`` after every action (what
    each mode checks: docs/ARCHITECTURE.md, "What --strict checks"). CPU time of each
    game, best of 2, so other processes on the machine do not swing the ratio. A game
    that breaks an invariant is left out of both sides: that is a bug for the tests,
    not a speed."""
    players, games, _ = _run(name)
    game = game_class(name)()
    bots = ["random"] * players

    def best(seed: int, checked: bool) -> float:
        times = []
        for _ in range(2):
            start = time.process_time()
            play_match(game, players, seed, bots, strict=checked)
            times.append(time.process_time() - start)
        return min(times)

    play_match(game, players, 999, bots)  # warm up: rules, maps, caches
    plain = strict = 0.0
    for i in range(max(5, games // 4)):
        seed = game_seed(1, i)
        try:
            checked = best(seed, True)
        except InvariantViolation:
            continue
        strict += checked
        plain += best(seed, False)
    return strict / plain


def clone_us(name: str) -> float:
    """Microseconds per clone() of a state 40 actions into a random game (best of 5)."""
    players, _, _ = _run(name)
    game = game_class(name)()
    dice = DiceService.seeded(3)
    state = game.new_initial_state(players, dice)
    bot = bot_factories(game, None)["random"](DiceService.seeded(4))
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply(bot.choose(state, state.current_player()), dice)  # type: ignore[arg-type]
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(2000):
            state.clone()
        best = min(best, (time.perf_counter() - start) / 2000)
    return best * 1e6


def jobs_speedup(name: str = "raid", games: int = 200) -> float:
    """Wall time of 200 games on one process over the same on two (best of 2 each)."""

    def wall(jobs: int) -> float:
        return min(
            float(simulate_cli(name, "--jobs", str(jobs), games=games)["seconds"]) for _ in range(2)
        )

    return wall(1) / wall(2)


def _rows() -> list[Bench]:
    rows: list[Bench] = []
    for name in available_games():
        target = _run(name)[2]
        rows += [
            Bench(
                f"{name}: simulate --bots random --json",
                target,
                "actions/s",
                lambda n=name: simulate_rate(n),
                "higher",
            ),
            Bench(
                f"{name}: simulate, CPU time (in-process)",
                target,
                "actions/s",
                lambda n=name: simulate_cpu_rate(n),
                "higher",
            ),
            Bench(
                f"{name}: engine loop (random bots, bare, fresh process)",
                target,
                "actions/s",
                lambda n=name: engine_loop_rate(n),
                "higher",
            ),
            Bench(
                f"{name}: engine loop, warm process",
                target,
                "actions/s",
                lambda n=name: warm_loop_rate(n),
                "higher",
            ),
            Bench(
                f"{name}: simulate --json / engine loop",
                0.9,
                "ratio",
                lambda n=name: kept_by_simulate(n),
                "higher",
            ),
            Bench(f"{name}: --strict slowdown", 3.0, "x", lambda n=name: strict_cost(n)),
            Bench(f"{name}: clone()", CLONE_US.get(name, 20.0), "us", lambda n=name: clone_us(n)),
        ]
    rows.append(
        Bench("raid: simulate 200 games, --jobs 2 speed-up", 1.7, "x", jobs_speedup, "higher")
    )
    return rows


BENCHMARKS = _rows()


if __name__ == "__main__":  # one cold pass of the bare loop: engine_loop_rate's worker
    if len(sys.argv) == 3 and sys.argv[1] == "--engine-loop":
        print(loop_once(sys.argv[2]))
