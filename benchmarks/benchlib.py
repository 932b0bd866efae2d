"""Helpers for benchmark modules."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Bench:
    name: str
    target: float
    unit: str
    fn: Callable[[], float]
    better: str = "lower"  # or "higher"


def best_of(fn: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """Best wall time in seconds of ``number`` calls, over ``repeat`` tries."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t) / number)
    return best
