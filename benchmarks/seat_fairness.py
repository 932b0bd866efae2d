"""Seat fairness: how often each seat wins between equal bots (issue 28, "Fair seats").

Every seat plays the game's strongest hand-written bot (a mirror); a seat's share is
its win rate divided by the mean win rate of all seats (1.0 is exactly fair; a team
win counts for every seat of the team, a draw for none). Two rows per game: the
printed turn order (Pirate 1 starts: the advantage of moving first, by position) and
the default of the app (``starter=random``: who starts is a public die roll, so the
seats are fair however much moving first is worth). Pirate Versus Pirate rolls for
the order as printed, so its seats are already drawn at random.

    python benchmarks/seat_fairness.py [--games 1000] [--jobs 2] [--only GAME]

``make bench`` prints the worst seat's share per game (``bench_fairness.py``) with the
goal of at most 1.3.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wargame.core.play import simulate  # noqa: E402

#: (game, players, mirror bot, parameters of the printed order, of the default)
TABLES: tuple[tuple[str, int, str, dict[str, str] | None, dict[str, str]], ...] = (
    ("pieces-of-eight", 3, "strong", {"starter": "1"}, {"starter": "random"}),
    ("pieces-of-eight", 4, "strong", {"starter": "1"}, {"starter": "random"}),
    ("pieces-of-eight", 6, "strong", {"starter": "1"}, {"starter": "random"}),
    ("tortuga-1667", 2, "strong", {"starter": "1"}, {"starter": "random"}),
    ("tortuga-1667", 4, "strong", {"starter": "1"}, {"starter": "random"}),
    ("pirate-coins", 4, "strong", {"starter": "1"}, {"starter": "random"}),
    ("pirate-versus-pirate", 2, "expectimax", None, {}),
)


@dataclass(frozen=True)
class Fairness:
    game: str
    players: int
    order: str
    games: int
    rates: tuple[float, ...]  # win rate per seat

    @property
    def shares(self) -> tuple[float, ...]:
        mean = sum(self.rates) / len(self.rates)
        return tuple(r / mean if mean else 0.0 for r in self.rates)

    @property
    def worst(self) -> float:
        return max(self.shares)


def measure(
    game: str, players: int, bot: str, params: dict[str, str], *, games: int, jobs: int = 1
) -> tuple[float, ...]:
    out = simulate(
        game, players=players, games=games, seed=28, bots=[bot], params=params, jobs=jobs
    )
    wins = [0] * players
    for g in out["games"]:
        for seat in g["winners"]:
            wins[int(seat)] += 1
    return tuple(w / games for w in wins)


def table(games: int, jobs: int, only: str | None = None) -> Iterator[Fairness]:
    """The rows, each as soon as it is measured."""
    for game, n, bot, printed, default in TABLES:
        if only and only not in game:
            continue
        runs = [("printed order", printed), ("default", default)] if printed else []
        runs = runs or [("rolled order (printed)", default)]
        for order, params in runs:
            rates = measure(game, n, bot, params, games=games, jobs=jobs)
            yield Fairness(game, n, order, games, rates)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only")
    args = ap.parse_args()
    print(f"{'game':<22}{'n':>2}  {'order':<24}{'worst':>6}  win rate per seat (share of fair)")
    for f in table(args.games, args.jobs, args.only):
        seats = "  ".join(f"{100 * r:5.1f}% ({s:.2f})" for r, s in zip(f.rates, f.shares))
        print(f"{f.game:<22}{f.players:>2}  {f.order:<24}{f.worst:>6.2f}  {seats}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
