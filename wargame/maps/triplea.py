"""TripleA maps: a ``game.xml`` (territories, which are water, connections) into a map.

The territory graph is kept exactly: every territory is one area (water ones sea,
the rest land), and the map's ``edges_add`` / ``edges_cut`` make its area graph
equal to the game's connections whatever the shapes say. Shapes come from the
map folder's ``polygons.txt`` (and ``centers.txt``) when they lie beside the game
file (in its folder or the one or two above: ``map/games/game.xml`` beside
``map/polygons.txt``); otherwise a layout is generated: Voronoi cells around the
territories' centres from ``centers.txt``, or around a graph layout. Land
territories joined by land connections form an island. A territory with a
``capital`` or ``victoryCity`` in its territoryAttachment is a town.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from xml.etree.ElementTree import Element

import networkx as nx
import numpy as np
import shapely
from shapely.geometry import MultiPoint, Polygon, box

from wargame.errors import FileFormatError, shown
from wargame.maps import seas
from wargame.maps.graph import derive_graph
from wargame.maps.model import Area, Island, MapDoc
from wargame.maps.ops import area_with_polygon
from wargame.maps.safeio import bad_character, clean_text, read_regular_text

MAX_TERRITORIES = 5_000
MAX_CONNECTIONS = 50_000
MAX_SIDECAR_BYTES = 32 * 1024 * 1024
TABLE_CM = (180.0, 120.0)
MARGIN_CM = 4.0
_POLY_RE = re.compile(r"<([^<>]*)>")
_POINT_RE = re.compile(r"\(\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)")


def triplea_to_doc(
    root: Element, path: Path, *, name: str | None = None, warnings: list[str] | None = None
) -> MapDoc:
    warns = warnings if warnings is not None else []
    source = str(path)
    territories, water, connections = _read_game(root, source)
    towns = _towns(root, set(territories))
    polygons = _sidecar(path, "polygons.txt", source, warns)
    centers = _sidecar(path, "centers.txt", source, warns)
    shapes = _parse_polygons(polygons, source) if polygons is not None else {}
    centres = _parse_centers(centers, source) if centers is not None else {}
    missing = [t for t in territories if t not in shapes]
    if shapes and not missing:
        layout = {t: shapes[t] for t in territories}
    else:
        if shapes:
            warns.append(
                f"{source}: polygons.txt has no outline for {len(missing)} territories "
                f"({', '.join(missing[:3])}...): a generated layout is used"
            )
        else:
            warns.append(f"{source}: no polygons.txt beside the game: a generated layout is used")
        layout = _generated(territories, connections, centres)
    info = root.find("info")
    title = clean_text(info.get("name", "")) if info is not None else ""
    doc = MapDoc(name or title or _stem(path))
    ids = _build(doc, territories, water, towns, connections, layout, warns)
    _keep_graph(doc, ids, connections)
    return doc


def _stem(path: Path) -> str:
    stem = path.stem if path.stem.lower() != "game" else path.parent.name
    return clean_text(stem.replace("_", " "), 100) or "TripleA map"


def _read_game(root: Element, source: str) -> tuple[list[str], set[str], list[tuple[str, str]]]:
    m = root.find("map")
    if m is None:
        raise FileFormatError(f"{source}: a TripleA game with no <map> (territories)")
    territories: list[str] = []
    water: set[str] = set()
    seen: set[str] = set()
    for k, t in enumerate(m.findall("territory")):
        tname = t.get("name")
        if not tname or not tname.strip():
            raise FileFormatError(f"{source}: territory {k + 1} has no name")
        if tname in seen:
            raise FileFormatError(f"{source}: territory {shown(tname[:60])} is listed twice")
        if len(territories) >= MAX_TERRITORIES:
            raise FileFormatError(f"{source}: more than {MAX_TERRITORIES:,} territories")
        seen.add(tname)
        territories.append(tname)
        if str(t.get("water", "false")).strip().lower() == "true":
            water.add(tname)
    if not territories:
        raise FileFormatError(f"{source}: the <map> lists no territories")
    connections: list[tuple[str, str]] = []
    for k, c in enumerate(m.findall("connection")):
        if len(connections) >= MAX_CONNECTIONS:
            raise FileFormatError(f"{source}: more than {MAX_CONNECTIONS:,} connections")
        a, b = c.get("t1"), c.get("t2")
        for end in (a, b):
            if end not in seen:
                raise FileFormatError(
                    f"{source}: connection {k + 1} names {shown(str(end)[:60])}, not a territory"
                )
        if a != b:
            connections.append((a, b))  # type: ignore[arg-type]
    return territories, water, connections


def _towns(root: Element, names: set[str]) -> set[str]:
    out: set[str] = set()
    for att in root.iter("attachment"):
        if att.get("name") != "territoryAttachment" or att.get("attachTo") not in names:
            continue
        for opt in att.findall("option"):
            value = str(opt.get("value", "")).strip().lower()
            if opt.get("name") in ("capital", "victoryCity") and value not in ("", "false", "0"):
                out.add(att.get("attachTo", ""))
    return out


def _sidecar(path: Path, filename: str, source: str, warns: list[str]) -> str | None:
    """A map-folder file beside the game: in its folder or the one or two above."""
    folder = path.resolve().parent
    for base in (folder, folder.parent, folder.parent.parent):
        candidate = base / filename
        if candidate.is_file():
            try:
                return read_regular_text(candidate, max_bytes=MAX_SIDECAR_BYTES)
            except FileFormatError as exc:
                warns.append(f"{source}: {filename} cannot be used ({str(exc).split(': ')[-1]})")
                return None
    return None


def _parse_polygons(text: str, source: str) -> dict[str, Polygon]:
    out: dict[str, Polygon] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if "<" not in line:
            continue
        tname = line[: line.index("<")].strip()
        rings = []
        for body in _POLY_RE.findall(line):
            pts = [(float(x), float(y)) for x, y in _POINT_RE.findall(body)]
            if len(pts) >= 3:
                rings.append(Polygon(pts))
        if not tname or not rings:
            continue
        parts = [p for r in rings for p in seas.polygons(seas.valid_polygonal(r))]
        if parts:
            out[tname] = parts[0] if len(parts) == 1 else shapely.MultiPolygon(parts)
        if len(out) > MAX_TERRITORIES:
            raise FileFormatError(f"{source}: polygons.txt line {n}: too many territories")
    return out


def _parse_centers(text: str, source: str) -> dict[str, tuple[float, float]]:
    out: dict[str, tuple[float, float]] = {}
    for line in text.splitlines():
        m = _POINT_RE.search(line)
        if not m:
            continue
        tname = line[: m.start()].strip()
        if tname:
            out[tname] = (float(m.group(1)), float(m.group(2)))
    return out


def _generated(
    territories: list[str],
    connections: list[tuple[str, str]],
    centres: dict[str, tuple[float, float]],
) -> dict[str, Polygon]:
    """Voronoi cells around the centres (from centers.txt, else a graph layout)."""
    if all(t in centres for t in territories):
        pos = {t: centres[t] for t in territories}
    else:
        g = nx.Graph()
        g.add_nodes_from(territories)
        g.add_edges_from(connections)
        if len(territories) == 1:
            raw = {territories[0]: (0.0, 0.0)}
        elif len(territories) <= 500:
            # a force layout (numpy only); its start is fixed so that an import repeats
            raw = nx.spring_layout(g, seed=16, iterations=200)
        else:
            raw = nx.circular_layout(g)
        pos = {t: (float(raw[t][0]) * 1000, -float(raw[t][1]) * 1000) for t in territories}
    pts = np.array([pos[t] for t in territories], dtype=float)
    # territories on one spot: spread them on a small circle so each gets a cell
    _, first, inverse = np.unique(np.round(pts, 6), axis=0, return_index=True, return_inverse=True)
    if len(first) < len(pts):
        span = float(np.ptp(pts, axis=0).max()) or 1000.0
        for k in range(len(pts)):
            same = np.nonzero(inverse.ravel() == inverse.ravel()[k])[0]
            if len(same) > 1:
                j = int(np.nonzero(same == k)[0][0])
                angle = 2 * math.pi * j / len(same)
                pts[k] += (span / 50) * np.array([math.cos(angle), math.sin(angle)])
    x0, y0 = pts.min(axis=0)
    x1, y1 = pts.max(axis=0)
    pad = max(x1 - x0, y1 - y0, 1.0) / max(4, int(math.sqrt(len(pts))))
    frame = box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    if len(pts) == 1:
        return {territories[0]: frame}
    cells = _voronoi(pts, frame)
    return {t: seas.intersection(seas.fix(cells[k]), frame) for k, t in enumerate(territories)}


def _voronoi(pts: np.ndarray, frame: Polygon) -> np.ndarray:
    """Voronoi cells in the order of ``pts``. GEOS can return a wrong cell when points
    lie almost on one circle (a symmetric layout); then the points are nudged a little,
    the same way every time, and the cells computed again."""
    span = float(np.ptp(pts, axis=0).max()) or 1.0
    nudge = np.column_stack([np.sin(np.arange(len(pts)) * 1.7), np.cos(np.arange(len(pts)) * 2.3)])
    cells = np.empty(0, dtype=object)
    for attempt in range(4):
        moved = pts + nudge * span * (1e-3 * attempt)
        cells = shapely.get_parts(
            shapely.voronoi_polygons(MultiPoint(moved), extend_to=frame, ordered=True)
        )
        if len(cells) == len(pts) and bool(shapely.contains(cells, shapely.points(moved)).all()):
            total = float(shapely.area(shapely.intersection(cells, frame)).sum())
            if abs(total - frame.area) < 1e-6 * frame.area:
                return cells
    return cells


def _build(
    doc: MapDoc,
    territories: list[str],
    water: set[str],
    towns: set[str],
    connections: list[tuple[str, str]],
    layout: dict[str, Polygon],
    warns: list[str],
) -> dict[str, str]:
    """Areas and islands from the territories; returns each territory's area id."""
    geoms = [layout[t] for t in territories]
    x0, y0, x1, y1 = shapely.total_bounds(np.array(geoms, dtype=object))
    w, h = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
    tw, th = TABLE_CM
    k = min((tw - 2 * MARGIN_CM) / w, (th - 2 * MARGIN_CM) / h)
    ox, oy = (tw - w * k) / 2, (th - h * k) / 2
    doc.bounds = (0.0, 0.0, tw, th)

    def to_cm(xy: np.ndarray) -> np.ndarray:
        return np.column_stack([(xy[:, 0] - x0) * k + ox, (xy[:, 1] - y0) * k + oy])

    # land first: where outlines overlap, the land keeps the shore
    order = sorted(range(len(territories)), key=lambda i: territories[i] in water)
    pieces = seas.coverage([shapely.transform(geoms[i], to_cm) for i in order], min_area=1e-3)
    shape_of: dict[str, Polygon] = {}
    split: list[str] = []
    for i, parts in zip(order, pieces):
        if not parts:
            continue
        shape_of[territories[i]] = parts[0]
        if len(parts) > 1 and parts[1].area > seas.SLIVER_CM2:
            split.append(territories[i])
    # gaps the outlines enclose (uncovered art, dropped pieces) go to a neighbour
    keys = list(shape_of)
    for key, filled in zip(keys, seas.fill_gaps([shape_of[k] for k in keys])):
        shape_of[key] = filled
    if split:
        warns.append(
            f"{doc.name}: territories drawn in several pieces keep their largest: "
            + ", ".join(split[:5])
            + (f" and {len(split) - 5} more" if len(split) > 5 else "")
        )
    lost = [t for t in territories if t not in shape_of]
    if lost:
        raise FileFormatError(
            f"{doc.name}: territory {shown(lost[0][:60])} has no outline of its own "
            "(covered by others in polygons.txt)"
        )
    ids = _ids(territories)
    islands: dict[str, str] = {}
    for n, comp in enumerate(_land_components(territories, water, connections), 1):
        iid = f"I{n}"
        first = comp[0]
        doc.islands.append(Island(iid, clean_text(first, 100) or iid))
        for t in comp:
            islands[t] = iid
    for t in territories:
        kind = "sea" if t in water else "land"
        area = Area(
            ids[t],
            clean_text(t) or ids[t],
            kind,  # type: ignore[arg-type]
            ((0, 0), (1, 0), (1, 1)),
            islands.get(t),
            town=t in towns and kind == "land",
        )
        doc.areas.append(area_with_polygon(area, shape_of[t]))
    return ids


