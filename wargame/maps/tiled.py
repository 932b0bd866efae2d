"""Tiled maps to the app's map and back.

Import (see docs/rulings.md):
- Tiles: a cell in a layer marked land or sea (a ``kind`` property, a ``land`` /
  ``water`` bool, or the layer's class; groups pass it on) is what its topmost
  marked layer says; else the lowest layer with a tile known to be water or land
  decides (tile properties, classes, terrains, Wang colours, image names: see
  :mod:`wargame.maps.tiled_tiles`); any other tile is land (a desert's sand is not
  sea, and a warning says that no water was known). An empty cell is water.
  Hidden layers are skipped.
- Connected land cells form an island with one land area. Polygon, rectangle,
  ellipse and tile objects become areas by what they say (property or class) or
  their layer says: land objects over tile land are carved out of their island,
  land objects elsewhere are islands of their own, sea objects are sea areas.
  Objects named or classed as triggers, spawns, collisions, doors... and tile
  objects of unknown tiles (sprites) are skipped; an unmarked polygon is taken as
  land, with a warning. Isometric object coordinates are projected as Tiled does.
- Towns: points and objects with a ``town`` / ``port`` property or a class saying
  town, city, village, port (a bare point's name may say it too) mark the land
  area under them; ``start`` / spawn marks a start area.
- The table is the map's extent plus one tile all round (so an all-land map has a
  coast); one tile measures 5 cm across unless the file says ``cm_per_px``.
- Hexagonal maps keep their hex layout: staggeraxis x is flat-top, y pointy-top.
- Sea areas are generated around the islands.

Export writes Tiled JSON with every area a polygon object (10 px to the cm) and the
map's own fields in a ``wargame`` map property, which import reads back exactly.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from wargame.errors import FileFormatError
from wargame.maps import seas
from wargame.maps.model import Area, HexSpec, Island, MapDoc, map_from_json, map_to_json
from wargame.maps.ops import area_with_polygon, generate_seas, polygons_of
from wargame.maps.rules import map_limits
from wargame.maps.safeio import clean_text
from wargame.maps.tiled_read import TiledMap, TiledObject
from wargame.maps.tiled_tiles import kind_of

TILE_CM = 5.0
EXPORT_PX_PER_CM = 10.0
MAX_ISLANDS = 2_000
TOWN_WORDS = ("town", "port", "village", "city", "harbour", "harbor")
START_WORDS = ("start", "spawn")
SEA_WORDS = ("sea", "water", "ocean")


# -- cells ----------------------------------------------------------------------------------
def cell_polygon(m: TiledMap, col: int, row: int) -> list[tuple[float, float]]:
    """The outline of one tile in pixels, the way Tiled's renderers place it."""
    tw, th = m.tilewidth, m.tileheight
    if m.orientation == "orthogonal":
        x, y = col * tw, row * th
        return [(x, y), (x + tw, y), (x + tw, y + th), (x, y + th)]
    if m.orientation == "isometric":
        x = (col - row) * tw / 2 + m.height * tw / 2
        y = (col + row) * th / 2
        return [(x, y), (x + tw / 2, y + th / 2), (x, y + th), (x - tw / 2, y + th / 2)]
    x, y, shape = _stagger_origin(m, col, row)
    out: list[tuple[float, float]] = []
    for px, py in shape:
        p = (x + px, y + py)
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _stagger_origin(
    m: TiledMap, col: int, row: int
) -> tuple[float, float, list[tuple[float, float]]]:
    tw, th = m.tilewidth, m.tileheight
    side = m.hexsidelength if m.orientation == "hexagonal" else 0.0
    stagger_x = m.staggeraxis == "x"
    even = m.staggerindex == "even"
    side_x = side if stagger_x else 0.0
    side_y = 0.0 if stagger_x else side
    off_x = (tw - side_x) / 2
    off_y = (th - side_y) / 2
    col_w = off_x + side_x
    row_h = off_y + side_y
    if stagger_x:
        x = col * col_w
        y = row * (th + side_y) + (row_h if (col & 1) ^ even else 0.0)
        shape = [
            (off_x, 0),
            (tw - off_x, 0),
            (tw, th / 2),
            (tw - off_x, th),
            (off_x, th),
            (0, th / 2),
        ]
    else:
        x = col * (tw + side_x) + (col_w if (row & 1) ^ even else 0.0)
        y = row * row_h
        shape = [
            (tw / 2, 0),
            (tw, off_y),
            (tw, th - off_y),
            (tw / 2, th),
            (0, th - off_y),
            (0, off_y),
        ]
    return x, y, shape


