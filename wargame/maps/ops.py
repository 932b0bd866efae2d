"""Geometry operations on maps: pure functions that return new values, never mutate.

Editing operations (split, merge, move a vertex, generate seas) return a
:class:`~wargame.maps.model.Change` for :meth:`MapDoc.apply`, so the editor's
undo commands only ever store changes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import split as shapely_split

from wargame.errors import BadInput
from wargame.maps.model import Area, Change, Island, MapDoc, Point, Ring, ring_from_coords

NDIGITS = 3


# -- polygons <-> areas --------------------------------------------------------------------
def polygon_rings(poly: Polygon, *, ndigits: int = NDIGITS) -> tuple[Ring, tuple[Ring, ...]]:
    shell = ring_from_coords(poly.exterior.coords, ndigits=ndigits)
    holes = tuple(ring_from_coords(r.coords, ndigits=ndigits) for r in poly.interiors)
    return shell, tuple(h for h in holes if len(h) >= 3)


def polygons_of(geom: BaseGeometry | None) -> list[Polygon]:
    """The polygon parts of any geometry (collections, multipolygons), largest first."""
    if geom is None or geom.is_empty:
        return []
    parts = [p for p in shapely.get_parts(geom) if p.geom_type in ("Polygon", "MultiPolygon")]
    out: list[Polygon] = []
    for p in parts:
        out.extend(shapely.get_parts(p) if p.geom_type == "MultiPolygon" else [p])
    return sorted(out, key=lambda p: -p.area)


def area_with_polygon(area: Area, poly: Polygon, *, ndigits: int = NDIGITS) -> Area:
    shell, holes = polygon_rings(poly, ndigits=ndigits)
    return replace(area, polygon=shell, holes=holes)


# -- edits ---------------------------------------------------------------------------------
def move_vertex(area: Area, ring: int, index: int, to: Point) -> Area:
    """``area`` with vertex ``index`` of ring ``ring`` (0 = outline, 1.. = holes) at ``to``."""
    rings = [list(area.polygon), *[list(h) for h in area.holes]]
    rings[ring][index] = (float(to[0]), float(to[1]))
    return replace(area, polygon=tuple(rings[0]), holes=tuple(tuple(h) for h in rings[1:]))


def insert_vertex(area: Area, ring: int, index: int, at: Point) -> Area:
    """``area`` with a new vertex ``at`` inserted before position ``index`` of ``ring``."""
    rings = [list(area.polygon), *[list(h) for h in area.holes]]
    rings[ring].insert(index, (float(at[0]), float(at[1])))
    return replace(area, polygon=tuple(rings[0]), holes=tuple(tuple(h) for h in rings[1:]))


def delete_vertex(area: Area, ring: int, index: int) -> Area:
    rings = [list(area.polygon), *[list(h) for h in area.holes]]
    if len(rings[ring]) <= 3:
        raise BadInput(f"{area.name}: a polygon keeps at least 3 vertices")
    del rings[ring][index]
    return replace(area, polygon=tuple(rings[0]), holes=tuple(tuple(h) for h in rings[1:]))


def split_area(doc: MapDoc, area_id: str, line: Sequence[Point]) -> Change:
    """Cut an area in two (or more) along a polyline drawn across it.

    The largest piece keeps the area's id, name and flags; the others become new
    areas of the same kind and island. Raises BadInput if the line doesn't cross it.
    """
    area = doc.area(area_id)
    geom = area.geometry()
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    cut = LineString(line)
    if len(line) < 2 or cut.length == 0:
        raise BadInput("draw a line across the area to split it")
    pieces = [p for p in polygons_of(shapely_split(geom, cut)) if p.area > 1e-6]
    if len(pieces) < 2:
        raise BadInput(f"the line does not cut {area.name} in two: draw it right across")
    changes: list[tuple[str, Area | None]] = [(area.id, area_with_polygon(area, pieces[0]))]
    taken: list[str] = []
    prefix = "L" if area.kind == "land" else "S"
    for k, piece in enumerate(pieces[1:], 2):
        new_id = doc.new_id(prefix, taken=taken)
        taken.append(new_id)
        new = area_with_polygon(
            Area(new_id, f"{area.name} {k}", area.kind, ((0, 0), (1, 0), (1, 1)), area.island),
            piece,
        )
        changes.append((new_id, new))
    return Change(areas=tuple(changes))


def merge_areas(doc: MapDoc, keep_id: str, other_ids: Iterable[str]) -> Change:
    """Merge areas into ``keep_id`` (which keeps its name and flags). They must touch."""
    keep = doc.area(keep_id)
    others = [doc.area(i) for i in other_ids if i != keep_id]
    if not others:
        raise BadInput("select two or more areas to merge")
    for o in others:
        if o.kind != keep.kind:
            raise BadInput(
                f"{o.name} is {o.kind} and {keep.name} is {keep.kind}: merge alike areas"
            )
    merged = shapely.union_all(
        [shapely.make_valid(a.geometry()).buffer(0.01, join_style="mitre") for a in [keep, *others]]
    ).buffer(-0.01, join_style="mitre")
    parts = polygons_of(merged)
    if len(parts) != 1:
        raise BadInput("those areas do not touch: merge areas that share an edge")
    flags = {
        f: getattr(keep, f) or any(getattr(o, f) for o in others)
        for f in ("town", "harbour", "big", "start")
    }
    new = replace(area_with_polygon(keep, shapely.simplify(parts[0], 0.005)), **flags)
    return Change(areas=((keep.id, new), *((o.id, None) for o in others)))


def delete_areas(doc: MapDoc, area_ids: Iterable[str]) -> Change:
    """Delete areas, their manual edges, and islands left with no land area."""
    ids = set(area_ids)
    index = {a.id: k for k, a in enumerate(doc.areas)}
    gone_islands = set()
    for island in doc.islands:
        parts = doc.island_areas(island.id)
        if parts and all(a.id in ids for a in parts):
            gone_islands.add(island.id)
    return Change(
        areas=tuple((i, None) for i in ids if i in index),
        islands=tuple((i, None) for i in gone_islands),
        edges_add=tuple(e for e in doc.edges_add if not (set(e) & ids)),
        edges_cut=tuple(e for e in doc.edges_cut if not (set(e) & ids)),
    )


def _outline(ring: Sequence[Point], what: str) -> Polygon:
    if len(ring) < 3:
        raise BadInput(f"{what} needs at least 3 points")
    poly = Polygon(ring)
    if not poly.is_valid:
        raise BadInput("the outline crosses itself: draw it without crossing")
    if poly.area < 1e-4:
        raise BadInput(f"{what} needs at least 3 points enclosing some space")
    return poly


def _carve(
    doc: MapDoc, shape: BaseGeometry, kinds: tuple[str, ...], taken: list[str]
) -> list[tuple[str, Area | None]]:
    """Cut ``shape`` out of the existing areas of ``kinds``: an area cut in pieces keeps the
    largest and the rest become new areas; an area wholly covered is deleted."""
    out: list[tuple[str, Area | None]] = []
    for a in doc.areas:
        if a.kind not in kinds:
            continue
        g = shapely.make_valid(a.geometry())
        if not g.intersects(shape) or g.intersection(shape).area < 1e-6:
            continue
        pieces = [p for p in polygons_of(g.difference(shape)) if p.area > 1e-3]
        if not pieces:
            out.append((a.id, None))
            continue
        out.append((a.id, area_with_polygon(a, pieces[0])))
        for k, piece in enumerate(pieces[1:], 2):
            new_id = doc.new_id("L" if a.kind == "land" else "S", taken=taken)
            taken.append(new_id)
            extra = replace(a, id=new_id, name=f"{a.name} {k}", town=False, start=False)
            out.append((new_id, area_with_polygon(extra, piece)))
    return out


def add_island(doc: MapDoc, ring: Sequence[Point], *, name: str | None = None) -> Change:
    """A new island of one land area with outline ``ring``, in one step with the sea it
    is drawn on: the island is cut out of the sea areas it covers, and its coast stops
    at land already there. Raises BadInput if the outline is degenerate."""
    poly = _outline(ring, "an island")
    land = [shapely.make_valid(a.geometry()) for a in doc.areas if a.kind == "land"]
    if land:
        parts = polygons_of(poly.difference(shapely.union_all(land)))
        if not parts or parts[0].area < 1e-3:
            raise BadInput("that outline lies on land already: draw the new island in the sea")
        poly = parts[0]
    iid = doc.new_id("I")
    aid = doc.new_id("L")
    title = name or f"Island {iid[1:]}"
    area = area_with_polygon(Area(aid, title, "land", ((0, 0), (1, 0), (1, 1)), iid), poly)
    seas = _carve(doc, area.geometry(), ("sea",), [aid, iid])
    return Change(areas=((aid, area), *seas), islands=((iid, Island(iid, title)),))


def add_sea(doc: MapDoc, ring: Sequence[Point], *, name: str | None = None) -> Change:
    """A new sea area: it takes the water inside the outline from the seas there (not
    the land), in one step."""
    poly = _outline(ring, "a sea area")
    land = [shapely.make_valid(a.geometry()) for a in doc.areas if a.kind == "land"]
    if land:
        parts = polygons_of(poly.difference(shapely.union_all(land)))
        if not parts or parts[0].area < 1e-3:
            raise BadInput("that outline lies on land: draw sea areas on the water")
        poly = parts[0]
    aid = doc.new_id("S")
    area = area_with_polygon(
        Area(aid, name or f"Sea {aid[1:]}", "sea", ((0, 0), (1, 0), (1, 1))), poly
    )
    seas = _carve(doc, area.geometry(), ("sea",), [aid])
    return Change(areas=((aid, area), *seas))


def toggle_edge(doc: MapDoc, a: str, b: str, *, adjacent: bool) -> Change:
    """Override the graph so that a and b are (or are not) adjacent."""
    pair = tuple(sorted((a, b)))
    adds = [e for e in doc.edges_add if tuple(sorted(e)) != pair]
    cuts = [e for e in doc.edges_cut if tuple(sorted(e)) != pair]
    if adjacent:
        adds.append(pair)  # type: ignore[arg-type]
    else:
        cuts.append(pair)  # type: ignore[arg-type]
    return Change(edges_add=tuple(adds), edges_cut=tuple(cuts))  # type: ignore[arg-type]


# -- seas around islands ------------------------------------------------------------------
def sea_cells(
    bounds: tuple[float, float, float, float],
    islands: Sequence[BaseGeometry],
    *,
    taken: BaseGeometry | None = None,
    min_area: float = 4.0,
    spacing: float = 1.0,
) -> list[tuple[Polygon, int]]:
    """The open water split into one region per nearest island (see
    :func:`wargame.maps.seas.sea_regions`: repaired, snapped, never overlapping)."""
    from wargame.maps.seas import sea_regions

    return sea_regions(bounds, islands, taken=taken, min_area=min_area, spacing=spacing)


def compass(dx: float, dy: float) -> str:
    """'north', 'south-east', ... for an offset on the table (y grows downwards)."""
    angle = math.degrees(math.atan2(-dy, dx)) % 360
    names = [
        "east",
        "north-east",
        "north",
        "north-west",
        "west",
        "south-west",
        "south",
        "south-east",
    ]
    return names[int((angle + 22.5) // 45) % 8]


def generate_seas(
    doc: MapDoc,
    *,
    replace_existing: bool = True,
    min_area: float = 4.0,
    big_count: int = 4,
) -> Change:
    """Sea areas for the water around the islands, one region per nearest island,
    named after it. Existing seas are replaced (or kept, and only the rest filled).
    The ``big_count`` largest new seas are marked big (where ships start in the board game)."""
    from wargame.maps import seas

    land_by_island: dict[str | None, list[BaseGeometry]] = {}
    for a in doc.areas:
        if a.kind == "land":
            land_by_island.setdefault(a.island, []).append(a.geometry())
    keys = list(land_by_island)
    islands = [seas.union(v) for v in land_by_island.values()]
    old_seas = [a for a in doc.areas if a.kind == "sea"]
    taken = None
    if not replace_existing and old_seas:
        taken = seas.union([a.geometry() for a in old_seas])
    cells = sea_cells(doc.bounds, islands, taken=taken, min_area=min_area)
    names = {i.id: i.name for i in doc.islands}
    removed = {a.id for a in old_seas} if replace_existing else set()
    taken_ids: list[str] = []
    out: list[tuple[str, Area | None]] = [(i, None) for i in sorted(removed)]
    order = sorted(range(len(cells)), key=lambda k: -cells[k][0].area)
    big = set(order[:big_count])
    used_names: set[str] = set()
    for k, (poly, owner) in enumerate(cells):
        new_id = _fresh_id(doc, "S", taken_ids, removed)
        taken_ids.append(new_id)
        isl = keys[owner] if owner >= 0 else None
        base = names.get(isl or "", "the open sea") if isl else "the open sea"
        name = f"Waters of {base}"
        if name in used_names and owner >= 0:
            c = poly.representative_point()
            ic = islands[owner].centroid
            name = f"Waters {compass(c.x - ic.x, c.y - ic.y)} of {base}"
        n = 2
        while name in used_names:
            name = f"Waters of {base} {n}"
            n += 1
        used_names.add(name)
        area = area_with_polygon(
            Area(new_id, name, "sea", ((0, 0), (1, 0), (1, 1)), big=k in big, start=k in big),
            poly,
        )
        out.append((new_id, area))
    if not out:
        raise BadInput("there is no open water to fill with sea areas")
    return Change(areas=tuple(out))


def _fresh_id(doc: MapDoc, prefix: str, taken: list[str], freed: set[str]) -> str:
    used = ({a.id for a in doc.areas} - freed) | {i.id for i in doc.islands} | set(taken)
    n = 1
    while f"{prefix}{n}" in used:
        n += 1
    return f"{prefix}{n}"


# -- snapping ------------------------------------------------------------------------------
def snap_point(
    doc: MapDoc,
    p: Point,
    *,
    radius: float,
    vertices: bool = True,
    edges: bool = True,
    grid: float | None = None,
    exclude: tuple[str, int, int] | None = None,
) -> tuple[Point, str]:
    """The point ``p`` snapped to the nearest vertex, then edge, then grid within
    ``radius`` cm. Returns the point and what it snapped to ('vertex', 'edge', 'grid', '')."""
    x, y = p
    best: tuple[float, Point] | None = None
    if vertices or edges:
        probe = shapely.Point(x, y).buffer(radius)
        for a in doc.areas:
            xs = [q[0] for q in a.polygon]
            ys = [q[1] for q in a.polygon]
            if (
                min(xs) - radius > x
                or max(xs) + radius < x
                or min(ys) - radius > y
                or max(ys) + radius < y
            ):
                continue
            for r, ring in enumerate((a.polygon, *a.holes)):
                for k, q in enumerate(ring):
                    if exclude == (a.id, r, k):
                        continue
                    d = math.hypot(q[0] - x, q[1] - y)
                    if vertices and d <= radius and (best is None or d < best[0]):
                        best = (d, q)
        if best is not None:
            return best[1], "vertex"
        if edges:
            for a in doc.areas:
                geom = a.geometry()
                if not geom.intersects(probe):
                    continue
                for ring in (a.polygon, *a.holes):
                    line = shapely.LineString([*ring, ring[0]])
                    d = line.distance(shapely.Point(x, y))
                    if d <= radius and (best is None or d < best[0]):
                        near = line.interpolate(line.project(shapely.Point(x, y)))
                        best = (d, (round(near.x, NDIGITS), round(near.y, NDIGITS)))
            if best is not None:
                return best[1], "edge"
    if grid:
        gx, gy = round(x / grid) * grid, round(y / grid) * grid
        if math.hypot(gx - x, gy - y) <= radius:
            return (round(gx, NDIGITS), round(gy, NDIGITS)), "grid"
    return (x, y), ""


def fit_bounds(doc: MapDoc, *, margin: float = 5.0) -> tuple[float, float, float, float]:
    """Bounds enclosing every area with ``margin`` cm to spare (the doc's if none)."""
    if not doc.areas:
        return doc.bounds
    xs = [p[0] for a in doc.areas for p in a.polygon]
    ys = [p[1] for a in doc.areas for p in a.polygon]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)
