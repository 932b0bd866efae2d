"""Robust geometry for imports and sea generation: repair, snap, union, partition.

Every shape is repaired with ``shapely.make_valid`` and snapped to a 0.001 cm grid
(the precision a map file keeps), and every overlay runs with that grid size, so
touching or duplicate edges and near-coincident vertices never make GEOS fail and
rounding coordinates on save never makes an outline cross itself. Sea regions are
built as a partition of the open water: they never overlap the land or each other.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
import shapely.errors
from shapely.geometry import MultiPoint, Polygon, box
from shapely.geometry.base import BaseGeometry

#: The grid every imported or generated coordinate lies on (cm); 3 decimals in the file.
GRID = 0.001
#: Pieces smaller than this (cm^2) left over by cutting are dropped or merged.
CRUMB = 0.01
#: An area smaller than this (cm^2) is a sliver: the validator reports it.
SLIVER_CM2 = 0.05


def fix(geom: BaseGeometry | None) -> BaseGeometry:
    """The polygonal part of ``geom``, made valid and snapped to the grid (an empty
    polygon for nothing): the lines and points a repair leaves over are dropped."""
    if geom is None or geom.is_empty:
        return Polygon()
    g = geom if geom.is_valid else shapely.make_valid(geom)
    g = _polygonal(g)
    if g.is_empty:
        return g
    return _polygonal(shapely.set_precision(g, GRID))


def valid_polygonal(geom: BaseGeometry) -> BaseGeometry:
    """``geom`` repaired (``make_valid``) keeping only its polygons, at full precision."""
    g = geom if geom.is_valid else shapely.make_valid(geom)
    return _polygonal(g)


def _polygonal(g: BaseGeometry) -> BaseGeometry:
    t = g.geom_type
    if t in ("Polygon", "MultiPolygon"):
        return g
    parts = polygons(g)
    if not parts:
        return Polygon()
    return parts[0] if len(parts) == 1 else shapely.MultiPolygon(parts)


def polygons(geom: BaseGeometry | None, *, min_area: float = 0.0) -> list[Polygon]:
    """The polygon parts of any geometry (lines and points of a collection dropped),
    largest first, each at least ``min_area``."""
    if geom is None or geom.is_empty:
        return []
    out: list[Polygon] = []
    stack = [geom]
    while stack:
        g = stack.pop()
        t = g.geom_type
        if t == "Polygon":
            if not g.is_empty and g.area > min_area:
                out.append(g)
        elif t in ("MultiPolygon", "GeometryCollection"):
            stack.extend(shapely.get_parts(g))
    return sorted(out, key=lambda p: -p.area)


def union(geoms: Sequence[BaseGeometry]) -> BaseGeometry:
    """The union on the grid; never fails on touching or duplicate edges."""
    if not len(geoms):
        return Polygon()
    arr = np.array([fix(g) for g in geoms], dtype=object)
    return shapely.union_all(arr, grid_size=GRID)


def difference(a: BaseGeometry, b: BaseGeometry) -> BaseGeometry:
    if b is None or b.is_empty:
        return a
    return shapely.difference(a, b, grid_size=GRID)


def intersection(a: BaseGeometry, b: BaseGeometry) -> BaseGeometry:
    return shapely.intersection(a, b, grid_size=GRID)


def coverage(shapes: Sequence[BaseGeometry], *, min_area: float = CRUMB) -> list[list[Polygon]]:
    """The shapes made into a coverage: each loses what earlier shapes already hold.

    Returns the polygon pieces left of each shape (an empty list for one wholly
    covered). Only shapes whose boxes meet are compared (STRtree), so a map of
    separate islands costs linear time."""
    fixed = [fix(s) for s in shapes]
    n = len(fixed)
    if n == 0:
        return []
    arr = np.array(fixed, dtype=object)
    left, right = shapely.STRtree(arr).query(arr, predicate="intersects")
    keep = right < left
    left, right = left[keep], right[keep]
    if len(left):  # neighbours that only touch need no cutting (a predicate, no overlay)
        inner = shapely.relate_pattern(arr[left], arr[right], "T********")
        left, right = left[inner], right[inner]
    earlier: dict[int, list[int]] = {}
    for i, j in zip(left.tolist(), right.tolist()):
        earlier.setdefault(i, []).append(j)
    out: list[list[Polygon]] = []
    for i, g in enumerate(fixed):
        if i in earlier:
            others = [fixed[j] for j in earlier[i]]
            # the earlier ones are already cut: they never overlap each other
            g = difference(g, shapely.union_all(np.array(others, dtype=object), grid_size=GRID))
            g = _polygonal(g)
        pieces = polygons(g, min_area=min_area)
        fixed[i] = shapely.MultiPolygon(pieces) if pieces else Polygon()
        out.append(pieces)
    return out


def sea_regions(
    bounds: tuple[float, float, float, float],
    islands: Sequence[BaseGeometry],
    *,
    taken: BaseGeometry | None = None,
    min_area: float = 4.0,
    spacing: float = 1.0,
) -> list[tuple[Polygon, int]]:
    """Partition the open water (bounds minus land minus ``taken``) into one region per
    island: each point of sea belongs to the nearest island's coast. Returns (polygon,
    island index) pairs (-1 when there is no island); a region cut in two by land gives
    two pieces, and pieces under ``min_area`` cm^2 join the neighbour they share most
    border with. The pieces never overlap the land, ``taken`` or each other."""
    frame = fix(box(*bounds))
    land = union(list(islands)) if len(islands) else Polygon()
    water = _polygonal(difference(frame, land))
    if taken is not None and not taken.is_empty:
        water = _polygonal(difference(water, fix(taken)))
    if water.is_empty:
        return []
    if not len(islands):
        return [(p, -1) for p in polygons(water, min_area=CRUMB)]
    raw, cells, cell_owner = _voronoi_owners(frame, islands, spacing)
    regions: list[tuple[Polygon, int]] = []
    claimed: list[BaseGeometry] = []
    for k in range(len(islands)):
        mine = cells[cell_owner == k]
        if not len(mine):
            continue
        try:  # Voronoi cells share their edges exactly: a coverage union is fast
            merged = fix(shapely.coverage_union_all(raw[cell_owner == k]))
        except shapely.errors.GEOSException:
            merged = shapely.union_all(mine, grid_size=GRID)
        region = _polygonal(intersection(merged, water))
        if claimed:
            region = _polygonal(difference(region, _near_union(claimed, region)))
        pieces = polygons(region, min_area=CRUMB)
        if pieces:
            claimed.append(shapely.MultiPolygon(pieces))
            regions.extend((p, k) for p in pieces)
    # water no cell reached (numerical leftovers, or seeds that failed): fill it in
    rest = _polygonal(difference(water, union(claimed))) if claimed else water
    regions.extend((p, -1) for p in polygons(rest, min_area=CRUMB))
    return merge_small(regions, min_area)


def _voronoi_owners(
    frame: BaseGeometry, islands: Sequence[BaseGeometry], spacing: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Voronoi cells of points sampled along every coast, with the island owning each."""
    pts: list[np.ndarray] = []
    owner: list[np.ndarray] = []
    coast = sum(isl.boundary.length for isl in islands)
    spacing = max(spacing, coast / 20_000)  # at most ~20,000 Voronoi seeds in all
    for k, isl in enumerate(islands):
        boundary = isl.boundary
        if boundary.is_empty or boundary.length == 0:
            continue
        n = max(4, min(400, int(boundary.length / spacing)))
        dist = np.linspace(0, boundary.length, n, endpoint=False)
        sample = shapely.get_coordinates(shapely.line_interpolate_point(boundary, dist))
        pts.append(sample)
        owner.append(np.full(len(sample), k))
    seeds = np.round(np.concatenate(pts), 6)
    seed_owner = np.concatenate(owner)
    _, first = np.unique(seeds, axis=0, return_index=True)
    seeds, seed_owner = seeds[first], seed_owner[first]
    if len(seeds) < 2:
        cells = np.array([frame], dtype=object)
        return cells, cells, np.array([int(seed_owner[0])] if len(seed_owner) else [-1])
    # ordered: cell k is the cell of seed k
    raw = shapely.get_parts(
        shapely.voronoi_polygons(MultiPoint(seeds), extend_to=frame, ordered=True)
    )
    cells = np.array([fix(c) for c in raw], dtype=object)
    return raw, cells, np.asarray(seed_owner)


