"""The JSON Schema of a map file (draft 2020-12), for other tools and for readers.

The app itself validates with :func:`wargame.maps.model.map_from_json`, which
checks the same rules plus the ones a schema cannot say (ids that exist, size
limits) and names the area and key that is wrong.
"""

from __future__ import annotations

from typing import Any

from wargame.maps.model import MAP_FORMAT, MAP_VERSION, MAX_AREAS, MAX_RING_VERTICES

_POINT = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}
_RING = {"type": "array", "items": _POINT, "minItems": 3, "maxItems": MAX_RING_VERTICES}
_PAIR = {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2}

MAP_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "wargame-map.schema.json",
    "title": "Pieces of Eight map",
    "description": "Islands made of land areas, sea areas, and manual adjacency overrides, in table cm (y down).",
    "type": "object",
    "required": ["format", "version", "areas"],
    "properties": {
        "format": {"const": MAP_FORMAT},
        "version": {"type": "integer", "minimum": 1, "maximum": MAP_VERSION},
        "name": {"type": "string", "maxLength": 200},
        "units": {"const": "cm"},
        "bounds": {"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4},
        "hex": {
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["orientation", "size_cm"],
                    "properties": {
                        "orientation": {"enum": ["flat", "pointy"]},
                        "size_cm": {"type": "number", "minimum": 0.1, "maximum": 1000},
                        "origin": _POINT,
                    },
                },
            ]
        },
        "islands": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id"],
                "properties": {
                    "id": {"type": "string", "minLength": 1},
                    "name": {"type": "string"},
                },
            },
        },
        "areas": {
            "type": "array",
            "maxItems": MAX_AREAS,
            "items": {
                "type": "object",
                "required": ["id", "kind", "polygon"],
                "properties": {
                    "id": {"type": "string", "minLength": 1, "maxLength": 200},
                    "name": {"type": "string", "maxLength": 200},
                    "kind": {"enum": ["land", "sea"]},
                    "island": {"type": ["string", "null"]},
                    "polygon": _RING,
                    "holes": {"type": "array", "items": _RING},
                    "town": {"type": "boolean"},
                    "harbour": {"type": "boolean"},
                    "big": {"type": "boolean"},
                    "start": {"type": "boolean"},
                },
            },
        },
        "edges_add": {"type": "array", "items": _PAIR},
        "edges_cut": {"type": "array", "items": _PAIR},
    },
}
