"""Problems with a map, found as the player edits: each with where it is and what to do.

One validator serves the editor's problem list, ``wargame map validate`` and the
importers (an import must come out sound). A map is *sound* when it has no
error; warnings (a sea marked as a town, an island with no sea) are listed too. Kinds: ``self-intersection``, ``pile-up`` (areas stacked on one
another), ``overlap``, ``nested`` (an area inside another), ``hole`` (a gap
enclosed by areas), ``sliver``, ``no-island``, ``empty-island``, ``sea-town``,
``isolated`` (an area without neighbours), ``disconnected``, ``landlocked``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx
import numpy as np
import shapely
from shapely.validation import explain_validity

from wargame.maps.graph import PileUp, box_pairs, derive_graph
from wargame.maps.model import MapDoc
from wargame.maps.seas import SLIVER_CM2, enclosed_gaps

#: An enclosed gap is a hole when it is this wide somewhere (cm) and this big (cm^2):
#: hairline cracks between hand-traced outlines are not.
HOLE_WIDTH_CM = 0.2
HOLE_CM2 = 0.25


@dataclass(frozen=True, slots=True)
class Issue:
    code: str
    message: str
    hint: str
    areas: tuple[str, ...]
    at: tuple[float, float]
    severity: str = "error"  # or "warning"

    def text(self) -> str:
        return f"{self.message} - {self.hint}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.code,
            "areas": list(self.areas),
            "message": self.message,
            "hint": self.hint,
            "severity": self.severity,
            "at": list(self.at),
        }


def report(doc: MapDoc) -> dict[str, Any]:
    """What ``wargame map validate --json`` prints: ``{"sound": ..., "problems": [...]}``."""
    issues = validate(doc)
    sound = not any(i.severity == "error" for i in issues)
    return {"sound": sound, "problems": [i.to_json() for i in issues]}


def validate(
    doc: MapDoc, graph: nx.Graph | None = None, *, overlap_cm2: float = 0.25
) -> list[Issue]:
    issues: list[Issue] = []
    geoms = _shapes(doc, issues)
    if not doc.areas:
        return issues
    arr = np.array(geoms, dtype=object)
    try:
        left, right = box_pairs(doc, shapely.envelope(arr))
    except PileUp as exc:
        issues.append(
            Issue(
                "pile-up",
                str(exc).split(": ", 1)[-1],
                "delete the copies or move them apart",
                exc.areas,
                exc.at,
            )
        )
        _membership(doc, geoms, issues)
        return issues
    before = len(issues)
    _overlaps(doc, arr, left, right, overlap_cm2, issues)
    _holes_and_slivers(doc, arr, issues, coverage=len(issues) == before)
    _membership(doc, geoms, issues)
    if graph is None:
        try:
            graph = derive_graph(doc)
        except PileUp:
            return issues
    _graph_problems(doc, geoms, graph, issues)
    return issues


def _shapes(doc: MapDoc, issues: list[Issue]) -> list[shapely.Geometry]:
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
    return geoms


def _overlaps(
    doc: MapDoc,
    arr: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    overlap_cm2: float,
    issues: list[Issue],
) -> None:
    if not len(left):
        return
    hit = shapely.intersects(arr[left], arr[right])
    left, right = left[hit], right[hit]
    if not len(left):
        return
    inter = shapely.intersection(arr[left], arr[right])
    shared = shapely.area(inter)
    areas = shapely.area(arr)
    for i, j, g, s in zip(left.tolist(), right.tolist(), inter, shared.tolist()):
        if s <= overlap_cm2:
            continue
        a, b = doc.areas[i], doc.areas[j]
        small = min(areas[i], areas[j])
        if small > 0 and s >= 0.98 * small:
            inner, outer = (a, b) if areas[i] <= areas[j] else (b, a)
            issues.append(
                Issue(
                    "nested",
                    f"{inner.name} lies inside {outer.name}",
                    f"cut {inner.name} out of {outer.name} (draw it again with the Polygon "
                    "tool, which carves it out) or delete one of them",
                    (inner.id, outer.id),
                    _point(g),
                )
            )
        else:
            issues.append(
                Issue(
                    "overlap",
                    f"{a.name} and {b.name} overlap ({s:.1f} cm\u00b2)",
                    "move the shared border so each point of the table lies in one area",
                    (a.id, b.id),
                    _point(g),
                )
            )


def _holes_and_slivers(
    doc: MapDoc, arr: np.ndarray, issues: list[Issue], *, coverage: bool
) -> None:
    areas = shapely.area(arr)
    for k in np.nonzero(areas < SLIVER_CM2)[0].tolist():
        a = doc.areas[k]
        issues.append(
            Issue(
                "sliver",
                f"{a.name} is a sliver ({areas[k]:.3f} cm\u00b2)",
                "merge it into a neighbour (Merge tool) or delete it",
                (a.id,),
                _point(arr[k]),
            )
        )
    tree = None
    for gap in enclosed_gaps(arr, coverage=coverage):
        if gap.area < HOLE_CM2 or gap.buffer(-HOLE_WIDTH_CM / 2).is_empty:
            continue
        tree = tree or shapely.STRtree(arr)
        near = tree.query(gap, predicate="intersects").tolist()
        ids = tuple(doc.areas[k].id for k in near[:6])
        names = ", ".join(doc.areas[k].name for k in near[:3])
        issues.append(
            Issue(
                "hole",
                f"a hole of {gap.area:.1f} cm\u00b2 no area covers"
                + (f", inside {names}" if names else ""),
                "draw a sea area over it (Sea tool) or generate seas",
                ids,
                _point(gap),
            )
        )


def _membership(doc: MapDoc, geoms: list[shapely.Geometry], issues: list[Issue]) -> None:
    for k, a in enumerate(doc.areas):
        if a.kind == "land" and a.island is None:
            issues.append(
                Issue(
                    "no-island",
                    f"{a.name} is land on no island",
                    "set its island in the Area panel",
                    (a.id,),
                    _point(geoms[k]),
                )
            )
        if a.kind == "sea" and a.town:
            issues.append(
                Issue(
                    "sea-town",
                    f"{a.name} is sea but marked as a town",
                    "towns stand on land: untick Town",
                    (a.id,),
                    _point(geoms[k]),
                    "warning",
                )
            )
    used = {a.island for a in doc.areas if a.island is not None}
    for island in doc.islands:
        if island.id not in used:
            issues.append(
                Issue(
                    "empty-island",
                    f"island {island.name} has no land area",
                    "draw its coast with the Polygon tool or delete the island",
                    (),
                    _centre(doc),
                )
            )


def _graph_problems(
    doc: MapDoc, geoms: list[shapely.Geometry], g: nx.Graph, issues: list[Issue]
) -> None:
    names = {a.id: a.name for a in doc.areas}
    index = {a.id: k for k, a in enumerate(doc.areas)}
    if len(doc.areas) > 1:
        for k, a in enumerate(doc.areas):
            if g.degree(a.id) == 0:
                issues.append(
                    Issue(
                        "isolated",
                        f"{a.name} touches no other area",
                        "move its border onto a neighbour's (snapping helps) or add an "
                        "edge by hand",
                        (a.id,),
                        _point(geoms[k]),
                    )
                )
    comps = list(nx.connected_components(g))
    if len(comps) > 1:
        comps.sort(key=len, reverse=True)
        for comp in comps[1:]:
            ids = tuple(sorted(comp))
            listed = ", ".join(names[i] for i in ids[:3]) + (" ..." if len(ids) > 3 else "")
            issues.append(
                Issue(
                    "disconnected",
                    f"the graph falls apart: {listed} cannot be reached from the rest",
                    "join them to the rest with a shared border or a manual edge",
                    ids,
                    _point(geoms[index[ids[0]]]),
                )
            )
    by_island: dict[str, list[str]] = {}
    for a in doc.areas:
        if a.island is not None:
            by_island.setdefault(a.island, []).append(a.id)
    for island in doc.islands:
        parts = by_island.get(island.id, [])
        if parts and not any(g.nodes[n]["kind"] == "sea" for p in parts for n in g.neighbors(p)):
            issues.append(
                Issue(
                    "landlocked",
                    f"island {island.name} touches no sea area",
                    "generate seas or draw a sea area around it",
                    tuple(parts),
                    _point(geoms[index[parts[0]]]),
                    "warning",
                )
            )


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
