"""The Hard level's wall-clock time a decision at the app's default (1 s), and the wait
of a Pieces of Eight player against three Hard bots (issue 40 item 11).

Each mode: the Hard bot (``bot_factories(game, {"search_seconds": 1.0})``: the mode's
hard options with the app's default time) plays seat 0 against the normal level from a
fixed seed, every decision of its timed (the forced and trivial ones too, as the player
waits for them), until ``DECISIONS`` are timed; the rows are the median and the 95th
percentile in seconds, and the slowest. Pieces of Eight plays four seats with the table's windows
("everyone"): seat 0 stands for the player (the strong bot, instant) and seats 1 to 3
are Hard; the wait after each of the player's actions is the wall time until the player
is asked again (or the game ends), split into the waits inside the player's own turn
(the windows the three bots are asked in) and those that end it (three whole turns).

    python benchmarks/run.py --only hard
    python benchmarks/bench_hard.py [--only WORD]   (prints every row)

Measured 2026-11-28 on the 2-core machine at load 13-15 (eight engineers), under
``nice -n 10``, 30 decisions a mode; seconds, median / 95th percentile / slowest:

    mode                  before (main, 992b5b4)      after
    naval                 1.02 / 1.05 / -             0.94 / 0.98 / 0.98
    raid                  0.00 / 1.10 / -             0.00 / 0.97 / 1.38
    pieces-of-eight       0.26 / 1.04 / -             0.04 / 0.94 / 0.96
    pirate-versus-pirate  0.00 / 1.09 / -             0.00 / 0.04 / 0.05 (the judge)
    pirate-coins          0.00 / 1.05 / -             0.00 / 0.99 / 0.99
    tortuga-1667          1.01 / 1.05 / -             0.98 / 0.99 / 1.24

("before" is this file's first run, with the forced passes but the search's old clock:
it started after the hint and stopped only past the deadline.) A median of 0 is a mode
whose Hard seat mostly has one legal move (rolls, the raid's movement steps kept). The
two slowest past 1 s are single decisions of 330-420 iterations of ~2.5 ms each: the
process was not given the processor for a few hundred ms, which no clock can help.
A Pieces of Eight player's wait against three Hard bots, 40 actions (median / 95th):
inside the player's own turn, main 0.00 / 3.09 s, now 0.00 / 0.00 s (every window
pass that nobody's card can improve is instant); after ending the turn (three whole
turns of Hard bots) median 3.06 s on main, now 0.09-0.62 s.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time

from benchlib import Bench

from wargame.core.dice import DiceService
from wargame.core.play import bot_factories
from wargame.core.registry import game_class

#: The default think time of the app's Hard level (ui/bot_thread.py DEFAULT_SECONDS).
SECONDS = 1.0
DECISIONS = 30
MODES = ("naval", "raid", "pieces-of-eight", "pirate-versus-pirate", "pirate-coins", "tortuga-1667")
PLAYERS = {"pieces-of-eight": 4}


def _p95(values: list[float]) -> float:
    xs = sorted(values)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


@functools.cache
def decision_seconds(mode: str, decisions: int = DECISIONS) -> tuple[float, ...]:
    """Wall seconds of each of the Hard bot's first ``decisions`` decisions (seat 0)."""
    game = game_class(mode)({"windows": "everyone"} if mode == "pieces-of-eight" else None)
    bots = bot_factories(game, {"search_seconds": SECONDS})
    players = PLAYERS.get(mode, 2)
    out: list[float] = []
    seed = 40
    while len(out) < decisions:
        dice = DiceService.seeded(seed)
        st = game.new_initial_state(players, dice)
        seated = [bots["hard"](DiceService.seeded(f"{seed}:0"))]
        seated += [bots["normal"](DiceService.seeded(f"{seed}:{s}")) for s in range(1, players)]
        steps = 0
        while not st.is_terminal() and len(out) < decisions and steps < 5000:
            seat = st.current_player()
            if seat is None:
                break
            t = time.perf_counter()
            action = seated[seat].choose(st, seat)
            if seat == 0:
                out.append(time.perf_counter() - t)
            st.apply(action, dice)
            steps += 1
        seed += 1
    return tuple(out)


@functools.cache
def poe_waits(actions: int = 40) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The player's waits after ``actions`` of its actions in 4-player games against
    three Hard bots: (inside its own turn, after the action that ends it)."""
    game = game_class("pieces-of-eight")({"windows": "everyone"})
    bots = bot_factories(game, {"search_seconds": SECONDS})
    inside: list[float] = []
    ending: list[float] = []
    seed = 40
    while len(inside) + len(ending) < actions:
        dice = DiceService.seeded(seed)
        st = game.new_initial_state(4, dice)
        seated = [bots["normal"](DiceService.seeded(f"{seed}:0"))]
        seated += [bots["hard"](DiceService.seeded(f"{seed}:{s}")) for s in range(1, 4)]
        while not st.is_terminal() and len(inside) + len(ending) < actions:
            seat = st.current_player()
            if seat is None:
                break
            mine = st.active == 0
            st.apply(seated[seat].choose(st, seat), dice)
            if seat != 0:
                continue
            t = time.perf_counter()
            while not st.is_terminal() and st.current_player() != 0:
                s = st.current_player()
                if s is None:
                    break
                st.apply(seated[s].choose(st, s), dice)
            wait = time.perf_counter() - t
            (inside if mine and st.active == 0 else ending).append(wait)
        seed += 1
    return tuple(inside), tuple(ending)


def _rows() -> list[Bench]:
    rows: list[Bench] = []
    for mode in MODES:
        rows.append(
            Bench(
                f"hard: {mode} decision, median (1 s default)",
                SECONDS,
                "s",
                lambda m=mode: statistics.median(decision_seconds(m)),
            )
        )
        rows.append(
            Bench(
                f"hard: {mode} decision, 95th percentile",
                SECONDS,
                "s",
                lambda m=mode: _p95(list(decision_seconds(m))),
            )
        )
        rows.append(
            Bench(
                f"hard: {mode} decision, slowest",
                SECONDS,
                "s",
                lambda m=mode: max(decision_seconds(m)),
            )
        )
    rows.append(
        Bench(
            "hard: poe player's wait in own turn (3 Hard bots), median",
            0.2,
            "s",
            lambda: statistics.median(poe_waits()[0]),
        )
    )
    rows.append(
        Bench(
            "hard: poe player's wait in own turn (3 Hard bots), 95th pct",
            1.0,
            "s",
            lambda: _p95(list(poe_waits()[0])),
        )
    )
    rows.append(
        Bench(
            "hard: poe player's wait after ending the turn, median",
            30.0,
            "s",
            lambda: statistics.median(poe_waits()[1]),
        )
    )
    return rows


BENCHMARKS = _rows()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="the rows whose name holds this")
    args = ap.parse_args(argv)
    for b in BENCHMARKS:
        if args.only and args.only not in b.name:
            continue
        v = b.fn()
        print(f"{b.name:<62} {v:8.3f} {b.unit}  target <= {b.target}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
