"""The area adjacency graph, derived from geometry with a spatial index.

Two areas are adjacent when their boundaries share a stretch of edge at least
``min_shared_cm`` long (touching at a corner is not adjacency). Candidate
pairs come from one bulk STRtree query; the shared length is computed for the
candidates only, vectorised. ``edges_add`` / ``edges_cut`` in the map override
the geometry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import networkx as nx
import numpy as np
import shapely

from wargame.errors import FileFormatError
from wargame.maps.model import Area, MapDoc

#: Boundaries closer than this (cm) count as touching: hand-drawn and rounded maps.
DEFAULT_TOLERANCE_CM = 0.02
#: A shared stretch of boundary shorter than this (cm) is a corner touch, not an edge.
DEFAULT_MIN_SHARED_CM = 0.2


#: Candidate pairs (areas whose boxes meet) allowed per area before the map counts as a
#: pile-up: a drawn map has a handful per area; areas stacked on one another, millions.
PAIRS_PER_AREA = 40
MIN_PAIR_BUDGET = 200_000


class PileUp(FileFormatError):
    """Areas are stacked on one another: their graph would cost the square of their number."""

    def __init__(self, message: str, areas: tuple[str, ...], at: tuple[float, float]) -> None:
        super().__init__(message)
        self.areas = areas
        self.at = at


def box_pairs(doc: MapDoc, boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i < j) of areas whose ``boxes`` meet, or PileUp when there are more
    than the budget: queried in chunks, so a pile-up is refused before memory runs out."""
    n = len(boxes)
    budget = max(MIN_PAIR_BUDGET, PAIRS_PER_AREA * n)
    tree = shapely.STRtree(boxes)
    lefts: list[np.ndarray] = []
    rights: list[np.ndarray] = []
    total = 0
    chunk = 256
    for start in range(0, n, chunk):
        src, dst = tree.query(boxes[start : start + chunk])
        src = src + start
        keep = src < dst
        src, dst = src[keep], dst[keep]
        total += len(src)
        if total > budget:
            counts = np.bincount(src, minlength=n)
            worst = int(np.argmax(counts))
            others = dst[src == worst][:3].tolist()
            ids = tuple(doc.areas[k].id for k in [worst, *others])
            names = ", ".join(doc.areas[k].name for k in [worst, *others])
            c = shapely.centroid(boxes[worst])
            raise PileUp(
                f"{doc.name}: areas are stacked on one another ({names} ... overlap "
                f"{int(counts[worst]):,} others); more than {budget:,} overlapping pairs "
                "in all: move or delete the copies (map validate lists them)",
                ids,
                (round(c.x, 3), round(c.y, 3)),
            )
        lefts.append(src)
        rights.append(dst)
    if not lefts:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(lefts), np.concatenate(rights)


def edge_kind(a: Area, b: Area) -> str:
    if a.kind == b.kind:
        return f"{a.kind}-{a.kind}"
    return "land-sea"


def geometries(doc: MapDoc, indices: Sequence[int] | None = None) -> np.ndarray:
    """The areas' polygons (all, or those at ``indices``), made valid where an edit broke them."""
    areas = doc.areas if indices is None else [doc.areas[i] for i in indices]
    geoms = np.array([a.geometry() for a in areas], dtype=object)
    if len(geoms):
        bad = ~shapely.is_valid(geoms)
        if bad.any():
            geoms[bad] = shapely.make_valid(geoms[bad])
    return geoms


