"""The hex sea: its grid in table cm, islands from a map file, arcs, ranges and the wind.

Positions are axial ``(q, r)`` tuples. Distances are measured in cm between hex
centres (where the ship models stand). Bearings are screen degrees: 0 along +x,
growing clockwise because y grows downwards, so a positive bearing relative to
the bow is to starboard.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from wargame.errors import BadInput, shown
from wargame.geometry.hexgrid import DIRECTIONS, Hex, Layout, from_offset, to_offset
from wargame.naval.rules import NavalRules, Position, Weight

Axial = tuple[int, int]
Polygon = list[tuple[float, float]]
EPS = 1e-6
#: A hex is land when more than this share of its area lies on an island (rules data
#: table.land_fraction; this is its default).
LAND_FRACTION = 0.5
#: The ways off the table: an edge, or a corner (a step past two edges at once).
EXITS = (
    "north",
    "east",
    "south",
    "west",
    "north-east",
    "south-east",
    "south-west",
    "north-west",
)


@dataclass(frozen=True)
class Island:
    name: str
    polygon: tuple[tuple[float, float], ...]
    holes: tuple[tuple[tuple[float, float], ...], ...] = ()


def island_shape(island: Island) -> Any:
    """The island as a valid shapely polygon (a ring drawn crossing itself is mended)."""
    from shapely import make_valid
    from shapely.geometry import Polygon as ShapelyPolygon

    shape = ShapelyPolygon(island.polygon, island.holes)
    return shape if shape.is_valid else make_valid(shape)


def land_hexes(
    islands: Sequence[Island], layout: Layout, hexes: frozenset[Axial], fraction: float
) -> set[Axial]:
    """The hexes more than ``fraction`` of whose area lies on the islands."""
    if not islands:
        return set()
    from shapely import STRtree, unary_union
    from shapely.geometry import Polygon as ShapelyPolygon

    shapes = [island_shape(i) for i in islands]
    tree = STRtree(shapes)
    land: set[Axial] = set()
    for a in hexes:
        cell = ShapelyPolygon(layout.corners(Hex(a[0], a[1], -a[0] - a[1])))
        near = [shapes[i] for i in tree.query(cell, predicate="intersects")]
        if not near:
            continue
        covered = unary_union([cell.intersection(s) for s in near]).area
        if covered > fraction * cell.area + EPS:
            land.add(a)
    return land


class Bearings(NamedTuple):
    """How one ship lies from another at a given hex offset, for each heading of each:
    the same wherever on the sea the two stand (``Sea.bearings``), so measured once."""

    #: by the firer's heading: her batteries whose arc holds the other ship
    arcs: tuple[frozenset[Position], ...]
    #: by the target's heading: whether a shot from the firer rakes her, and her hull
    #: side facing the firer
    raking: tuple[bool, ...]
    facing: tuple[Position, ...]


@dataclass
class Sea:
    """A rectangle of ``cols`` x ``rows`` hexes (offset coordinates) with islands."""

    DIRS: ClassVar[tuple[tuple[int, int], ...]] = tuple((d.q, d.r) for d in DIRECTIONS)

    cols: int
    rows: int
    hex_cm: float
    orientation: str = "flat"
    islands: tuple[Island, ...] = ()
    land_fraction: float = LAND_FRACTION
    layout: Layout = field(init=False)
    hexes: frozenset[Axial] = field(init=False)
    land: frozenset[Axial] = field(init=False)
    centres: dict[Axial, tuple[float, float]] = field(init=False)

    def __post_init__(self) -> None:
        if self.cols < 1 or self.rows < 1:
            raise BadInput(f"sea: {self.cols} x {self.rows} hexes is not a sea")
        flat = self.orientation == "flat"
        size = self.hex_cm / math.sqrt(3.0)
        origin = (size, self.hex_cm / 2) if flat else (self.hex_cm / 2, size)
        self.layout = Layout.across_flats(self.hex_cm, "flat" if flat else "pointy", origin)
        kind = "odd-q" if flat else "odd-r"
        hexes: set[Axial] = set()
        centres: dict[Axial, tuple[float, float]] = {}
        for row in range(self.rows):
            for col in range(self.cols):
                h = from_offset(col, row, kind)  # type: ignore[arg-type]
                hexes.add((h.q, h.r))
                centres[(h.q, h.r)] = self.layout.to_point(h)
        self.hexes = frozenset(hexes)
        self.centres = centres
        land = land_hexes(self.islands, self.layout, self.hexes, self.land_fraction)
        self.land = frozenset(land)
        self._angles = [self.layout.direction_angle(d) for d in range(6)]
        self._dist_cache: dict[tuple[int, int], float] = {}  # by offset
        self._bearing_cache: dict[tuple[Axial, Axial], float] = {}
        self._los_cache: dict[tuple[Axial, Axial], bool] = {}
        self._land_area: Any = None  # the land hexes' union (shapely), made when first asked
        self._offsets: dict[Axial, tuple[int, int]] = {}
        #: Movement results by (hex, heading, steps, turns, must turn, turn only, blocked):
        #: pure geometry on this sea, shared by every battle fought on it.
        self.reach_cache: dict[Any, Any] = {}
        self._bearings: dict[Axial, Bearings] = {}
        self._bearings_rules: NavalRules | None = None

    # -- coordinates ---------------------------------------------------------------
    @property
    def offset_kind(self) -> str:
        return "odd-q" if self.orientation == "flat" else "odd-r"

    def from_offset(self, col: int, row: int) -> Axial:
        h = from_offset(col, row, self.offset_kind)  # type: ignore[arg-type]
        return (h.q, h.r)

    def to_offset(self, a: Axial) -> tuple[int, int]:
        got = self._offsets.get(a)
        if got is None:
            kind = self.offset_kind
            got = self._offsets[a] = to_offset(Hex(a[0], a[1], -a[0] - a[1]), kind)  # type: ignore[arg-type]
        return got

    def centre(self, a: Axial) -> tuple[float, float]:
        c = self.centres.get(a)
        if c is None:
            return self.layout.to_point(Hex(a[0], a[1], -a[0] - a[1]))
        return c

    def hex_at(self, x: float, y: float) -> Axial:
        h = self.layout.to_hex(x, y)
        return (h.q, h.r)

    def is_sea(self, a: Axial) -> bool:
        return a in self.hexes and a not in self.land

    @property
    def size_cm(self) -> tuple[float, float]:
        xs = [c[0] for c in self.centres.values()]
        ys = [c[1] for c in self.centres.values()]
        s = self.layout.size[0]
        return (max(xs) + s, max(ys) + s)

    @staticmethod
    def neighbour(a: Axial, direction: int) -> Axial:
        d = DIRECTIONS[direction % 6]
        return (a[0] + d.q, a[1] + d.r)

    # -- measuring -----------------------------------------------------------------
    def distance_cm(self, a: Axial, b: Axial) -> float:
        """Centre to centre. It depends only on the offset from ``a`` to ``b``, so it is
        measured once per offset (the same offset always gives the same figure)."""
        key = (b[0] - a[0], b[1] - a[1])
        d = self._dist_cache.get(key)
        if d is None:
            x0, y0 = self.layout.to_point(Hex(0, 0, 0))
            x1, y1 = self.layout.to_point(Hex(key[0], key[1], -key[0] - key[1]))
            d = math.hypot(x1 - x0, y1 - y0)
            self._dist_cache[key] = d
        return d

    def bearings(self, a: Axial, b: Axial, rules: NavalRules) -> Bearings:
        """Arcs and raking between ships at ``a`` and ``b`` (land not considered: see
        ``line_of_fire_clear``). They depend only on the offset from ``a`` to ``b``, so
        are measured from that offset, once per offset (firing is asked every action)."""
        if self._bearings_rules is not rules:  # other rules (arcs, raking): measure again
            self._bearings.clear()
            self._bearings_rules = rules
        offset = (b[0] - a[0], b[1] - a[1])
        got = self._bearings.get(offset)
        if got is None:
            x0, y0 = self.layout.to_point(Hex(0, 0, 0))
            x1, y1 = self.layout.to_point(Hex(offset[0], offset[1], -offset[0] - offset[1]))
            out = math.degrees(math.atan2(y1 - y0, x1 - x0))  # from a towards b
            back = math.degrees(math.atan2(y0 - y1, x0 - x1))  # from b towards a
            arcs, raking, facing = [], [], []
            for heading in range(6):
                rel = (out - self._angles[heading] + 180.0) % 360.0 - 180.0
                arcs.append(frozenset(p for p in arc_table(rules) if in_arc(rel, p, rules)))
                rel_t = (back - self._angles[heading] + 180.0) % 360.0 - 180.0
                raking.append(is_raking(rel_t, rules))
                facing.append(Position.STARBOARD if rel_t > 0 else Position.LARBOARD)
            got = self._bearings[offset] = Bearings(tuple(arcs), tuple(raking), tuple(facing))
        return got

    def heading_angle(self, heading: int) -> float:
        return self._angles[heading % 6]

    def line_of_fire_clear(self, a: Axial, b: Axial) -> bool:
        """No land lies across the line between the centres of ``a`` and ``b``: the line
        runs nowhere inside the land area, the union of the land hexes (issue 39: a line
        along the edge two land hexes share is inside it). Touching the coast, or a
        corner, is not crossing it."""
        if not self.land:
            return True
        key = (a, b) if a <= b else (b, a)
        clear = self._los_cache.get(key)
        if clear is None:
            ax, ay = self.centre(a)
            bx, by = self.centre(b)
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy or 1e-12
            # nearer than half a hex width to a land hex's centre: through that hex, at
            # once; nearer than its corners: the exact test on the land area decides
            inner2 = (self.hex_cm / 2) ** 2 - EPS
            outer2 = (self.hex_cm / math.sqrt(3.0)) ** 2 + EPS
            clear, near = True, False
            for h in self.land:
                cx, cy = self.centres[h]
                t = ((cx - ax) * dx + (cy - ay) * dy) / length2
                t = min(1.0, max(0.0, t))
                px, py = ax + t * dx - cx, ay + t * dy - cy
                d2 = px * px + py * py
                if d2 < inner2 and 0.0 < t < 1.0:
                    clear = False
                    break
                if d2 < outer2:
                    near = True
            if clear and near:
                clear = self._clear_of_land_area((ax, ay), (bx, by))
            self._los_cache[key] = clear
        return clear

    def _clear_of_land_area(self, p: tuple[float, float], q: tuple[float, float]) -> bool:
        """The segment ``p``-``q`` runs no length inside the union of the land hexes."""
        from shapely.geometry import LineString

        area = self._land_area
        if area is None:
            from shapely import unary_union
            from shapely.geometry import Polygon as ShapelyPolygon

            cells = [ShapelyPolygon(self.layout.corners(Hex(*h, -h[0] - h[1]))) for h in self.land]
            # shrunk a hair: a line along the coast (the area's boundary) is not inside it
            area = unary_union(cells).buffer(-1e-4 * self.hex_cm)
            self._land_area = area
        return bool(area.intersection(LineString([p, q])).length <= 1e-3 * self.hex_cm)

    def facing_name(self, heading: int) -> str:
        """A hex facing as a compass word (north is the top of the table)."""
        names = (
            "east",
            "south-east",
            "south",
            "south-west",
            "west",
            "north-west",
            "north",
            "north-east",
        )
        return names[round((self._angles[heading % 6] % 360) / 45) % 8]

    def edge_ahead(self, heading: int) -> str:
        """The table edge (north, south, east, west) a ship heading this way sails off."""
        angle = math.radians(self._angles[heading % 6])
        dx, dy = math.cos(angle), math.sin(angle)
        if abs(dx) >= abs(dy):
            return "east" if dx > 0 else "west"
        return "south" if dy > 0 else "north"

    def exit_name(self, beyond: Axial) -> str:
        """The edge a ship crosses stepping from the table into ``beyond`` (a hex just
        off it): the side of the table ``beyond`` lies past, or a corner ("south-west")
        when it lies past two. Judged from where she goes, not where she points."""
        col, row = self.to_offset(beyond)
        ns = "north" if row < 0 else "south" if row >= self.rows else ""
        ew = "west" if col < 0 else "east" if col >= self.cols else ""
        if not (ns or ew):
            raise ValueError(f"{beyond} is on the table")
        return f"{ns}-{ew}" if ns and ew else ns or ew

    def edge_hexes(self, a: Axial, edge: str | None = None) -> int:
        """Rows or columns of hexes between ``a`` and the edge (the nearest if none)."""
        col, row = self.to_offset(a)
        gaps = {
            "west": col,
            "east": self.cols - 1 - col,
            "north": row,
            "south": self.rows - 1 - row,
        }
        return gaps[edge] if edge else min(gaps.values())

    def relative_bearing(self, a: Axial, heading: int, b: Axial) -> float:
        """Bearing of ``b`` from a ship at ``a``, relative to its bow: -180..180, + starboard."""
        key = (a, b)
        bearing = self._bearing_cache.get(key)
        if bearing is None:
            ax, ay = self.centre(a)
            bx, by = self.centre(b)
            bearing = math.degrees(math.atan2(by - ay, bx - ax))
            self._bearing_cache[key] = bearing
        return (bearing - self._angles[heading % 6] + 180.0) % 360.0 - 180.0


_ARC_CACHE: dict[int, tuple[NavalRules, dict[Position, tuple[float, float]]]] = {}


def arc_table(rules: NavalRules) -> dict[Position, tuple[float, float]]:
    """Centre (degrees off the bow) and half-width of each battery's arc."""
    cached = _ARC_CACHE.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    a = rules.arcs
    # a boundary bearing belongs to one arc (rules data arcs.boundary): the other arc's
    # half-width shrinks by EPS so the bearing falls outside it
    ends = EPS if a.boundary in ("both", "bow_stern") else -EPS
    sides = EPS if a.boundary in ("both", "broadside") else -EPS
    got = {
        Position.BOW: (0.0, a.bow_half + ends),
        Position.STERN: (180.0, a.stern_half + ends),
        Position.STARBOARD: (90.0, a.broadside_half + sides),
        Position.LARBOARD: (-90.0, a.broadside_half + sides),
    }
    _ARC_CACHE[id(rules)] = (rules, got)
    return got


