"""Our engines beside OpenSpiel's, in the same run (issue 41).

Absolute actions per second measure the machine as much as the code, so each engine
is measured as a ratio to an OpenSpiel game (PyPI ``open_spiel``) timed in the same
run: random playouts from the start to the end, every applied action counted, our
blocks and the anchor's interleaved (ours, anchor, anchor, ours, ...), each block
at least ``--seconds`` of CPU time of the process that plays it
(``time.process_time``: load from other processes hits both sides alike), medians
of the blocks. One warm-up block each side first (caches, imports) is not counted.

* ours: ``play_match`` with every seat the game's ``random`` bot, exactly the loop
  ``wargame simulate GAME --bots random`` runs, in this process (the project venv);
* the anchor: ``benchmarks/anchor_worker.py`` in ``benchmarks/.anchor-venv`` (made
  on first use: ``python -m venv`` and ``pip install open_spiel``; git-ignored, a
  benchmark dependency and never the app's), which times its own CPU and answers in
  JSON over its standard output. Naval and raid are set beside
  ``python_tic_tac_toe`` (pure Python, the same kind of loop), the board games beside
  the C++ ``backgammon`` (its dice rolls are chance actions and count as actions;
  ours roll inside ``apply`` and do not).

    python benchmarks/anchor.py [--only naval] [--rounds 8] [--seconds 0.5] [--json]

When OpenSpiel cannot be had (no network to make the venv, no wheel for this
Python), each row says so and gives our figure alone.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from wargame.core.play import bot_factories, game_seed, play_match  # noqa: E402
from wargame.core.registry import game_class  # noqa: E402

VENV = HERE / ".anchor-venv"
WORKER = HERE / "anchor_worker.py"
#: The OpenSpiel release the anchor figures were measured with.
OPEN_SPIEL = "open_spiel==2.0.2"
TIC_TAC_TOE, BACKGAMMON = "python_tic_tac_toe", "backgammon"


@dataclass(frozen=True)
class Pairing:
    engine: str
    players: int
    anchor: str
    #: ours / anchor this engine must reach (issue 41: naval and raid 1.2 x Python
    #: tic-tac-toe, Pieces of Eight 1.0 x C++ backgammon, the others where they stood).
    target: float


PAIRINGS: tuple[Pairing, ...] = (
    Pairing("naval", 2, TIC_TAC_TOE, 1.2),
    Pairing("raid", 2, TIC_TAC_TOE, 1.2),
    Pairing("pieces-of-eight", 4, BACKGAMMON, 1.0),
    Pairing("pirate-versus-pirate", 2, BACKGAMMON, 1.44),
    Pairing("tortuga-1667", 2, BACKGAMMON, 1.22),
    Pairing("pirate-coins", 2, BACKGAMMON, 2.96),
)


class AnchorUnavailable(RuntimeError):
    """OpenSpiel cannot be had on this machine (the message says why)."""


def anchor_python() -> Path:
    """The anchor venv's Python, the venv made (and OpenSpiel installed) on first use."""
    python = VENV / "bin" / "python"
    if python.exists() and _has_pyspiel(python):
        return python
    base = getattr(sys, "_base_executable", None) or sys.executable
    print(f"anchor: making {VENV} with {OPEN_SPIEL} ...", file=sys.stderr)
    for step in (
        [base, "-m", "venv", str(VENV)],
        [str(python), "-m", "pip", "install", "--quiet", OPEN_SPIEL],
    ):
        try:
            done = subprocess.run(step, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise AnchorUnavailable(f"OpenSpiel could not be had: {' '.join(step)}: {exc}") from exc
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
            raise AnchorUnavailable(f"OpenSpiel could not be had: {' '.join(step[-3:])}: {last}")
    if not _has_pyspiel(python):
        raise AnchorUnavailable("OpenSpiel could not be had: pyspiel does not import in its venv")
    return python


def _has_pyspiel(python: Path) -> bool:
    done = subprocess.run([str(python), "-c", "import pyspiel"], capture_output=True, timeout=120)
    return done.returncode == 0


class Anchor:
    """One OpenSpiel game in a worker process of the anchor venv."""

    def __init__(self, python: Path, game: str) -> None:
        self.game = game
        self.proc = subprocess.Popen(
            [str(python), str(WORKER), game],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        )
        ready = self._read()
        if ready.get("ready") != game:
            raise AnchorUnavailable(f"OpenSpiel's worker did not load {game}: {ready}")

    def _read(self) -> dict[str, float]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            last = (err.strip().splitlines() or ["it ended"])[-1]
            raise AnchorUnavailable(f"OpenSpiel's worker for {self.game} failed: {last}")
        return json.loads(line)

    def block(self, seconds: float, seed: int) -> float:
        """Actions per CPU second of the worker's playouts for at least ``seconds``."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"seconds": seconds, "seed": seed}) + "\n")
        self.proc.stdin.flush()
        answer = self._read()
        return float(answer["actions"]) / float(answer["cpu"])

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


class Ours:
    """Our engine's random playouts in this process, seeds run on from block to block."""

    def __init__(self, engine: str, players: int) -> None:
        self.game = game_class(engine)()
        self.players = players
        self.factories = bot_factories(self.game)
        self.bots = ["random"] * players
        self.index = 0

    def block(self, seconds: float) -> float:
        actions, start = 0, time.process_time()
        while True:
            seed = game_seed(1, self.index)
            self.index += 1
            actions += play_match(
                self.game, self.players, seed, self.bots, factories=self.factories
            ).actions
            used = time.process_time() - start
            if used >= seconds:
                return actions / used


@dataclass
class Row:
    engine: str
    anchor: str
    ours: float
    theirs: float | None
    target: float
    note: str = ""

    @property
    def ratio(self) -> float | None:
        return None if self.theirs is None else self.ours / self.theirs

    def text(self) -> str:
        if self.theirs is None:
            return f"{self.engine:<22} {self.ours:>10,.0f} a/s  anchor {self.anchor}: {self.note}"
        ratio = self.ratio or 0.0
        verdict = "ok" if ratio >= self.target else "MISSED"
        return (
            f"{self.engine:<22} {self.ours:>10,.0f} a/s  {self.anchor:<20} "
            f"{self.theirs:>10,.0f} a/s  ratio {ratio:5.2f}  target >= {self.target:.2f}  "
            f"{verdict}"
        )


def measure(
    pairing: Pairing,
    rounds: int = 8,
    seconds: float = 0.5,
    python: Path | None = None,
    anchor_error: str = "",
) -> Row:
    """One engine beside its anchor: ``rounds`` blocks each, interleaved ABBA."""
    ours = Ours(pairing.engine, pairing.players)
    ours.block(seconds)  # warm-up: rules, maps, the engine's caches
    if python is None:
        alone = [ours.block(seconds) for _ in range(rounds)]
        return Row(
            pairing.engine,
            pairing.anchor,
            statistics.median(alone),
            None,
            pairing.target,
            anchor_error,
        )
    anchor = Anchor(python, pairing.anchor)
    try:
        anchor.block(seconds, 0)  # warm-up
        mine: list[float] = []
        theirs: list[float] = []
        sides: tuple[Callable[[], None], Callable[[], None]] = (
            lambda: mine.append(ours.block(seconds)),
            lambda: theirs.append(anchor.block(seconds, 1 + len(theirs))),
        )
        for r in range(rounds):  # ours, anchor, anchor, ours, ours, anchor, ...
            first, second = sides if r % 2 == 0 else sides[::-1]
            first()
            second()
    finally:
        anchor.close()
    return Row(
        pairing.engine,
        pairing.anchor,
        statistics.median(mine),
        statistics.median(theirs),
        pairing.target,
    )


def run(only: str | None = None, rounds: int = 8, seconds: float = 0.5) -> Iterator[Row]:
    """Each engine's row, as it is measured."""
    try:
        python: Path | None = anchor_python()
        error = ""
    except AnchorUnavailable as exc:
        python, error = None, str(exc)
    for pairing in PAIRINGS:
        if only and only not in pairing.engine:
            continue
        try:
            yield measure(pairing, rounds, seconds, python, error)
        except AnchorUnavailable as exc:
            yield measure(pairing, rounds, seconds, None, str(exc))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="the engines whose name contains this")
    ap.add_argument("--rounds", type=int, default=8, help="blocks each side (default 8)")
    ap.add_argument("--seconds", type=float, default=0.5, help="CPU seconds a block")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for row in run(args.only, args.rounds, args.seconds):
        rows.append(row)
        if not args.json:
            print(row.text(), flush=True)
    if args.json:
        out = [
            {
                "engine": r.engine,
                "anchor": r.anchor,
                "ours": r.ours,
                "anchor_actions_per_second": r.theirs,
                "ratio": r.ratio,
                "target": r.target,
                "note": r.note,
            }
            for r in rows
        ]
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
