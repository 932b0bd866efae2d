"""The square grid of a 15mm land raid: 8- and 4-neighbour moves, lines of fire."""

from __future__ import annotations

from typing import NamedTuple

ORTHOGONAL: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
DIAGONAL: tuple[tuple[int, int], ...] = ((1, 1), (-1, 1), (-1, -1), (1, -1))
ALL8: tuple[tuple[int, int], ...] = ORTHOGONAL + DIAGONAL


class Square(NamedTuple):
    col: int
    row: int

    def neighbors8(self) -> list[Square]:
        return [Square(self.col + dc, self.row + dr) for dc, dr in ALL8]

    def neighbors4(self) -> list[Square]:
        return [Square(self.col + dc, self.row + dr) for dc, dr in ORTHOGONAL]

    def chebyshev(self, other: Square) -> int:
        """Moves needed with diagonals allowed (king moves)."""
        return max(abs(self.col - other.col), abs(self.row - other.row))

    def manhattan(self, other: Square) -> int:
        """Moves needed with orthogonal steps only."""
        return abs(self.col - other.col) + abs(self.row - other.row)

    def is_orthogonal_to(self, other: Square) -> bool:
        return (self.col == other.col) != (self.row == other.row)

    def text(self) -> str:
        return f"{self.col},{self.row}"


class SquareGrid(NamedTuple):
    cols: int
    rows: int
    #: Side of one square on the table in cm (15mm figures).
    square_cm: float = 5.0

    def contains(self, sq: Square) -> bool:
        return 0 <= sq.col < self.cols and 0 <= sq.row < self.rows

    def neighbors(self, sq: Square, *, diagonal: bool = True) -> list[Square]:
        cands = sq.neighbors8() if diagonal else sq.neighbors4()
        return [s for s in cands if self.contains(s)]

    def squares(self) -> list[Square]:
        return [Square(c, r) for r in range(self.rows) for c in range(self.cols)]

    def to_point(self, sq: Square, *, unit: float = 1.0) -> tuple[float, float]:
        """Centre of ``sq`` in a plane where one square is ``unit`` wide."""
        return (sq.col + 0.5) * unit, (sq.row + 0.5) * unit

    def to_square(self, x: float, y: float, *, unit: float = 1.0) -> Square:
        return Square(int(x // unit), int(y // unit))

    def straight_between(self, a: Square, b: Square) -> list[Square]:
        """Squares strictly between a and b on an orthogonal or diagonal line, else []."""
        dc, dr = b.col - a.col, b.row - a.row
        if not (dc == 0 or dr == 0 or abs(dc) == abs(dr)):
            return []
        n = max(abs(dc), abs(dr))
        sc = (dc > 0) - (dc < 0)
        sr = (dr > 0) - (dr < 0)
        return [Square(a.col + sc * i, a.row + sr * i) for i in range(1, n)]
