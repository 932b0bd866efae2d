"""Each engine beside OpenSpiel in the same run (issue 41): ``benchmarks/anchor.py``.

One row per engine: our actions per CPU second over the anchor's (OpenSpiel's
``python_tic_tac_toe`` for naval and raid, C++ ``backgammon`` for the board games),
random playouts interleaved, medians. When OpenSpiel cannot be had the row's
verdict says so (an error naming why), and ``anchor.py`` still prints our figure.
"""

from __future__ import annotations

import functools
from pathlib import Path

from anchor import PAIRINGS, AnchorUnavailable, Pairing, Row, measure
from anchor import anchor_python as _anchor_python
from benchlib import Bench


@functools.cache
def _python() -> Path | AnchorUnavailable:
    """The anchor venv's Python, or why it cannot be had (tried once a run)."""
    try:
        return _anchor_python()
    except AnchorUnavailable as exc:
        return exc


@functools.cache
def _row(engine: str) -> Row:
    pairing: Pairing = next(p for p in PAIRINGS if p.engine == engine)
    python = _python()
    if isinstance(python, AnchorUnavailable):
        raise python
    return measure(pairing, python=python)


def _ratio(engine: str) -> float:
    ratio = _row(engine).ratio
    assert ratio is not None
    return ratio


BENCHMARKS = [
    Bench(
        f"{p.engine}: ours / OpenSpiel {p.anchor} (actions per CPU s)",
        p.target,
        "ratio",
        lambda e=p.engine: _ratio(e),
        "higher",
    )
    for p in PAIRINGS
]