def land_cells(m: TiledMap, warnings: list[str] | None = None) -> list[tuple[int, int]]:
    """The cells that are land. A cell in a layer marked land or sea (property ``kind``,
    ``land`` / ``water``, or the layer's class) is what its topmost marked layer says;
    else the lowest layer whose tile is known to be water or land decides; a tile known
    to be neither is land (a desert's sand is not sea), with a warning when no tile at
    all is known to be water."""
    layers = [layer for layer in m.layers if layer.cells]
    if not layers:
        return []
    water, land = m.water_gids, m.land_gids
    if not water and not any(layer.kind == "sea" for layer in layers):
        if warnings is not None:
            warnings.append(
                f"{m.source}: no tile is marked as water (a 'water' property, a class, a "
                "terrain or Wang colour named water, or a layer with property kind=sea): "
                "every tile is taken as land"
            )
    decided: dict[tuple[int, int], bool] = {}
    for layer in reversed(layers):  # topmost marked layer wins
        if layer.kind:
            for pos in layer.cells:
                decided.setdefault(pos, layer.kind == "land")
    fallback: dict[tuple[int, int], bool] = {}
    for layer in layers:  # the lowest layer with a known tile decides
        if layer.kind:
            continue
        for pos, gid in layer.cells.items():
            if pos in decided:
                continue
            if gid in water:
                decided[pos] = False
            elif gid in land:
                decided[pos] = True
            else:
                fallback.setdefault(pos, True)
    for pos, v in fallback.items():
        decided.setdefault(pos, v)
    out = sorted(pos for pos, is_land in decided.items() if is_land)
    most = map_limits().tiled.max_land_cells
    if len(out) > most:
        raise FileFormatError(f"{m.source}: {len(out):,} land tiles is more than {most:,}")
    return out


def edge_neighbours(m: TiledMap, col: int, row: int) -> list[tuple[int, int]]:
    """The cells sharing a side with (col, row), the way Tiled lays the map out."""
    if m.orientation in ("orthogonal", "isometric"):
        return [(col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)]
    even = m.staggerindex == "even"
    hexes = m.orientation == "hexagonal"
    if m.staggeraxis == "y":
        d = 0 if (row & 1) ^ even else -1
        out = [
            (col + d, row - 1),
            (col + d + 1, row - 1),
            (col + d, row + 1),
            (col + d + 1, row + 1),
        ]
        return out + ([(col - 1, row), (col + 1, row)] if hexes else [])
    d = 0 if (col & 1) ^ even else -1
    out = [(col - 1, row + d), (col - 1, row + d + 1), (col + 1, row + d), (col + 1, row + d + 1)]
    return out + ([(col, row - 1), (col, row + 1)] if hexes else [])


def count_islands(m: TiledMap, cells: list[tuple[int, int]]) -> int:
    """How many separate islands the land cells make (cells joined by a shared side)."""
    parent = {c: c for c in cells}

    def find(c: tuple[int, int]) -> tuple[int, int]:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for c in cells:
        for n in edge_neighbours(m, *c):
            if n in parent:
                a, b = find(c), find(n)
                if a != b:
                    parent[a] = b
    return sum(1 for c in cells if parent[c] == c)


# -- objects ----------------------------------------------------------------------------------
SKIP_RE = re.compile(
    r"(trigger|spawn|collision|collider|camera|zone|event|warp|door|npc|enemy|item|light|"
    r"sound|checkpoint|teleport|exit|entrance|player|coin|pickup|hitbox|path|waypoint|"
    r"boundary|bounds|region|sensor|portal|label)",
    re.IGNORECASE,
)
PLACE_RE = re.compile(r"\b(town|city|village|port|harbou?r|settlement|capital)\b", re.IGNORECASE)