def _near_union(claimed: list[BaseGeometry], region: BaseGeometry) -> BaseGeometry:
    near = [c for c in claimed if shapely.intersects(c, region)]
    if not near:
        return Polygon()
    return shapely.union_all(np.array(near, dtype=object), grid_size=GRID)


def merge_small(regions: list[tuple[Polygon, int]], min_area: float) -> list[tuple[Polygon, int]]:
    """Regions under ``min_area`` join the bigger region they share most border with;
    one touching none stays as it is (it is still water no one else covers)."""
    regions = sorted(regions, key=lambda r: -r[0].area)
    big = [r for r in regions if r[0].area >= min_area]
    small = [r for r in regions if r[0].area < min_area]
    if not big:
        big, small = regions[:1], regions[1:]
    if not small:
        return big
    tree = shapely.STRtree(np.array([p for p, _ in big], dtype=object))
    kept: list[tuple[Polygon, int]] = []
    for poly, k in small:
        best, best_len = -1, 0.0
        for j in tree.query(poly, predicate="dwithin", distance=GRID * 2).tolist():
            other = big[j][0]
            shared = shapely.length(
                shapely.intersection(other.boundary, poly.boundary.buffer(GRID * 2))
            )
            if shared > best_len:
                best, best_len = j, shared
        if best >= 0 and best_len > GRID * 10:
            merged = polygons(union([big[best][0], poly]))
            if len(merged) == 1:
                big[best] = (merged[0], big[best][1])
                continue
        if poly.area >= SLIVER_CM2:
            kept.append((poly, k))
    return big + kept


