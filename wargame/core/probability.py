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


def chance_at_least(need: int, modifier: int = 0, sides: int = 6) -> Fraction:
    """The chance that one die plus ``modifier`` reaches ``need``."""
    good = sum(1 for face in range(1, sides + 1) if face + modifier >= need)
    return Fraction(good, sides)


@cache
def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """The chance of exactly k successes in ``n`` independent tries, each with chance ``p``."""
    if n < 0:
        raise ValueError(f"no such roll: {n} dice")
    from math import comb

    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


@cache
def face_sum_distribution(dice: int, per_face: tuple[int, ...]) -> dict[int, Fraction]:
    """The chance of each total when each of ``dice`` dice scores ``per_face[face - 1]``
    (a hits-by-face table: 1,2 nothing, 3-5 one hit, 6 two hits)."""
    if dice < 0:
        raise ValueError(f"no such roll: {dice} dice")
    sides = len(per_face)
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(dice):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for score in per_face:
                nxt[total + score] = nxt.get(total + score, Fraction(0)) + p / sides
        dist = nxt
    return dict(sorted(dist.items()))


def compare(
    mine: Mapping[int, Fraction], theirs: Mapping[int, Fraction]
) -> tuple[Fraction, Fraction, Fraction]:
    """(more, equal, fewer): the chances that an independent ``mine`` beats, ties or
    falls short of ``theirs``."""
    more = equal = fewer = Fraction(0)
    for a, pa in mine.items():
        for b, pb in theirs.items():
            if a > b:
                more += pa * pb
            elif a == b:
                equal += pa * pb
            else:
                fewer += pa * pb
    return more, equal, fewer


def expectation(dist: Mapping[int, Fraction], cap: int | None = None) -> Fraction:
    """The mean of a distribution, each value first capped at ``cap`` if given."""
    return sum(
        (Fraction(min(k, cap) if cap is not None else k) * p for k, p in dist.items()),
        Fraction(0),
    )


def any_of(n: int, p: Fraction) -> Fraction:
    """The chance that at least one of ``n`` tries with chance ``p`` succeeds."""
    return 1 - (1 - p) ** max(n, 0)


def average(x: Fraction | float) -> str:
    """An average as a player reads it: "1.2", "0" for none at all."""
    value = float(x)
    return "0" if value == 0 else f"{value:.1f}"
