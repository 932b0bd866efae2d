"""Exact probabilities for the rolls a player decides on, shared by every mode.

Fractions, not floats, so a table's chances add up to exactly 1 and a test can
pin them; the UI rounds them to percentages.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache


@cache
def sum_distribution(dice: int, sides: int = 6) -> dict[int, Fraction]:
    """The chance of each total of ``dice`` dice with ``sides`` faces."""
    if dice < 0 or sides < 1:
        raise ValueError(f"no such roll: {dice}d{sides}")
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(dice):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / sides
        dist = nxt
    return dist


def table_odds(table: Mapping[int, str], dice: int = 2, sides: int = 6) -> dict[str, Fraction]:
    """The chance of each result of a table read on the total of ``dice`` dice,
    in the order results first appear in the table."""
    out: dict[str, Fraction] = {}
    for total, p in sorted(sum_distribution(dice, sides).items()):
        result = table.get(total)
        if result is not None:
            out[result] = out.get(result, Fraction(0)) + p
    return out


def percent(p: Fraction | float) -> str:
    """A chance as a player reads it: "42%", "<1%" for a small one, never "0%" for a
    chance that exists."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    return f"{value:.0f}%"
