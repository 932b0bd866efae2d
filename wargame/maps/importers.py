"""Reading any supported map file into a :class:`MapDoc`, and writing exports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from shapely.errors import GEOSException

from wargame.errors import FileFormatError, WargameError
from wargame.maps.geojson import doc_to_geojson, geojson_to_doc, is_geojson
from wargame.maps.model import MAP_FORMAT, MapDoc, map_from_json
from wargame.maps.tiled import doc_to_tiled_json, tiled_to_doc
from wargame.maps.tiled_read import MAX_TILED_BYTES, is_tiled_json, parse_tiled_json, read_tiled
from wargame.persistence.files import read_text_file, write_json_atomic

SUFFIXES = (".tmx", ".tmj", ".json", ".geojson")


def import_file(path: Path, *, name: str | None = None) -> MapDoc:
    """GeoJSON, Tiled (.tmx / .tmj / .json) or the app's own map. Raises FileFormatError."""
    try:
        return _import_file(path, name)
    except WargameError:
        raise
    except (GEOSException, ValueError, TypeError, OverflowError, MemoryError) as exc:
        raise FileFormatError(f"{path}: the shapes in this file cannot be used ({exc})") from None


def _import_file(path: Path, name: str | None) -> MapDoc:
    suffix = path.suffix.lower()
    if suffix == ".tmx":
        return tiled_to_doc(read_tiled(path), name=name)
    text = read_text_file(path, max_bytes=MAX_TILED_BYTES)
    if text.lstrip().startswith("<"):
        return tiled_to_doc(read_tiled(path), name=name)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(
            f"{path}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise FileFormatError(f"{path}: JSON nested too deeply") from None
    return import_data(data, str(path), base=path.parent, name=name)


def import_data(
    data: Any, source: str, *, base: Path | None = None, name: str | None = None
) -> MapDoc:
    if isinstance(data, dict) and data.get("format") == MAP_FORMAT:
        return map_from_json(data, source)
    if is_tiled_json(data):
        return tiled_to_doc(parse_tiled_json(data, source, base=base), name=name)
    if is_geojson(data):
        return geojson_to_doc(data, source, name=name)
    kind = data.get("type") if isinstance(data, dict) else type(data).__name__
    raise FileFormatError(
        f"{source}: not a map this app imports (GeoJSON, Tiled map or wargame-map); "
        f"its 'type' is {kind!r}"
    )


def export_file(doc: MapDoc, path: Path) -> None:
    """Write GeoJSON (.geojson) or Tiled JSON (.tmj, or .json with 'tiled' in the name)."""
    suffix = path.suffix.lower()
    if suffix == ".geojson":
        write_json_atomic(path, doc_to_geojson(doc))
    elif suffix == ".tmj" or (suffix == ".json" and "tiled" in path.stem.lower()):
        write_json_atomic(path, doc_to_tiled_json(doc))
    else:
        raise FileFormatError(f"{path}: export to .geojson or .tmj")
