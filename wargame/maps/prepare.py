"""Everything the map editor works out about a map before showing it, step by step.

Opening a 50,000-area map costs tens of seconds of geometry: the adjacency graph,
the soundness check and a label point inside every area. :func:`prepare_map` does
it all with no Qt, reporting progress through a callback and stopping (raising
:class:`Cancelled`) as soon as ``cancelled()`` says so, so the editor can run it
off the window's thread with a progress dialog and a Cancel button.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import networkx as nx
import shapely
from shapely.geometry import Polygon
from shapely.ops import polylabel

from wargame.errors import WargameError
from wargame.maps.graph import derive_graph, edge_kinds
from wargame.maps.model import Area, MapDoc, Ring, map_from_json
from wargame.maps.ops import polygons_of
from wargame.maps.validate import Issue, validate

#: ``progress(what, fraction)``: what is being done, and how far (0..1) overall.
Progress = Callable[[str, float], None]
#: Areas labelled between two progress reports and cancel checks.
STEP = 500


class Cancelled(WargameError):
    """The player cancelled opening the map."""


@dataclass
class PreparedMap:
    doc: MapDoc
    graph: nx.Graph
    issues: list[Issue]
    #: area id -> where its name goes
    labels: dict[str, tuple[float, float]] = field(default_factory=dict)
    #: edges by kind ("land-sea": n, ...) and how many separate parts the graph has
    edge_counts: dict[str, int] = field(default_factory=dict)
    components: int = 0


@lru_cache(maxsize=200_000)
def _label(polygon: Ring, holes: tuple[Ring, ...]) -> tuple[float, float]:
    try:
        g: Any = Polygon(polygon, holes)
        if not g.is_valid:
            g = shapely.make_valid(g)
        parts = polygons_of(g)
        p = (
            polylabel(parts[0], tolerance=max(0.05, math.sqrt(parts[0].area) / 50))
            if parts
            else None
        )
    except Exception:  # noqa: BLE001 - a broken polygon mid-edit still gets a label
        p = None
    if p is None or p.is_empty:
        x, y = polygon[0]
        return (x, y)
    return (p.x, p.y)


def label_xy(area: Area) -> tuple[float, float]:
    """Where the area's name goes: the point deepest inside it (pole of inaccessibility).
    Remembered per outline, so an edit relabels only the areas it changed."""
    return _label(area.polygon, area.holes)


def prepare_map(
    data: dict[str, Any] | MapDoc,
    source: str = "map",
    *,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] = lambda: False,
) -> PreparedMap:
    """The map read from ``data`` (JSON or a MapDoc), its graph, its problems and its
    label points. BadInput for a map that does not read; Cancelled when asked to stop."""

    def step(what: str, fraction: float) -> None:
        if cancelled():
            raise Cancelled("opening the map was cancelled")
        if progress is not None:
            progress(what, fraction)

    step("Reading the map", 0.0)
    doc = data if isinstance(data, MapDoc) else map_from_json(data, source)
    step("Working out which areas touch", 0.1)
    try:
        graph = derive_graph(doc)
    except Exception:  # noqa: BLE001 - a broken polygon must not stop the editor opening it
        graph = nx.Graph()
        graph.add_nodes_from(a.id for a in doc.areas)
    step("Checking the map", 0.3)
    issues = validate(doc, graph)
    labels: dict[str, tuple[float, float]] = {}
    total = max(1, len(doc.areas))
    for i, area in enumerate(doc.areas):
        if i % STEP == 0:
            step(f"Placing names ({i:,} of {total:,} areas)", 0.6 + 0.4 * i / total)
        labels[area.id] = label_xy(area)
    counts = edge_kinds(doc, graph)
    parts = nx.number_connected_components(graph) if len(graph) else 0
    step("Drawing", 1.0)
    return PreparedMap(doc, graph, issues, labels, counts, parts)
