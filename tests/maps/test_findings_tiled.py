"""Issue 16, Tiled: the meaning of a Tiled map kept (hidden layers, isometric objects,
water from tile knowledge, triggers, tile objects, templates, zstd, old JSON, towns)."""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

import pytest
import zstandard

from wargame.errors import FileFormatError
from wargame.maps.importers import import_file, import_with_warnings
from wargame.maps.tiled_read import parse_tmx
from wargame.maps.validate import report


def tmx(body: str, *, w: int = 6, h: int = 6, orientation: str = "orthogonal", tw=32, th=32):
    return (
        f'<?xml version="1.0"?><map version="1.10" orientation="{orientation}" width="{w}" '
        f'height="{h}" tilewidth="{tw}" tileheight="{th}" infinite="0">{body}</map>'
    )


def csv_layer(rows: list[str], name: str = "Ground", extra: str = "", props: str = "") -> str:
    """``rows`` of digits (one gid per character)."""
    w, h = len(rows[0]), len(rows)
    data = ",".join(ch for row in rows for ch in row)
    return (
        f'<layer name="{name}" width="{w}" height="{h}" {extra}>{props}'
        f'<data encoding="csv">{data}</data></layer>'
    )


def tileset(tiles: str = "", firstgid: int = 1, extra: str = "") -> str:
    return (
        f'<tileset firstgid="{firstgid}" name="t" tilewidth="32" tileheight="32" tilecount="4" '
        f'columns="2">{extra}{tiles}</tileset>'
    )


WATER_TILE = (
    '<tile id="0"><properties><property name="water" type="bool" value="true"/></properties></tile>'
)
ISLAND = ["111111", "111111", "112211", "112211", "111111", "111111"]


def sound(path: Path):
    doc, warnings = import_with_warnings(path)
    got = report(doc)
    assert got["sound"], got["problems"][:3]
    return doc, warnings


def lands(doc):
    return [a for a in doc.areas if a.kind == "land"]


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_hidden_layers_are_skipped(tmp_path):
    body = (
        tileset(WATER_TILE)
        + csv_layer(ISLAND)
        + csv_layer(["222222"] * 6, name="Secret", extra='visible="0"')
    )
    doc, warnings = sound(write(tmp_path, "h.tmx", tmx(body)))
    assert len(lands(doc)) == 1
    assert any("hidden layers skipped" in w and "Secret" in w for w in warnings)


def test_water_from_tile_properties_not_from_the_most_common_tile(tmp_path):
    """A desert (no water known) is all land; sand must never become sea."""
    desert = tmx(tileset() + csv_layer(["333333"] * 5 + ["333334"]))
    doc, warnings = sound(write(tmp_path, "desert.tmx", desert))
    assert len(lands(doc)) == 1
    land = lands(doc)[0].geometry()
    assert land.area == pytest.approx(36 * 25, rel=1e-6), "every tile is land"
    assert any("no tile is marked as water" in w for w in warnings)


def test_water_from_wang_colours_and_terrains(tmp_path):
    wang = (
        '<wangsets><wangset name="Coast" type="corner" tile="-1">'
        '<wangcolor name="Grass" color="#00ff00" tile="-1" probability="1"/>'
        '<wangcolor name="Deep Water" color="#0000ff" tile="-1" probability="1"/>'
        '<wangtile tileid="0" wangid="0,1,0,1,0,1,0,1"/>'
        '<wangtile tileid="1" wangid="0,2,0,2,0,2,0,2"/>'
        "</wangset></wangsets>"
    )
    body = tileset(extra=wang) + csv_layer(["222222", "211112", "211112", "222222"])
    doc, _ = sound(write(tmp_path, "wang.tmx", tmx(body, h=4)))
    assert len(lands(doc)) == 1 and lands(doc)[0].geometry().area == pytest.approx(8 * 25)
    terr = (
        '<terraintypes><terrain name="Sea" tile="0"/><terrain name="Grass" tile="1"/>'
        '</terraintypes><tile id="0" terrain="0,0,0,0"/><tile id="1" terrain="1,1,1,1"/>'
    )
    body = tileset(terr) + csv_layer(["111111", "122221", "111111"])
    doc, _ = sound(write(tmp_path, "terr.tmx", tmx(body, h=3)))
    assert lands(doc)[0].geometry().area == pytest.approx(4 * 25)


