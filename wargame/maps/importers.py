"""Reading any supported map file into a :class:`MapDoc`, and writing exports.

Every import ends the same way: the map must validate without an error (else
FileFormatError saying what in the file prevents it), and what was dropped or
guessed comes back as warnings (stderr in the CLI, a dialog in the editor).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from shapely.errors import GEOSException

from wargame.errors import FileFormatError, WargameError, shown
from wargame.maps.geojson import doc_to_geojson, geojson_to_doc, is_geojson
from wargame.maps.model import MAP_FORMAT, MapDoc, map_from_json
from wargame.maps.safeio import read_regular_text
from wargame.maps.tiled import doc_to_tiled_json, tiled_to_doc
from wargame.maps.tiled_read import is_tiled_json, parse_tiled_json, parse_tmx
from wargame.persistence.files import write_json_atomic

log = logging.getLogger(__name__)

SUFFIXES = (".tmx", ".tmj", ".json", ".geojson", ".xml")
#: The largest file an import reads (GeoJSON of 100,000 features fits).
MAX_IMPORT_BYTES = 64 * 1024 * 1024


def import_file(path: Path, *, name: str | None = None) -> MapDoc:
    """GeoJSON, Tiled (.tmx / .tmj / .json), TripleA game.xml or the app's own map."""
    return import_with_warnings(path, name=name)[0]


def import_with_warnings(path: Path, *, name: str | None = None) -> tuple[MapDoc, list[str]]:
    """The imported map and the warnings of what was dropped or guessed.

    Raises FileFormatError (exit 2) naming what in the file prevents a sound map."""
    warnings: list[str] = []
    log.info("map import: %s", path)
    try:
        doc = _import_file(Path(path), name, warnings)
    except WargameError as exc:
        log.warning("map import refused: %s", exc)
        raise
    except RecursionError:
        raise FileFormatError(f"{path}: nested too deeply to read") from None
    except (GEOSException, ValueError, TypeError, OverflowError) as exc:
        raise FileFormatError(
            f"{path}: the shapes in this file cannot be used ({type(exc).__name__}: "
            f"{str(exc)[:120]})"
        ) from None
    except MemoryError:
        raise FileFormatError(f"{path}: too large to import on this machine") from None
    log.info("map imported: %d areas, %d warnings", len(doc.areas), len(warnings))
    return doc, _unique(warnings)


