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
from collections.abc import Sequence
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from wargame.errors import FileFormatError
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
) -> MapDoc:
    if not is_geojson(data):
        raise FileFormatError(f"{source}: not GeoJSON (key 'type' is {_get(data, 'type')!r})")
    meta = data.get("wargame") if isinstance(data, dict) else None
    if isinstance(meta, dict) and meta.get("format") == MAP_FORMAT:
        return _own_geojson(data, meta, source)
    shapes = _read_features(data, source)
    if not shapes:
        raise FileFormatError(f"{source}: no Polygon or MultiPolygon features to make islands of")
    points = _named_points(data)
    lonlat = all(_is_lonlat(g) for _n, g in shapes)
    geoms = [g for _n, g in shapes]
    minx, miny, maxx, maxy = shapely.total_bounds(np.array(geoms, dtype=object))
    lat0 = (miny + maxy) / 2 if lonlat else 0.0
    kx = math.cos(math.radians(lat0)) if lonlat else 1.0
    flip = -1.0 if lonlat else 1.0  # north up on the table: y grows downwards
    w = (maxx - minx) * kx
    h = maxy - miny
    if w <= 0 or h <= 0:
        raise FileFormatError(f"{source}: the features have no extent to fit on a table")
    tw, th = table_cm
    scale = min((tw - 2 * margin_cm) / w, (th - 2 * margin_cm) / h)
    ox = (tw - w * scale) / 2
    oy = (th - h * scale) / 2

    def project(coords: np.ndarray) -> np.ndarray:
        x = (coords[:, 0] - minx) * kx * scale + ox
        y = ((maxy - coords[:, 1]) if flip < 0 else (coords[:, 1] - miny)) * scale + oy
        return np.column_stack([x, y])

    parts: list[tuple[str, Polygon]] = []
    for fname, g in shapes:
        projected = shapely.transform(g, project)
        projected = shapely.make_valid(shapely.simplify(projected, simplify_cm))
        for p in polygons_of(projected):
            parts.append((fname, p))
    named_pts = [(n, shapely.transform(pt, project)) for n, pt in points]
    parts = _merge_islets(_without_overlaps(parts), min_island_cm2, merge_cm)
    if len(parts) > MAX_ISLANDS:
        raise FileFormatError(
            f"{source}: {len(parts):,} islands above {min_island_cm2} cm^2 is more than "
            f"{MAX_ISLANDS:,}; import a smaller region"
        )
    if not parts:
        raise FileFormatError(
            f"{source}: every island is smaller than {min_island_cm2} cm^2 on a "
            f"{tw:g}x{th:g} cm table"
        )
    doc = MapDoc(name or _collection_name(data, source), (0.0, 0.0, tw, th))
    _add_islands(doc, parts, named_pts)
    doc.apply(generate_seas(doc))
    return doc


def _get(data: Any, key: str) -> Any:
    return data.get(key) if isinstance(data, dict) else None


def _collection_name(data: Any, source: str) -> str:
    n = _get(data, "name")
    if isinstance(n, str) and n.strip():
        return n[:100]
    stem = source.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return stem.replace("_", " ")[:100]


def _read_features(data: dict[str, Any], source: str) -> list[tuple[str, BaseGeometry]]:
    if data.get("type") == "FeatureCollection":
        feats = data.get("features")
        if not isinstance(feats, list):
            raise FileFormatError(f"{source}: key 'features' must be a list")
    elif data.get("type") == "Feature":
        feats = [data]
    else:
        feats = [{"type": "Feature", "properties": {}, "geometry": data}]
    if len(feats) > MAX_FEATURES:
        raise FileFormatError(f"{source}: {len(feats)} features (at most {MAX_FEATURES})")
    out: list[tuple[str, BaseGeometry]] = []
    budget = [MAX_TOTAL_VERTICES]
    for k, f in enumerate(feats):
        if not isinstance(f, dict):
            raise FileFormatError(f"{source}: features[{k}] must be an object")
        geom = f.get("geometry")
        if geom is None:
            continue
        props = f.get("properties") if isinstance(f.get("properties"), dict) else {}
        label = _feature_name(props, k)
        g = _geometry(geom, f"{source}: features[{k}] ({label}) geometry", budget)
        if g is not None and not g.is_empty:
            out.append((label, g))
    return out