def in_arc(rel: float, position: Position, rules: NavalRules) -> bool:
    centre, half = arc_table(rules)[position]
    d = (rel - centre + 180.0) % 360.0 - 180.0
    return -half <= d <= half


def arc_span(position: Position, rules: NavalRules) -> tuple[float, float]:
    """The arc of ``position`` as (start, end) degrees relative to the bow, clockwise."""
    arcs = rules.arcs
    if position is Position.BOW:
        return (-arcs.bow_half, arcs.bow_half)
    if position is Position.STERN:
        return (180.0 - arcs.stern_half, 180.0 + arcs.stern_half)
    if position is Position.STARBOARD:
        return (90.0 - arcs.broadside_half, 90.0 + arcs.broadside_half)
    return (-90.0 - arcs.broadside_half, -90.0 + arcs.broadside_half)


def is_raking(rel_from_target: float, rules: NavalRules) -> bool:
    """A shot rakes when the firer lies on the target's bow or stern axis."""
    h = rules.arcs.raking_half
    return abs(rel_from_target) <= h + EPS or abs(rel_from_target) >= 180.0 - h - EPS


def range_band(distance_cm: float, weight: Weight, rules: NavalRules) -> str:
    """ "short" (first 10 cm), "normal", "long" (last 10 cm) or "out"."""
    fire = rules.fire
    top = fire.range_cm[weight]
    if distance_cm < 0:
        raise BadInput(f"range {distance_cm} cm is negative")
    if distance_cm > top + EPS:
        return "out"
    if distance_cm <= fire.short_cm + EPS:
        return "short"
    if distance_cm > top - fire.long_cm + EPS:
        return "long"
    return "normal"


