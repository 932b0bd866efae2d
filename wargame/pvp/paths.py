"""Every simple path of exact length from a triangle, enumerated once per board.

A move is exactly the roll's length, never enters a triangle twice and never
passes through a pirate. For each start triangle and length the table holds,
per end triangle, the distinct *interiors* of the paths there (a bitmask of
the triangles passed through, neither start nor end) with the side the last
step enters the end by. A move is then legal when one interior misses every
blocker: one AND per candidate path, no search at play time.

Tables are built lazily (a few ms per start triangle) and shared by every
state on the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Sides(Protocol):
    """What the tables read of a board (:class:`wargame.pvp.board.TriBoard`, which
    builds its table: so this module does not import it)."""

    cells: Sequence[object]
    side: Sequence[Sequence[int]]


#: The longest move the tables are built for at once (2d4: 8); longer ones on demand.
MAX_ROLL = 8

#: end -> ((interior mask, entry side of the end), ...)
Ends = dict[int, tuple[tuple[int, int], ...]]


class PathTable:
    __slots__ = ("board", "_tables", "_unions", "_lists", "flat")

    def __init__(self, board: Sides) -> None:
        self.board = board
        self._tables: dict[int, Ends] = {}
        self._unions: dict[int, int] = {}
        self._lists: dict[int, tuple[tuple[int, ...], int]] = {}
        #: flat[start * 16 + length]: (ends, union mask, number of ends, the Ends table),
        #: filled lazily
        self.flat: list[tuple[tuple[int, ...], int, int, Ends] | None] = [None] * (
            len(board.cells) * 16
        )

    def end_list(self, start: int, length: int) -> tuple[tuple[int, ...], int]:
        """The ends of paths of ``length`` from ``start`` (a tuple) and their union mask."""
        key = start * 32 + length
        t = self._lists.get(key)
        if t is None:
            t = (tuple(self.ends(start, length)), self.union(start, length))
            self._lists[key] = t
            self.flat[start * 16 + length] = (t[0], t[1], len(t[0]), self.ends(start, length))
        return t

    def ends(self, start: int, length: int) -> Ends:
        key = start * 32 + length
        t = self._tables.get(key)
        if t is None:
            t = self._build(start, length)
            self._tables[key] = t
        return t

    def union(self, start: int, length: int) -> int:
        """Every triangle some path of ``length`` from ``start`` passes through or ends on."""
        key = start * 32 + length
        u = self._unions.get(key)
        if u is None:
            u = 0
            for end, paths in self.ends(start, length).items():
                u |= 1 << end
                for m, _side in paths:
                    u |= m
            self._unions[key] = u
        return u

    def _build(self, start: int, length: int) -> Ends:
        """One DFS from ``start`` fills the tables of every length up to the longest
        roll (they share their prefixes); returns the one asked for."""
        side = self.board.side
        top = max(length, MAX_ROLL)
        found: list[dict[int, set[tuple[int, int]]]] = [{} for _ in range(top + 1)]
        # iterative DFS: (cell, visited mask incl. start, interior mask, depth)
        stack = [(start, 1 << start, 0, 0)]
        pop = stack.pop
        push = stack.append
        while stack:
            cell, seen, inner, depth = pop()
            d = depth + 1
            bucket = found[d]
            for k, nxt in enumerate(side[cell]):
                if nxt < 0:
                    continue
                bit = 1 << nxt
                if seen & bit:
                    continue
                ps = bucket.get(nxt)
                if ps is None:
                    bucket[nxt] = {(inner, k)}
                else:
                    ps.add((inner, k))
                if d < top:
                    push((nxt, seen | bit, inner | bit, d))
        out: Ends = {}
        for d in range(1, top + 1):
            table = {end: tuple(ps) for end, ps in found[d].items()}
            key = start * 32 + d
            if key not in self._tables:
                self._tables[key] = table
            if d == length:
                out = table
        return out