def _feature_name(props: dict[str, Any], k: int) -> str:
    for key in ("NAME", "name", "NAME_EN", "name_en", "ADMIN", "title", "Name"):
        v = props.get(key)
        if isinstance(v, str) and v.strip():
            return v.strip()[:100]
    return f"Island {k + 1}"


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
    except (TypeError, ValueError, IndexError):
        raise FileFormatError(f"{where}: positions must be [x, y] numbers") from None
    if arr.ndim != 2 or arr.shape[1] != 2 or not np.isfinite(arr).all():
        raise FileFormatError(f"{where}: positions must be finite [x, y] numbers")
    if len(arr) < 4:
        raise FileFormatError(f"{where}: a ring needs at least 4 positions")
    return arr


def _geometry(geom: Any, where: str, budget: list[int]) -> BaseGeometry | None:
    if not isinstance(geom, dict):
        raise FileFormatError(f"{where}: must be an object")
    t = geom.get("type")
    coords = geom.get("coordinates")
    if t == "Polygon":
        if not isinstance(coords, list) or not coords:
            raise FileFormatError(f"{where}: Polygon coordinates must be a list of rings")
        rings = [_ring(r, where, budget) for r in coords]
        return shapely.make_valid(Polygon(rings[0], rings[1:]))
    if t == "MultiPolygon":
        if not isinstance(coords, list):
            raise FileFormatError(f"{where}: MultiPolygon coordinates must be a list")
        polys = []
        for k, poly in enumerate(coords):
            if not isinstance(poly, list) or not poly:
                raise FileFormatError(f"{where}: polygon {k} must be a list of rings")
            rings = [_ring(r, f"{where} polygon {k}", budget) for r in poly]
            polys.append(shapely.make_valid(Polygon(rings[0], rings[1:])))
        return shapely.union_all(polys) if polys else None
    if t == "GeometryCollection":
        subs = geom.get("geometries")
        if not isinstance(subs, list):
            raise FileFormatError(f"{where}: key 'geometries' must be a list")
        got = [g for g in (_geometry(s, where, budget) for s in subs) if g is not None]
        return shapely.union_all(got) if got else None
    if t in ("Point", "MultiPoint", "LineString", "MultiLineString"):
        return None
    raise FileFormatError(f"{where}: unknown geometry type {t!r}")


def _named_points(data: dict[str, Any]) -> list[tuple[str, BaseGeometry]]:
    out = []
    feats = data.get("features") if data.get("type") == "FeatureCollection" else []
    for k, f in enumerate(feats if isinstance(feats, list) else []):
        if not isinstance(f, dict):
            continue
        g = f.get("geometry")
        if isinstance(g, dict) and g.get("type") == "Point":
            c = g.get("coordinates")
            if (
                isinstance(c, list)
                and len(c) >= 2
                and all(isinstance(v, int | float) for v in c[:2])
            ):
                props = f.get("properties") if isinstance(f.get("properties"), dict) else {}
                out.append((_feature_name(props, k), shapely.Point(c[0], c[1])))
    return out


def _is_lonlat(g: BaseGeometry) -> bool:
    minx, miny, maxx, maxy = g.bounds
    return -180 <= minx and maxx <= 180 and -90 <= miny and maxy <= 90


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
        shared = shapely.area(shapely.intersection(geoms[left], geoms[right]))
        left, right = left[shared > 1e-6], right[shared > 1e-6]
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
            rest = poly.difference(shapely.union_all(geoms[smaller[k]]))
            out.extend((name, p) for p in polygons_of(rest) if p.area > 1e-3)
        else:
            out.append((name, poly))
    return out


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
            closed = shapely.union_all([p.buffer(d), *(q.buffer(d) for q in extra[k])]).buffer(-d)
            grown = shapely.union_all([p, closed])
            others = [int(i) for i in tree.query(grown) if int(i) != k]
            if others:  # growing over an islet must not eat into a neighbour
                grown = grown.difference(shapely.union_all(geoms[others]))
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