def point_of_sail(heading: int, wind: int, rules: NavalRules) -> str:
    """Heading against the wind (``wind`` is the facing the wind blows towards)."""
    d = (heading - wind) % 6
    return rules.sail.points_of_sail[min(d, 6 - d)]


# -- building a sea from a scenario and a map file ------------------------------------
def islands_from_map(
    data: dict[str, Any], where: str = "map", *, origin: tuple[float, float] = (0.0, 0.0)
) -> tuple[Island, ...]:
    """Land areas of a ``wargame-map`` file (each one blocks movement), in sea cm: the
    map's point ``origin`` lies at the sea's top-left corner."""
    if not isinstance(data, dict) or data.get("format") != "wargame-map":
        raise BadInput(f"{where}: not a map file (format is not 'wargame-map')")
    areas = data.get("areas", [])
    if not isinstance(areas, list):
        raise BadInput(f"{where}: key 'areas' must be a list")
    listed = data.get("islands", [])
    if not isinstance(listed, list):
        raise BadInput(f"{where}: key 'islands' must be a list")
    names = {
        i.get("id"): i.get("name", i.get("id"))
        for i in listed
        if isinstance(i, dict) and isinstance(i.get("id"), str)
    }
    out = []
    for k, area in enumerate(areas):
        if not isinstance(area, dict) or area.get("kind") != "land":
            continue
        poly = _ring(area.get("polygon"), f"{where}: areas[{k}].polygon", origin)
        if not isinstance(area.get("holes", []), list):
            raise BadInput(f"{where}: areas[{k}].holes must be a list")
        island = area.get("island")
        if island is not None and not isinstance(island, str):
            raise BadInput(f"{where}: areas[{k}].island must be text")
        holes = tuple(
            _ring(h, f"{where}: areas[{k}].holes[{j}]", origin)
            for j, h in enumerate(area.get("holes", []))
        )
        name = names.get(area.get("island")) or area.get("name") or f"island {k + 1}"
        out.append(Island(str(name), poly, holes))
    return tuple(out)


