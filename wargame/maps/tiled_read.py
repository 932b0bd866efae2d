"""Reading Tiled maps (.tmx XML, .tmj / .json JSON) into a small neutral structure.

Everything a hostile file could use to hang or exhaust the machine is bounded:
XML entities and DTD tricks are refused by defusedxml, layer sizes, chunk counts,
object counts, group nesting and polygon sizes are capped, and compressed layer
data (zlib, gzip, zstd) is inflated with a hard output limit (a zip bomb stops
at the expected size). Hidden layers are skipped; a layer (or group) can say
what its tiles and objects are with a ``kind`` property (land / sea) or a
``land`` / ``water`` bool; object templates and tile objects are read.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import numpy as np

from wargame.errors import FileFormatError, shown
from wargame.maps.rules import map_limits
from wargame.maps.safeio import read_regular_text
from wargame.maps.tiled_tiles import TileKnowledge, kind_of, read_named_file, xml_root

MAX_TILED_BYTES = 16 * 1024 * 1024
MAX_OBJECTS = 100_000
MAX_POINTS = 100_000
MAX_LAYERS = 1_000
MAX_DEPTH = 32  # groups within groups
MAX_TEMPLATES = 200
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
    gid: int = 0
    layer: str = ""
    #: What the object's layer (or group) says its objects are: "land", "sea" or "".
    layer_kind: str = ""


@dataclass
class TileLayer:
    name: str
    width: int
    height: int
    cells: dict[tuple[int, int], int]  # (col, row) -> gid, flags stripped, 0 omitted
    kind: str = ""  # "land" / "sea" when the layer says so by a property or class


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
    #: What told water from land: "tile properties", "terrains", "Wang sets", ...
    evidence: set[str] = field(default_factory=set)
    hidden: list[str] = field(default_factory=list)  # names of the skipped hidden layers


def read_tiled(path: Path, warnings: list[str] | None = None) -> TiledMap:
    text = read_regular_text(path, max_bytes=MAX_TILED_BYTES)
    if path.suffix.lower() == ".tmx" or text.lstrip().startswith("<"):
        return parse_tmx(text, str(path), base=path.parent, warnings=warnings)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(f"{path}: not valid JSON at line {exc.lineno}: {exc.msg}") from None
    except RecursionError:
        raise FileFormatError(f"{path}: JSON nested too deeply") from None
    return parse_tiled_json(data, str(path), base=path.parent, warnings=warnings)


def is_tiled_json(data: Any) -> bool:
    """A Tiled JSON map, including those of Tiled before 1.0 (no ``type``)."""
    return isinstance(data, dict) and (
        data.get("type") == "map"
        or (
            "tilewidth" in data
            and "tileheight" in data
            and isinstance(data.get("layers"), list)
            and ("orientation" in data or "tilesets" in data)
        )
    )


def layer_kind(props: dict[str, Any], cls: str, name: str = "") -> str:
    """ "land", "sea" or "" for a layer, from its properties or class (not its name)."""
    k = kind_of(props, cls)
    return "" if k is None else ("sea" if k else "land")


# -- common checks -----------------------------------------------------------------------------
def _int(value: Any, where: str, *, low: int = 0, high: int = 1_000_000) -> int:
    try:
        v = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        raise FileFormatError(
            f"{where} must be a whole number, not {shown(str(value)[:20])}"
        ) from None
    if isinstance(v, bool) or not low <= v <= high:
        raise FileFormatError(f"{where} = {v} is outside {low}..{high}")
    return v


def _num(value: Any, where: str, default: float = 0.0) -> float:
    if value is None:
        return default
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise FileFormatError(f"{where} must be a number, not {shown(str(value)[:20])}") from None
    if v != v or abs(v) > 1e9:
        raise FileFormatError(f"{where} = {shown(value)} is not a sensible number")
    return v


def max_cells() -> int:
    """The most cells a Tiled map may have (``resources/rules/maps.toml``)."""
    return map_limits().tiled.max_cells


def _map_header(get: Any, source: str) -> TiledMap:
    orientation = str(get("orientation") or "orthogonal")
    if orientation not in ("orthogonal", "hexagonal", "staggered", "isometric"):
        raise FileFormatError(f"{source}: orientation {shown(orientation)} is not one Tiled writes")
    width = _int(get("width") or 0, f"{source}: map width", high=100_000)
    height = _int(get("height") or 0, f"{source}: map height", high=100_000)
    infinite = str(get("infinite") or "0").lower() in ("1", "true")
    if not infinite and width * height > max_cells():
        raise FileFormatError(
            f"{source}: {width}x{height} tiles is more than {max_cells():,} cells"
        )
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
    if count > max_cells():
        raise FileFormatError(f"{where}: {count:,} cells is more than {max_cells():,}")
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
        raise FileFormatError(f"{where}: data encoding {shown(encoding)} is not csv or base64")
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
    elif compression == "zstd":
        blob = _unzstd(blob, expected, where)
    elif compression not in (None, ""):
        raise FileFormatError(
            f"{where}: compression {shown(str(compression)[:20])} is not one Tiled writes "
            "(zlib, gzip or zstd)"
        )
    if len(blob) != expected:
        raise FileFormatError(f"{where}: data holds {len(blob)} bytes, {expected} expected")
    return np.frombuffer(blob, dtype="<u4").copy()


def _unzstd(blob: bytes, expected: int, where: str) -> bytes:
    """zstd-compressed layer data, inflated to at most ``expected + 1`` bytes."""
    import zstandard

    try:
        reader = zstandard.ZstdDecompressor().stream_reader(blob)
        out = reader.read(expected + 1)
        while len(out) <= expected:
            more = reader.read(expected + 1 - len(out))
            if not more:
                break
            out += more
        return out
    except zstandard.ZstdError as exc:
        raise FileFormatError(f"{where}: zstd data is corrupt ({exc})") from None


def _cells(gids: np.ndarray, width: int, ox: int = 0, oy: int = 0) -> dict[tuple[int, int], int]:
    stripped = gids & GID_MASK
    nz = np.nonzero(stripped)[0]
    return {(ox + int(k) % width, oy + int(k) // width): int(stripped[k]) for k in nz}


# -- shared parse state --------------------------------------------------------------------
class _Ctx:
    """One map being read: its tile knowledge, warnings, templates and tileset sources."""

    def __init__(self, m: TiledMap, base: Path | None, warns: list[str]) -> None:
        self.m = m
        self.base = base
        self.warns = warns
        self.tiles = TileKnowledge()
        self.layers = 0
        self.templates: dict[str, tuple[Any, int]] = {}
        self.tileset_firstgid: dict[str, int] = {}  # external tileset file name -> firstgid

    def count_layer(self) -> None:
        self.layers += 1
        if self.layers > MAX_LAYERS:
            raise FileFormatError(f"{self.m.source}: more than {MAX_LAYERS} layers")

    def check_depth(self, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise FileFormatError(
                f"{self.m.source}: layer groups nested more than {MAX_DEPTH} deep"
            )

    def add_object(self, o: TiledObject, where: str) -> None:
        if len(self.m.objects) >= MAX_OBJECTS:
            raise FileFormatError(f"{where}: more than {MAX_OBJECTS} objects")
        self.m.objects.append(o)

    def tileset(self, firstgid: int, inline: Element | dict[str, Any] | None, src: Any) -> None:
        data: Element | dict[str, Any] | None = inline
        if isinstance(src, str) and src:
            self.tileset_firstgid.setdefault(Path(src).name, firstgid)
            data = read_named_file(src, self.base, self.m.source, "tileset", self.warns)
        if isinstance(data, dict):
            self.tiles.json_tileset(data, firstgid, _json_props_quiet)
        elif data is not None:
            if data.tag != "tileset":
                self.warns.append(
                    f"{self.m.source}: the tileset {shown(str(src)[:80])} is not a tileset"
                )
                return
            self.tiles.xml_tileset(data, firstgid, _xml_props)

    def template(self, ref: str) -> tuple[Any, int]:
        """The object a template holds, and the gid offset of its tile (0 if none)."""
        if ref in self.templates:
            return self.templates[ref]
        if len(self.templates) >= MAX_TEMPLATES:
            raise FileFormatError(f"{self.m.source}: more than {MAX_TEMPLATES} templates")
        got = read_named_file(ref, self.base, self.m.source, "template", self.warns)
        obj: Any = None
        shift = 0
        if isinstance(got, dict):
            obj = got.get("object") if isinstance(got.get("object"), dict) else None
            ts = got.get("tileset")
            if isinstance(ts, dict):
                shift = self._gid_shift(ts.get("source"), ts.get("firstgid"))
        elif got is not None and got.tag == "template":
            obj = got.find("object")
            ts = got.find("tileset")
            if ts is not None:
                shift = self._gid_shift(ts.get("source"), ts.get("firstgid"))
        elif got is not None:
            self.warns.append(f"{self.m.source}: the template {shown(ref[:80])} is not a template")
        self.templates[ref] = (obj, shift)
        return obj, shift

    def _gid_shift(self, src: Any, firstgid: Any) -> int:
        try:
            first = int(firstgid)
        except (TypeError, ValueError):
            return 0
        mine = self.tileset_firstgid.get(Path(str(src or "")).name)
        return 0 if mine is None else mine - first

    def done(self) -> TiledMap:
        self.m.water_gids = set(self.tiles.water)
        self.m.land_gids = set(self.tiles.land)
        self.m.evidence = set(self.tiles.how)
        if self.m.hidden:
            listed = ", ".join(repr(n[:40]) for n in self.m.hidden[:5])
            more = f" and {len(self.m.hidden) - 5} more" if len(self.m.hidden) > 5 else ""
            self.warns.append(f"{self.m.source}: hidden layers skipped: {listed}{more}")
        return self.m


# -- TMX ----------------------------------------------------------------------------------------
def parse_tmx(
    text: str,
    source: str,
    *,
    base: Path | None = None,
    root: Element | None = None,
    warnings: list[str] | None = None,
) -> TiledMap:
    root = root if root is not None else xml_root(text, source)
    if root.tag != "map":
        raise FileFormatError(f"{source}: the root element is <{root.tag[:40]}>, not <map>")
    m = _map_header(root.get, source)
    m.properties = _xml_props(root)
    ctx = _Ctx(m, base, warnings if warnings is not None else [])
    for ts in root.findall("tileset"):
        firstgid = _int(ts.get("firstgid", "1"), f"{source}: tileset firstgid", high=GID_MASK)
        ctx.tileset(firstgid, ts, ts.get("source"))
    _xml_layers(ctx, root, (0.0, 0.0), "", 0)
    return ctx.done()


_xml = xml_root


def _xml_props(el: Element | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    props = el.find("properties") if el is not None else None
    if props is None:
        return out
    for p in props.findall("property")[:1000]:
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
            value = {}  # nested class members are not needed for import
        out[name] = value
    return out


def _xml_layers(
    ctx: _Ctx, parent: Element, offset: tuple[float, float], kind: str, depth: int
) -> None:
    ctx.check_depth(depth)
    m, source = ctx.m, ctx.m.source
    for el in parent:
        if el.tag not in ("layer", "objectgroup", "group", "imagelayer"):
            continue
        ctx.count_layer()
        name = el.get("name", "")
        if el.get("visible") == "0":
            m.hidden.append(name)
            continue
        if el.tag == "imagelayer":
            continue
        ox = offset[0] + _num(el.get("offsetx"), f"{source}: offsetx")
        oy = offset[1] + _num(el.get("offsety"), f"{source}: offsety")
        lk = layer_kind(_xml_props(el), el.get("class") or "") or kind
        where = f"{source}: layer {shown(name[:40])}"
        if el.tag == "group":
            _xml_layers(ctx, el, (ox, oy), lk, depth + 1)
        elif el.tag == "layer":
            layer = _xml_tile_layer(m, el, where)
            layer.kind = lk
            m.layers.append(layer)
        else:
            for obj in el.findall("object"):
                if obj.get("visible") == "0":
                    continue
                o = _xml_object(ctx, obj, where, (ox, oy))
                o.layer, o.layer_kind = name, lk
                ctx.add_object(o, where)


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
            if total > max_cells():
                raise FileFormatError(f"{where}: chunks hold more than {max_cells():,} cells")
            cx = _int(ch.get("x"), f"{where} chunk x", low=-1_000_000)
            cy = _int(ch.get("y"), f"{where} chunk y", low=-1_000_000)
            raw = _xml_raw(ch, enc)
            cells.update(_cells(_decode(raw, enc, comp, cw * chh, where), cw, cx, cy))
    else:
        if w * h > max_cells():
            raise FileFormatError(f"{where}: {w}x{h} is more than {max_cells():,} cells")
        cells = _cells(_decode(_xml_raw(data, enc), enc, comp, w * h, where), w)
    return TileLayer(el.get("name", ""), w, h, cells)


def _xml_raw(el: Element, enc: str | None) -> str | list[Any]:
    if enc is None:
        return [t.get("gid", "0") for t in el.findall("tile")]
    return el.text or ""


def _xml_object(ctx: _Ctx, obj: Element, where: str, offset: tuple[float, float]) -> TiledObject:
    props: dict[str, Any] = {}
    attrs = dict(obj.attrib)
    shape_el: Element = obj
    shift = 0
    if obj.get("template"):
        tpl, shift = ctx.template(obj.get("template", ""))
        if isinstance(tpl, Element):
            props = _xml_props(tpl)
            attrs = {**tpl.attrib, **attrs}
            if not any(obj.find(t) is not None for t in _SHAPE_TAGS):
                shape_el = tpl
            if obj.get("gid"):
                shift = 0  # the instance's own gid is in the map's numbering
    props.update(_xml_props(obj))
    o = TiledObject(
        id=_int(attrs.get("id", "0"), f"{where} object id", high=2**31),
        name=attrs.get("name", "")[:200],
        kind=attrs.get("type") or attrs.get("class") or "",
        x=_num(attrs.get("x"), f"{where} object x") + offset[0],
        y=_num(attrs.get("y"), f"{where} object y") + offset[1],
        width=_num(attrs.get("width"), f"{where} object width"),
        height=_num(attrs.get("height"), f"{where} object height"),
        rotation=_num(attrs.get("rotation"), f"{where} object rotation"),
        properties=props,
    )
    if attrs.get("gid"):
        o.shape = "tile"
        o.gid = (_int(attrs["gid"], f"{where} object gid", high=2**32) & GID_MASK) + shift
    for tag in ("ellipse", "point", "text"):
        if shape_el.find(tag) is not None:
            o.shape = tag
    for tag in ("polygon", "polyline"):
        el = shape_el.find(tag)
        if el is not None:
            o.shape = tag
            o.points = _points_text(el.get("points", ""), f"{where} object {o.id} {tag}")
    return o


_SHAPE_TAGS = ("ellipse", "point", "text", "polygon", "polyline")


def _points_text(text: str, where: str) -> list[tuple[float, float]]:
    pairs = text.split()
    if len(pairs) > MAX_POINTS:
        raise FileFormatError(f"{where}: {len(pairs):,} points is more than {MAX_POINTS:,}")
    out = []
    for p in pairs:
        xs = p.split(",")
        if len(xs) != 2:
            raise FileFormatError(f"{where}: point {shown(p[:20])} is not x,y")
        out.append((_num(xs[0], where), _num(xs[1], where)))
    return out


# -- JSON ---------------------------------------------------------------------------------------
def parse_tiled_json(
    data: Any, source: str, *, base: Path | None = None, warnings: list[str] | None = None
) -> TiledMap:
    if not isinstance(data, dict):
        raise FileFormatError(f"{source}: a Tiled map must be a JSON object")
    if not is_tiled_json(data):
        raise FileFormatError(f"{source}: not a Tiled map (no 'type': 'map' or tile size)")
    m = _map_header(data.get, source)
    m.properties = _json_props(data.get("properties"), source)
    ctx = _Ctx(m, base, warnings if warnings is not None else [])
    tilesets = data.get("tilesets") or []
    if not isinstance(tilesets, list):
        raise FileFormatError(f"{source}: key 'tilesets' must be a list")
    for ts in tilesets[:MAX_LAYERS]:
        if not isinstance(ts, dict):
            raise FileFormatError(f"{source}: a tileset must be an object")
        firstgid = _int(ts.get("firstgid", 1), f"{source}: tileset firstgid", high=GID_MASK)
        ctx.tileset(firstgid, ts, ts.get("source"))
    layers = data.get("layers")
    if not isinstance(layers, list):
        raise FileFormatError(f"{source}: key 'layers' must be a list")
    _json_layers(ctx, layers, (0.0, 0.0), "", 0)
    return ctx.done()


def _json_props(value: Any, source: str) -> dict[str, Any]:
    if value is None:
        return {}
    if isinstance(value, dict):  # Tiled before 1.2: a plain object
        return dict(list(value.items())[:1000])
    if not isinstance(value, list):
        raise FileFormatError(f"{source}: key 'properties' must be a list")
    out = {}
    for p in value[:1000]:
        if isinstance(p, dict) and isinstance(p.get("name"), str):
            out[p["name"]] = p.get("value")
    return out


def _json_props_quiet(value: Any) -> dict[str, Any]:
    try:
        return _json_props(value, "")
    except FileFormatError:
        return {}


def _json_layers(
    ctx: _Ctx, layers: list[Any], offset: tuple[float, float], kind: str, depth: int
) -> None:
    ctx.check_depth(depth)
    m, source = ctx.m, ctx.m.source
    for layer in layers:
        ctx.count_layer()
        if not isinstance(layer, dict):
            raise FileFormatError(f"{source}: a layer must be an object")
        name = str(layer.get("name", ""))[:200]
        if layer.get("visible") is False or layer.get("visible") == 0:
            m.hidden.append(name)
            continue
        where = f"{source}: layer {shown(name[:40])}"
        ox = offset[0] + _num(layer.get("offsetx"), f"{where} offsetx")
        oy = offset[1] + _num(layer.get("offsety"), f"{where} offsety")
        props = _json_props(layer.get("properties"), where)
        lk = layer_kind(props, str(layer.get("class") or "")) or kind
        t = layer.get("type")
        if t == "group":
            sub = layer.get("layers") or []
            if not isinstance(sub, list):
                raise FileFormatError(f"{where}: key 'layers' must be a list")
            _json_layers(ctx, sub, (ox, oy), lk, depth + 1)
        elif t == "tilelayer":
            tl = _json_tile_layer(m, layer, where)
            tl.kind = lk
            m.layers.append(tl)
        elif t == "objectgroup":
            objs = layer.get("objects") or []
            if not isinstance(objs, list) or len(objs) + len(m.objects) > MAX_OBJECTS:
                raise FileFormatError(f"{where}: objects must be a list of at most {MAX_OBJECTS}")
            for obj in objs:
                if isinstance(obj, dict) and obj.get("visible") is False:
                    continue
                o = _json_object(ctx, obj, where, (ox, oy))
                o.layer, o.layer_kind = name, lk
                ctx.add_object(o, where)


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
            if total > max_cells():
                raise FileFormatError(f"{where}: chunks hold more than {max_cells():,} cells")
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
    if w * h > max_cells():
        raise FileFormatError(f"{where}: {w}x{h} is more than {max_cells():,} cells")
    enc = "base64" if isinstance(raw, str) else enc
    cells = _cells(_decode(raw, enc, comp, w * h, where), w)
    return TileLayer(str(layer.get("name", "")), w, h, cells)


def _json_object(ctx: _Ctx, obj: Any, where: str, offset: tuple[float, float]) -> TiledObject:
    if not isinstance(obj, dict):
        raise FileFormatError(f"{where}: an object must be a JSON object")
    props = _json_props(obj.get("properties"), where)
    shift = 0
    if isinstance(obj.get("template"), str):
        tpl, shift = ctx.template(obj["template"])
        if isinstance(tpl, dict):
            merged = {**_json_props_quiet(tpl.get("properties")), **props}
            if "gid" in obj:
                shift = 0
            obj = {**tpl, **obj}
            props = merged
    o = TiledObject(
        id=_int(obj.get("id", 0), f"{where} object id", high=2**31),
        name=str(obj.get("name", ""))[:200],
        kind=str(obj.get("type") or obj.get("class") or "")[:200],
        x=_num(obj.get("x"), f"{where} object x") + offset[0],
        y=_num(obj.get("y"), f"{where} object y") + offset[1],
        width=_num(obj.get("width"), f"{where} object width"),
        height=_num(obj.get("height"), f"{where} object height"),
        rotation=_num(obj.get("rotation"), f"{where} object rotation"),
        properties=props,
    )
    if obj.get("gid"):
        o.shape = "tile"
        o.gid = (_int(obj["gid"], f"{where} object gid", high=2**32) & GID_MASK) + shift
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
