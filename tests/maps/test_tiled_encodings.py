"""Every Tiled layer encoding decodes to the same cells: CSV, XML tiles, base64 raw / zlib /
gzip, in TMX and JSON, finite and infinite (chunks)."""

from __future__ import annotations

import base64
import gzip
import struct
import zlib

import pytest

from wargame.maps.tiled import tiled_to_doc
from wargame.maps.tiled_read import parse_tiled_json, parse_tmx

W, H = 4, 3
GIDS = [0, 1, 1, 0,
        0, 1, 2 | 0x80000000, 0,
        0, 0, 0, 0]  # fmt: skip
EXPECTED = {(1, 0): 1, (2, 0): 1, (1, 1): 1, (2, 1): 2}


def blob(compression: str | None) -> str:
    raw = struct.pack(f"<{len(GIDS)}I", *GIDS)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw)
    return base64.b64encode(raw).decode()


def tmx_with(data: str) -> str:
    return (
        f'<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="{W}" height="{H}" '
        f'tilewidth="16" tileheight="16"><layer id="1" name="Ground" width="{W}" height="{H}">{data}</layer></map>'
    )


TMX_DATA = {
    "csv": '<data encoding="csv">' + ",".join(map(str, GIDS)) + "</data>",
    "xml": "<data>" + "".join(f'<tile gid="{g}"/>' for g in GIDS) + "</data>",
    "base64": f'<data encoding="base64">{blob(None)}</data>',
    "base64-zlib": f'<data encoding="base64" compression="zlib">{blob("zlib")}</data>',
    "base64-gzip": f'<data encoding="base64" compression="gzip">{blob("gzip")}</data>',
}


@pytest.mark.parametrize("encoding", sorted(TMX_DATA))
def test_tmx_encodings_decode_alike(encoding):
    m = parse_tmx(tmx_with(TMX_DATA[encoding]), f"{encoding}.tmx")
    assert m.layers[0].cells == EXPECTED


def json_map(layer: dict) -> dict:
    return {
        "type": "map",
        "orientation": "orthogonal",
        "width": W,
        "height": H,
        "tilewidth": 16,
        "tileheight": 16,
        "infinite": False,
        "layers": [layer],
        "tilesets": [],
    }


@pytest.mark.parametrize("compression", [None, "zlib", "gzip"])
def test_json_base64_encodings_decode_alike(compression):
    layer = {
        "type": "tilelayer",
        "name": "Ground",
        "width": W,
        "height": H,
        "encoding": "base64",
        "compression": compression or "",
        "data": blob(compression),
    }
    assert parse_tiled_json(json_map(layer), "m.tmj").layers[0].cells == EXPECTED


def test_json_array_data_and_group_layers():
    layer = {
        "type": "group",
        "name": "G",
        "layers": [{"type": "tilelayer", "name": "Ground", "width": W, "height": H, "data": GIDS}],
    }
    assert parse_tiled_json(json_map(layer), "m.json").layers[0].cells == EXPECTED


def test_infinite_maps_read_their_chunks_in_tmx_and_json():
    chunk = ",".join(map(str, GIDS))
    tmx = (
        '<?xml version="1.0"?><map orientation="orthogonal" width="4" height="3" tilewidth="16" '
        'tileheight="16" infinite="1"><layer name="Ground" width="4" height="3"><data encoding="csv">'
        f'<chunk x="-4" y="0" width="4" height="3">{chunk}</chunk>'
        f'<chunk x="0" y="0" width="4" height="3">{chunk}</chunk></data></layer></map>'
    )
    cells = parse_tmx(tmx, "inf.tmx").layers[0].cells
    shifted = {(x - 4, y): g for (x, y), g in EXPECTED.items()}
    assert cells == {**EXPECTED, **shifted}
    layer = {
        "type": "tilelayer",
        "name": "Ground",
        "width": 4,
        "height": 3,
        "encoding": "base64",
        "compression": "zlib",
        "chunks": [{"x": -4, "y": 0, "width": 4, "height": 3, "data": blob("zlib")}],
    }
    data = json_map(layer) | {"infinite": True}
    assert parse_tiled_json(data, "inf.tmj").layers[0].cells == shifted


def test_water_tiles_named_by_type_stay_sea():
    tmx = tmx_with(TMX_DATA["csv"]).replace(
        "<layer",
        '<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2">'
        '<tile id="1" type="water"/></tileset><layer',
    )
    doc = tiled_to_doc(parse_tmx(tmx, "w.tmx"))
    lands = [a for a in doc.areas if a.kind == "land"]
    # gid 1 is land (3 cells), gid 2 (local id 1) is water
    assert len(lands) == 1
    assert round(lands[0].geometry().area, 3) == round(3 * (5.0**2), 3)


def test_polygon_object_marked_sea_becomes_a_sea_area():
    data = json_map(
        {
            "type": "objectgroup",
            "name": "o",
            "objects": [
                {
                    "id": 1,
                    "name": "Isle",
                    "x": 16,
                    "y": 16,
                    "polygon": [{"x": 0, "y": 0}, {"x": 16, "y": 0}, {"x": 8, "y": 16}],
                },
                {
                    "id": 2,
                    "name": "Lagoon",
                    "type": "water",
                    "x": 0,
                    "y": 0,
                    "width": 8,
                    "height": 8,
                },
                {"id": 3, "name": "Port", "type": "town", "x": 24, "y": 20, "point": True},
            ],
        }
    )
    doc = tiled_to_doc(parse_tiled_json(data, "o.tmj"))
    kinds = {a.name: a.kind for a in doc.areas}
    assert kinds["Isle"] == "land" and kinds["Lagoon"] == "sea"
    assert next(a for a in doc.areas if a.name == "Isle").town