def _import_file(path: Path, name: str | None, warnings: list[str]) -> MapDoc:
    text = read_regular_text(path, max_bytes=MAX_IMPORT_BYTES)
    if path.suffix.lower() in (".tmx", ".xml", ".tsx", ".tx") or text.lstrip().startswith("<"):
        return _import_xml(text, path, name, warnings)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(
            f"{path}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise FileFormatError(f"{path}: JSON nested too deeply") from None
    del text
    return import_data(data, str(path), base=path.parent, name=name, warnings=warnings)


def _import_xml(text: str, path: Path, name: str | None, warnings: list[str]) -> MapDoc:
    from wargame.maps.tiled_read import xml_root

    root = xml_root(text, str(path))
    if root.tag == "map":
        m = parse_tmx(text, str(path), base=path.parent, root=root, warnings=warnings)
        doc = tiled_to_doc(m, name=name, warnings=warnings)
        return doc if "wargame" in m.properties else finish(doc, str(path), warnings)
    if root.tag == "game":
        from wargame.maps.triplea import triplea_to_doc

        doc = triplea_to_doc(root, path, name=name, warnings=warnings)
        return finish(doc, str(path), warnings)
    if root.tag == "tileset":
        raise FileFormatError(
            f"{path}: this is a Tiled tileset (.tsx), not a map: import the .tmx map that uses it"
        )
    if root.tag == "template":
        raise FileFormatError(f"{path}: this is a Tiled object template (.tx), not a map")
    raise FileFormatError(
        f"{path}: an XML file with root <{root.tag[:40]}> is not a map this app imports "
        "(Tiled .tmx with <map>, TripleA game.xml with <game>)"
    )


def import_data(
    data: Any,
    source: str,
    *,
    base: Path | None = None,
    name: str | None = None,
    warnings: list[str] | None = None,
) -> MapDoc:
    warns = warnings if warnings is not None else []
    if isinstance(data, dict) and data.get("format") == MAP_FORMAT:
        return map_from_json(data, source)
    if is_tiled_json(data):
        m = parse_tiled_json(data, source, base=base, warnings=warns)
        doc = tiled_to_doc(m, name=name, warnings=warns)
        return doc if "wargame" in m.properties else finish(doc, source, warns)
    if is_geojson(data):
        doc = geojson_to_doc(data, source, name=name, warnings=warns)
        own = isinstance(data, dict) and isinstance(data.get("wargame"), dict)
        return doc if own else finish(doc, source, warns)
    raise FileFormatError(f"{source}: {_what_is_it(data)}")


def _what_is_it(data: Any) -> str:
    """A message naming the format of a JSON file that is not a map this app imports."""
    if isinstance(data, dict):
        t = data.get("type")
        if t == "tileset" or ("tilecount" in data and "tilewidth" in data):
            return "this is a Tiled tileset (.tsj), not a map: import the map that uses it"
        if t == "template" or "object" in data and "tileset" in data:
            return "this is a Tiled object template, not a map"
        if t == "world" or isinstance(data.get("maps"), list) and "onlyShowAdjacentMaps" in data:
            return "this is a Tiled world (.world): import each of its maps"
        if t == "project" or "propertyTypes" in data:
            return "this is a Tiled project file, not a map"
        header = data.get("__header__")
        if isinstance(header, dict) and header.get("app") == "LDtk":
            return "LDtk maps are not supported: export the level to Tiled (.tmx) first"
        if isinstance(data.get("layers"), list) and "tilewidth" in data:
            return "this looks like a Tiled map but has no 'orientation': save it again in Tiled"
        if t is not None:
            return (
                f"not a map this app imports: its 'type' is {shown(str(t)[:40])} "
                "(GeoJSON, Tiled map, TripleA game.xml or wargame-map)"
            )
    kind = type(data).__name__ if not isinstance(data, dict) else "an object with no 'type'"
    return (
        f"not a map this app imports ({kind}): use GeoJSON, a Tiled map, a TripleA game.xml "
        "or a wargame-map"
    )


def finish(doc: MapDoc, source: str, warnings: list[str]) -> MapDoc:
    """The last step of every import: warn about what is missing for play, refuse a map
    that does not validate (the message names the first problem and where)."""
    from wargame.maps.validate import validate

    lands = [a for a in doc.areas if a.kind == "land"]
    if not lands:
        raise FileFormatError(
            f"{source}: no land: nothing in the file was recognised as an island"
            " (mark land with a 'kind' = 'land' property or class 'island')"
        )
    if not any(a.town for a in lands):
        warnings.append(
            f"{source}: no town: nothing in the file marks a town (a point or object with a "
            "'town' property or class); choose the towns in the map editor"
        )
    errors = [i for i in validate(doc) if i.severity == "error"]
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        raise FileFormatError(
            f"{source}: the imported map is not sound: {first.message} at "
            f"({first.at[0]:g}, {first.at[1]:g}) cm{more}"
        )
    return doc


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def export_file(doc: MapDoc, path: Path) -> None:
    """Write GeoJSON (.geojson) or Tiled JSON (.tmj, or .json with 'tiled' in the name)."""
    from wargame.maps.safeio import check_output_path

    check_output_path(path, "export")
    suffix = path.suffix.lower()
    if suffix == ".geojson":
        write_json_atomic(path, doc_to_geojson(doc))
    elif suffix == ".tmj" or (suffix == ".json" and "tiled" in path.stem.lower()):
        write_json_atomic(path, doc_to_tiled_json(doc))
    else:
        raise FileFormatError(f"{path}: export to .geojson or .tmj")
