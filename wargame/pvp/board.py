"""The Pirate Versus Pirate board: triangles, rowboats, start spaces and coins.

A board file is a map file (``format: "wargame-map"``) with one more key,
``triangles``::

    "triangles": {
      "size_cm": 2.5,                       # height of one triangle on the table
      "colours": ["blue", "red", "green"],  # clockwise round the board
      "two_player": ["blue", "red"],        # the colours of a two-player game
      "cells": [[a, b, c], ...],            # every triangle of the board
      "start": {"blue": [[a, b, c] x 6], ...},
      "rowboats": {"blue": {"silver": [[...], [...]], "gold": [...]}, ...},
      "coins": {"silver": [[...] x 3], "gold": [[...]]}
    }

Cells are triangle-grid coordinates (:mod:`wargame.pvp.grid`). :class:`TriBoard`
is the frozen, precomputed board the engine plays on (cells by index,
neighbours by side, distances); :class:`BoardSpec` is the plain, editable
description the map editor changes. :func:`check_board` validates a spec
(counts, reachability) and reports its symmetry and fairness path lengths.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from wargame.errors import FileFormatError, shown
from wargame.plural import count
from wargame.pvp import grid
from wargame.pvp.grid import Cell
from wargame.pvp.paths import PathTable

COLOURS = ("blue", "red", "green")
STARTS_PER_COLOUR = 6
SILVER_COINS = 3
GOLD_COINS = 1
MAX_CELLS = 5_000
KEY = "triangles"


# -- the editable description ------------------------------------------------------------
@dataclass(frozen=True)
class BoardSpec:
    """What a board file says, as plain values (the map editor's model of a board)."""

    name: str = "untitled board"
    size_cm: float = 2.5
    colours: tuple[str, ...] = COLOURS
    two_player: tuple[str, str] = ("blue", "red")
    cells: frozenset[Cell] = frozenset()
    start: Mapping[str, tuple[Cell, ...]] = field(default_factory=dict)
    silver_spaces: Mapping[str, tuple[Cell, ...]] = field(default_factory=dict)
    gold_space: Mapping[str, Cell | None] = field(default_factory=dict)
    silver_coins: tuple[Cell, ...] = ()
    gold_coins: tuple[Cell, ...] = ()

    # -- what lies on a triangle -------------------------------------------------------
    def role(self, cell: Cell) -> tuple[str, str | None]:
        """("start" | "silver-space" | "gold-space" | "silver" | "gold" | "plain" | "off",
        colour or None)."""
        if cell not in self.cells:
            return ("off", None)
        for colour in self.colours:
            if cell in self.start.get(colour, ()):
                return ("start", colour)
            if cell in self.silver_spaces.get(colour, ()):
                return ("silver-space", colour)
            if self.gold_space.get(colour) == cell:
                return ("gold-space", colour)
        if cell in self.silver_coins:
            return ("silver", None)
        if cell in self.gold_coins:
            return ("gold", None)
        return ("plain", None)

    def clear(self, cell: Cell) -> BoardSpec:
        """The spec with nothing special on ``cell`` (it stays a board triangle)."""
        return replace(
            self,
            start={c: tuple(x for x in v if x != cell) for c, v in self.start.items()},
            silver_spaces={
                c: tuple(x for x in v if x != cell) for c, v in self.silver_spaces.items()
            },
            gold_space={c: (None if v == cell else v) for c, v in self.gold_space.items()},
            silver_coins=tuple(x for x in self.silver_coins if x != cell),
            gold_coins=tuple(x for x in self.gold_coins if x != cell),
        )

    def paint(self, cell: Cell, what: str, colour: str | None = None) -> BoardSpec:
        """``what`` on ``cell``: board / off / start / silver-space / gold-space / silver /
        gold / plain. Painting a special space adds the triangle to the board."""
        if what == "off":
            spec = self.clear(cell)
            return replace(spec, cells=spec.cells - {cell})
        spec = self.clear(cell) if what != "board" else self
        spec = replace(spec, cells=spec.cells | {cell})
        if what in ("board", "plain"):
            return spec
        if what == "silver":
            return replace(spec, silver_coins=(*spec.silver_coins, cell))
        if what == "gold":
            return replace(spec, gold_coins=(*spec.gold_coins, cell))
        if colour is None:
            raise ValueError(f"painting {what} needs a colour")
        if what == "start":
            return replace(spec, start={**spec.start, colour: (*spec.start.get(colour, ()), cell)})
        if what == "silver-space":
            spaces = {**spec.silver_spaces}
            spaces[colour] = (*spaces.get(colour, ()), cell)
            return replace(spec, silver_spaces=spaces)
        if what == "gold-space":
            old = spec.gold_space.get(colour)
            spec = spec.clear(old) if old is not None else spec
            return replace(spec, gold_space={**spec.gold_space, colour: cell})
        raise ValueError(f"unknown paint {shown(what)}")

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        def cl(cells: Sequence[Cell]) -> list[list[int]]:
            return [list(c) for c in cells]

        return {
            "size_cm": self.size_cm,
            "colours": list(self.colours),
            "two_player": list(self.two_player),
            "cells": cl(sorted(self.cells, key=lambda c: (-c[0], c[1] - c[2]))),
            "start": {c: cl(self.start.get(c, ())) for c in self.colours},
            "rowboats": {
                c: {
                    "silver": cl(self.silver_spaces.get(c, ())),
                    "gold": list(g) if (g := self.gold_space.get(c)) is not None else None,
                }
                for c in self.colours
            },
            "coins": {"silver": cl(self.silver_coins), "gold": cl(self.gold_coins)},
        }

    def bounds_cm(self) -> tuple[float, float, float, float]:
        """The table rectangle the board needs, with a margin of one triangle."""
        if not self.cells:
            return (0.0, 0.0, 60.0, 60.0)
        pts = [p for c in self.cells for p in grid.corners(c)]
        s = self.size_cm
        xs = [p[0] * s for p in pts]
        ys = [p[1] * s for p in pts]
        m = s
        return (
            round(min(xs) - m, 3),
            round(min(ys) - m, 3),
            round(max(xs) + m, 3),
            round(max(ys) + m, 3),
        )


def spec_to_map_json(spec: BoardSpec) -> dict[str, Any]:
    """A whole board file: a map with no areas and the triangle board."""
    return {
        "format": "wargame-map",
        "version": 1,
        "name": spec.name,
        "units": "cm",
        "bounds": list(spec.bounds_cm()),
        "hex": None,
        "islands": [],
        "areas": [],
        "edges_add": [],
        "edges_cut": [],
        KEY: spec.to_json(),
    }


def has_board(data: Any) -> bool:
    return isinstance(data, Mapping) and isinstance(data.get(KEY), Mapping)


def spec_from_json(data: Any, source: str = "board") -> BoardSpec:
    """Read the ``triangles`` key of a board file (or the key's value itself).

    Refuses what cannot be a board with FileFormatError naming the key; what is
    merely unplayable (counts, reachability) is :func:`check_board`'s to report."""
    name = "board"
    if isinstance(data, Mapping) and KEY in data:
        name = str(data.get("name", name))[:200]
        data = data[KEY]
    if not isinstance(data, Mapping):
        raise FileFormatError(f"{source}: key '{KEY}' must be an object describing the board")

    def fail(key: str, what: str) -> FileFormatError:
        return FileFormatError(f"{source}: key '{KEY}.{key}': {what}")

    def cell(value: Any, key: str) -> Cell:
        if (
            not isinstance(value, list)
            or len(value) != 3
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or sum(value) not in (0, 1)
            or any(abs(v) > 10_000 for v in value)
        ):
            raise fail(key, f"{str(value)[:40]} is not a triangle [a, b, c] with a+b+c 0 or 1")
        return (value[0], value[1], value[2])

    def cells(value: Any, key: str) -> tuple[Cell, ...]:
        if not isinstance(value, list):
            raise fail(key, "must be a list of triangles [a, b, c]")
        if len(value) > MAX_CELLS:
            raise fail(key, f"{len(value)} triangles (at most {MAX_CELLS})")
        return tuple(cell(v, f"{key}[{k}]") for k, v in enumerate(value))

    size = data.get("size_cm", 2.5)
    if isinstance(size, bool) or not isinstance(size, int | float) or not 0.5 <= size <= 50:
        raise fail("size_cm", f"must be a number of cm from 0.5 to 50, not {shown(size)}")
    colours = data.get("colours", list(COLOURS))
    if (
        not isinstance(colours, list)
        or not 2 <= len(colours) <= 3
        or not all(isinstance(c, str) and c.isidentifier() and len(c) <= 20 for c in colours)
        or len(set(colours)) != len(colours)
    ):
        raise fail("colours", "must list 2 or 3 different colour names, clockwise")
    two = data.get("two_player", colours[:2])
    if not isinstance(two, list) or len(two) != 2 or len(set(two)) != 2 or set(two) - set(colours):
        raise fail(
            "two_player", f"must name two of the colours {', '.join(shown(c) for c in colours)}"
        )
    all_cells = cells(data.get("cells", []), "cells")
    start: dict[str, tuple[Cell, ...]] = {}
    silver_spaces: dict[str, tuple[Cell, ...]] = {}
    gold_space: dict[str, Cell | None] = {}
    raw_start = data.get("start", {})
    raw_boats = data.get("rowboats", {})
    if not isinstance(raw_start, Mapping):
        raise fail("start", "must be an object: colour -> list of triangles")
    if not isinstance(raw_boats, Mapping):
        raise fail("rowboats", "must be an object: colour -> {silver, gold}")
    for key in list(raw_start) + list(raw_boats):
        if key not in colours:
            raise fail("start" if key in raw_start else "rowboats", f"{shown(key)} is not a colour")
    for c in colours:
        start[c] = cells(raw_start.get(c, []), f"start.{c}")
        boat = raw_boats.get(c, {})
        if not isinstance(boat, Mapping):
            raise fail(f"rowboats.{c}", "must be an object {silver: [...], gold: [...]}")
        silver_spaces[c] = cells(boat.get("silver", []), f"rowboats.{c}.silver")
        g = boat.get("gold")
        gold_space[c] = None if g is None else cell(g, f"rowboats.{c}.gold")
    coins = data.get("coins", {})
    if not isinstance(coins, Mapping):
        raise fail("coins", "must be an object {silver: [...], gold: [...]}")
    return BoardSpec(
        name=name,
        size_cm=float(size),
        colours=tuple(colours),
        two_player=(two[0], two[1]),
        cells=frozenset(all_cells),
        start=start,
        silver_spaces=silver_spaces,
        gold_space=gold_space,
        silver_coins=cells(coins.get("silver", []), "coins.silver"),
        gold_coins=cells(coins.get("gold", []), "coins.gold"),
    )


# -- validation, symmetry and fairness ------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    kind: str
    message: str
    cells: tuple[Cell, ...] = ()


@dataclass
class BoardReport:
    """What :func:`check_board` found: problems (a board with any can't be played),
    the symmetry (reported, not required) and the fairness path lengths."""

    problems: list[Problem] = field(default_factory=list)
    #: colour -> the colour the board's rotation maps it onto (when it does)
    rotation: dict[str, str] = field(default_factory=dict)
    rotation_symmetric: bool = False
    #: the two-player colours are swapped by a mirror that maps the board onto itself
    two_player_symmetric: bool = False
    #: colour -> coin name -> start..coin..rowboat shortest length (None: unreachable)
    paths: dict[str, dict[str, int | None]] = field(default_factory=dict)
    fair: bool = False
    seconds: float = 0.0

    @property
    def sound(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "sound": self.sound,
            "problems": [
                {"kind": p.kind, "message": p.message, "cells": [list(c) for c in p.cells]}
                for p in self.problems
            ],
            "rotation_symmetric": self.rotation_symmetric,
            "two_player_symmetric": self.two_player_symmetric,
            "fair": self.fair,
            "paths": self.paths,
        }

    def summary(self) -> str:
        lines = [
            count(len(self.problems), "problem", "problems")
            if self.problems
            else "a playable board"
        ]
        lines.append(
            "symmetric under a third of a turn"
            if self.rotation_symmetric
            else "not symmetric under a third of a turn"
        )
        lines.append(
            "two-player colours mirror each other"
            if self.two_player_symmetric
            else "two-player colours do not mirror each other"
        )
        lines.append("fair: equal paths for every colour" if self.fair else "path lengths differ")
        return "; ".join(lines)


def coin_names(spec: BoardSpec) -> list[str]:
    return [f"silver-{k + 1}" for k in range(len(spec.silver_coins))] + (
        ["gold"]
        if len(spec.gold_coins) == 1
        else [f"gold-{k + 1}" for k in range(len(spec.gold_coins))]
    )


def _bfs(adj: Mapping[Cell, Sequence[Cell]], sources: Sequence[Cell]) -> dict[Cell, int]:
    dist = {s: 0 for s in sources if s in adj}
    q = deque(dist)
    while q:
        x = q.popleft()
        dx = dist[x] + 1
        for y in adj[x]:
            if y not in dist:
                dist[y] = dx
                q.append(y)
    return dist


def check_board(spec: BoardSpec, *, players: int | None = None) -> BoardReport:
    """Validate ``spec``: counts right, every special space a board triangle, every coin
    reachable from every start and every rowboat space from every coin; report the
    symmetry and the start -> coin -> rowboat path lengths of every colour."""
    t0 = time.perf_counter()
    rep = BoardReport()
    P = rep.problems
    cells = spec.cells
    adj = {c: [n for n in grid.neighbours(c) if n in cells] for c in cells}
    if not cells:
        P.append(Problem("empty", "the board has no triangles"))
    seen: dict[Cell, str] = {}

    def place(cell: Cell, what: str) -> None:
        if cell not in cells:
            P.append(Problem("off-board", f"{what} is not on a board triangle", (cell,)))
        if cell in seen:
            P.append(Problem("overlap", f"{what} and {seen[cell]} share a triangle", (cell,)))
        seen[cell] = what

    for colour in spec.colours:
        st = spec.start.get(colour, ())
        if len(st) != STARTS_PER_COLOUR:
            P.append(
                Problem(
                    "count",
                    f"{colour} has {len(st)} start spaces (needs {STARTS_PER_COLOUR})",
                    tuple(st),
                )
            )
        for c in st:
            place(c, f"a {colour} start space")
        sv = spec.silver_spaces.get(colour, ())
        if len(sv) != 2:
            P.append(
                Problem("count", f"{colour}'s rowboat has {len(sv)} silver spaces (needs 2)", sv)
            )
        for c in sv:
            place(c, f"{colour}'s rowboat silver space")
        g = spec.gold_space.get(colour)
        if g is None:
            P.append(Problem("count", f"{colour}'s rowboat has no gold space"))
        else:
            place(g, f"{colour}'s rowboat gold space")
    if len(spec.silver_coins) != SILVER_COINS:
        P.append(
            Problem(
                "count",
                f"{len(spec.silver_coins)} silver coins (needs {SILVER_COINS})",
                spec.silver_coins,
            )
        )
    if len(spec.gold_coins) != GOLD_COINS:
        P.append(
            Problem(
                "count", f"{len(spec.gold_coins)} gold coins (needs {GOLD_COINS})", spec.gold_coins
            )
        )
    names = coin_names(spec)
    coins = list(zip(names, (*spec.silver_coins, *spec.gold_coins)))
    for name, c in coins:
        place(c, f"the {name} coin")
    # reachability and path lengths
    fair_rows: dict[str, tuple[tuple[int | None, ...], tuple[int | None, ...]]] = {}
    for colour in spec.colours:
        starts = [c for c in spec.start.get(colour, ()) if c in cells]
        row: dict[str, int | None] = {}
        for s in starts:
            d = _bfs(adj, [s])
            for name, c in coins:
                if c not in d:
                    P.append(
                        Problem(
                            "unreachable",
                            f"the {name} coin cannot be reached from a {colour} start space",
                            (s, c),
                        )
                    )
            for sp in (*spec.silver_spaces.get(colour, ()), spec.gold_space.get(colour)):
                if sp is not None and sp in cells and sp not in d:
                    P.append(
                        Problem(
                            "unreachable",
                            f"{colour}'s rowboat cannot be reached from a {colour} start space",
                            (s, sp),
                        )
                    )
        from_starts = _bfs(adj, starts)
        for name, c in coins:
            gold = name.startswith("gold")
            targets = (
                [spec.gold_space.get(colour)] if gold else list(spec.silver_spaces.get(colour, ()))
            )
            targets = [t for t in targets if t is not None and t in cells]
            out = from_starts.get(c)
            back_d = _bfs(adj, [c]) if c in cells else {}
            back = min((back_d[t] for t in targets if t in back_d), default=None)
            row[name] = None if out is None or back is None else out + back
        rep.paths[colour] = row
        silver = tuple(
            sorted(v if v is not None else -1 for k, v in row.items() if k.startswith("silver"))
        )
        gold_l = tuple(v for k, v in row.items() if k.startswith("gold"))
        fair_rows[colour] = (silver, gold_l)  # type: ignore[assignment]
    _dedupe(P)
    used = list(spec.colours) if players is None or players > 2 else list(spec.two_player)
    rows = [fair_rows[c] for c in used if c in fair_rows]
    rep.fair = (
        bool(rows)
        and all(r == rows[0] for r in rows)
        and all(None not in r[1] and -1 not in r[0] for r in rows)
    )
    _symmetry(spec, rep)
    rep.seconds = time.perf_counter() - t0
    return rep


def _dedupe(problems: list[Problem]) -> None:
    seen = set()
    out = []
    for p in problems:
        key = (p.kind, p.message)
        if key not in seen:
            seen.add(key)
            out.append(p)
    problems[:] = out


def _layout(spec: BoardSpec, colour: str) -> tuple[frozenset[Cell], frozenset[Cell], Cell | None]:
    return (
        frozenset(spec.start.get(colour, ())),
        frozenset(spec.silver_spaces.get(colour, ())),
        spec.gold_space.get(colour),
    )


def _maps(spec: BoardSpec, f: Any, pairs: Mapping[str, str]) -> bool:
    """True when ``f`` maps the board onto itself, colour c's spaces onto pairs[c]'s."""
    if {f(c) for c in spec.cells} != set(spec.cells):
        return False
    if {f(c) for c in spec.silver_coins} != set(spec.silver_coins):
        return False
    if {f(c) for c in spec.gold_coins} != set(spec.gold_coins):
        return False
    for a, b in pairs.items():
        sa, va, ga = _layout(spec, a)
        sb, vb, gb = _layout(spec, b)
        if {f(c) for c in sa} != sb or {f(c) for c in va} != vb:
            return False
        if (ga is None) != (gb is None) or (ga is not None and f(ga) != gb):
            return False
    return True


def _symmetry(spec: BoardSpec, rep: BoardReport) -> None:
    """Look for a third of a turn (about any triangle's centre) taking each colour's
    spaces onto the next colour's, and a mirror swapping the two-player colours."""
    cols = list(spec.colours)
    if len(cols) == 3 and spec.cells:
        nxt = {cols[k]: cols[(k + 1) % 3] for k in range(3)}
        prv = {cols[k]: cols[(k - 1) % 3] for k in range(3)}
        for centre in _centres(spec):
            for times in (1, 2):

                def f(c: Cell, t: int = times, o: Cell = centre) -> Cell:
                    return _about(c, o, lambda x: grid.rotate(x, t))

                for pairs in (nxt, prv):
                    if _maps(spec, f, pairs):
                        rep.rotation_symmetric = True
                        rep.rotation = dict(pairs)
                        break
                if rep.rotation_symmetric:
                    break
            if rep.rotation_symmetric:
                break
    a, b = spec.two_player
    pairs = {a: b, b: a}
    for centre in _centres(spec):
        for t in range(3):

            def m(c: Cell, t: int = t, o: Cell = centre) -> Cell:
                return _about(c, o, lambda x: grid.rotate(grid.mirror(grid.rotate(x, -t)), t))

            if _maps(spec, m, pairs):
                rep.two_player_symmetric = True
                return


def _centres(spec: BoardSpec) -> list[Cell]:
    """Candidate centres of symmetry: the triangle nearest the board's centroid first."""
    cs = list(spec.cells)
    mx = sum(grid.centre(c)[0] for c in cs) / len(cs)
    my = sum(grid.centre(c)[1] for c in cs) / len(cs)
    cs.sort(key=lambda c: (grid.centre(c)[0] - mx) ** 2 + (grid.centre(c)[1] - my) ** 2)
    return [c for c in cs[:4] if sum(c) == 0]


def _about(c: Cell, o: Cell, f: Any) -> Cell:
    """Apply a symmetry ``f`` of the grid about the ▽ triangle ``o`` instead of (0,0,0)."""
    x = (c[0] - o[0], c[1] - o[1], c[2] - o[2])
    y = f(x)
    return (y[0] + o[0], y[1] + o[1], y[2] + o[2])


# -- the board the engine plays on -----------------------------------------------------------
class TriBoard:
    """A checked board, precomputed for play: cells by index, neighbours by side,
    all-pairs distances. Immutable and shared by every state of a game."""

    __slots__ = (
        "spec",
        "name",
        "cells",
        "index",
        "labels",
        "label_index",
        "side",
        "adj",
        "dist",
        "colours",
        "two_player",
        "start",
        "silver_spaces",
        "gold_space",
        "coin_names",
        "coin_gold",
        "coin_start",
        "home_back",
        "paths",
        "moves",
        "move_ids",
        "__weakref__",
    )

    def __init__(self, spec: BoardSpec) -> None:
        self.spec = spec
        self.name = spec.name
        cells = sorted(spec.cells, key=lambda c: (-c[0], c[1] - c[2]))
        self.cells: tuple[Cell, ...] = tuple(cells)
        self.index = {c: i for i, c in enumerate(cells)}
        top = max(c[0] for c in cells)
        left = min(c[1] - c[2] for c in cells)
        self.labels = tuple(f"{grid.label(top - c[0])}{c[1] - c[2] - left + 1}" for c in cells)
        self.label_index = {lab: i for i, lab in enumerate(self.labels)}
        idx = self.index
        #: side[i][k]: the cell across side k of cell i, or -1 off the board
        self.side: tuple[tuple[int, int, int], ...] = tuple(
            tuple(idx.get(grid.across(c, k), -1) for k in range(3))  # type: ignore[misc]
            for c in cells
        )
        self.adj: tuple[tuple[int, ...], ...] = tuple(
            tuple(j for j in s if j >= 0) for s in self.side
        )
        n = len(cells)
        dist = []
        for i in range(n):
            d = [-1] * n
            d[i] = 0
            q = deque([i])
            while q:
                x = q.popleft()
                for y in self.adj[x]:
                    if d[y] < 0:
                        d[y] = d[x] + 1
                        q.append(y)
            dist.append(tuple(d))
        self.dist: tuple[tuple[int, ...], ...] = tuple(dist)
        self.colours = spec.colours
        self.two_player = spec.two_player
        self.start = {c: tuple(idx[x] for x in spec.start[c]) for c in spec.colours}
        self.silver_spaces = {c: tuple(idx[x] for x in spec.silver_spaces[c]) for c in spec.colours}
        self.gold_space = {c: idx[spec.gold_space[c]] for c in spec.colours}  # type: ignore[index]
        self.coin_names = tuple(coin_names(spec))
        self.coin_gold = tuple(nm.startswith("gold") for nm in self.coin_names)
        self.coin_start = tuple(idx[c] for c in (*spec.silver_coins, *spec.gold_coins))
        #: the side a pirate on each start space has its back to at setup: towards its rowboat
        self.home_back: dict[int, int] = {}
        for colour in spec.colours:
            boat = (*self.silver_spaces[colour], self.gold_space[colour])
            for s in self.start[colour]:
                best = None
                for k, j in enumerate(self.side[s]):
                    if j < 0:
                        continue
                    d = min(self.dist[j][b] for b in boat)
                    if best is None or d < best[0]:
                        best = (d, k)
                self.home_back[s] = best[1] if best else 0
        self.paths = PathTable(self)
        #: interned move actions (see wargame.pvp.legal.move_action)
        self.moves: dict[int, Any] = {}
        #: id of an interned move -> (pirate's board number, end, coin, abandon); the
        #: interned moves live as long as the board, so their ids are never reused
        self.move_ids: dict[int, tuple[int, int, int, bool]] = {}

    def __len__(self) -> int:
        return len(self.cells)

    def cell_index(self, label: str) -> int:
        try:
            return self.label_index[label]
        except KeyError:
            raise KeyError(f"{shown(label)} is not a triangle of this board") from None


def board_from_spec(spec: BoardSpec, *, players: int | None = None) -> TriBoard:
    """The playable board of ``spec``; FileFormatError naming the first problem."""
    rep = check_board(spec, players=players)
    if rep.problems:
        p = rep.problems[0]
        more = f" (and {len(rep.problems) - 1} more)" if len(rep.problems) > 1 else ""
        raise FileFormatError(f"{spec.name}: not a playable board: {p.message}{more}")
    return TriBoard(spec)
