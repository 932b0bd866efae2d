"""Seat fairness between equal bots with the default settings (issue 28): the worst
seat's win rate over the mean seat's, 1,000 mirror games per row. The full table with
the printed turn order beside it: ``python benchmarks/seat_fairness.py``."""

from __future__ import annotations

from benchlib import Bench
from seat_fairness import TABLES, measure

GAMES = 1000


def _worst(game: str, players: int, bot: str, params: dict[str, str]) -> float:
    seats, _positions = measure(game, players, bot, params, games=GAMES, jobs=2)
    rates = [r.p for r in seats]
    mean = sum(rates) / len(rates)
    return max(rates) / mean if mean else 0.0


BENCHMARKS = [
    Bench(
        f"seat fairness: {game} {n}p ({bot} mirror), worst seat / fair share",
        1.3,
        "x",
        lambda game=game, n=n, bot=bot, params=variants[0][1]: _worst(game, n, bot, params),
        "lower",
    )
    for game, n, bot, variants in TABLES
]