def test_a_layer_can_be_marked_sea_or_land_by_a_property(tmp_path):
    sea_props = '<properties><property name="kind" value="sea"/></properties>'
    land_props = '<properties><property name="land" type="bool" value="true"/></properties>'
    body = (
        tileset()
        + csv_layer(["111111"] * 6, name="Ocean", props=sea_props)
        + csv_layer(
            ["000000", "022000", "022000", "000000", "000000", "000000"], "Isle", props=land_props
        )
    )
    doc, _ = sound(write(tmp_path, "layers.tmx", tmx(body)))
    assert len(lands(doc)) == 1 and lands(doc)[0].geometry().area == pytest.approx(4 * 25)


def test_triggers_and_spawns_are_not_islands_but_marked_objects_are(tmp_path):
    objects = (
        '<objectgroup name="Logic">'
        '<object id="1" name="Trigger A" x="10" y="10" width="50" height="50"/>'
        '<object id="2" type="spawn" x="100" y="10" width="40" height="40"/>'
        '<object id="3" name="Isle" class="island" x="200" y="200" width="64" height="64"/>'
        '<object id="4" name="Kingston" class="town" x="220" y="220"><point/></object>'
        "</objectgroup>"
    )
    doc, warnings = sound(write(tmp_path, "objs.tmx", tmx(objects, w=10, h=10)))
    assert [a.name for a in lands(doc)] == ["Isle"]
    assert lands(doc)[0].town
    assert any("Trigger A" in w and "skipped" in w for w in warnings)


def test_isometric_objects_are_projected_as_tiled_does(tmp_path):
    """An object at (0, 0) with the size of one tile (in tile-height units on both iso
    axes) covers exactly the top tile's diamond."""
    objects = (
        '<objectgroup name="Land"><properties><property name="kind" value="land"/></properties>'
        '<object id="1" name="Corner" x="0" y="0" width="32" height="32"/></objectgroup>'
    )
    m = parse_tmx(tmx(objects, w=4, h=4, orientation="isometric", tw=64, th=32), "iso.tmx")
    from wargame.maps.tiled import cell_polygon, object_polygon

    got = object_polygon(m.objects[0], m)
    from shapely.geometry import Polygon

    want = Polygon(cell_polygon(m, 0, 0))
    assert got.symmetric_difference(want).area < 1e-6


def test_tile_objects_and_templates_are_read(tmp_path):
    (tmp_path / "isle.tx").write_text(
        '<?xml version="1.0"?><template><object name="From template" class="island" '
        'width="64" height="64"/></template>'
    )
    ts = tileset(
        '<tile id="1"><properties><property name="land" type="bool" value="true"/></properties></tile>'
    )
    objects = (
        '<objectgroup name="Things">'
        '<object id="1" template="isle.tx" x="10" y="10"/>'
        '<object id="2" gid="2" x="200" y="264" width="64" height="64"/>'
        "</objectgroup>"
    )
    doc, _ = sound(write(tmp_path, "tpl.tmx", tmx(ts + objects, w=10, h=10)))
    names = sorted(a.name for a in lands(doc))
    assert "From template" in names and len(names) == 2
    tile_land = next(a for a in lands(doc) if a.name != "From template").geometry()
    # a tile object hangs from its bottom-left corner: y 200..264 px = 31.25..41.25 cm
    assert tile_land.bounds[1] == pytest.approx(200 * 5 / 32, abs=0.01)


def test_zstd_layers_are_read(tmp_path):
    gids = [int(c) for row in ISLAND for c in row]
    blob = zstandard.ZstdCompressor().compress(struct.pack(f"<{len(gids)}I", *gids))
    data = base64.b64encode(blob).decode()
    body = tileset(WATER_TILE) + (
        f'<layer name="z" width="6" height="6"><data encoding="base64" compression="zstd">'
        f"{data}</data></layer>"
    )
    doc, _ = sound(write(tmp_path, "z.tmx", tmx(body)))
    assert len(lands(doc)) == 1


