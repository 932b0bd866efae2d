"""Problems with a map, found as the player edits: each with where it is and what to do."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx
import numpy as np
import shapely
from shapely.validation import explain_validity

from wargame.maps.graph import derive_graph
from wargame.maps.model import MapDoc


@dataclass(frozen=True, slots=True)
class Issue:
    code: str  # self-intersection, overlap, isolated, empty-island, no-island, disconnected, ...
    message: str
    hint: str
    areas: tuple[str, ...]
    at: tuple[float, float]
    severity: str = "error"  # or "warning"

    def text(self) -> str:
        return f"{self.message} - {self.hint}"


def validate(
    doc: MapDoc, graph: nx.Graph | None = None, *, overlap_cm2: float = 0.25
) -> list[Issue]:
    issues: list[Issue] = []
    names = {a.id: a.name for a in doc.areas}
    geoms = []
    for a in doc.areas:
        g = a.geometry()
        if not g.is_valid:
            why = explain_validity(g)
            at = _where(why) or _point(g)
            issues.append(
                Issue(
                    "self-intersection",
                    f"{a.name}: the outline crosses itself ({why.split('[')[0].strip()})",
                    "drag the vertices so that the edges no longer cross (Vertex tool)",
                    (a.id,),
                    at,
                )
            )
            g = shapely.make_valid(g)
        geoms.append(g)
    if len(geoms) > 1:
        arr = np.array(geoms, dtype=object)
        tree = shapely.STRtree(arr)
        left, right = tree.query(arr, predicate="intersects")
        keep = left < right
        left, right = left[keep], right[keep]
        if len(left):
            inter = shapely.intersection(arr[left], arr[right])
            big = shapely.area(inter) > overlap_cm2
            for i, j, g in zip(left[big], right[big], inter[big]):
                a, b = doc.areas[i], doc.areas[j]
                issues.append(
                    Issue(
                        "overlap",
                        f"{a.name} and {b.name} overlap ({g.area:.1f} cm\u00b2)",
                        "move the shared border so each point of the table lies in one area",
                        (a.id, b.id),
                        _point(g),
                    )
                )
    for a in doc.areas:
        if a.kind == "land" and a.island is None:
            issues.append(
                Issue(
                    "no-island",
                    f"{a.name} is land on no island",
                    "set its island in the Area panel",
                    (a.id,),
                    _point(geoms[doc.areas.index(a)]),
                )
            )
        if a.kind == "sea" and a.town:
            issues.append(
                Issue(
                    "sea-town",
                    f"{a.name} is sea but marked as a town",
                    "towns stand on land: untick Town",
                    (a.id,),
                    _point(geoms[doc.areas.index(a)]),
                    "warning",
                )
            )
    for island in doc.islands:
        if not doc.island_areas(island.id):
            issues.append(
                Issue(
                    "empty-island",
                    f"island {island.name} has no land area",
                    "draw its coast with the Polygon tool or delete the island",
                    (),
                    _centre(doc),
                )
            )
    if not doc.areas:
        return issues
    g = graph if graph is not None else derive_graph(doc)
    for k, a in enumerate(doc.areas):
        if g.degree(a.id) == 0 and len(doc.areas) > 1:
            issues.append(
                Issue(
                    "isolated",
                    f"{a.name} touches no other area",
                    "move its border onto a neighbour's (snapping helps) or add an edge by hand",
                    (a.id,),
                    _point(geoms[k]),
                )
            )
    comps = list(nx.connected_components(g))
    if len(comps) > 1:
        comps.sort(key=len, reverse=True)
        for comp in comps[1:]:
            ids = tuple(sorted(comp))
            first = ids[0]
            k = next(i for i, a in enumerate(doc.areas) if a.id == first)
            listed = ", ".join(names[i] for i in ids[:3]) + (" ..." if len(ids) > 3 else "")
            issues.append(
                Issue(
                    "disconnected",
                    f"the graph falls apart: {listed} cannot be reached from the rest",
                    "join them to the rest with a shared border or a manual edge",
                    ids,
                    _point(geoms[k]),
                )
            )
    for island in doc.islands:
        parts = doc.island_areas(island.id)
        if parts and not any(g.nodes[n]["kind"] == "sea" for p in parts for n in g.neighbors(p.id)):
            k = doc.areas.index(parts[0])
            issues.append(
                Issue(
                    "landlocked",
                    f"island {island.name} touches no sea area",
                    "generate seas or draw a sea area around it",
                    tuple(p.id for p in parts),
                    _point(geoms[k]),
                    "warning",
                )
            )
    return issues


def _point(g: shapely.Geometry) -> tuple[float, float]:
    if g.is_empty:
        return (0.0, 0.0)
    p = g.representative_point() if g.area > 0 else g.centroid
    return (round(p.x, 3), round(p.y, 3))


def _centre(doc: MapDoc) -> tuple[float, float]:
    x0, y0, x1, y1 = doc.bounds
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _where(why: str) -> tuple[float, float] | None:
    if "[" not in why:
        return None
    try:
        x, y = why.rsplit("[", 1)[1].rstrip("]").split()[:2]
        return (float(x), float(y))
    except ValueError:
        return None
