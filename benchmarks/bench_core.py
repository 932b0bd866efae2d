"""Foundation figures: cold start, hex distance, save / load-with-replay of a long log."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchlib import Bench, best_of

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def cold_start_seconds() -> float:
    """Process start to the first painted main window (median of 5 runs)."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(5):
            t0 = time.time()
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "ui.launch",
                    "--data-dir",
                    tmp,
                    "startup-probe",
                    "--t0",
                    str(t0),
                ],
                capture_output=True,
                text=True,
                env=env,
                cwd=ROOT,
                timeout=60,
            )
            line = next(ln for ln in done.stdout.splitlines() if ln.startswith("first-paint"))
            runs.append(float(line.split()[1]))
    return statistics.median(runs)


def hex_distances_ms() -> float:
    from wargame.core.dice import DiceService
    from wargame.geometry.hexgrid import Hex

    dice = DiceService.seeded(1)
    pts = [Hex.axial(dice.randint(-50, 50), dice.randint(-50, 50)) for _ in range(10_001)]
    pairs = list(zip(pts, pts[1:]))

    def run() -> None:
        for a, b in pairs:
            a.distance(b)

    return best_of(run, repeat=7) * 1000


def _long_session():  # noqa: ANN202
    from tests.core.toygame import Hold, Roll, ToyState
    from wargame.core.dice import DiceService
    from wargame.core.log import Session

    def factory(d: DiceService) -> ToyState:
        return ToyState(list(range(10)))

    s = Session(factory, DiceService.seeded(3))
    seat = 0
    for i in range(1000):
        # The toy race does not stop at 20, so the log can be as long as we like.
        s.apply(Hold(seat) if i % 3 else Roll(seat))
        seat = 1 - seat
    return s, factory


def save_1000_ms() -> float:
    from wargame.persistence.db import Database

    s, _ = _long_session()
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(Path(tmp) / "b.sqlite3")
        sid = db.save_game("toy", "bench", s.to_json())
        t = best_of(lambda: db.save_game("toy", "bench", s.to_json(), save_id=sid), repeat=7)
        db.close()
    return t * 1000


def load_1000_ms() -> float:
    from tests.core.toygame import ToyState
    from wargame.core.dice import DiceService
    from wargame.core.log import Session
    from wargame.persistence.db import Database

    s, _ = _long_session()

    def factory(d: DiceService) -> ToyState:
        return ToyState(list(range(10)))

    with tempfile.TemporaryDirectory() as tmp:
        db = Database(Path(tmp) / "b.sqlite3")
        sid = db.save_game("toy", "bench", s.to_json())

        def load() -> None:
            _info, data = db.load_game(sid)
            Session.from_json(data, factory)

        t = best_of(load, repeat=7)
        db.close()
    return t * 1000


BENCHMARKS = [
    Bench("core: cold start to first painted window", 0.6, "s", cold_start_seconds),
    Bench("core: 10,000 hex distances", 20.0, "ms", hex_distances_ms),
    Bench("core: save a 1,000-action log", 50.0, "ms", save_1000_ms),
    Bench("core: load + replay a 1,000-action log", 50.0, "ms", load_1000_ms),
]
