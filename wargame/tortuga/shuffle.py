"""Shuffling with one recorded draw: a permutation's index among all n! orders.

``DiceService.shuffle`` asks its provider once per swap; a whole deck shuffled with
one hidden draw (a number below n!, decoded in the factorial number system) is the
same uniform shuffle, recorded and replayed like any other draw, at a fraction of
the cost. Setup shuffles three decks every game, so this is most of its time.
"""

from __future__ import annotations

from math import factorial
from typing import TypeVar

from wargame.core.dice import DiceService

T = TypeVar("T")

_FACT = [factorial(i) for i in range(64)]


def shuffle(dice: DiceService, items: list[T], purpose: str, *, hidden: bool = True) -> None:
    """Put ``items`` in a uniformly random order drawn as one number from ``dice``."""
    n = len(items)
    if n < 2:
        return
    if n >= len(_FACT):  # pragma: no cover - no deck of Tortuga is this big
        dice.shuffle(items, purpose, hidden=hidden)
        return
    index = dice.draw(0, _FACT[n] - 1, 1, purpose, hidden=hidden)[0]
    pool = items[:]
    for i in range(n):
        f = _FACT[n - 1 - i]
        k, index = divmod(index, f)
        items[i] = pool.pop(k)
