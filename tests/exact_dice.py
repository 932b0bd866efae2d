"""Every way the dice can fall, for checking exact odds against the engine itself.

:func:`outcomes` runs a piece of engine code once per sequence of dice it can ask for
(a depth-first walk: when the code asks for a die past the sequence, each face is tried
in turn) and adds up the exact chance of each result it returns. The engine decides how
many dice it rolls and when, so the walk follows its own branches.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

from wargame.core.dice import DiceService, RollRequest

T = TypeVar("T", bound=Hashable)


class _MoreDice(Exception):  # noqa: N818 - a signal, not an error
    def __init__(self, low: int, high: int, purpose: str) -> None:
        self.low, self.high, self.purpose = low, high, purpose


class _Prefix:
    def __init__(self, values: list[int]) -> None:
        self._values = values
        self._pos = 0

    def values(self, request: RollRequest) -> tuple[int, ...]:
        out = []
        for _ in range(request.count):
            if self._pos >= len(self._values):
                raise _MoreDice(request.low, request.high, request.purpose)
            out.append(self._values[self._pos])
            self._pos += 1
        return tuple(out)


def outcomes(
    run: Callable[[DiceService], T],
    *,
    faces: dict[int, int] | Callable[[str], dict[int, int]] | None = None,
    limit: int = 200_000,
) -> dict[T, Fraction]:
    """The exact chance of each result of ``run`` over every fall of its dice.

    ``faces`` (for d6 only) names one face for each run of faces that every rule in play
    treats alike, with how many faces it stands for: {2: 2, 3: 1, 4: 1, 5: 1, 6: 1} when
    nothing tells a 1 from a 2. It must cover all six faces. It may also be a function of
    the roll's purpose, for rolls that each read one threshold."""
    out: dict[T, Fraction] = {}
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    runs = 0
    while stack:
        prefix, p = stack.pop()
        runs += 1
        if runs > limit:
            raise RuntimeError("too many dice sequences to walk")
        try:
            result = run(DiceService(_Prefix(prefix)))
        except _MoreDice as more:
            if faces is not None and (more.low, more.high) == (1, 6):
                classes = faces(more.purpose) if callable(faces) else faces
                if sum(classes.values()) != 6:
                    raise ValueError(f"the face classes of {more.purpose!r} miss a face") from None
                for v, n in classes.items():
                    stack.append(([*prefix, v], p * n / 6))
                continue
            span = range(more.low, more.high + 1)
            for v in span:
                stack.append(([*prefix, v], p / len(span)))
            continue
        out[result] = out.get(result, Fraction(0)) + p
    return out