def test_unknown_compression_and_formats_get_a_clear_message(tmp_path):
    body = '<layer name="x" width="2" height="2"><data encoding="base64" compression="lz4">AAAA</data></layer>'
    with pytest.raises(FileFormatError, match="lz4.*zlib, gzip or zstd"):
        import_file(write(tmp_path, "lz.tmx", tmx(body, w=2, h=2)))
    with pytest.raises(FileFormatError, match="tileset"):
        import_file(write(tmp_path, "t.tsx", tileset()))
    world = {"type": "world", "maps": [], "onlyShowAdjacentMaps": False}
    with pytest.raises(FileFormatError, match="world"):
        import_file(write(tmp_path, "w.world", json.dumps(world)))


def test_tiled_json_from_before_1_0_is_read(tmp_path):
    """No 'type', properties as a plain object, tile properties in 'tileproperties'."""
    old = {
        "version": 1,
        "orientation": "orthogonal",
        "width": 6,
        "height": 6,
        "tilewidth": 32,
        "tileheight": 32,
        "properties": {"author": "someone"},
        "tilesets": [{"firstgid": 1, "name": "t", "tileproperties": {"0": {"water": "true"}}}],
        "layers": [
            {
                "type": "tilelayer",
                "name": "g",
                "width": 6,
                "height": 6,
                "data": [int(c) for row in ISLAND for c in row],
                "visible": True,
            }
        ],
    }
    doc, _ = sound(write(tmp_path, "old.json", json.dumps(old)))
    assert len(lands(doc)) == 1


def test_tiled_map_with_no_land_is_refused_saying_so(tmp_path):
    body = tileset(WATER_TILE) + csv_layer(["111111"] * 6)
    with pytest.raises(FileFormatError, match="no land"):
        import_file(write(tmp_path, "sea.tmx", tmx(body)))


def test_two_rectangle_objects_overlapping_import_sound(tmp_path):
    objects = (
        '<objectgroup name="Islands" class="island">'
        '<object id="1" name="A" x="0" y="0" width="100" height="100"/>'
        '<object id="2" name="B" x="50" y="50" width="100" height="100"/>'
        "</objectgroup>"
    )
    doc, _ = sound(write(tmp_path, "rects.tmx", tmx(objects, w=10, h=10)))
    assert sorted(a.name for a in lands(doc)) == ["A", "B"]


def test_external_tileset_outside_the_folder_is_not_read(tmp_path):
    secret = tmp_path / "secret.tsx"
    secret.write_text("not a tileset at all: password=hunter2")
    inner = tmp_path / "maps"
    inner.mkdir()
    for src in ("../secret.tsx", "/dev/zero", str(secret)):
        body = f'<tileset firstgid="1" source="{src}"/>' + csv_layer(ISLAND)
        doc, warnings = import_with_warnings(write(inner, "m.tmx", tmx(body)))
        assert any("tileset" in w for w in warnings)
        assert not any("hunter2" in w for w in warnings)
    (inner / "broken.tsx").write_text("password=hunter2 <<<")
    body = '<tileset firstgid="1" source="broken.tsx"/>' + csv_layer(ISLAND)
    _doc, warnings = import_with_warnings(write(inner, "m.tmx", tmx(body)))
    assert any("broken.tsx" in w for w in warnings)
    assert not any("hunter2" in w for w in warnings)


@pytest.mark.parametrize("fmt", ["tmx", "json"])
def test_deeply_nested_groups_are_refused_before_recursion(tmp_path, fmt):
    depth = 1001
    if fmt == "tmx":
        body = '<group name="g">' * depth + "</group>" * depth
        path = write(tmp_path, "deep.tmx", tmx(body))
    else:
        layer: dict = {"type": "group", "name": "g", "layers": []}
        root = layer
        for _ in range(200):  # json itself refuses much deeper nesting
            child = {"type": "group", "name": "g", "layers": []}
            layer["layers"].append(child)
            layer = child
        data = {
            "type": "map",
            "orientation": "orthogonal",
            "width": 2,
            "height": 2,
            "tilewidth": 32,
            "tileheight": 32,
            "layers": [root],
        }
        path = write(tmp_path, "deep.tmj", json.dumps(data))
    with pytest.raises(FileFormatError, match="nested"):
        import_file(path)
