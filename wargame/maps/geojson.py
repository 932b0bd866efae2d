"""GeoJSON import (real coastlines become islands on a table) and export.

Import of real-world data (lon/lat, RFC 7946): the features are projected
equirectangularly about the mean latitude (x scaled by cos(latitude), y down),
fitted into a table of ``table_cm`` with a margin, simplified, and islets under
``min_island_cm2`` are merged into a neighbour within ``merge_cm`` or dropped.
Polygons that touch (Haiti and the Dominican Republic) form one island with one
land area each. Sea areas are generated around the islands.

Export writes the app's own GeoJSON flavour: table-cm coordinates, every area a
Polygon feature with the area's fields as properties, and the map's other fields
in a top-level ``wargame`` member, which import reads back exactly.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import shapely
import shapely.errors
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from wargame.errors import FileFormatError, shown
from wargame.maps import geoframe as geo
from wargame.maps import seas
from wargame.maps.model import (
    MAP_FORMAT,
    MAX_AREAS,
    MAX_RING_VERTICES,
    MAX_TOTAL_VERTICES,
    Area,
    Island,
    MapDoc,
    map_from_json,
    map_to_json,
)
from wargame.maps.ops import area_with_polygon, generate_seas, polygons_of
from wargame.maps.safeio import clean_text

DEFAULT_TABLE_CM = (180.0, 120.0)
MAX_FEATURES = 100_000
MAX_ISLANDS = 2_000


def is_geojson(data: Any) -> bool:
    return isinstance(data, dict) and data.get("type") in (
        "FeatureCollection",
        "Feature",
        "Polygon",
        "MultiPolygon",
        "GeometryCollection",
    )


# -- export --------------------------------------------------------------------------------
def doc_to_geojson(doc: MapDoc) -> dict[str, Any]:
    meta = map_to_json(doc)
    del meta["areas"]
    features = []
    for a in doc.areas:
        rings = [[*map(list, a.polygon), list(a.polygon[0])]]
        rings += [[*map(list, h), list(h[0])] for h in a.holes]
        props = a.to_json()
        del props["polygon"], props["holes"]
        features.append(
            {
                "type": "Feature",
                "id": a.id,
                "properties": props,
                "geometry": {"type": "Polygon", "coordinates": rings},
            }
        )
    return {"type": "FeatureCollection", "wargame": meta, "features": features}


# -- import --------------------------------------------------------------------------------
def geojson_to_doc(
    data: Any,
    source: str,
    *,
    table_cm: tuple[float, float] = DEFAULT_TABLE_CM,
    margin_cm: float = 6.0,
    min_island_cm2: float = 0.6,
    merge_cm: float = 0.4,
    simplify_cm: float = 0.08,
    name: str | None = None,
    warnings: list[str] | None = None,
) -> MapDoc:
    warns = warnings if warnings is not None else []
    if not is_geojson(data):
        raise FileFormatError(f"{source}: not GeoJSON (key 'type' is {shown(_get(data, 'type'))})")
    meta = data.get("wargame") if isinstance(data, dict) else None
    if isinstance(meta, dict) and meta.get("format") == MAP_FORMAT:
        return _own_geojson(data, meta, source)
    feats = _read_features(data, source)
    shapes = [f for f in feats if f.geom is not None]
    if not shapes:
        raise FileFormatError(f"{source}: no Polygon or MultiPolygon features to make islands of")
    _check_pile_up([(f.label, f.geom) for f in shapes], source)  # before any real work
    frame = geo.Frame.of(data, [f.geom for f in shapes], source, warns)
    for f in feats:
        f.geom = frame.prepare(f.geom) if f.geom is not None else None
    land_feats, water = _split_water([f for f in feats if f.geom is not None], source, warns)
    if not land_feats:
        raise FileFormatError(
            f"{source}: no land: every polygon in the file is water (lakes, sea or a frame)"
        )
    project = frame.fit(table_cm, margin_cm, [f.geom for f in land_feats])
    parts: list[tuple[str, Polygon]] = []
    placed = project(np.array([f.geom for f in land_feats], dtype=object))  # vectorised
    placed = shapely.simplify(placed, simplify_cm)
    for f, g in zip(land_feats, placed):
        parts.extend((f.label, p) for p in seas.polygons(seas.fix(g)))
    if water:
        lakes = seas.union([seas.fix(project(w)) for w in water])
        parts = [(n, q) for n, p in parts for q in seas.polygons(seas.difference(p, lakes))]
    _check_pile_up(parts, source)
    parts = _merge_islets(_without_overlaps(parts), min_island_cm2, merge_cm)
    if len(parts) > MAX_ISLANDS:
        raise FileFormatError(
            f"{source}: {len(parts):,} islands above {min_island_cm2} cm^2 is more than "
            f"{MAX_ISLANDS:,}; import a smaller region"
        )
    cover = seas.coverage([p for _n, p in parts], min_area=min_island_cm2 / 4)
    parts = [(n, q) for (n, _p), pieces in zip(parts, cover) for q in pieces]
    if not parts:
        raise FileFormatError(
            f"{source}: every island is smaller than {min_island_cm2} cm^2 on a "
            f"{table_cm[0]:g}x{table_cm[1]:g} cm table"
        )
    tw, th = table_cm
    doc = MapDoc(name or _collection_name(data, source), (0.0, 0.0, tw, th))
    points = [(f, project(frame.prepare(f.point))) for f in feats if f.point is not None]
    _add_islands(doc, parts, [(f.label, pt) for f, pt in points if not f.town])
    doc.apply(generate_seas(doc))
    _mark_towns(doc, [(f, pt) for f, pt in points if f.town], warns)
    return doc


class _Feature:
    __slots__ = ("geom", "harbour", "label", "point", "props", "start", "town")

    def __init__(self, label: str, props: dict[str, Any]) -> None:
        self.label = label
        self.props = props
        self.geom: BaseGeometry | None = None
        self.point: BaseGeometry | None = None
        self.town = self.harbour = self.start = False


def _get(data: Any, key: str) -> Any:
    return data.get(key) if isinstance(data, dict) else None


def _collection_name(data: Any, source: str) -> str:
    n = _get(data, "name")
    if isinstance(n, str) and clean_text(n):
        return clean_text(n, 100)
    stem = source.replace("\\", "/").rsplit("/", 1)[-1]
    low = stem.lower()
    for suffix in (".geo.json", ".geojson", ".json", ".geo"):
        if low.endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    else:
        stem = stem.rsplit(".", 1)[0]
    return clean_text(stem.replace("_", " "), 100) or "imported map"


def _read_features(data: dict[str, Any], source: str) -> list[_Feature]:
    if data.get("type") == "FeatureCollection":
        feats = data.get("features")
        if not isinstance(feats, list):
            raise FileFormatError(f"{source}: key 'features' must be a list")
    elif data.get("type") == "Feature":
        feats = [data]
    else:
        feats = [{"type": "Feature", "properties": {}, "geometry": data}]
    if len(feats) > MAX_FEATURES:
        raise FileFormatError(
            f"{source}: {len(feats):,} features is more than {MAX_FEATURES:,}; "
            "import a smaller region or dissolve the features first"
        )
    out: list[_Feature] = []
    budget = [MAX_TOTAL_VERTICES]
    for k, f in enumerate(feats):
        if not isinstance(f, dict):
            raise FileFormatError(f"{source}: features[{k}] must be an object")
        geom = f.get("geometry")
        if geom is None:
            continue
        props = f.get("properties") if isinstance(f.get("properties"), dict) else {}
        feat = _Feature(_feature_name(props, k), props)
        where = f"{source}: features[{k}] ({feat.label}) geometry"
        if isinstance(geom, dict) and geom.get("type") == "Point":
            feat.point = _point(geom, where)
            feat.town, feat.harbour, feat.start = place_marks(props)
        else:
            g = _geometry(geom, where, budget, 0)
            if g is not None and not g.is_empty:
                feat.geom = g
        if feat.geom is not None or feat.point is not None:
            out.append(feat)
    _repair([f for f in out if f.geom is not None])
    return out


def _repair(feats: list[_Feature]) -> None:
    """Every shape made valid (``make_valid``, vectorised), lines and points of the repair
    dropped; a feature left with no area loses its shape."""
    if not feats:
        return
    arr = np.array([f.geom for f in feats], dtype=object)
    bad = np.nonzero(~shapely.is_valid(arr))[0]
    for k in bad.tolist():
        g = seas.valid_polygonal(arr[k])
        feats[k].geom = None if g.is_empty else g


def _feature_name(props: dict[str, Any], k: int) -> str:
    for key in ("NAME", "name", "NAME_EN", "name_en", "ADMIN", "title", "Name", "label"):
        v = props.get(key)
        if isinstance(v, str) and clean_text(v):
            return clean_text(v, 100)
    return f"Island {k + 1}"


#: Property keys that say what a feature is (Natural Earth, OpenStreetMap, others).
CLASS_KEYS = (
    "featurecla", "class", "type", "kind", "natural", "place", "landuse", "fclass",
    "category", "feature_type", "water", "waterway", "CLASS", "TYPE", "FEATURECLA",
)  # fmt: skip
WATER_WORDS = re.compile(
    r"\b(lakes?|ocean|oceans|seas?|bay|gulf|lagoon|reservoir|river|water|waterbody|"
    r"wetland|marine|glacier)\b",
    re.IGNORECASE,
)
TOWN_WORDS = re.compile(
    r"\b(town|city|village|port|harbou?r|hamlet|settlement|capital|populated place|"
    r"admin-0 capital|admin-1 capital)\b",
    re.IGNORECASE,
)


def _words(props: dict[str, Any]) -> str:
    return " ".join(str(props[k]) for k in CLASS_KEYS if isinstance(props.get(k), str))


def _truthy(v: Any) -> bool:
    return v is True or (isinstance(v, str) and v.strip().lower() in ("true", "yes", "1"))


def place_marks(props: dict[str, Any]) -> tuple[bool, bool, bool]:
    """(town, harbour, start) for a point from its properties: a ``town`` / ``port`` /
    ``harbour`` / ``start`` property, or a class saying town, city, village, port..."""
    words = _words(props)
    harbour = any(_truthy(props.get(k)) for k in ("port", "harbour", "harbor")) or bool(
        re.search(r"\b(port|harbou?r)\b", words, re.IGNORECASE)
    )
    town = _truthy(props.get("town")) or harbour or bool(TOWN_WORDS.search(words))
    start = _truthy(props.get("start")) or bool(re.search(r"\bstart\b", words, re.IGNORECASE))
    return town, harbour, start


def _is_water(props: dict[str, Any]) -> bool:
    if _truthy(props.get("water")) or _truthy(props.get("sea")):
        return True
    if _truthy(props.get("land")):
        return False
    return bool(WATER_WORDS.search(_words(props)))


def _split_water(
    feats: list[_Feature], source: str, warns: list[str]
) -> tuple[list[_Feature], list[BaseGeometry]]:
    """Land features, and the water cut out of the land (lakes). Polygons that mean water
    by their properties are not land (lakes are cut out of it; the sea around everything
    is dropped); nor is a frame: a rectangle, or a shell with three or more features in
    its holes (an unlabelled ocean), around all the other features."""
    polys = [f for f in feats if f.geom is not None]
    if not polys:
        return [], []
    water = [f for f in polys if _is_water(f.props)]
    rest = [f for f in polys if not _is_water(f.props)]
    dropped: list[str] = []
    lakes: list[BaseGeometry] = []
    span = _span(rest or polys)
    for f in water:
        if len(polys) > 1 and _box_area(f.geom) >= 0.9 * span:
            dropped.append(f"{f.label} (the sea around everything)")
        else:
            lakes.append(f.geom)
            dropped.append(f"{f.label} (water)")
    land = list(rest)
    if len(rest) > 1:  # only the largest can be a frame, and only if twice the next
        areas = shapely.area(np.array([f.geom for f in rest], dtype=object))
        order = np.argsort(areas)
        big = rest[int(order[-1])]
        if areas[order[-1]] >= 2 * areas[order[-2]] and _is_frame(big, rest, span):
            dropped.append(f"{big.label} (a frame or ocean around every other feature)")
            land.remove(big)
    if dropped:
        listed = ", ".join(dropped[:5]) + (
            f" and {len(dropped) - 5} more" if len(dropped) > 5 else ""
        )
        warns.append(f"{source}: not made land: {listed}")
    return land, lakes


def _span(feats: list[_Feature]) -> float:
    x0, y0, x1, y1 = shapely.total_bounds(np.array([f.geom for f in feats], dtype=object))
    return max((x1 - x0) * (y1 - y0), 1e-12)


def _box_area(g: BaseGeometry) -> float:
    x0, y0, x1, y1 = g.bounds
    return (x1 - x0) * (y1 - y0)


def _is_frame(me: _Feature, feats: list[_Feature], span: float) -> bool:
    g = me.geom
    if _box_area(g) < 0.9 * span:
        return False
    others = [f.geom for f in feats if f is not me]
    pts = shapely.point_on_surface(np.array(others, dtype=object))
    shells = shapely.polygons(shapely.get_exterior_ring(shapely.get_parts(g)))
    held = np.zeros(len(pts), dtype=bool)
    for shell in shells:
        held |= shapely.covers(shell, pts)
    if held.mean() < 0.9:
        return False
    rectangular = g.area >= 0.95 * _box_area(g)
    in_holes = int(np.count_nonzero(held & ~shapely.covers(g, pts)))
    return rectangular or in_holes >= 3


def _point(geom: dict[str, Any], where: str) -> BaseGeometry | None:
    c = geom.get("coordinates")
    if (
        isinstance(c, list)
        and len(c) >= 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in c[:2])
        and all(math.isfinite(v) for v in c[:2])
    ):
        return shapely.Point(c[0], c[1])
    return None


def _ring(value: Any, where: str, budget: list[int]) -> np.ndarray:
    if not isinstance(value, list):
        raise FileFormatError(f"{where}: a ring must be a list of positions")
    if len(value) > MAX_RING_VERTICES:
        raise FileFormatError(
            f"{where}: {len(value):,} vertices is more than {MAX_RING_VERTICES:,}"
        )
    budget[0] -= len(value)
    if budget[0] < 0:
        raise FileFormatError(f"{where}: more than {MAX_TOTAL_VERTICES:,} vertices in all")
    try:
        arr = np.array([p[:2] for p in value], dtype=float)
    except (TypeError, ValueError, IndexError, KeyError):
        raise FileFormatError(f"{where}: positions must be [x, y] numbers") from None
    if arr.ndim != 2 or arr.shape[1] != 2 or not np.isfinite(arr).all():
        raise FileFormatError(f"{where}: positions must be finite [x, y] numbers")
    if np.abs(arr).max(initial=0.0) > 1e15:
        raise FileFormatError(f"{where}: a coordinate is beyond any map ({np.abs(arr).max():g})")
    if len(arr) < 4:
        raise FileFormatError(f"{where}: a ring needs at least 4 positions")
    return arr


def _polygon(coords: Any, where: str, budget: list[int]) -> BaseGeometry:
    if not isinstance(coords, list) or not coords:
        raise FileFormatError(f"{where}: Polygon coordinates must be a list of rings")
    rings = [geo.unwrap_ring(_ring(r, where, budget)) for r in coords]
    if len(rings) == 1:
        return shapely.polygons(rings[0])  # repaired later, all at once
    return Polygon(rings[0], rings[1:])


def _geometry(geom: Any, where: str, budget: list[int], depth: int) -> BaseGeometry | None:
    if depth > MAX_NESTING:
        raise FileFormatError(f"{where}: GeometryCollections nested more than {MAX_NESTING} deep")
    if not isinstance(geom, dict):
        raise FileFormatError(f"{where}: must be an object")
    t = geom.get("type")
    coords = geom.get("coordinates")
    if t == "Polygon":
        return _polygon(coords, where, budget)
    if t == "MultiPolygon":
        if not isinstance(coords, list):
            raise FileFormatError(f"{where}: MultiPolygon coordinates must be a list")
        polys = [_polygon(poly, f"{where} polygon {k}", budget) for k, poly in enumerate(coords)]
        return _collect(polys)
    if t == "GeometryCollection":
        subs = geom.get("geometries")
        if not isinstance(subs, list):
            raise FileFormatError(f"{where}: key 'geometries' must be a list")
        got = [_geometry(s, where, budget, depth + 1) for s in subs]
        return _collect([g for g in got if g is not None])
    if t in ("Point", "MultiPoint", "LineString", "MultiLineString"):
        return None
    raise FileFormatError(f"{where}: unknown geometry type {shown(str(t)[:40])}")


def _collect(geoms: list[BaseGeometry]) -> BaseGeometry | None:
    parts = [p for g in geoms for p in seas.polygons(seas.valid_polygonal(g))]
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else shapely.MultiPolygon(parts)


#: Overlapping pairs of features allowed before an import is refused as a pile-up.
MAX_OVERLAP_PAIRS = 200_000
MAX_NESTING = 32


def _check_pile_up(parts: list[tuple[str, BaseGeometry]], source: str) -> None:
    """Refuse early, before any quadratic work, when features pile up on one another."""
    if len(parts) < 2:
        return
    boxes = shapely.envelope(np.array([p for _n, p in parts], dtype=object))
    tree = shapely.STRtree(boxes)
    total = 0
    for start in range(0, len(boxes), 256):
        a, b = tree.query(boxes[start : start + 256])
        total += int(np.count_nonzero(a + start < b))
        if total > MAX_OVERLAP_PAIRS:
            worst = parts[start][0]
            raise FileFormatError(
                f"{source}: the features pile up on one another (more than "
                f"{MAX_OVERLAP_PAIRS:,} overlapping pairs, {shown(worst)} among them): "
                "dissolve or deduplicate them before importing"
            )


def _without_overlaps(parts: list[tuple[str, Polygon]]) -> list[tuple[str, Polygon]]:
    """Overlapping features (a region drawn over its islands) are cut apart: the
    smaller keeps the land they share, the larger keeps the rest."""
    geoms = np.array([p for _n, p in parts], dtype=object)
    if len(geoms) < 2:
        return parts
    left, right = shapely.STRtree(geoms).query(geoms, predicate="intersects")
    keep = left != right
    left, right = left[keep], right[keep]
    if len(left):
        # interiors meeting (a predicate, no overlay): touching features are not cut
        inner = shapely.relate_pattern(geoms[left], geoms[right], "T********")
        left, right = left[inner], right[inner]
    if not len(left):
        return parts
    smaller: dict[int, list[int]] = {}
    areas = shapely.area(geoms)
    for i, j in zip(left.tolist(), right.tolist()):
        if areas[j] < areas[i] or (areas[j] == areas[i] and j < i):
            smaller.setdefault(i, []).append(j)
    out: list[tuple[str, Polygon]] = []
    for k, (name, poly) in enumerate(parts):
        if k in smaller:
            rest = seas.difference(poly, _union_of_valid(geoms[smaller[k]]))
            out.extend((name, p) for p in polygons_of(rest) if p.area > 1e-3)
        else:
            out.append((name, poly))
    return out


def _union_of_valid(geoms: np.ndarray) -> BaseGeometry:
    """The union of shapes already valid and on the grid: plain first, grid if GEOS fails."""
    try:
        return shapely.union_all(geoms)
    except shapely.errors.GEOSException:
        return seas.union(list(geoms))


def _merge_islets(
    parts: list[tuple[str, Polygon]], min_area: float, merge: float
) -> list[tuple[str, Polygon]]:
    """Islets under ``min_area`` join a bigger part within ``merge`` cm, else vanish."""
    big = [(n, p) for n, p in parts if p.area >= min_area]
    small = [p for _n, p in parts if p.area < min_area]
    if not big or not small:
        return big
    geoms = np.array([p for _n, p in big], dtype=object)
    tree = shapely.STRtree(geoms)
    extra: dict[int, list[Polygon]] = {}
    for p in small:
        idx = tree.query(p, predicate="dwithin", distance=merge)
        if len(idx):
            k = int(min(idx, key=lambda i: geoms[i].distance(p)))
            extra.setdefault(k, []).append(p)
    out = []
    for k, (n, p) in enumerate(big):
        if k in extra:
            d = merge / 2 + 0.01
            closed = seas.union([p.buffer(d), *(q.buffer(d) for q in extra[k])]).buffer(-d)
            grown = seas.union([p, closed])
            others = [int(i) for i in tree.query(grown) if int(i) != k]
            if others:  # growing over an islet must not eat into a neighbour
                grown = seas.difference(grown, seas.union(list(geoms[others])))
            merged = polygons_of(grown)
            p = merged[0] if merged else p
            geoms[k] = p  # later parts must not grow into this one either
        out.append((n, p))
    return out


def _add_islands(
    doc: MapDoc, parts: list[tuple[str, Polygon]], named_pts: Sequence[tuple[str, BaseGeometry]]
) -> None:
    geoms = np.array([p for _n, p in parts], dtype=object)
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="dwithin", distance=0.05)
    parent = list(range(len(parts)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in zip(left.tolist(), right.tolist()):
        if a != b:
            parent[find(a)] = find(b)
    groups: dict[int, list[int]] = {}
    for i in range(len(parts)):
        groups.setdefault(find(i), []).append(i)
    # name parts by a named point on them, else by their feature (largest part first)
    part_names: list[str] = []
    counts: dict[str, int] = {}
    order = sorted(range(len(parts)), key=lambda i: -parts[i][1].area)
    names_by_index: dict[int, str] = {}
    for i in order:
        fname, poly = parts[i]
        label = next((n for n, pt in named_pts if poly.buffer(0.5).contains(pt)), None)
        if label is None:
            counts[fname] = counts.get(fname, 0) + 1
            label = fname if counts[fname] == 1 else f"{fname} {counts[fname]}"
        names_by_index[i] = label.title() if label.isupper() else label
    part_names = [names_by_index[i] for i in range(len(parts))]
    if len(parts) > MAX_AREAS:
        raise FileFormatError(f"{len(parts)} islands is more than {MAX_AREAS}")
    group_list = sorted(groups.values(), key=lambda g: -sum(parts[i][1].area for i in g))
    land_ids: dict[int, str] = {}
    for gi, members in enumerate(group_list, 1):
        iid = f"I{gi}"
        members.sort(key=lambda i: -parts[i][1].area)
        title = " and ".join(dict.fromkeys(part_names[i] for i in members[:2]))
        if len(members) > 2:
            title = part_names[members[0]]
        doc.islands.append(Island(iid, title))
        for i in members:
            land_ids[i] = doc.new_id("L")
            area = Area(land_ids[i], part_names[i], "land", ((0, 0), (1, 0), (1, 1)), iid)
            doc.areas.append(area_with_polygon(area, parts[i][1]))


def _mark_towns(doc: MapDoc, towns: list[tuple[Any, BaseGeometry]], warns: list[str]) -> None:
    """Town points mark the land area under them (or the nearest within 1 cm)."""
    lands = [k for k, a in enumerate(doc.areas) if a.kind == "land"]
    if not towns or not lands:
        return
    geoms = np.array([doc.areas[k].geometry() for k in lands], dtype=object)
    tree = shapely.STRtree(geoms)
    missed: list[str] = []
    for f, pt in towns:
        hit = tree.query(pt, predicate="covers")
        if not len(hit):
            hit = tree.query_nearest(pt, max_distance=1.0)
        if not len(hit):
            missed.append(f.label)
            continue
        k = lands[int(hit[0])]
        a = doc.areas[k]
        doc.areas[k] = replace(
            a,
            town=True,
            harbour=a.harbour or f.harbour,
            start=a.start or f.start,
        )
    if missed:
        listed = ", ".join(missed[:5]) + (f" and {len(missed) - 5} more" if len(missed) > 5 else "")
        warns.append(f"towns not on any island (left out): {listed}")


def _own_geojson(data: dict[str, Any], meta: dict[str, Any], source: str) -> MapDoc:
    feats = data.get("features")
    if not isinstance(feats, list):
        raise FileFormatError(f"{source}: key 'features' must be a list")
    areas = []
    for k, f in enumerate(feats):
        where = f"{source}: features[{k}]"
        if not isinstance(f, dict) or not isinstance(f.get("properties"), dict):
            raise FileFormatError(f"{where}: must be a Feature with properties")
        g = f.get("geometry")
        if (
            not isinstance(g, dict)
            or g.get("type") != "Polygon"
            or not isinstance(g.get("coordinates"), list)
        ):
            raise FileFormatError(f"{where}: geometry must be a Polygon")
        rings = g["coordinates"]
        if not rings:
            raise FileFormatError(f"{where}: the Polygon has no rings")
        areas.append({**f["properties"], "polygon": rings[0], "holes": rings[1:]})
    return map_from_json({**meta, "areas": areas}, source)