def _ids(territories: list[str]) -> dict[str, str]:
    """Each territory's area id: its name where that is a fit id, else T1, T2, ..."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for k, t in enumerate(territories, 1):
        tid = t if (t == t.strip() and len(t) <= 200 and not bad_character(t)) else f"T{k}"
        while tid in used:
            tid = f"T{k}x"
        used.add(tid)
        out[t] = tid
    return out


def _land_components(
    territories: list[str], water: set[str], connections: list[tuple[str, str]]
) -> list[list[str]]:
    g = nx.Graph()
    g.add_nodes_from(t for t in territories if t not in water)
    g.add_edges_from((a, b) for a, b in connections if a not in water and b not in water)
    order = {t: k for k, t in enumerate(territories)}
    comps = [sorted(c, key=order.__getitem__) for c in nx.connected_components(g)]
    return sorted(comps, key=lambda c: order[c[0]])


def _keep_graph(doc: MapDoc, ids: dict[str, str], connections: list[tuple[str, str]]) -> None:
    """Overrides so that the area graph is exactly the game's connections."""
    want = {tuple(sorted((ids[a], ids[b]))) for a, b in connections}
    doc.edges_add = []
    doc.edges_cut = []
    have = {tuple(sorted(e)) for e in derive_graph(doc).edges()}
    doc.edges_add = sorted(want - have)  # type: ignore[arg-type]
    doc.edges_cut = sorted(have - want)  # type: ignore[arg-type]