def iso_to_screen(m: TiledMap, x: float, y: float) -> tuple[float, float]:
    """Tiled's isometric object coordinates (measured along the tile axes in tile-height
    pixels) on the screen, as Tiled's IsometricRenderer::pixelToScreenCoords does."""
    tx, ty = x / m.tileheight, y / m.tileheight
    origin_x = m.height * m.tilewidth / 2
    return ((tx - ty) * m.tilewidth / 2 + origin_x, (tx + ty) * m.tileheight / 2)


def object_polygon(o: TiledObject, m: TiledMap | None = None) -> Polygon | None:
    """The outline of an area object (polygon, rectangle, ellipse, tile) in screen pixels."""
    if o.shape == "polygon" and len(o.points) >= 3:
        pts = o.points
    elif o.shape in ("rect", "tile") and o.width > 0 and o.height > 0:
        top = -o.height if o.shape == "tile" else 0.0  # a tile object hangs from its bottom
        pts = [(0, top), (o.width, top), (o.width, top + o.height), (0, top + o.height)]
    elif o.shape == "ellipse" and o.width > 0 and o.height > 0:
        rx, ry = o.width / 2, o.height / 2
        pts = [
            (rx + rx * math.cos(t), ry + ry * math.sin(t))
            for t in np.linspace(0, 2 * math.pi, 32, endpoint=False)
        ]
    else:
        return None
    c, s = math.cos(math.radians(o.rotation)), math.sin(math.radians(o.rotation))
    ring = [(o.x + px * c - py * s, o.y + px * s + py * c) for px, py in pts]
    if m is not None and m.orientation == "isometric":
        ring = [iso_to_screen(m, x, y) for x, y in ring]
    parts = seas.polygons(seas.valid_polygonal(Polygon(ring)))
    return parts[0] if parts else None


def object_point(o: TiledObject, m: TiledMap) -> tuple[float, float]:
    if m.orientation == "isometric":
        return iso_to_screen(m, o.x, o.y)
    return (o.x, o.y)


def object_role(o: TiledObject, m: TiledMap) -> str:
    """ "land", "sea", "place" (a town or start marker) or "skip" for an object."""
    if o.shape in ("text", "polyline"):
        return "skip"
    words = f"{o.kind} {o.name}"
    says = kind_of(o.properties, o.kind)
    marks = _place_marks(o)
    if says is None and (marks[0] or marks[2]) and not o.properties.get("kind"):
        return "place"
    if o.shape == "point":
        return "place"
    if says is None and o.shape == "tile":
        says = True if o.gid in m.water_gids else False if o.gid in m.land_gids else None
        if says is None:
            return "skip"  # a sprite: only a tile known to be land or water makes an area
    if says is None and o.layer_kind:
        says = o.layer_kind == "sea"
    if says is not None:
        return "sea" if says else "land"
    if SKIP_RE.search(words) or SKIP_RE.search(o.layer):
        return "skip"
    return "land"


def _place_marks(o: TiledObject) -> tuple[bool, bool, bool]:
    """(town, harbour, start) from a ``town`` / ``port`` / ``start`` property or the class."""
    p = o.properties

    def yes(key: str) -> bool:
        v = p.get(key)
        return v is True or (isinstance(v, str) and v.lower() in ("true", "yes", "1"))

    cls = o.kind
    harbour = (
        yes("port")
        or yes("harbour")
        or yes("harbor")
        or bool(re.search(r"\b(port|harbou?r)\b", cls, re.IGNORECASE))
    )
    town = yes("town") or harbour or bool(PLACE_RE.search(cls))
    if o.shape == "point" and not town:  # a bare point: its name may say it
        town = bool(PLACE_RE.search(o.name)) or any(w in o.name.lower() for w in TOWN_WORDS)
        harbour = harbour or bool(re.search(r"\b(port|harbou?r)\b", o.name, re.IGNORECASE))
    start = yes("start") or bool(re.search(r"\b(start|spawn)", f"{cls} {o.name}", re.IGNORECASE))
    return town, harbour, start


