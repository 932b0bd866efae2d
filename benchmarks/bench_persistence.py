"""Persistence figures: one autosave in a 10,000-action game (appends only what changed)."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from benchlib import Bench
from longgame import Fire, long_session

from wargame.persistence.autosave import AutosaveSlot
from wargame.persistence.db import open_database


def autosave_ms() -> float:
    """Median wall time of one autosave after one more action, in a 10,000-action game."""
    session = long_session()
    with tempfile.TemporaryDirectory() as tmp:
        db = open_database(Path(tmp) / "bench.sqlite3")
        slot = AutosaveSlot()

        def save() -> None:
            slot.write_session(
                db,
                "bench",
                "long game",
                head=session.head_json(),
                entries=session.entries,
                entry_json=session.entry_json,
            )

        save()  # the first autosave stores the whole log once
        times = []
        for i in range(41):
            session.apply(Fire("Revenge", f"Prize {i}"))
            t = time.perf_counter()
            save()
            times.append(time.perf_counter() - t)
        db.close()
    return statistics.median(times) * 1000


BENCHMARKS = [
    Bench("persistence: one autosave in a 10,000-action game", 10.0, "ms", autosave_ms),
]
