"""Seat fairness: how often each seat, and each turn position, wins between equal bots
(issues 28 and 39, "Fair seats" and "Fair starts"), and each side of the shipped
scenarios.

Every seat plays the game's strongest hand-written bot (a mirror). Who starts is drawn
at random: for a game with the ``starter`` parameter the run is split evenly over every
starting seat (so each seat starts as often), and Pirate Versus Pirate rolls for the
order as printed (the first player is read from the game's own roll-off). Each row gives
the win rate by seat and by turn position (1st to act, 2nd, ...) with its 95% interval
and, in brackets, its share of the fair rate (1.00 is exactly fair; a shared win counts
for every winner, a draw for none). The printed rules and each balancing variant of a
game are measured side by side on the same seeds. Then the shipped scenarios: the win
rate of each side (naval and raid), with its best hand-written bot on both sides.

    python benchmarks/seat_fairness.py [--games 1000] [--jobs 1] [--only GAME]

``make bench`` prints the worst seat's share per game (``bench_fairness.py``) with the
goal of at most 1.3; issue 39's goal for the variants is a best turn position of at
most 1.15 times its fair share.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wargame.core.dice import DiceService  # noqa: E402
from wargame.core.play import game_seed, simulate  # noqa: E402
from wargame.core.registry import game_class  # noqa: E402
from wargame.paths import scenarios_dir  # noqa: E402

SEED = 28

#: (game, players, mirror bot, [(rules label, parameters)]): the printed rules first.
TABLES: tuple[tuple[str, int, str, tuple[tuple[str, dict[str, str]], ...]], ...] = (
    ("pieces-of-eight", 3, "strong", (("printed", {}), ("head-start", {"start": "head-start"}))),
    ("pieces-of-eight", 4, "strong", (("printed", {}), ("head-start", {"start": "head-start"}))),
    (
        "pirate-versus-pirate",
        2,
        "expectimax",
        (("printed", {}), ("short-first-turn", {"start": "short-first-turn"})),
    ),  # fmt: skip
    ("pieces-of-eight", 6, "strong", (("printed", {}), ("head-start", {"start": "head-start"}))),
    ("tortuga-1667", 4, "strong", (("printed", {}),)),
    ("pirate-coins", 4, "strong", (("printed", {}),)),
)

#: Shipped scenarios: (mode, file under scenarios/, the bot of both sides).
SCENARIOS: tuple[tuple[str, str, str], ...] = (
    ("naval", "naval/merchant_escort.json", "captain"),
    ("raid", "raid/puerto_bello.json", "tactician"),
)


@dataclass(frozen=True)
class Rate:
    wins: int
    games: int

    @property
    def p(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def half_width(self) -> float:
        """The 95% interval's half width (normal approximation)."""
        return 1.96 * math.sqrt(self.p * (1 - self.p) / self.games) if self.games else 0.0

    def text(self, fair: float) -> str:
        share = self.p / fair if fair else 0.0
        return f"{100 * self.p:5.1f}% ±{100 * self.half_width:4.1f} ({share:.2f})"


@dataclass(frozen=True)
class Fairness:
    game: str
    players: int
    rules: str
    games: int
    by_seat: tuple[Rate, ...]
    by_position: tuple[Rate, ...]

    @property
    def fair(self) -> float:
        """The fair win rate: the mean over the seats (shared wins and draws counted)."""
        return sum(r.p for r in self.by_seat) / len(self.by_seat)

    @property
    def worst_position(self) -> float:
        return max(r.p for r in self.by_position) / self.fair if self.fair else 0.0

    @property
    def worst_seat(self) -> float:
        return max(r.p for r in self.by_seat) / self.fair if self.fair else 0.0


def first_mover(game: str, players: int, params: Mapping[str, str], seed: int) -> int:
    """The seat that takes the first turn of the game seeded ``seed``: its own set-up
    (and roll-off, which only the dice decide) played again."""
    g = game_class(game)(dict(params))
    dice = DiceService.seeded(seed)
    state = g.new_initial_state(players, dice)
    for _ in range(100):  # the roll-off: Roll is the only action until someone is first
        if getattr(state, "first", -1) >= 0 or state.is_terminal():
            break
        state.apply(state.legal_actions()[0], dice)
    return int(state.first)


def measure(
    game: str, players: int, bot: str, params: Mapping[str, str], *, games: int, jobs: int = 1
) -> tuple[tuple[Rate, ...], tuple[Rate, ...]]:
    """Win rates by seat and by turn position over ``games`` mirror games."""
    by_seat = [0] * players
    by_pos = [0] * players
    played = 0
    g = game_class(game)(dict(params))
    if "starter" in (g.param_names or ()):
        runs = [
            ({**params, "starter": str(k + 1)}, games // players + (k < games % players), k)
            for k in range(players)
        ]
    else:
        runs = [(dict(params), games, None)]
    for run_params, count, starter in runs:
        if count == 0:
            continue
        seed = SEED + 7 * (starter or 0)
        out = simulate(
            game, players=players, games=count, seed=seed, bots=[bot], params=run_params, jobs=jobs
        )
        for i, result in enumerate(out["games"]):
            first = (
                starter
                if starter is not None
                else first_mover(game, players, run_params, game_seed(seed, i))
            )
            for s in result["winners"]:
                by_seat[int(s)] += 1
                by_pos[(int(s) - first) % players] += 1
            played += 1
    return (
        tuple(Rate(w, played) for w in by_seat),
        tuple(Rate(w, played) for w in by_pos),
    )


def table(games: int, jobs: int, only: str | None = None) -> Iterator[Fairness]:
    """The rows, each as soon as it is measured."""
    for game, n, bot, variants in TABLES:
        if only and only not in game:
            continue
        for label, params in variants:
            seats, positions = measure(game, n, bot, params, games=games, jobs=jobs)
            yield Fairness(game, n, label, games, seats, positions)


def scenario_sides(mode: str, path: str, bot: str, *, games: int, jobs: int) -> tuple[Rate, ...]:
    """(attacker, defender, draw) rates of a shipped scenario."""
    data = json.loads((scenarios_dir() / path).read_text(encoding="utf-8"))
    out = simulate(mode, games=games, seed=SEED, bots=[bot], scenario=data, jobs=jobs)
    wins = [0, 0, 0]
    for result in out["games"]:
        w = result["winner"]
        wins[2 if w is None else int(w)] += 1
    return tuple(Rate(w, games) for w in wins)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", help="only games (or scenario modes) whose name holds this")
    args = ap.parse_args()
    print(f"{args.games} games a row, best hand-written bots on every seat, who starts drawn")
    print("win rate ±95% interval (share of the fair rate)")
    for f in table(args.games, args.jobs, args.only):
        seats = "  ".join(r.text(f.fair) for r in f.by_seat)
        pos = "  ".join(r.text(f.fair) for r in f.by_position)
        print(f"\n{f.game} {f.players}p, {f.rules}: best position {f.worst_position:.2f}x fair")
        print(f"  by seat:          {seats}")
        print(f"  by turn position: {pos}", flush=True)
    for mode, path, bot in SCENARIOS:
        if args.only and args.only not in mode:
            continue
        att, dfn, draw = scenario_sides(mode, path, bot, games=args.games, jobs=args.jobs)
        print(
            f"\n{path} ({bot} v {bot}): attacker {att.text(0.5)}  defender {dfn.text(0.5)}  "
            f"draw {100 * draw.p:.1f}%",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