def _ring(
    value: Any, where: str, origin: tuple[float, float] = (0.0, 0.0)
) -> tuple[tuple[float, float], ...]:
    if not isinstance(value, list) or len(value) < 3:
        raise BadInput(f"{where}: a polygon needs at least 3 points")
    pts = []
    for p in value:
        if (
            not isinstance(p, list | tuple)
            or len(p) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in p)
        ):
            raise BadInput(f"{where}: point {shown(p)} is not [x, y]")
        pts.append((float(p[0]) - origin[0], float(p[1]) - origin[1]))
    return tuple(pts)


def island_anchors(islands: Sequence[Island]) -> list[tuple[str, float, float, float]]:
    """Where each island's name goes: ``(name, x, y, area)`` once per name (the land
    areas of one island together), at a point inside its largest piece, largest first."""
    from shapely import unary_union

    by_name: dict[str, list[Any]] = {}
    for isl in islands:
        by_name.setdefault(isl.name, []).append(island_shape(isl))
    out = []
    for name, shapes in by_name.items():
        whole = unary_union(shapes)
        parts = list(getattr(whole, "geoms", [whole]))
        biggest = max(parts, key=lambda g: g.area)
        if biggest.is_empty:
            continue
        p = biggest.representative_point()
        out.append((name, float(p.x), float(p.y), float(whole.area)))
    out.sort(key=lambda t: (-t[3], t[0]))
    return out
