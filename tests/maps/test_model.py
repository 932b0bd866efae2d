"""The map document: JSON round trip, strict validation, edits and their inverses."""

from __future__ import annotations

import json
import time

import pytest

from wargame.errors import FileFormatError
from wargame.maps.model import (
    Area,
    Change,
    Island,
    MapDoc,
    load_map,
    map_from_json,
    map_to_json,
)
from wargame.paths import scenarios_dir

POE = scenarios_dir() / "maps" / "pieces-of-eight.json"


def small_map() -> dict:
    return {
        "format": "wargame-map",
        "version": 1,
        "name": "Two rocks",
        "units": "cm",
        "bounds": [0, 0, 20, 10],
        "hex": None,
        "islands": [{"id": "I1", "name": "Rock"}],
        "areas": [
            {
                "id": "L1",
                "name": "Rock",
                "kind": "land",
                "island": "I1",
                "polygon": [[2, 2], [6, 2], [6, 6], [2, 6]],
            },
            {
                "id": "S1",
                "name": "Sea",
                "kind": "sea",
                "island": None,
                "polygon": [[0, 0], [20, 0], [20, 10], [0, 10]],
                "holes": [[[2, 2], [6, 2], [6, 6], [2, 6]]],
            },
        ],
        "edges_add": [],
        "edges_cut": [],
    }


def test_map_json_round_trip_is_identical():
    doc = load_map(POE)
    again = map_from_json(json.loads(json.dumps(map_to_json(doc))), "again")
    assert again == doc
    assert map_to_json(again) == map_to_json(doc)


def test_closing_point_repeated_is_dropped():
    data = small_map()
    data["areas"][0]["polygon"].append([2, 2])
    doc = map_from_json(data)
    assert doc.area("L1").polygon == ((2, 2), (6, 2), (6, 6), (2, 6))


@pytest.mark.parametrize(
    ("mutate", "needle"),
    [
        (lambda d: d.update(format="geojson"), "key 'format'"),
        (lambda d: d.update(version=99), "newer"),
        (lambda d: d.update(bounds=[0, 0, -1, 5]), "key 'bounds'"),
        (lambda d: d["areas"][0].update(kind="swamp"), "area L1 key 'kind'"),
        (lambda d: d["areas"][0].update(polygon="square"), "area L1 key 'polygon'"),
        (
            lambda d: d["areas"][0].update(polygon=[[0, 0], [1, "x"], [2, 2]]),
            "area L1 key 'polygon'[1]",
        ),
        (lambda d: d["areas"][0].update(polygon=[[0, 0], [1, 1]]), "at least 3"),
        (lambda d: d["areas"][0].update(town="yes"), "area L1 key 'town'"),
        (lambda d: d["areas"][0].update(island="I9"), "area L1 key 'island'"),
        (lambda d: d["areas"][1].update(id="L1"), "used twice"),
        (lambda d: d.update(edges_add=[["L1", "Z9"]]), "edges_add[0]"),
        (lambda d: d.update(hex={"orientation": "round", "size_cm": 5}), "hex.orientation"),
        (lambda d: d["areas"][0].update(polygon=[[0, 0], [1e300, 1], [2, 2]]), "finite"),
    ],
)
def test_bad_map_is_refused_naming_the_key(mutate, needle):
    data = small_map()
    mutate(data)
    with pytest.raises(FileFormatError) as err:
        map_from_json(data, "bad.json")
    assert needle in str(err.value)
    assert str(err.value).startswith("bad.json: ")


def test_ten_million_vertex_polygon_is_refused_quickly():
    data = small_map()
    data["areas"][0]["polygon"] = [[0.0, 0.0]] * 10_000_000
    t = time.perf_counter()
    with pytest.raises(FileFormatError, match=r"area L1 key 'polygon': 10,000,000 vertices"):
        map_from_json(data, "huge.json")
    assert time.perf_counter() - t < 0.5


def test_bad_json_file_is_refused_with_line_and_column(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text('{"format": "wargame-map", "areas": [}', encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"broken.json: not valid JSON at line 1"):
        load_map(p)


def test_oversized_map_file_is_refused_before_parsing(tmp_path):
    p = tmp_path / "big.json"
    with p.open("w") as fh:
        fh.write('{"format": "wargame-map", "pad": "')
        fh.write("x" * (17 * 1024 * 1024))
        fh.write('"}')
    t = time.perf_counter()
    with pytest.raises(FileFormatError, match="byte limit"):
        load_map(p)
    assert time.perf_counter() - t < 0.5


def test_apply_returns_the_inverse_change():
    doc = map_from_json(small_map())
    before = map_to_json(doc)
    new = Area("L2", "Cay", "land", ((10, 2), (12, 2), (12, 4)), "I2")
    inverse = doc.apply(
        Change(
            areas=(("L2", new), ("L1", None)),
            islands=(("I2", Island("I2", "Cay")),),
            edges_add=(("L2", "S1"),),
        )
    )
    assert [a.id for a in doc.areas] == ["S1", "L2"]
    assert doc.edges_add == [("L2", "S1")]
    redo = doc.apply(inverse)
    assert map_to_json(doc) == before
    doc.apply(redo)
    assert [a.id for a in doc.areas] == ["S1", "L2"]


def test_new_id_skips_taken_ids():
    doc = MapDoc(areas=[Area("L1", "a", "land", ((0, 0), (1, 0), (1, 1)))])
    assert doc.new_id("L") == "L2"
    assert doc.new_id("L", taken=["L2"]) == "L3"


def test_schema_describes_every_key_a_saved_map_has():
    from wargame.maps.schema import MAP_SCHEMA

    data = map_to_json(load_map(POE))
    props = MAP_SCHEMA["properties"]
    assert set(data) <= set(props)
    assert set(MAP_SCHEMA["required"]) <= set(data)
    area_props = props["areas"]["items"]["properties"]
    for area in data["areas"]:
        assert set(area) <= set(area_props)
        assert area["kind"] in area_props["kind"]["enum"]
    assert props["format"]["const"] == data["format"]
