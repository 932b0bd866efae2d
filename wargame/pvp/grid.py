"""The triangle grid: integer coordinates, neighbours, symmetries and drawing geometry.

A triangle is ``(a, b, c)`` with ``a + b + c`` equal to 0 (a triangle pointing
down, "▽") or 1 (pointing up, "△"). Three families of parallel lines cut the
plane; coordinate ``i`` counts the lines of family ``i`` crossed. Two triangles
share a side when they differ by one in one coordinate; that coordinate is the
*side* crossed (0, 1 or 2), so a pirate's facing is a side number too.

The grid is laid so that the rotation ``(a, b, c) -> (c, a, b)`` turns the plane a
third of the way round the centre of triangle ``(0, 0, 0)`` and the swap
``(a, b, c) -> (a, c, b)`` mirrors it in the vertical line through that centre.
Side 0 is horizontal, so the triangles of one row share coordinate ``a``.

Drawing: unit vectors ``e0`` up, ``e1`` down-right, ``e2`` down-left (y grows
downwards, as on screen and on the table); a triangle is one unit high.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Cell = tuple[int, int, int]

SQ3 = math.sqrt(3.0)
#: The three unit vectors, screen coordinates (y down).
E = ((0.0, -1.0), (SQ3 / 2, 0.5), (-SQ3 / 2, 0.5))
#: Compass names of the sides of a ▽ (sum 0) and a △ (sum 1), by side number.
SIDE_NAMES = {0: ("north", "south-east", "south-west"), 1: ("south", "north-west", "north-east")}


def is_cell(cell: Iterable[int]) -> bool:
    t = tuple(cell)
    return len(t) == 3 and all(isinstance(v, int) for v in t) and sum(t) in (0, 1)


def up(cell: Cell) -> bool:
    """True for a triangle pointing up (△)."""
    return sum(cell) == 1


def across(cell: Cell, side: int) -> Cell:
    """The triangle on the other side of ``side``."""
    d = 1 if sum(cell) == 0 else -1
    a = list(cell)
    a[side] += d
    return (a[0], a[1], a[2])


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    return (across(cell, 0), across(cell, 1), across(cell, 2))


def side_between(frm: Cell, to: Cell) -> int:
    """The side of ``to`` a step from ``frm`` enters through (they must share it)."""
    for i in range(3):
        if frm[i] != to[i]:
            return i
    raise ValueError(f"{frm} and {to} share no side")


def rotate(cell: Cell, times: int = 1) -> Cell:
    """Turn a third of the way round the centre of (0, 0, 0), ``times`` times."""
    a, b, c = cell
    for _ in range(times % 3):
        a, b, c = c, a, b
    return (a, b, c)


def mirror(cell: Cell) -> Cell:
    """Reflect in the vertical line through the centre of (0, 0, 0)."""
    return (cell[0], cell[2], cell[1])


def side_name(cell: Cell, side: int) -> str:
    return SIDE_NAMES[sum(cell)][side]


# -- geometry --------------------------------------------------------------------------
def _point(u: tuple[float, float, float]) -> tuple[float, float]:
    x = sum(u[i] * E[i][0] for i in range(3)) * 2 / 3
    y = sum(u[i] * E[i][1] for i in range(3)) * 2 / 3
    return (x, y)


def centre(cell: Cell) -> tuple[float, float]:
    """The centroid, in triangle heights from the centre of (0, 0, 0)."""
    s = sum(cell) / 3
    return _point((cell[0] - s, cell[1] - s, cell[2] - s))


def corners(cell: Cell) -> tuple[tuple[float, float], ...]:
    """The three corners; corner ``i`` is opposite side ``i``."""
    s = sum(cell) / 3
    sign = -1 if sum(cell) == 0 else 1
    out = []
    for k in range(3):
        u = [cell[i] - s + (-sign / 3) for i in range(3)]
        u[k] = cell[k] - s + sign * 2 / 3
        out.append(_point((u[0], u[1], u[2])))
    return tuple(out)


def side_midpoint(cell: Cell, side: int) -> tuple[float, float]:
    pts = [p for k, p in enumerate(corners(cell)) if k != side]
    return ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)


def cell_at(x: float, y: float) -> Cell:
    """The triangle containing the point (in triangle heights)."""
    # u_i = p . e_i; the triangle index is the line count, lines at k + 1/3.
    u = [x * E[i][0] + y * E[i][1] for i in range(3)]
    cell = tuple(math.floor(v + 2 / 3) for v in u)
    if sum(cell) not in (0, 1):  # on a line: nudge towards the centre
        cell = tuple(math.floor(v * 0.999 + 2 / 3) for v in u)
    return (cell[0], cell[1], cell[2])


def row_col(cell: Cell) -> tuple[int, int]:
    """Row (``a``, growing upwards) and column (``b - c``, growing rightwards)."""
    return cell[0], cell[1] - cell[2]


def label(index: int) -> str:
    """Row letters: 0 -> A, 25 -> Z, 26 -> AA."""
    out = ""
    n = index
    while True:
        out = chr(ord("A") + n % 26) + out
        n = n // 26 - 1
        if n < 0:
            return out