# -- import -----------------------------------------------------------------------------------
def tiled_to_doc(
    m: TiledMap, *, name: str | None = None, warnings: list[str] | None = None
) -> MapDoc:
    warns = warnings if warnings is not None else []
    meta = m.properties.get("wargame")
    if isinstance(meta, str):
        return _own_tiled(m, meta)
    cm_per_px = _positive(m.properties.get("cm_per_px")) or TILE_CM / m.tilewidth

    def to_cm(geom: BaseGeometry) -> BaseGeometry:
        return seas.fix(shapely.transform(geom, lambda xy: xy * cm_per_px))

    cells = land_cells(m, warns)
    tiles_land = None
    if cells:
        islands = count_islands(m, cells)
        if islands > MAX_ISLANDS:
            raise FileFormatError(
                f"{m.source}: the land tiles make {islands:,} separate islands (at most {MAX_ISLANDS:,})"
            )
        polys = shapely.polygons([cell_polygon(m, c, r) for c, r in cells])
        # tiles never overlap: a coverage union is linear where a general union is not
        merged = seas.valid_polygonal(shapely.coverage_union_all(polys))
        if len(polygons_of(merged)) > MAX_ISLANDS:
            raise FileFormatError(
                f"{m.source}: the land tiles make more than {MAX_ISLANDS:,} separate islands"
            )
        tiles_land = to_cm(merged)
    roles = [(o, object_role(o, m)) for o in m.objects]
    skipped = [o for o, r in roles if r == "skip" and o.shape not in ("text", "polyline")]
    guessed = [
        o
        for o, r in roles
        if r == "land"
        and kind_of(o.properties, o.kind) is None
        and not o.layer_kind
        and o.shape != "tile"
    ]
    areas_objs = []
    for o, r in roles:
        if r in ("land", "sea"):
            p = object_polygon(o, m)
            if p is not None:
                areas_objs.append((o, r, to_cm(p)))
    places = [
        (o, shapely.Point(*(v * cm_per_px for v in object_point(o, m))))
        if o.shape == "point"
        else (o, _centre_point(object_polygon(o, m), cm_per_px))
        for o, r in roles
        if r == "place"
    ]
    if skipped:
        warns.append(
            f"{m.source}: objects that are neither land nor sea were skipped: "
            + _listed([o.name or o.kind or f"object {o.id}" for o in skipped])
        )
    if guessed:
        warns.append(
            f"{m.source}: objects with no class or 'kind' property were taken as islands: "
            + _listed([o.name or f"object {o.id}" for o in guessed])
        )
    doc = MapDoc(name or _stem(m.source))
    doc.bounds = _bounds(
        m, cm_per_px, [p for _o, _r, p in areas_objs] + ([tiles_land] if tiles_land else [])
    )
    if m.orientation == "hexagonal":
        doc.hex = _hex_spec(m, cm_per_px)
    _build_areas(doc, tiles_land, areas_objs)
    if any(a.kind == "land" for a in doc.areas):
        doc.apply(generate_seas(doc, replace_existing=False))
    _mark_points(doc, [(o, pt) for o, pt in places if pt is not None], warns)
    return doc


def _centre_point(poly: Polygon | None, k: float) -> shapely.Point | None:
    if poly is None:
        return None
    c = poly.representative_point()
    return shapely.Point(c.x * k, c.y * k)


def _listed(names: list[str]) -> str:
    shown = ", ".join(repr(clean_text(n, 40)) for n in names[:5])
    return shown + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def _positive(v: Any) -> float | None:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if 0 < f < 1e6 else None


def _stem(source: str) -> str:
    stem = source.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0].replace("_", " ")
    return clean_text(stem, 100) or "imported map"


def _bounds(m: TiledMap, k: float, geoms: list[BaseGeometry]) -> tuple[float, float, float, float]:
    corners = []
    if m.width and m.height and not m.infinite:
        for c, r in ((0, 0), (m.width - 1, 0), (0, m.height - 1), (m.width - 1, m.height - 1)):
            corners.extend(cell_polygon(m, c, r))
    xs = [x * k for x, _ in corners]
    ys = [y * k for _, y in corners]
    for g in geoms:
        if g.is_empty:
            continue
        b = g.bounds
        xs += [b[0], b[2]]
        ys += [b[1], b[3]]
    if not xs:
        return (0.0, 0.0, 120.0, 80.0)
    pad = max(m.tilewidth, m.tileheight) * k
    return (
        round(min(xs) - pad, 3),
        round(min(ys) - pad, 3),
        round(max(xs) + pad, 3),
        round(max(ys) + pad, 3),
    )


