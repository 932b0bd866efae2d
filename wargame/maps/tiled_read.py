"""Reading Tiled maps (.tmx XML, .tmj / .json JSON) into a small neutral structure.

Everything a hostile file could use to hang or exhaust the machine is bounded:
XML entities and DTD tricks are refused by defusedxml, layer sizes, chunk counts,
object counts and polygon sizes are capped, and compressed layer data is
inflated with a hard output limit (a zip bomb stops at the expected size).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError

import numpy as np
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from wargame.errors import FileFormatError
from wargame.persistence.files import read_text_file

MAX_TILED_BYTES = 16 * 1024 * 1024
MAX_CELLS = 4_000_000
MAX_OBJECTS = 100_000
MAX_POINTS = 100_000
MAX_LAYERS = 1_000
MAX_TILESET_BYTES = 4 * 1024 * 1024
GID_MASK = 0x0FFFFFFF  # clears the flip / rotate flags (H, V, D and hex-120)
WATER_WORDS = ("water", "sea", "ocean", "lake", "river", "deep", "shallow")


@dataclass
class TiledObject:
    id: int
    name: str
    kind: str  # Tiled's type / class
    x: float
    y: float
    width: float = 0.0
    height: float = 0.0
    rotation: float = 0.0
    shape: str = "rect"  # rect, ellipse, point, polygon, polyline, text, tile
    points: list[tuple[float, float]] = field(default_factory=list)
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass
class TileLayer:
    name: str
    width: int
    height: int
    cells: dict[tuple[int, int], int]  # (col, row) -> gid, flags stripped, 0 omitted


@dataclass
class TiledMap:
    source: str
    orientation: str
    width: int
    height: int
    tilewidth: float
    tileheight: float
    hexsidelength: float = 0.0
    staggeraxis: str = "y"
    staggerindex: str = "odd"
    infinite: bool = False
    properties: dict[str, Any] = field(default_factory=dict)
    layers: list[TileLayer] = field(default_factory=list)
    objects: list[TiledObject] = field(default_factory=list)
    water_gids: set[int] = field(default_factory=set)
    land_gids: set[int] = field(default_factory=set)


def read_tiled(path: Path) -> TiledMap:
    text = read_text_file(path, max_bytes=MAX_TILED_BYTES)
    if path.suffix.lower() == ".tmx" or text.lstrip().startswith("<"):
        return parse_tmx(text, str(path), base=path.parent)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(f"{path}: not valid JSON at line {exc.lineno}: {exc.msg}") from None
    except RecursionError:
        raise FileFormatError(f"{path}: JSON nested too deeply") from None
    return parse_tiled_json(data, str(path), base=path.parent)


def is_tiled_json(data: Any) -> bool:
    return isinstance(data, dict) and (
        data.get("type") == "map"
        or ("tilewidth" in data and "layers" in data and "orientation" in data)
    )


# -- common checks -----------------------------------------------------------------------------
def _int(value: Any, where: str, *, low: int = 0, high: int = 1_000_000) -> int:
    try:
        v = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        raise FileFormatError(f"{where} must be a whole number, not {str(value)[:20]!r}") from None
    if isinstance(v, bool) or not low <= v <= high:
        raise FileFormatError(f"{where} = {v} is outside {low}..{high}")
    return v


def _num(value: Any, where: str, default: float = 0.0) -> float:
    if value is None:
        return default
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise FileFormatError(f"{where} must be a number, not {str(value)[:20]!r}") from None
    if v != v or abs(v) > 1e9:
        raise FileFormatError(f"{where} = {value!r} is not a sensible number")
    return v


def _map_header(get: Any, source: str) -> TiledMap:
    orientation = str(get("orientation") or "orthogonal")
    if orientation not in ("orthogonal", "hexagonal", "staggered", "isometric"):
        raise FileFormatError(f"{source}: orientation {orientation!r} is not one Tiled writes")
    width = _int(get("width") or 0, f"{source}: map width", high=100_000)
    height = _int(get("height") or 0, f"{source}: map height", high=100_000)
    infinite = str(get("infinite") or "0").lower() in ("1", "true")
    if not infinite and width * height > MAX_CELLS:
        raise FileFormatError(f"{source}: {width}x{height} tiles is more than {MAX_CELLS:,} cells")
    tw = _num(get("tilewidth"), f"{source}: tilewidth")
    th = _num(get("tileheight"), f"{source}: tileheight")
    if not (0 < tw <= 10_000 and 0 < th <= 10_000):
        raise FileFormatError(f"{source}: tile size {tw:g}x{th:g} px must be 1..10000")
    side = (
        _num(get("hexsidelength"), f"{source}: hexsidelength")
        if orientation == "hexagonal"
        else 0.0
    )
    axis = str(get("staggeraxis") or "y")
    index = str(get("staggerindex") or "odd")
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise FileFormatError(
            f"{source}: staggeraxis/staggerindex {axis}/{index} must be x|y / odd|even"
        )
    return TiledMap(source, orientation, width, height, tw, th, side, axis, index, infinite)


def _decode(
    raw: str | list[Any], encoding: str | None, compression: str | None, count: int, where: str
) -> np.ndarray:
    """Layer data as ``count`` gids (uint32, flags still set)."""
    if count > MAX_CELLS:
        raise FileFormatError(f"{where}: {count:,} cells is more than {MAX_CELLS:,}")
    if isinstance(raw, list):
        if len(raw) != count:
            raise FileFormatError(f"{where}: {len(raw)} gids for {count} cells")
        try:
            return np.array([int(v) for v in raw], dtype=np.uint64).astype(np.uint32)
        except (TypeError, ValueError, OverflowError):
            raise FileFormatError(f"{where}: gids must be whole numbers") from None
    if encoding == "csv":
        parts = [p for p in raw.replace("\n", "").replace("\r", "").split(",") if p.strip()]
        if len(parts) != count:
            raise FileFormatError(f"{where}: {len(parts)} CSV gids for {count} cells")
        try:
            return np.array([int(p) for p in parts], dtype=np.uint64).astype(np.uint32)
        except (ValueError, OverflowError):
            raise FileFormatError(f"{where}: CSV data must be whole numbers") from None
    if encoding != "base64":
        raise FileFormatError(f"{where}: data encoding {encoding!r} is not csv or base64")
    try:
        blob = base64.b64decode("".join(raw.split()), validate=True)
    except (binascii.Error, ValueError):
        raise FileFormatError(f"{where}: base64 data is corrupt") from None
    expected = 4 * count
    if compression in ("zlib", "gzip"):
        inflater = zlib.decompressobj(wbits=15 if compression == "zlib" else 31)
        try:
            blob = inflater.decompress(blob, expected + 1)
        except zlib.error as exc:
            raise FileFormatError(f"{where}: {compression} data is corrupt ({exc})") from None
    elif compression not in (None, ""):
        raise FileFormatError(
            f"{where}: compression {compression!r} is not supported (use zlib or gzip)"
        )
    if len(blob) != expected:
        raise FileFormatError(f"{where}: data holds {len(blob)} bytes, {expected} expected")
    return np.frombuffer(blob, dtype="<u4").copy()


def _cells(gids: np.ndarray, width: int, ox: int = 0, oy: int = 0) -> dict[tuple[int, int], int]:
    stripped = gids & GID_MASK
    nz = np.nonzero(stripped)[0]
    return {(ox + int(k) % width, oy + int(k) // width): int(stripped[k]) for k in nz}


def _water_from_tile(kind: str, props: dict[str, Any], image: str) -> bool | None:
    words = " ".join(
        [kind, image.rsplit("/", 1)[-1], *(str(v) for v in props.values() if isinstance(v, str))]
    ).lower()
    for key in ("water", "sea"):
        if isinstance(props.get(key), bool):
            return props[key]
    if str(props.get("kind", "")).lower() in ("land", "island"):
        return False
    if any(w in words for w in WATER_WORDS):
        return True
    return None


# -- TMX ----------------------------------------------------------------------------------------
def parse_tmx(text: str, source: str, *, base: Path | None = None) -> TiledMap:
    root = _xml(text, source)
    if root.tag != "map":
        raise FileFormatError(f"{source}: the root element is <{root.tag}>, not <map>")
    m = _map_header(root.get, source)
    m.properties = _xml_props(root)
    for ts in root.findall("tileset"):
        _xml_tileset(m, ts, base, source)
    counter = [0]
    _xml_layers(m, root, source, counter, (0.0, 0.0))
    return m


def _xml(text: str, source: str) -> Element:
    try:
        return fromstring(text)
    except DefusedXmlException as exc:
        raise FileFormatError(
            f"{source}: refused unsafe XML ({type(exc).__name__}: entities or DTD tricks)"
        ) from None
    except ParseError as exc:
        raise FileFormatError(f"{source}: not well-formed XML ({exc})") from None


def _xml_props(el: Element) -> dict[str, Any]:
    out: dict[str, Any] = {}
    props = el.find("properties")
    if props is None:
        return out
    for p in props.findall("property"):
        name = p.get("name") or ""
        t = p.get("type", "string")
        value: Any = p.get("value") if p.get("value") is not None else (p.text or "")
        if t == "bool":
            value = str(value).lower() == "true"
        elif t in ("int", "float"):
            try:
                value = float(value) if t == "float" else int(value)
            except ValueError:
                value = 0
        elif t == "class":
            value = _xml_props(p)
        out[name] = value
    return out


def _xml_tileset(m: TiledMap, ts: Element, base: Path | None, source: str) -> None:
    firstgid = _int(ts.get("firstgid", "1"), f"{source}: tileset firstgid", high=GID_MASK)
    src = ts.get("source")
    if src:
        ts = _external_tileset(src, base, source)  # type: ignore[assignment]
        if ts is None:
            return
    if isinstance(ts, dict):
        _json_tileset_tiles(m, ts, firstgid)
        return
    for tile in ts.findall("tile"):
        try:
            local = int(tile.get("id", "-1"))
        except ValueError:
            continue
        img = tile.find("image")
        water = _water_from_tile(
            tile.get("type") or tile.get("class") or "",
            _xml_props(tile),
            img.get("source", "") if img is not None else "",
        )
        if water is True:
            m.water_gids.add(firstgid + local)
        elif water is False:
            m.land_gids.add(firstgid + local)


def _external_tileset(src: str, base: Path | None, source: str) -> Element | dict[str, Any] | None:
    """An external tileset next to the map, or None when it is missing (images and
    tilesets are optional for import: without them no tile is known to be water)."""
    if base is None:
        return None
    path = (base / src).resolve()
    try:
        text = read_text_file(path, max_bytes=MAX_TILESET_BYTES)
    except FileFormatError:
        return None
    if path.suffix.lower() in (".json", ".tsj"):
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            return None
        return data if isinstance(data, dict) else None
    el = _xml(text, str(path))
    return el if el.tag == "tileset" else None


def _xml_layers(
    m: TiledMap, parent: Element, source: str, counter: list[int], offset: tuple[float, float]
) -> None:
    for el in parent:
        if el.tag not in ("layer", "objectgroup", "group"):
            continue
        counter[0] += 1
        if counter[0] > MAX_LAYERS:
            raise FileFormatError(f"{source}: more than {MAX_LAYERS} layers")
        ox = offset[0] + _num(el.get("offsetx"), f"{source}: offsetx")
        oy = offset[1] + _num(el.get("offsety"), f"{source}: offsety")
        name = el.get("name", "")
        where = f"{source}: layer {name!r}"
        if el.tag == "group":
            _xml_layers(m, el, source, counter, (ox, oy))
        elif el.tag == "layer":
            m.layers.append(_xml_tile_layer(m, el, where))
        else:
            for obj in el.findall("object"):
                if len(m.objects) >= MAX_OBJECTS:
                    raise FileFormatError(f"{where}: more than {MAX_OBJECTS} objects")
                m.objects.append(_xml_object(obj, where, (ox, oy)))


def _xml_tile_layer(m: TiledMap, el: Element, where: str) -> TileLayer:
    w = _int(el.get("width", m.width), f"{where} width", high=100_000)
    h = _int(el.get("height", m.height), f"{where} height", high=100_000)
    data = el.find("data")
    cells: dict[tuple[int, int], int] = {}
    if data is None:
        return TileLayer(el.get("name", ""), w, h, cells)
    enc, comp = data.get("encoding"), data.get("compression")
    chunks = data.findall("chunk")
    if chunks:
        total = 0
        for ch in chunks:
            cw = _int(ch.get("width"), f"{where} chunk width", high=10_000)
            chh = _int(ch.get("height"), f"{where} chunk height", high=10_000)
            total += cw * chh
            if total > MAX_CELLS:
                raise FileFormatError(f"{where}: chunks hold more than {MAX_CELLS:,} cells")
            cx = _int(ch.get("x"), f"{where} chunk x", low=-1_000_000)
            cy = _int(ch.get("y"), f"{where} chunk y", low=-1_000_000)
            raw = _xml_raw(ch, enc)
            cells.update(_cells(_decode(raw, enc, comp, cw * chh, where), cw, cx, cy))
    else:
        if w * h > MAX_CELLS:
            raise FileFormatError(f"{where}: {w}x{h} is more than {MAX_CELLS:,} cells")
        cells = _cells(_decode(_xml_raw(data, enc), enc, comp, w * h, where), w)
    return TileLayer(el.get("name", ""), w, h, cells)


def _xml_raw(el: Element, enc: str | None) -> str | list[Any]:
    if enc is None:
        return [t.get("gid", "0") for t in el.findall("tile")]
    return el.text or ""


def _xml_object(obj: Element, where: str, offset: tuple[float, float]) -> TiledObject:
    o = TiledObject(
        id=_int(obj.get("id", "0"), f"{where} object id", high=2**31),
        name=obj.get("name", ""),
        kind=obj.get("type") or obj.get("class") or "",
        x=_num(obj.get("x"), f"{where} object x") + offset[0],
        y=_num(obj.get("y"), f"{where} object y") + offset[1],
        width=_num(obj.get("width"), f"{where} object width"),
        height=_num(obj.get("height"), f"{where} object height"),
        rotation=_num(obj.get("rotation"), f"{where} object rotation"),
        properties=_xml_props(obj),
    )
    if obj.get("gid"):
        o.shape = "tile"
    for tag in ("ellipse", "point", "text"):
        if obj.find(tag) is not None:
            o.shape = tag
    for tag in ("polygon", "polyline"):
        el = obj.find(tag)
        if el is not None:
            o.shape = tag
            o.points = _points_text(el.get("points", ""), f"{where} object {o.id} {tag}")
    return o


def _points_text(text: str, where: str) -> list[tuple[float, float]]:
    pairs = text.split()
    if len(pairs) > MAX_POINTS:
        raise FileFormatError(f"{where}: {len(pairs):,} points is more than {MAX_POINTS:,}")
    out = []
    for p in pairs:
        xs = p.split(",")
        if len(xs) != 2:
            raise FileFormatError(f"{where}: point {p[:20]!r} is not x,y")
        out.append((_num(xs[0], where), _num(xs[1], where)))
    return out


# -- JSON ---------------------------------------------------------------------------------------
def parse_tiled_json(data: Any, source: str, *, base: Path | None = None) -> TiledMap:
    if not isinstance(data, dict):
        raise FileFormatError(f"{source}: a Tiled map must be a JSON object")
    if not is_tiled_json(data):
        raise FileFormatError(f"{source}: not a Tiled map (no 'type': 'map' or tile size)")
    m = _map_header(data.get, source)
    m.properties = _json_props(data.get("properties"), source)
    tilesets = data.get("tilesets") or []
    if not isinstance(tilesets, list):
        raise FileFormatError(f"{source}: key 'tilesets' must be a list")
    for ts in tilesets:
        if not isinstance(ts, dict):
            raise FileFormatError(f"{source}: a tileset must be an object")
        firstgid = _int(ts.get("firstgid", 1), f"{source}: tileset firstgid", high=GID_MASK)
        if isinstance(ts.get("source"), str):
            ext = _external_tileset(ts["source"], base, source)
            if isinstance(ext, dict):
                _json_tileset_tiles(m, ext, firstgid)
            elif ext is not None:
                fake = Element("tileset", {"firstgid": str(firstgid)})
                fake.extend(list(ext))
                _xml_tileset(m, fake, None, source)
        else:
            _json_tileset_tiles(m, ts, firstgid)
    layers = data.get("layers")
    if not isinstance(layers, list):
        raise FileFormatError(f"{source}: key 'layers' must be a list")
    _json_layers(m, layers, source, [0], (0.0, 0.0))
    return m


def _json_props(value: Any, source: str) -> dict[str, Any]:
    if value is None:
        return {}
    if isinstance(value, dict):  # very old Tiled JSON
        return dict(value)
    if not isinstance(value, list):
        raise FileFormatError(f"{source}: key 'properties' must be a list")
    out = {}
    for p in value:
        if isinstance(p, dict) and isinstance(p.get("name"), str):
            out[p["name"]] = p.get("value")
    return out


def _json_tileset_tiles(m: TiledMap, ts: dict[str, Any], firstgid: int) -> None:
    tiles = ts.get("tiles") or []
    if not isinstance(tiles, list):
        return
    for tile in tiles[:MAX_OBJECTS]:
        if not isinstance(tile, dict) or not isinstance(tile.get("id"), int):
            continue
        water = _water_from_tile(
            str(tile.get("type") or tile.get("class") or ""),
            _json_props(tile.get("properties"), m.source),
            str(tile.get("image") or ""),
        )
        if water is True:
            m.water_gids.add(firstgid + tile["id"])
        elif water is False:
            m.land_gids.add(firstgid + tile["id"])


def _json_layers(
    m: TiledMap, layers: list[Any], source: str, counter: list[int], offset: tuple[float, float]
) -> None:
    for layer in layers:
        counter[0] += 1
        if counter[0] > MAX_LAYERS:
            raise FileFormatError(f"{source}: more than {MAX_LAYERS} layers")
        if not isinstance(layer, dict):
            raise FileFormatError(f"{source}: a layer must be an object")
        name = str(layer.get("name", ""))
        where = f"{source}: layer {name!r}"
        ox = offset[0] + _num(layer.get("offsetx"), f"{where} offsetx")
        oy = offset[1] + _num(layer.get("offsety"), f"{where} offsety")
        t = layer.get("type")
        if t == "group":
            sub = layer.get("layers") or []
            if not isinstance(sub, list):
                raise FileFormatError(f"{where}: key 'layers' must be a list")
            _json_layers(m, sub, source, counter, (ox, oy))
        elif t == "tilelayer":
            m.layers.append(_json_tile_layer(m, layer, where))
        elif t == "objectgroup":
            objs = layer.get("objects") or []
            if not isinstance(objs, list) or len(objs) + len(m.objects) > MAX_OBJECTS:
                raise FileFormatError(f"{where}: objects must be a list of at most {MAX_OBJECTS}")
            for obj in objs:
                m.objects.append(_json_object(obj, where, (ox, oy)))


def _json_tile_layer(m: TiledMap, layer: dict[str, Any], where: str) -> TileLayer:
    w = _int(layer.get("width", m.width), f"{where} width", high=100_000)
    h = _int(layer.get("height", m.height), f"{where} height", high=100_000)
    enc = layer.get("encoding", "csv" if isinstance(layer.get("data"), list) else None)
    comp = layer.get("compression") or None
    cells: dict[tuple[int, int], int] = {}
    chunks = layer.get("chunks")
    if isinstance(chunks, list):
        total = 0
        for ch in chunks:
            if not isinstance(ch, dict):
                raise FileFormatError(f"{where}: a chunk must be an object")
            cw = _int(ch.get("width"), f"{where} chunk width", high=10_000)
            chh = _int(ch.get("height"), f"{where} chunk height", high=10_000)
            total += cw * chh
            if total > MAX_CELLS:
                raise FileFormatError(f"{where}: chunks hold more than {MAX_CELLS:,} cells")
            raw = ch.get("data")
            if not isinstance(raw, list | str):
                raise FileFormatError(f"{where}: chunk data must be a list or base64 text")
            cx = _int(ch.get("x", 0), f"{where} chunk x", low=-1_000_000)
            cy = _int(ch.get("y", 0), f"{where} chunk y", low=-1_000_000)
            cells.update(_cells(_decode(raw, enc, comp, cw * chh, where), cw, cx, cy))
        return TileLayer(str(layer.get("name", "")), w, h, cells)
    raw = layer.get("data")
    if raw is None:
        return TileLayer(str(layer.get("name", "")), w, h, cells)
    if not isinstance(raw, list | str):
        raise FileFormatError(f"{where}: key 'data' must be a list or base64 text")
    if w * h > MAX_CELLS:
        raise FileFormatError(f"{where}: {w}x{h} is more than {MAX_CELLS:,} cells")
    enc = "base64" if isinstance(raw, str) else enc
    cells = _cells(_decode(raw, enc, comp, w * h, where), w)
    return TileLayer(str(layer.get("name", "")), w, h, cells)


def _json_object(obj: Any, where: str, offset: tuple[float, float]) -> TiledObject:
    if not isinstance(obj, dict):
        raise FileFormatError(f"{where}: an object must be a JSON object")
    o = TiledObject(
        id=_int(obj.get("id", 0), f"{where} object id", high=2**31),
        name=str(obj.get("name", ""))[:200],
        kind=str(obj.get("type") or obj.get("class") or ""),
        x=_num(obj.get("x"), f"{where} object x") + offset[0],
        y=_num(obj.get("y"), f"{where} object y") + offset[1],
        width=_num(obj.get("width"), f"{where} object width"),
        height=_num(obj.get("height"), f"{where} object height"),
        rotation=_num(obj.get("rotation"), f"{where} object rotation"),
        properties=_json_props(obj.get("properties"), where),
    )
    if obj.get("gid"):
        o.shape = "tile"
    if obj.get("ellipse"):
        o.shape = "ellipse"
    if obj.get("point"):
        o.shape = "point"
    if "text" in obj:
        o.shape = "text"
    for key in ("polygon", "polyline"):
        pts = obj.get(key)
        if pts is not None:
            if not isinstance(pts, list) or len(pts) > MAX_POINTS:
                raise FileFormatError(
                    f"{where}: object {o.id} {key} must be a list of at most {MAX_POINTS:,} points"
                )
            o.shape = key
            o.points = []
            for p in pts:
                if not isinstance(p, dict):
                    raise FileFormatError(f"{where}: object {o.id} {key} point must be {{x, y}}")
                o.points.append((_num(p.get("x"), where), _num(p.get("y"), where)))
    return o
