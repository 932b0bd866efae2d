"""Hex grids after Red Blob Games: cube / axial / offset / doubled coordinates.

A :class:`Hex` is cube ``(q, r, s)`` with ``q + r + s == 0``. Directions are
numbered 0..5 counter-clockwise from +q (Red Blob's order). A :class:`Layout`
turns hexes into plane points (y grows downwards, like a screen) for a hex
``size`` - the centre-to-corner distance - in any unit: cm on the table, or
pixels in a scene.

Line drawing follows Red Blob's nudged convention (ties broken towards +q, +r).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple


class Hex(NamedTuple):
    q: int
    r: int
    s: int

    @classmethod
    def axial(cls, q: int, r: int) -> Hex:
        return cls(q, r, -q - r)

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        assert isinstance(other, Hex)
        return Hex(self.q + other.q, self.r + other.r, self.s + other.s)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r, self.s - other.s)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k, self.s * k)

    def length(self) -> int:
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        return (abs(self.q - other.q) + abs(self.r - other.r) + abs(self.s - other.s)) // 2

    def neighbor(self, direction: int) -> Hex:
        d = DIRECTIONS[direction % 6]
        return Hex(self.q + d.q, self.r + d.r, self.s + d.s)

    def neighbors(self) -> list[Hex]:
        return [self.neighbor(i) for i in range(6)]

    def diagonal(self, direction: int) -> Hex:
        d = DIAGONALS[direction % 6]
        return Hex(self.q + d.q, self.r + d.r, self.s + d.s)

    def rotate_left(self) -> Hex:
        return Hex(-self.s, -self.q, -self.r)

    def rotate_right(self) -> Hex:
        return Hex(-self.r, -self.s, -self.q)

    def direction_to(self, other: Hex) -> int | None:
        """The facing 0..5 if ``other`` is a neighbour, else None."""
        diff = other - self
        try:
            return DIRECTIONS.index(diff)
        except ValueError:
            return None

    def ring(self, radius: int) -> list[Hex]:
        if radius == 0:
            return [self]
        out = []
        h = self + DIRECTIONS[4].scale(radius)
        for i in range(6):
            for _ in range(radius):
                out.append(h)
                h = h.neighbor(i)
        return out

    def spiral(self, radius: int) -> list[Hex]:
        out = [self]
        for k in range(1, radius + 1):
            out.extend(self.ring(k))
        return out

    def text(self) -> str:
        return f"{self.q},{self.r}"


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0, -1),
    Hex(1, -1, 0),
    Hex(0, -1, 1),
    Hex(-1, 0, 1),
    Hex(-1, 1, 0),
    Hex(0, 1, -1),
)
DIAGONALS: tuple[Hex, ...] = (
    Hex(2, -1, -1),
    Hex(1, -2, 1),
    Hex(-1, -1, 2),
    Hex(-2, 1, 1),
    Hex(-1, 2, -1),
    Hex(1, 1, -2),
)


def facing_delta(a: int, b: int) -> int:
    """Smallest number of hex-face turns between facings ``a`` and ``b`` (0..3)."""
    d = (b - a) % 6
    return min(d, 6 - d)


def hex_round(q: float, r: float, s: float) -> Hex:
    qi, ri, si = round(q), round(r), round(s)
    dq, dr, ds = abs(qi - q), abs(ri - r), abs(si - s)
    if dq > dr and dq > ds:
        qi = -ri - si
    elif dr > ds:
        ri = -qi - si
    else:
        si = -qi - ri
    return Hex(int(qi), int(ri), int(si))


def hex_lerp(
    a: tuple[float, float, float], b: tuple[float, float, float], t: float
) -> tuple[float, float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    n = a.distance(b)
    if n == 0:
        return [a]
    an = (a.q + 1e-6, a.r + 1e-6, a.s - 2e-6)
    bn = (b.q + 1e-6, b.r + 1e-6, b.s - 2e-6)
    step = 1.0 / n
    return [hex_round(*hex_lerp(an, bn, step * i)) for i in range(n + 1)]


# -- offset and doubled coordinates ---------------------------------------------
OffsetKind = Literal["odd-r", "even-r", "odd-q", "even-q"]


def to_offset(h: Hex, kind: OffsetKind) -> tuple[int, int]:
    """Cube to ``(col, row)``. ``*-r`` are pointy-top (rows shoved), ``*-q`` flat-top."""
    if kind in ("odd-r", "even-r"):
        offset = -1 if kind == "odd-r" else 1
        col = h.q + (h.r + offset * (h.r & 1)) // 2
        return col, h.r
    offset = -1 if kind == "odd-q" else 1
    row = h.r + (h.q + offset * (h.q & 1)) // 2
    return h.q, row


def from_offset(col: int, row: int, kind: OffsetKind) -> Hex:
    if kind in ("odd-r", "even-r"):
        offset = -1 if kind == "odd-r" else 1
        q = col - (row + offset * (row & 1)) // 2
        return Hex(q, row, -q - row)
    offset = -1 if kind == "odd-q" else 1
    r = row - (col + offset * (col & 1)) // 2
    return Hex(col, r, -col - r)


def to_doubled(h: Hex, axis: Literal["q", "r"]) -> tuple[int, int]:
    if axis == "q":
        return h.q, 2 * h.r + h.q
    return 2 * h.q + h.r, h.r


def from_doubled(col: int, row: int, axis: Literal["q", "r"]) -> Hex:
    if axis == "q":
        q, r = col, (row - col) // 2
    else:
        q, r = (col - row) // 2, row
    return Hex(q, r, -q - r)


# -- layout: hexes to plane points ------------------------------------------------
Orientation = Literal["flat", "pointy"]
_S3 = math.sqrt(3.0)
_MATRICES = {
    # forward f0..f3, backward b0..b3, start angle (in units of 60 deg)
    "pointy": ((_S3, _S3 / 2, 0.0, 1.5), (_S3 / 3, -1.0 / 3, 0.0, 2.0 / 3), 0.5),
    "flat": ((1.5, 0.0, _S3 / 2, _S3), (2.0 / 3, 0.0, -1.0 / 3, _S3 / 3), 0.0),
}


@dataclass(frozen=True, slots=True)
class Layout:
    """Hex to plane conversion. ``size`` is centre to corner, per axis."""

    orientation: Orientation = "flat"
    size: tuple[float, float] = (1.0, 1.0)
    origin: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def across_flats(
        cls,
        width: float,
        orientation: Orientation = "flat",
        origin: tuple[float, float] = (0.0, 0.0),
    ) -> Layout:
        """A layout whose hexes measure ``width`` across the flats (how hex mats are sold)."""
        size = width / _S3
        return cls(orientation, (size, size), origin)

    @property
    def across_flats_width(self) -> float:
        return self.size[0] * _S3

    def to_point(self, h: Hex) -> tuple[float, float]:
        f = _MATRICES[self.orientation][0]
        x = (f[0] * h.q + f[1] * h.r) * self.size[0]
        y = (f[2] * h.q + f[3] * h.r) * self.size[1]
        return x + self.origin[0], y + self.origin[1]

    def fractional(self, x: float, y: float) -> tuple[float, float, float]:
        b = _MATRICES[self.orientation][1]
        px = (x - self.origin[0]) / self.size[0]
        py = (y - self.origin[1]) / self.size[1]
        q = b[0] * px + b[1] * py
        r = b[2] * px + b[3] * py
        return q, r, -q - r

    def to_hex(self, x: float, y: float) -> Hex:
        return hex_round(*self.fractional(x, y))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.to_point(h)
        start = _MATRICES[self.orientation][2]
        out = []
        for i in range(6):
            angle = 2.0 * math.pi * (start - i) / 6.0
            out.append((cx + self.size[0] * math.cos(angle), cy + self.size[1] * math.sin(angle)))
        return out

    def direction_angle(self, direction: int) -> float:
        """Screen angle in degrees (0 = +x, clockwise positive since y grows down) of
        the line from a hex centre to its neighbour in ``direction``."""
        x0, y0 = self.to_point(Hex(0, 0, 0))
        x1, y1 = self.to_point(DIRECTIONS[direction % 6])
        return math.degrees(math.atan2(y1 - y0, x1 - x0))


def hex_rectangle(cols: int, rows: int, kind: OffsetKind = "odd-q") -> Iterator[Hex]:
    """The hexes of a ``cols`` x ``rows`` rectangular map in offset coordinates."""
    for row in range(rows):
        for col in range(cols):
            yield from_offset(col, row, kind)
