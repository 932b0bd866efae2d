"""What a Tiled tileset says about land and water, and the files a map names.

A tile is water or land when the tileset says so, in this order:
1. a bool property ``water`` / ``sea`` / ``land``, or ``kind`` = land / sea;
2. its class (type) naming water (sea, ocean, lake...) or land (island, ground...);
3. its terrain corners (Tiled < 1.5 ``terraintypes``) or Wang colours (``wangsets``),
   when most of them are a terrain / colour named (or marked) water or land;
4. its image file name naming water.
Anything else is unknown; :mod:`wargame.maps.tiled` decides unknown tiles.

External tilesets and object templates are read only from inside the folder of
the map naming them, as regular files with a size cap; a broken one is a warning
that names the reference, never the contents.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from wargame.errors import FileFormatError, shown
from wargame.maps.safeio import inside, read_regular_text

MAX_TILESET_BYTES = 4 * 1024 * 1024
MAX_TILES = 100_000
WATER_RE = re.compile(
    r"(water|sea|ocean|lake|river|deep|shallow|lagoon|pond|wave|coastwater)", re.IGNORECASE
)
LAND_RE = re.compile(
    r"\b(land|island|ground|grass|sand|desert|dirt|forest|hill|mountain|rock|beach|"
    r"earth|field|plain|swamp|snow)\b",
    re.IGNORECASE,
)


def kind_of(props: dict[str, Any], cls: str = "") -> bool | None:
    """True for water, False for land, None for unknown, from properties and a class."""
    for key in ("water", "sea"):
        v = props.get(key)
        if isinstance(v, bool):
            return v
        if isinstance(v, str) and v.lower() in ("true", "false"):
            return v.lower() == "true"
    v = props.get("land")
    if isinstance(v, bool):
        return not v
    kind = str(props.get("kind", "")).strip().lower()
    if kind in ("land", "island"):
        return False
    if kind in ("sea", "water"):
        return True
    if cls:
        if WATER_RE.search(cls):
            return True
        if LAND_RE.search(cls):
            return False
    return None


def _named_kind(name: str, props: dict[str, Any]) -> bool | None:
    k = kind_of(props)
    if k is not None:
        return k
    if WATER_RE.search(name):
        return True
    if LAND_RE.search(name):
        return False
    return None


def _vote(kinds: list[bool | None]) -> bool | None:
    water = sum(k is True for k in kinds)
    land = sum(k is False for k in kinds)
    if water == land == 0:
        return None
    return water > land


class TileKnowledge:
    """Water and land gids gathered from every tileset of a map."""

    def __init__(self) -> None:
        self.water: set[int] = set()
        self.land: set[int] = set()
        self.how: set[str] = set()  # which kinds of evidence were found

    def put(self, gid: int, water: bool | None, how: str) -> None:
        if water is None or gid in self.water or gid in self.land:
            return
        (self.water if water else self.land).add(gid)
        self.how.add(how)

    # -- TMX ------------------------------------------------------------------------------
    def xml_tileset(self, ts: Element, firstgid: int, props_of: Any) -> None:
        terrains: list[bool | None] = []
        tt = ts.find("terraintypes")
        if tt is not None:
            for t in tt.findall("terrain"):
                terrains.append(_named_kind(t.get("name", ""), props_of(t)))
        for tile in ts.findall("tile")[:MAX_TILES]:
            try:
                local = int(tile.get("id", "-1"))
            except ValueError:
                continue
            if local < 0:
                continue
            gid = firstgid + local
            cls = tile.get("type") or tile.get("class") or ""
            self.put(gid, kind_of(props_of(tile), cls), "tile properties or classes")
            corners = tile.get("terrain")
            if corners and terrains:
                self.put(gid, _terrain_vote(corners.split(","), terrains), "terrains")
            img = tile.find("image")
            if img is not None and WATER_RE.search(Path(img.get("source", "")).name):
                self.put(gid, True, "image names")
        ws_root = ts.find("wangsets")
        if ws_root is not None:
            for ws in ws_root.findall("wangset"):
                colours = [
                    _named_kind(c.get("name", ""), props_of(c)) for c in ws.findall("wangcolor")
                ]
                for wt in ws.findall("wangtile")[:MAX_TILES]:
                    try:
                        local = int(wt.get("tileid", "-1"))
                    except ValueError:
                        continue
                    ids = _wang_ids(wt.get("wangid", ""))
                    self.put(firstgid + local, _wang_vote(ids, colours), "Wang sets")

    # -- JSON -----------------------------------------------------------------------------
    def json_tileset(self, ts: dict[str, Any], firstgid: int, props_of: Any) -> None:
        terrains = [
            _named_kind(str(t.get("name", "")), props_of(t.get("properties")))
            for t in (ts.get("terrains") or [])
            if isinstance(t, dict)
        ]
        tiles = ts.get("tiles") or []
        if isinstance(tiles, dict):  # Tiled before 1.2: {"local id": {...}}
            tiles = [
                {**v, "id": int(k)}
                for k, v in list(tiles.items())[:MAX_TILES]
                if isinstance(v, dict) and str(k).isdigit()
            ]
        legacy = ts.get("tileproperties")
        if isinstance(legacy, dict):  # Tiled before 1.2: {"local id": {name: value}}
            for k, v in list(legacy.items())[:MAX_TILES]:
                if str(k).isdigit() and isinstance(v, dict):
                    self.put(firstgid + int(k), kind_of(v), "tile properties or classes")
        if isinstance(tiles, list):
            for tile in tiles[:MAX_TILES]:
                if not isinstance(tile, dict) or not isinstance(tile.get("id"), int):
                    continue
                gid = firstgid + tile["id"]
                cls = str(tile.get("type") or tile.get("class") or "")
                self.put(gid, kind_of(props_of(tile.get("properties")), cls), "tile properties")
                corners = tile.get("terrain")
                if isinstance(corners, list) and terrains:
                    self.put(gid, _terrain_vote([str(c) for c in corners], terrains), "terrains")
                img = tile.get("image")
                if isinstance(img, str) and WATER_RE.search(Path(img).name):
                    self.put(gid, True, "image names")
        for ws in ts.get("wangsets") or []:
            if not isinstance(ws, dict):
                continue
            raw = ws.get("colors") or (ws.get("cornercolors") or []) + (ws.get("edgecolors") or [])
            colours = [
                _named_kind(str(c.get("name", "")), props_of(c.get("properties")))
                for c in raw
                if isinstance(c, dict)
            ]
            for wt in (ws.get("wangtiles") or [])[:MAX_TILES]:
                if not isinstance(wt, dict) or not isinstance(wt.get("tileid"), int):
                    continue
                ids = wt.get("wangid")
                ids = [int(i) for i in ids if isinstance(i, int)] if isinstance(ids, list) else []
                self.put(firstgid + wt["tileid"], _wang_vote(ids, colours), "Wang sets")


def _terrain_vote(corners: list[str], terrains: list[bool | None]) -> bool | None:
    kinds: list[bool | None] = []
    for c in corners:
        c = c.strip()
        if c.lstrip("-").isdigit() and 0 <= int(c) < len(terrains):
            kinds.append(terrains[int(c)])
    return _vote(kinds)


def _wang_ids(text: str) -> list[int]:
    text = text.strip()
    if "," in text:
        return [int(p) for p in text.split(",") if p.strip().isdigit()]
    if text.startswith("0x"):  # Tiled 1.1-1.4: one hex nibble per corner / edge
        try:
            v = int(text, 16)
        except ValueError:
            return []
        return [(v >> (4 * k)) & 0xF for k in range(8)]
    return []


def _wang_vote(ids: list[int], colours: list[bool | None]) -> bool | None:
    return _vote([colours[i - 1] for i in ids if 0 < i <= len(colours)])


def xml_root(text: str, source: str) -> Element:
    """The root of an XML document; unsafe XML (entities, DTD tricks) is refused."""
    try:
        return fromstring(text)
    except DefusedXmlException as exc:
        raise FileFormatError(
            f"{source}: refused unsafe XML ({type(exc).__name__}: entities or DTD tricks)"
        ) from None
    except ParseError as exc:
        raise FileFormatError(f"{source}: not well-formed XML ({exc})") from None


# -- files a map names --------------------------------------------------------------------------
def read_named_file(
    ref: str, base: Path | None, source: str, what: str, warns: list[str]
) -> Element | dict[str, Any] | None:
    """A tileset or template a map names: parsed XML or JSON, or None with a warning when
    it is missing or broken. Only files inside the map's folder are read."""
    if base is None:
        warns.append(f"{source}: the {what} {shown(ref[:80])} was not read (no folder to look in)")
        return None
    try:
        path = inside(base, ref, source, what)
        text = read_regular_text(path, max_bytes=MAX_TILESET_BYTES)
        if path.suffix.lower() in (".json", ".tsj", ".tj") or text.lstrip().startswith("{"):
            data = json.loads(text)
            if not isinstance(data, dict):
                raise FileFormatError("not a JSON object")
            return data
        return xml_root(text, ref)
    except (FileFormatError, json.JSONDecodeError, RecursionError, ValueError) as exc:
        why = str(exc).split(": ")[-1] if isinstance(exc, FileFormatError) else "not valid JSON"
        warns.append(f"{source}: the {what} {shown(ref[:80])} cannot be used ({why[:80]})")
        return None
