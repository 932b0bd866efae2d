"""The map document: islands made of land areas, sea areas, manual graph overrides.

A map file is readable, versioned JSON (``format: "wargame-map"``, ``version: 1``);
see ``docs/rulings.md`` and the schema in :mod:`wargame.maps.schema`.
Coordinates are table cm with y growing downwards.

:class:`MapDoc` is the one mutable object: the editor changes it only through
:meth:`MapDoc.apply`, which takes a :class:`Change` and returns the inverse
change (that is what an undo command stores). Areas and islands themselves are
frozen values.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from shapely.geometry import Polygon

from wargame.errors import FileFormatError, shown
from wargame.maps.safeio import bad_character, read_regular_text
from wargame.persistence.files import parse_json

MAP_FORMAT = "wargame-map"
MAP_VERSION = 1

#: Hard limits: a hostile or broken file is refused before any geometry is built.
MAX_MAP_BYTES = 16 * 1024 * 1024
MAX_AREAS = 50_000
MAX_ISLANDS = 50_000
MAX_RING_VERTICES = 100_000
MAX_TOTAL_VERTICES = 2_000_000
MAX_HOLES = 1_000
MAX_COORD = 1_000_000.0
MAX_TEXT = 200
MAX_EDGE_OVERRIDES = 100_000

Kind = Literal["land", "sea"]
Point = tuple[float, float]
Ring = tuple[Point, ...]
FLAGS = ("town", "harbour", "big", "start")
#: The marks each kind of area may carry: towns and harbours stand on land, big seas
#: are sea, and ships or pirates may start on either (issue 26: the editor offered
#: "Big sea" for a land area).
KIND_FLAGS: dict[str, tuple[str, ...]] = {
    "land": ("town", "harbour", "start"),
    "sea": ("big", "start"),
}
#: Each mark in the player's words.
FLAG_WORDS = {"town": "a town", "harbour": "a harbour", "big": "a big sea", "start": "a start area"}


@dataclass(frozen=True, slots=True)
class HexSpec:
    orientation: Literal["flat", "pointy"] = "flat"
    size_cm: float = 5.0
    #: Where the centre of hex (0, 0) lies on the table (cm); optional in the file.
    origin: Point = (0.0, 0.0)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"orientation": self.orientation, "size_cm": self.size_cm}
        if self.origin != (0.0, 0.0):
            out["origin"] = [self.origin[0], self.origin[1]]
        return out


@dataclass(frozen=True, slots=True)
class Island:
    id: str
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name}


@dataclass(frozen=True, slots=True)
class Area:
    id: str
    name: str
    kind: Kind
    polygon: Ring
    island: str | None = None
    holes: tuple[Ring, ...] = ()
    town: bool = False
    harbour: bool = False
    big: bool = False
    start: bool = False

    def geometry(self) -> Polygon:
        return Polygon(self.polygon, self.holes)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "island": self.island,
            "polygon": [[x, y] for x, y in self.polygon],
            "holes": [[[x, y] for x, y in ring] for ring in self.holes],
            "town": self.town,
            "harbour": self.harbour,
            "big": self.big,
            "start": self.start,
        }


@dataclass(frozen=True, slots=True)
class Change:
    """One edit of a map: areas and islands to put (None deletes), overrides to set.

    ``area_index`` places a (re)inserted area at a position in the list, so an
    undone delete comes back where it was.
    """

    areas: tuple[tuple[str, Area | None], ...] = ()
    islands: tuple[tuple[str, Island | None], ...] = ()
    area_index: tuple[tuple[str, int], ...] = ()
    island_index: tuple[tuple[str, int], ...] = ()
    edges_add: tuple[tuple[str, str], ...] | None = None
    edges_cut: tuple[tuple[str, str], ...] | None = None
    meta: tuple[tuple[str, Any], ...] = ()  # ("name", ...), ("hex", HexSpec|None), ("bounds", ...)

    def is_empty(self) -> bool:
        return not (
            self.areas
            or self.islands
            or self.meta
            or self.edges_add is not None
            or self.edges_cut is not None
        )


@dataclass
class MapDoc:
    name: str = "untitled"
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 120.0, 80.0)
    hex: HexSpec | None = None
    islands: list[Island] = field(default_factory=list)
    areas: list[Area] = field(default_factory=list)
    edges_add: list[tuple[str, str]] = field(default_factory=list)
    edges_cut: list[tuple[str, str]] = field(default_factory=list)
    units: str = "cm"
    version: int = MAP_VERSION
    #: A Pirate Versus Pirate triangle board drawn on this map (wargame.pvp.board reads it)
    triangles: dict[str, Any] | None = None

    # -- look-ups ------------------------------------------------------------------
    def area(self, area_id: str) -> Area:
        for a in self.areas:
            if a.id == area_id:
                return a
        raise KeyError(area_id)

    def get_area(self, area_id: str) -> Area | None:
        for a in self.areas:
            if a.id == area_id:
                return a
        return None

    def island(self, island_id: str) -> Island | None:
        for i in self.islands:
            if i.id == island_id:
                return i
        return None

    def island_areas(self, island_id: str) -> list[Area]:
        return [a for a in self.areas if a.island == island_id]

    def new_id(self, prefix: str, *, taken: Iterable[str] = ()) -> str:
        used = {a.id for a in self.areas} | {i.id for i in self.islands} | set(taken)
        n = 1
        while f"{prefix}{n}" in used:
            n += 1
        return f"{prefix}{n}"

    def copy(self) -> MapDoc:
        return MapDoc(
            name=self.name,
            bounds=self.bounds,
            hex=self.hex,
            islands=list(self.islands),
            areas=list(self.areas),
            edges_add=list(self.edges_add),
            edges_cut=list(self.edges_cut),
            units=self.units,
            version=self.version,
            triangles=self.triangles,
        )

    # -- the one way to edit -----------------------------------------------------------
    def apply(self, change: Change) -> Change:
        """Apply ``change`` and return the change that undoes it."""
        inv_areas: list[tuple[str, Area | None]] = []
        inv_area_index: list[tuple[str, int]] = []
        positions = dict(change.area_index)
        for area_id, new in change.areas:
            idx = next((k for k, a in enumerate(self.areas) if a.id == area_id), None)
            old = self.areas[idx] if idx is not None else None
            inv_areas.append((area_id, old))
            if idx is not None:
                inv_area_index.append((area_id, idx))
            if new is None:
                if idx is not None:
                    del self.areas[idx]
            elif idx is not None:
                self.areas[idx] = new
            else:
                pos = positions.get(area_id, len(self.areas))
                self.areas.insert(min(pos, len(self.areas)), new)
        inv_islands: list[tuple[str, Island | None]] = []
        inv_island_index: list[tuple[str, int]] = []
        ipositions = dict(change.island_index)
        for island_id, new_i in change.islands:
            idx = next((k for k, i in enumerate(self.islands) if i.id == island_id), None)
            old_i = self.islands[idx] if idx is not None else None
            inv_islands.append((island_id, old_i))
            if idx is not None:
                inv_island_index.append((island_id, idx))
            if new_i is None:
                if idx is not None:
                    del self.islands[idx]
            elif idx is not None:
                self.islands[idx] = new_i
            else:
                pos = ipositions.get(island_id, len(self.islands))
                self.islands.insert(min(pos, len(self.islands)), new_i)
        inv_add = inv_cut = None
        if change.edges_add is not None:
            inv_add = tuple(self.edges_add)
            self.edges_add = [tuple(e) for e in change.edges_add]  # type: ignore[misc]
        if change.edges_cut is not None:
            inv_cut = tuple(self.edges_cut)
            self.edges_cut = [tuple(e) for e in change.edges_cut]  # type: ignore[misc]
        inv_meta = []
        for key, value in change.meta:
            inv_meta.append((key, getattr(self, key)))
            setattr(self, key, value)
        # undo in reverse order so that a sequence of puts on one id restores the first state
        return Change(
            areas=tuple(reversed(inv_areas)),
            islands=tuple(reversed(inv_islands)),
            area_index=tuple(inv_area_index),
            island_index=tuple(inv_island_index),
            edges_add=inv_add,
            edges_cut=inv_cut,
            meta=tuple(reversed(inv_meta)),
        )

    def put_area(self, area: Area) -> Change:
        return self.apply(Change(areas=((area.id, area),)))

    def update_area(self, area_id: str, **fields: Any) -> Change:
        return self.apply(Change(areas=((area_id, replace(self.area(area_id), **fields)),)))


# -- JSON ------------------------------------------------------------------------------
def map_to_json(doc: MapDoc) -> dict[str, Any]:
    return {
        "format": MAP_FORMAT,
        "version": MAP_VERSION,
        "name": doc.name,
        "units": doc.units,
        "bounds": list(doc.bounds),
        "hex": doc.hex.to_json() if doc.hex else None,
        "islands": [i.to_json() for i in doc.islands],
        "areas": [a.to_json() for a in doc.areas],
        "edges_add": [list(e) for e in doc.edges_add],
        "edges_cut": [list(e) for e in doc.edges_cut],
    } | ({"triangles": doc.triangles} if doc.triangles is not None else {})


def load_map(path: str | os.PathLike[str]) -> MapDoc:
    """Read and validate a map file; raise FileFormatError naming the file and key."""
    data = parse_json(read_regular_text(path, max_bytes=MAX_MAP_BYTES), str(path))
    return map_from_json(data, str(path))


def map_from_json(data: Any, source: str = "map") -> MapDoc:
    """Validate plain JSON data as a map; raise FileFormatError naming what is wrong."""
    return _Reader(source).read(data)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.total_vertices = 0

    def fail(self, where: str, what: str) -> FileFormatError:
        return FileFormatError(f"{self.source}: {where}: {what}")

    def read(self, data: Any) -> MapDoc:
        if not isinstance(data, dict):
            raise FileFormatError(f"{self.source}: a map must be a JSON object, not {_tname(data)}")
        if data.get("format") != MAP_FORMAT:
            raise self.fail(
                "key 'format'", f"must be {shown(MAP_FORMAT)}, not {shown(data.get('format'))}"
            )
        version = data.get("version", MAP_VERSION)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise self.fail("key 'version'", f"must be a whole number >= 1, not {shown(version)}")
        if version > MAP_VERSION:
            raise self.fail(
                "key 'version'", f"{version} is newer than this app reads ({MAP_VERSION})"
            )
        name = self.text(data.get("name", "untitled"), "key 'name'")
        units = data.get("units", "cm")
        if units != "cm":
            raise self.fail("key 'units'", f"must be 'cm', not {shown(units)}")
        bounds = self.bounds(data.get("bounds"))
        hex_spec = self.hex(data.get("hex"))
        islands = self.islands(data.get("islands", []))
        island_ids = {i.id for i in islands}
        areas = self.areas(data.get("areas", []), island_ids)
        area_ids = {a.id for a in areas}
        edges_add = self.edges(data.get("edges_add", []), "edges_add", area_ids)
        edges_cut = self.edges(data.get("edges_cut", []), "edges_cut", area_ids)
        triangles = data.get("triangles")
        if triangles is not None and not isinstance(triangles, dict):
            raise self.fail("key 'triangles'", f"must be an object, not {_tname(triangles)}")
        return MapDoc(
            name, bounds, hex_spec, islands, areas, edges_add, edges_cut, units, version, triangles
        )

    def text(self, value: Any, where: str, *, empty_ok: bool = True) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"must be text, not {_tname(value)}")
        if len(value) > MAX_TEXT:
            raise self.fail(where, f"is {len(value)} characters long (at most {MAX_TEXT})")
        if not empty_ok and not value.strip():
            raise self.fail(where, "must not be empty")
        bad = bad_character(value)
        if bad:
            raise self.fail(
                where, f"holds the invisible or control character {bad}; type it without"
            )
        return value

    def number(self, value: Any, where: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(where, f"must be a number, not {_tname(value)}")
        v = float(value)
        if not math.isfinite(v) or abs(v) > MAX_COORD:
            raise self.fail(where, f"{shown(value)} is not a finite number within +-{MAX_COORD:g}")
        return v

    def bounds(self, value: Any) -> tuple[float, float, float, float]:
        if value is None:
            return (0.0, 0.0, 120.0, 80.0)
        if not isinstance(value, list) or len(value) != 4:
            raise self.fail("key 'bounds'", "must be [minx, miny, maxx, maxy]")
        b = tuple(self.number(v, "key 'bounds'") for v in value)
        if b[2] <= b[0] or b[3] <= b[1]:
            raise self.fail("key 'bounds'", f"{list(b)} is empty (max must exceed min)")
        return b  # type: ignore[return-value]

    def hex(self, value: Any) -> HexSpec | None:
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.fail("key 'hex'", f"must be an object or null, not {_tname(value)}")
        orientation = value.get("orientation", "flat")
        if orientation not in ("flat", "pointy"):
            raise self.fail(
                "key 'hex.orientation'", f"must be 'flat' or 'pointy', not {shown(orientation)}"
            )
        size = self.number(value.get("size_cm", 5.0), "key 'hex.size_cm'")
        if not 0.1 <= size <= 1000:
            raise self.fail("key 'hex.size_cm'", f"{size:g} is outside 0.1..1000 cm")
        origin = value.get("origin", [0.0, 0.0])
        if not isinstance(origin, list) or len(origin) != 2:
            raise self.fail("key 'hex.origin'", "must be [x, y]")
        ox, oy = (self.number(v, "key 'hex.origin'") for v in origin)
        return HexSpec(orientation, size, (ox, oy))

    def islands(self, value: Any) -> list[Island]:
        if not isinstance(value, list):
            raise self.fail("key 'islands'", f"must be a list, not {_tname(value)}")
        if len(value) > MAX_ISLANDS:
            raise self.fail("key 'islands'", f"{len(value)} islands (at most {MAX_ISLANDS})")
        out: list[Island] = []
        seen: set[str] = set()
        for k, item in enumerate(value):
            where = f"islands[{k}]"
            if not isinstance(item, dict):
                raise self.fail(where, f"must be an object, not {_tname(item)}")
            iid = self.text(item.get("id"), f"{where} key 'id'", empty_ok=False)
            if iid in seen:
                raise self.fail(f"{where} key 'id'", f"{shown(iid)} is used twice")
            seen.add(iid)
            out.append(Island(iid, self.text(item.get("name", iid), f"island {iid} key 'name'")))
        return out

    def areas(self, value: Any, island_ids: set[str]) -> list[Area]:
        if not isinstance(value, list):
            raise self.fail("key 'areas'", f"must be a list, not {_tname(value)}")
        if len(value) > MAX_AREAS:
            raise self.fail("key 'areas'", f"{len(value)} areas (at most {MAX_AREAS})")
        out: list[Area] = []
        seen: set[str] = set()
        for k, item in enumerate(value):
            if not isinstance(item, dict):
                raise self.fail(f"areas[{k}]", f"must be an object, not {_tname(item)}")
            aid = self.text(item.get("id"), f"areas[{k}] key 'id'", empty_ok=False)
            where = f"area {aid}"
            if aid in seen:
                raise self.fail(f"areas[{k}] key 'id'", f"{shown(aid)} is used twice")
            seen.add(aid)
            kind = item.get("kind")
            if kind not in ("land", "sea"):
                raise self.fail(
                    f"{where} key 'kind'", f"must be 'land' or 'sea', not {shown(kind)}"
                )
            island = item.get("island")
            if island is not None:
                island = self.text(island, f"{where} key 'island'")
                if island not in island_ids:
                    raise self.fail(f"{where} key 'island'", f"{shown(island)} is not in 'islands'")
                if kind == "sea":
                    raise self.fail(
                        f"{where} key 'island'", "a sea area belongs to no island (null)"
                    )
            polygon = self.ring(item.get("polygon"), f"{where} key 'polygon'")
            holes_raw = item.get("holes", [])
            if not isinstance(holes_raw, list):
                raise self.fail(f"{where} key 'holes'", f"must be a list, not {_tname(holes_raw)}")
            if len(holes_raw) > MAX_HOLES:
                raise self.fail(
                    f"{where} key 'holes'", f"{len(holes_raw)} holes (at most {MAX_HOLES})"
                )
            holes = tuple(
                self.ring(h, f"{where} key 'holes[{j}]'") for j, h in enumerate(holes_raw)
            )
            flags = {}
            for flag in FLAGS:
                v = item.get(flag, False)
                if not isinstance(v, bool):
                    raise self.fail(
                        f"{where} key '{flag}'", f"must be true or false, not {shown(v)}"
                    )
                flags[flag] = v
            name = self.text(item.get("name", aid), f"{where} key 'name'")
            out.append(Area(aid, name, kind, polygon, island, holes, **flags))
        return out

    def ring(self, value: Any, where: str) -> Ring:
        if not isinstance(value, list):
            raise self.fail(where, f"must be a list of [x, y] points, not {_tname(value)}")
        n = len(value)
        if n > MAX_RING_VERTICES:
            raise self.fail(where, f"{n:,} vertices is more than the {MAX_RING_VERTICES:,} allowed")
        self.total_vertices += n
        if self.total_vertices > MAX_TOTAL_VERTICES:
            raise self.fail(where, f"the map has more than {MAX_TOTAL_VERTICES:,} vertices in all")
        pts: list[Point] = []
        for j, p in enumerate(value):
            if not isinstance(p, list) or len(p) != 2:
                raise self.fail(f"{where}[{j}]", f"must be [x, y], not {_short(p)}")
            pts.append((self.number(p[0], f"{where}[{j}]"), self.number(p[1], f"{where}[{j}]")))
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts.pop()
        if len(pts) < 3:
            raise self.fail(where, f"a polygon needs at least 3 distinct points, not {len(pts)}")
        return tuple(pts)

    def edges(self, value: Any, key: str, area_ids: set[str]) -> list[tuple[str, str]]:
        if not isinstance(value, list):
            raise self.fail(
                f"key '{key}'", f"must be a list of [id, id] pairs, not {_tname(value)}"
            )
        if len(value) > MAX_EDGE_OVERRIDES:
            raise self.fail(f"key '{key}'", f"{len(value)} entries (at most {MAX_EDGE_OVERRIDES})")
        out: list[tuple[str, str]] = []
        for k, e in enumerate(value):
            where = f"{key}[{k}]"
            if not isinstance(e, list) or len(e) != 2 or not all(isinstance(v, str) for v in e):
                raise self.fail(where, f"must be a pair of area ids, not {_short(e)}")
            for v in e:
                if v not in area_ids:
                    raise self.fail(where, f"{shown(v)} is not an area of this map")
            if e[0] == e[1]:
                raise self.fail(where, "an edge joins two different areas")
            out.append((e[0], e[1]))
        return out


def _tname(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "nothing (null)",
    }.get(type(value), "a value of the wrong kind")


def _short(value: Any) -> str:
    return shown(value)


def ring_from_coords(coords: Sequence[Sequence[float]], *, ndigits: int = 3) -> Ring:
    """A closed-or-open coordinate sequence as a rounded open ring."""
    pts = [(round(float(x), ndigits), round(float(y), ndigits)) for x, y in coords]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    out: list[Point] = []
    for p in pts:
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return tuple(out)