def _hex_spec(m: TiledMap, k: float) -> HexSpec:
    flat = m.staggeraxis == "x"
    if m.hexsidelength > 0:
        size = m.hexsidelength * k
    else:
        size = (m.tilewidth if flat else m.tileheight) / 2 * k
    poly = cell_polygon(m, 0, 0)
    cx = sum(p[0] for p in poly) / len(poly) * k
    cy = sum(p[1] for p in poly) / len(poly) * k
    return HexSpec("flat" if flat else "pointy", round(size, 4), (round(cx, 3), round(cy, 3)))


def _build_areas(
    doc: MapDoc,
    tiles_land: BaseGeometry | None,
    objs: list[tuple[TiledObject, str, BaseGeometry]],
) -> None:
    """Land objects over tile land are carved out of their island; land objects elsewhere
    are islands of their own; sea objects take the water they cover. No two overlap."""
    islands = seas.polygons(tiles_land, min_area=1e-3)
    land_objs = [(o, p) for o, r, p in objs if r == "land"]
    sea_objs = [(o, p) for o, r, p in objs if r == "sea"]
    cover = seas.coverage([p for _o, p in land_objs], min_area=1e-3)
    tree = shapely.STRtree(np.array(islands, dtype=object)) if islands else None
    carved: dict[int, list[tuple[TiledObject, Polygon]]] = {}
    free: list[tuple[TiledObject, Polygon]] = []
    for (o, _p), pieces in zip(land_objs, cover):
        for piece in pieces[:1]:
            hits = [] if tree is None else tree.query(piece, predicate="intersects").tolist()
            hits = [k for k in hits if seas.intersection(islands[k], piece).area > 0.1 * piece.area]
            if hits:
                for k in hits:
                    for bit in seas.polygons(seas.intersection(islands[k], piece))[:1]:
                        if bit.area > 1e-3:
                            carved.setdefault(k, []).append((o, bit))
            else:
                free.append((o, piece))
    n_island = 0
    for k, isl in enumerate(islands):
        n_island += 1
        iid = f"I{n_island}"
        title = f"Island {n_island}"
        doc.islands.append(Island(iid, title))
        parts = carved.get(k, [])
        for o, piece in parts:
            _add(doc, o.name or f"{title} {o.kind or 'area'} {o.id}", "land", piece, iid)
        rest = seas.difference(isl, seas.union([p for _o, p in parts])) if parts else isl
        for j, piece in enumerate(seas.polygons(rest, min_area=1e-3)):
            _add(doc, title if j == 0 else f"{title} {j + 1}", "land", piece, iid)
    for o, p in free:
        if tiles_land is not None and not tiles_land.is_empty:
            p = next(iter(seas.polygons(seas.difference(p, tiles_land))), None)
            if p is None or p.area < 1e-3:
                continue
        n_island += 1
        iid = f"I{n_island}"
        title = clean_text(o.name) or f"Island {n_island}"
        doc.islands.append(Island(iid, title))
        _add(doc, title, "land", p, iid)
    taken = seas.union([a.geometry() for a in doc.areas]) if doc.areas else Polygon()
    for o, p in sea_objs:
        piece = seas.polygons(seas.difference(p, taken))
        if piece and piece[0].area > 1e-3:
            _add(doc, o.name or f"Sea {o.id}", "sea", piece[0], None)
            taken = seas.union([taken, piece[0]])


def _add(doc: MapDoc, name: str, kind: str, poly: Polygon, island: str | None) -> None:
    aid = doc.new_id("L" if kind == "land" else "S")
    label = clean_text(name) or aid
    area = Area(aid, label, kind, ((0, 0), (1, 0), (1, 1)), island)  # type: ignore[arg-type]
    doc.areas.append(area_with_polygon(area, poly))


def _mark_points(
    doc: MapDoc, points: list[tuple[TiledObject, shapely.Point]], warns: list[str]
) -> None:
    missed: list[str] = []
    for o, pt in points:
        town, harbour, start = _place_marks(o)
        if not (town or start):
            continue
        for k, a in enumerate(doc.areas):
            if a.kind == "land" and a.geometry().buffer(0.5).covers(pt):
                doc.areas[k] = replace(
                    a,
                    town=a.town or town,
                    harbour=a.harbour or harbour,
                    start=a.start or start,
                )
                break
        else:
            if town:
                missed.append(o.name or f"object {o.id}")
    if missed:
        warns.append(f"{doc.name}: towns not on any island (left out): {_listed(missed)}")


