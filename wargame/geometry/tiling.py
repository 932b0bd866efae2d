"""Printing a table 1:1: how a table of W x H cm is cut into paper pages.

Pure arithmetic (no Qt), so it is tested on its own: every point of the table
lies on at least one page, neighbouring pages overlap by ``overlap_cm`` so they
can be glued edge to edge on the alignment marks, and nothing is scaled.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from wargame.errors import BadInput

#: Paper sizes in cm, portrait (width, height).
PAPER: dict[str, tuple[float, float]] = {
    "A4": (21.0, 29.7),
    "A3": (29.7, 42.0),
    "Letter": (21.59, 27.94),
}


@dataclass(frozen=True, slots=True)
class PageTile:
    """One page: the part of the table (in table cm) printed on it, at 1:1."""

    row: int
    col: int
    x_cm: float
    y_cm: float
    w_cm: float
    h_cm: float


@dataclass(frozen=True, slots=True)
class PageSetup:
    paper: str = "A4"
    landscape: bool = True
    margin_cm: float = 1.5
    overlap_cm: float = 1.0

    @property
    def page_cm(self) -> tuple[float, float]:
        try:
            w, h = PAPER[self.paper]
        except KeyError:
            raise BadInput(
                f"paper {self.paper!r} is not known; choose {', '.join(PAPER)}"
            ) from None
        return (h, w) if self.landscape else (w, h)

    @property
    def printable_cm(self) -> tuple[float, float]:
        w, h = self.page_cm
        pw, ph = w - 2 * self.margin_cm, h - 2 * self.margin_cm
        if pw <= self.overlap_cm or ph <= self.overlap_cm:
            raise BadInput("the margins and overlap leave no room on the page")
        return pw, ph


def _starts(length: float, printable: float, overlap: float) -> list[float]:
    if length <= printable:
        return [0.0]
    step = printable - overlap
    n = math.ceil((length - overlap) / step)
    return [min(i * step, length - printable) for i in range(n)]


def tile_table(width_cm: float, height_cm: float, setup: PageSetup | None = None) -> list[PageTile]:
    """The pages for a table ``width_cm`` x ``height_cm``, row by row."""
    setup = setup or PageSetup()
    if not (0 < width_cm < 10_000 and 0 < height_cm < 10_000):
        raise BadInput(f"a table of {width_cm} x {height_cm} cm cannot be printed")
    pw, ph = setup.printable_cm
    tiles = []
    for r, y in enumerate(_starts(height_cm, ph, setup.overlap_cm)):
        for c, x in enumerate(_starts(width_cm, pw, setup.overlap_cm)):
            tiles.append(PageTile(r, c, x, y, min(pw, width_cm - x), min(ph, height_cm - y)))
    return tiles
