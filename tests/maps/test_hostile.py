"""Malformed and hostile map files are refused quickly with a clear message."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from wargame.errors import FileFormatError
from wargame.maps.importers import import_file

BOMB = """<?xml version="1.0"?>
<!DOCTYPE map [
 <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
 <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
 <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
 <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
 <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
 <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">
]>
<map version="1.10" orientation="orthogonal" width="1" height="1" tilewidth="32" tileheight="32">
 <properties><property name="boom" value="&g;"/></properties>
</map>
"""

EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<map orientation="orthogonal" width="1" height="1" tilewidth="32" tileheight="32"><properties>
<property name="x" value="&x;"/></properties></map>
"""


def tmx(body: str, *, width: int = 4, height: int = 4, extra: str = "") -> str:
    return (
        f'<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="{width}" '
        f'height="{height}" tilewidth="32" tileheight="32" {extra}>{body}</map>'
    )


def refused(tmp_path: Path, name: str, text: str | bytes, needle: str) -> str:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    t = time.perf_counter()
    with pytest.raises(FileFormatError) as err:
        import_file(p)
    assert time.perf_counter() - t < 1.0, "refusing must be quick"
    msg = str(err.value)
    assert needle in msg
    assert str(p) in msg
    return msg


def test_xml_entity_bomb_in_tmx_is_refused(tmp_path):
    refused(tmp_path, "bomb.tmx", BOMB, "unsafe XML")


def test_external_entity_in_tmx_is_refused(tmp_path):
    refused(tmp_path, "ext.tmx", EXTERNAL, "unsafe XML")


def test_zlib_bomb_in_layer_data_stops_at_the_expected_size(tmp_path):
    blob = base64.b64encode(zlib.compress(b"\0" * 50_000_000, 9)).decode()
    body = f'<layer name="bomb" width="4" height="4"><data encoding="base64" compression="zlib">{blob}</data></layer>'
    refused(tmp_path, "zbomb.tmx", tmx(body), "64 expected")


def test_huge_declared_map_is_refused_before_decoding(tmp_path):
    refused(tmp_path, "huge.tmx", tmx("", width=100000, height=100000), "cells")


def test_unknown_compression_is_named(tmp_path):
    body = '<layer name="z" width="4" height="4"><data encoding="base64" compression="zstd">AAAA</data></layer>'
    refused(tmp_path, "zstd.tmx", tmx(body), "zstd")


def test_wrong_csv_count_names_the_layer(tmp_path):
    body = '<layer name="Ground" width="4" height="4"><data encoding="csv">1,2,3</data></layer>'
    refused(tmp_path, "short.tmx", tmx(body), "layer 'Ground'")


def test_broken_xml_is_refused(tmp_path):
    refused(tmp_path, "broken.tmx", "<map><layer></map>", "not well-formed XML")


def test_bad_json_is_refused_with_position(tmp_path):
    refused(tmp_path, "bad.tmj", '{"type": "map", ', "not valid JSON at line 1")


def test_tiled_json_with_wrong_types_is_refused(tmp_path):
    data = {
        "type": "map",
        "orientation": "orthogonal",
        "width": "wide",
        "height": 2,
        "tilewidth": 32,
        "tileheight": 32,
        "layers": [],
    }
    refused(tmp_path, "types.tmj", json.dumps(data), "map width")
    data["width"] = 2
    data["layers"] = [{"type": "objectgroup", "name": "o", "objects": [{"id": 1, "x": "left"}]}]
    refused(tmp_path, "types2.tmj", json.dumps(data), "object x")


def test_geojson_polygon_with_ten_million_vertices_is_refused(tmp_path):
    ring = [[0, 0]] * 10_000_000
    data = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"NAME": "Hugeland"},
                "geometry": {"type": "Polygon", "coordinates": [ring]},
            }
        ],
    }
    from wargame.maps.geojson import geojson_to_doc

    t = time.perf_counter()
    with pytest.raises(FileFormatError, match="Hugeland.*10,000,000 vertices"):
        geojson_to_doc(data, "huge.geojson")
    assert time.perf_counter() - t < 1.0


def test_geojson_with_wrong_types_is_refused(tmp_path):
    data = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"NAME": "Oops"},
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [[["a", "b"], [1, 1], [2, 2], [0, 0]]],
                },
            }
        ],
    }
    refused(tmp_path, "types.geojson", json.dumps(data), "features[0] (Oops)")


def test_unknown_json_is_refused(tmp_path):
    refused(tmp_path, "other.json", '{"type": "Topology"}', "not a map this app imports")


def test_map_import_cli_exits_2_with_one_line(tmp_path):
    p = tmp_path / "bomb.tmx"
    p.write_text(BOMB, encoding="utf-8")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "wargame",
            "map",
            "import",
            str(p),
            "--out",
            str(tmp_path / "o.json"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1
    assert "bomb.tmx" in out.stderr and "Traceback" not in out.stderr


def test_map_graph_cli_exits_2_on_a_bad_map(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text(
        '{"format": "wargame-map", "areas": [{"id": "A", "kind": "lava"}]}', encoding="utf-8"
    )
    out = subprocess.run(
        [sys.executable, "-m", "wargame", "map", "graph", str(p), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert "area A key 'kind'" in out.stderr
    assert out.stdout == ""


def test_checkerboard_of_land_tiles_is_refused_or_traced_quickly(tmp_path):
    n = 140
    gids = ",".join("1" if (c + r) % 2 == 0 else "0" for r in range(n) for c in range(n))
    body = (
        f'<layer name="checks" width="{n}" height="{n}"><data encoding="csv">{gids}</data></layer>'
    )
    refused(tmp_path, "checker.tmx", tmx(body, width=n, height=n), "separate islands")