def _own_tiled(m: TiledMap, meta_text: str) -> MapDoc:
    try:
        meta = json.loads(meta_text)
    except (json.JSONDecodeError, RecursionError):
        raise FileFormatError(f"{m.source}: map property 'wargame' is not valid JSON") from None
    if not isinstance(meta, dict):
        raise FileFormatError(f"{m.source}: map property 'wargame' must be a JSON object")
    k = 1.0 / (_positive(m.properties.get("px_per_cm")) or EXPORT_PX_PER_CM)
    areas = []
    for o in m.objects:
        if o.shape != "polygon":
            continue
        p = o.properties
        try:
            holes = json.loads(p.get("holes") or "[]")
        except (json.JSONDecodeError, RecursionError):
            raise FileFormatError(
                f"{m.source}: object {o.id} property 'holes' is not valid JSON"
            ) from None
        areas.append(
            {
                "id": p.get("id"),
                "name": o.name,
                "kind": p.get("kind"),
                "island": p.get("island") or None,
                "polygon": [
                    [round((o.x + x) * k, 3), round((o.y + y) * k, 3)] for x, y in o.points
                ],
                "holes": holes,
                **{f: p.get(f, False) for f in ("town", "harbour", "big", "start")},
            }
        )
    return map_from_json({**meta, "areas": areas}, m.source)


# -- export -----------------------------------------------------------------------------------
def doc_to_tiled_json(doc: MapDoc) -> dict[str, Any]:
    k = EXPORT_PX_PER_CM
    meta = map_to_json(doc)
    del meta["areas"]
    minx, miny, maxx, maxy = doc.bounds
    if doc.hex:
        s = doc.hex.size_cm * k
        flat = doc.hex.orientation == "flat"
        tw, th = (
            (round(2 * s), round(math.sqrt(3) * s))
            if flat
            else (round(math.sqrt(3) * s), round(2 * s))
        )
        grid = {
            "orientation": "hexagonal",
            "hexsidelength": round(s),
            "staggeraxis": "x" if flat else "y",
            "staggerindex": "odd",
        }
    else:
        tw = th = round(TILE_CM * k)
        grid = {"orientation": "orthogonal"}
    objects = []
    for n, a in enumerate(doc.areas, 1):
        x0, y0 = a.polygon[0]
        ox, oy = x0 * k, y0 * k
        props = [
            {"name": "id", "type": "string", "value": a.id},
            {"name": "kind", "type": "string", "value": a.kind},
            {"name": "island", "type": "string", "value": a.island or ""},
            {
                "name": "holes",
                "type": "string",
                "value": json.dumps([[list(p) for p in h] for h in a.holes]),
            },
            *(
                {"name": f, "type": "bool", "value": getattr(a, f)}
                for f in ("town", "harbour", "big", "start")
            ),
        ]
        objects.append(
            {
                "id": n,
                "name": a.name,
                "type": a.kind,
                "visible": True,
                "rotation": 0,
                "x": ox,
                "y": oy,
                "width": 0,
                "height": 0,
                "polygon": [{"x": x * k - ox, "y": y * k - oy} for x, y in a.polygon],
                "properties": props,
            }
        )
    return {
        "type": "map",
        "version": "1.10",
        "tiledversion": "1.11.0",
        "renderorder": "right-down",
        **grid,
        "width": max(1, math.ceil(maxx * k / tw)),
        "height": max(1, math.ceil(maxy * k / th)),
        "tilewidth": tw,
        "tileheight": th,
        "infinite": False,
        "nextlayerid": 2,
        "nextobjectid": len(objects) + 1,
        "properties": [
            {"name": "wargame", "type": "string", "value": json.dumps(meta)},
            {"name": "px_per_cm", "type": "float", "value": k},
        ],
        "tilesets": [],
        "layers": [
            {
                "id": 1,
                "name": "areas",
                "type": "objectgroup",
                "draworder": "index",
                "opacity": 1,
                "visible": True,
                "x": 0,
                "y": 0,
                "objects": objects,
            }
        ],
    }