def _flatten(areas: Sequence[Area]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All ring vertices as one (N, 2) array, the index of each vertex's successor in its
    ring, and the area index of each vertex."""
    coords: list[tuple[float, float]] = []
    lengths: list[int] = []
    owners: list[int] = []
    for i, a in enumerate(areas):
        for ring in (a.polygon, *a.holes):
            coords.extend(ring)
            lengths.append(len(ring))
            owners.append(i)
    if not coords:
        return np.zeros((0, 2)), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    xy = np.asarray(coords, dtype=float)
    ring_len = np.asarray(lengths, dtype=np.int64)
    starts = np.cumsum(ring_len) - ring_len
    nxt = np.arange(len(xy), dtype=np.int64) + 1
    nxt[starts + ring_len - 1] = starts
    owner = np.repeat(np.asarray(owners, dtype=np.int64), ring_len)
    return xy, nxt, owner


def _shared_segments(
    xy: np.ndarray, nxt: np.ndarray, owner: np.ndarray, n: int, tolerance: float
) -> dict[int, float]:
    """Pairs of areas with identical (snapped) boundary segments, and the shared length:
    {i * n + j: cm} for i < j. Linear in the number of vertices."""
    if len(xy) == 0:
        return {}
    q = np.floor(xy / tolerance + 0.5).astype(np.int64)
    a, b = q, q[nxt]
    swap = (a[:, 0] > b[:, 0]) | ((a[:, 0] == b[:, 0]) & (a[:, 1] > b[:, 1]))
    p1 = np.where(swap[:, None], b, a)
    p2 = np.where(swap[:, None], a, b)
    order = np.lexsort((owner, p2[:, 1], p2[:, 0], p1[:, 1], p1[:, 0]))
    k1, k2 = p1[order], p2[order]
    same = np.all(k1[1:] == k1[:-1], axis=1) & np.all(k2[1:] == k2[:-1], axis=1)
    own = owner[order]
    same &= own[1:] != own[:-1]
    if not same.any():
        return {}
    first = order[:-1][same]
    lo = np.minimum(own[:-1][same], own[1:][same])
    hi = np.maximum(own[:-1][same], own[1:][same])
    seg_len = np.hypot(*(xy[nxt[first]] - xy[first]).T)
    codes = lo * n + hi
    uniq, inv = np.unique(codes, return_inverse=True)
    total = np.zeros(len(uniq))
    np.add.at(total, inv, seg_len)
    return dict(zip(uniq.tolist(), total.tolist()))


def geometric_pairs(
    doc: MapDoc,
    *,
    tolerance: float = DEFAULT_TOLERANCE_CM,
    min_shared: float = DEFAULT_MIN_SHARED_CM,
) -> list[tuple[int, int]]:
    """Index pairs (i < j) of areas sharing at least ``min_shared`` cm of boundary.

    Shared segments (the common case: areas drawn with snapping, split or generated
    from one another) are found by hashing snapped segments; only the remaining
    bounding-box candidates from an STRtree query get an exact geometric test.
    """
    areas = doc.areas
    n = len(areas)
    if n < 2:
        return []
    xy, nxt, owner = _flatten(areas)
    shared = _shared_segments(xy, nxt, owner, n, tolerance)
    found = {code for code, length in shared.items() if length >= min_shared}
    # bounding boxes per area (vertices are grouped by area, in order)
    starts = np.searchsorted(owner, np.arange(n))
    mins = np.minimum.reduceat(xy, starts, axis=0) - tolerance
    maxs = np.maximum.reduceat(xy, starts, axis=0) + tolerance
    boxes = shapely.box(mins[:, 0], mins[:, 1], maxs[:, 0], maxs[:, 1])
    left, right = box_pairs(doc, boxes)
    if len(found):
        codes = left * n + right
        rest = ~np.isin(codes, np.fromiter(found, dtype=np.int64, count=len(found)))
        left, right = left[rest], right[rest]
    out = [(c // n, c % n) for c in found]
    if len(left):
        involved = np.unique(np.concatenate([left, right]))
        pos = np.full(n, -1, dtype=np.int64)
        pos[involved] = np.arange(len(involved))
        geoms = geometries(doc, involved.tolist())
        gl, gr = geoms[pos[left]], geoms[pos[right]]
        near = shapely.dwithin(gl, gr, tolerance)
        if near.any():
            gl, gr = gl[near], gr[near]
            left, right = left[near], right[near]
            bl, br = shapely.boundary(gl), shapely.boundary(gr)
            length = shapely.length(shapely.intersection(bl, br))
            unsure = length < min_shared
            if unsure.any():
                zone = shapely.buffer(gr[unsure], tolerance, quad_segs=2)
                approx = shapely.length(shapely.intersection(bl[unsure], zone)) - 2 * tolerance
                length[unsure] = np.maximum(length[unsure], approx)
            ok = length >= min_shared
            out.extend(zip(left[ok].tolist(), right[ok].tolist()))
    return out


def derive_graph(
    doc: MapDoc,
    *,
    tolerance: float = DEFAULT_TOLERANCE_CM,
    min_shared: float = DEFAULT_MIN_SHARED_CM,
) -> nx.Graph:
    """The adjacency graph: nodes are area ids with their attributes, edges have a ``kind``
    ('land-land', 'land-sea', 'sea-sea') and ``manual`` (True for an edges_add override)."""
    areas = doc.areas
    ids = [a.id for a in areas]
    land = [a.kind == "land" for a in areas]
    names = ("sea-sea", "land-sea", "land-land")
    node = {
        a.id: {
            "name": a.name,
            "kind": a.kind,
            "island": a.island,
            "town": a.town,
            "big": a.big,
            "harbour": a.harbour,
            "start": a.start,
        }
        for a in areas
    }
    adj: dict[str, dict[str, dict[str, Any]]] = {i: {} for i in ids}
    for i, j in geometric_pairs(doc, tolerance=tolerance, min_shared=min_shared):
        data = {"kind": names[land[i] + land[j]], "manual": False}
        adj[ids[i]][ids[j]] = data
        adj[ids[j]][ids[i]] = data
    # Filled as networkx's own dict-of-dicts (one data dict shared by both directions):
    # ten times faster than add_edges_from for 30,000 edges.
    g = nx.Graph()
    g._node.update(node)
    g._adj.update(adj)
    by_id = {a.id: a for a in areas}
    for u, v in doc.edges_cut:
        if g.has_edge(u, v):
            g.remove_edge(u, v)
    for u, v in doc.edges_add:
        if u in by_id and v in by_id and u != v:
            g.add_edge(u, v, kind=edge_kind(by_id[u], by_id[v]), manual=True)
    return g


def graph_json(doc: MapDoc, graph: nx.Graph | None = None) -> dict[str, Any]:
    """The graph as ``wargame map graph --json`` prints it (edges and pairs sorted)."""
    g = graph if graph is not None else derive_graph(doc)
    nodes = [
        {
            "id": a.id,
            "name": a.name,
            "kind": a.kind,
            "island": a.island,
            "town": a.town,
            "big": a.big,
            "harbour": a.harbour,
            "start": a.start,
        }
        for a in doc.areas
    ]
    edges = sorted(sorted((u, v)) for u, v in g.edges())
    return {"nodes": nodes, "edges": edges}


def edge_kinds(doc: MapDoc, graph: nx.Graph | None = None) -> dict[str, int]:
    g = graph if graph is not None else derive_graph(doc)
    counts = {"land-land": 0, "land-sea": 0, "sea-sea": 0}
    for _u, _v, kind in g.edges(data="kind"):
        counts[kind] += 1
    return counts