def covered(geoms: np.ndarray, *, coverage: bool = True) -> BaseGeometry | None:
    """The union of the areas, fast: a coverage union when they share their edges exactly
    (``coverage``: no overlaps were found), else a plain union of slightly simplified
    outlines (the gaps that matter are wider than the simplification). None if GEOS fails."""
    if not len(geoms):
        return None
    if coverage:
        try:
            got = shapely.coverage_union_all(geoms)
            if got.is_valid:
                return got
        except shapely.errors.GEOSException:
            pass
    try:
        return shapely.union_all(shapely.simplify(geoms, 0.02))
    except shapely.errors.GEOSException:
        return None


def enclosed_gaps(geoms: np.ndarray, *, coverage: bool = True) -> list[Polygon]:
    """The gaps no area covers that the areas enclose (interior rings of their union)."""
    union_ = covered(geoms, coverage=coverage)
    if union_ is None:
        return []
    candidates = []
    for part in shapely.get_parts(union_):
        if part.geom_type == "Polygon":
            candidates.extend(Polygon(r) for r in part.interiors)
    if not candidates:
        return []
    # a fast union of outlines that do not share their vertices exactly can show holes
    # that are not there: keep only what the areas around a candidate leave uncovered
    tree = shapely.STRtree(geoms)
    out: list[Polygon] = []
    for gap in candidates:
        near = geoms[tree.query(gap, predicate="intersects")]
        try:
            rest = shapely.difference(gap, shapely.union_all(near)) if len(near) else gap
        except shapely.errors.GEOSException:
            rest = gap
        out.extend(polygons(rest, min_area=CRUMB))
    return out


def fill_gaps(shapes: list[Polygon], *, min_area: float = CRUMB) -> list[Polygon]:
    """``shapes`` (a coverage) with every enclosed gap given to the neighbour it shares
    most border with, so that no hole is left between them. The gap is grown by a
    hair to meet its neighbour (an overlap far under what the validator reports)."""
    arr = np.array(shapes, dtype=object)
    gaps = [g for g in enclosed_gaps(arr, coverage=False) if g.area > min_area]
    if not gaps:
        return shapes
    out = list(shapes)
    tree = shapely.STRtree(arr)
    for gap in gaps:
        grown = gap.buffer(0.01)
        ranked = sorted(
            (
                (shapely.length(shapely.intersection(out[j].boundary, grown)), j)
                for j in tree.query(grown, predicate="intersects").tolist()
            ),
            reverse=True,
        )
        for _shared, j in ranked:
            try:
                merged = polygons(fix(shapely.union(out[j], grown)))
            except shapely.errors.GEOSException:
                continue
            if len(merged) == 1:
                out[j] = merged[0]
                break
    return out
