"""kill -9 at a random point of each save path loses and damages nothing (one trial
per path here; `python benchmarks/crash_test.py` runs 100 per path)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
import crash_test  # noqa: E402


def test_a_killed_save_leaves_nothing_corrupt_or_lost() -> None:
    results = crash_test.run(1)
    assert set(results) == {p.name for p in crash_test.PATHS}
    problems = [p for t in results.values() for p in t.problems]
    assert problems == []
    assert all(t.trials == 1 for t in results.values())
