"""Issue 16, GeoJSON and geometry: one test per finding, each with a small file written here.

Every import must either give a map the validator calls sound or refuse with a
message naming what in the file prevents it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargame.errors import FileFormatError
from wargame.maps.graph import PileUp, derive_graph
from wargame.maps.importers import import_file, import_with_warnings
from wargame.maps.model import Area, Island, MapDoc, map_from_json, map_to_json
from wargame.maps.validate import report, validate

DATA = Path(__file__).parent / "data"


def rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]


def feature(geometry: dict, **props) -> dict:
    return {"type": "Feature", "properties": props, "geometry": geometry}


def poly(*rings) -> dict:
    return {"type": "Polygon", "coordinates": list(rings)}


def write_geojson(path: Path, rects, *, extra=(), **top) -> Path:
    feats = [feature(poly(rect(*r)), name=f"Isle {k + 1}") for k, r in enumerate(rects)]
    data = {"type": "FeatureCollection", **top, "features": feats + list(extra)}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def sound_import(path: Path) -> tuple[MapDoc, list[str]]:
    doc, warnings = import_with_warnings(path)
    got = report(doc)
    assert got["sound"], got["problems"][:3]
    again = map_from_json(json.loads(json.dumps(map_to_json(doc))), "again")
    assert report(again)["sound"], "the saved file must be as sound as the map"
    return doc, warnings


# -- crashes on real GeoJSON ------------------------------------------------------------------
def test_repair_leaving_lines_in_a_collection_does_not_crash(tmp_path):
    """make_valid of a ring with a spike gives a polygon plus a line: the line is dropped."""
    spike = [[0, 0], [2, 0], [2, 2], [1, 2], [1, 3], [1, 2], [0, 2], [0, 0]]
    bowtie = [[3, 0], [5, 2], [5, 0], [3, 2], [3, 0]]
    gc = {"type": "GeometryCollection", "geometries": [poly(spike), poly(bowtie)]}
    path = tmp_path / "world.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [feature(gc, name="X")]}))
    doc, _ = sound_import(path)
    assert sum(a.kind == "land" for a in doc.areas) >= 2


def test_real_countries_crossing_180_degrees_import_sound():
    """Real files (johan/world.geo.json): Fiji and the USA (the Aleutians) cross 180."""
    for name in ("FJI.geo.json", "USA.geo.json"):
        doc, _ = sound_import(DATA / name)
        assert doc.name == name.split(".")[0]  # "USA", not "USA.geo"


def test_fiji_split_at_the_antimeridian_is_one_place_not_two_far_apart():
    doc = import_file(DATA / "FJI.geo.json")
    lands = [a.geometry() for a in doc.areas if a.kind == "land"]
    x0, _y0, x1, _y1 = shapely.total_bounds(lands)
    assert x1 - x0 < 0.8 * (doc.bounds[2] - doc.bounds[0]) or len(doc.islands) <= 2


# -- sea generation on plain shapes ------------------------------------------------------------
def test_two_squares_offset_by_half_an_edge_import_sound(tmp_path):
    path = write_geojson(tmp_path / "two.geojson", [(0, 0, 10, 10), (10, 5, 20, 15)])
    doc, _ = sound_import(path)
    assert len(doc.islands) == 1, "touching squares are one island of two land areas"


def test_island_in_a_lake_on_an_island_imports_sound(tmp_path):
    outer = poly(rect(0, 0, 30, 30), rect(10, 10, 20, 20)[::-1])
    inner = poly(rect(13, 13, 17, 17))
    data = {
        "type": "FeatureCollection",
        "features": [feature(outer, name="Big"), feature(inner, name="Small")],
    }
    path = tmp_path / "lake.geojson"
    path.write_text(json.dumps(data))
    doc, _ = sound_import(path)
    seas = [a for a in doc.areas if a.kind == "sea"]
    lake = [s for s in seas if s.geometry().within(shapely.box(*_scaled_box(doc, 0.3, 0.7)))]
    assert lake, "the lake is a sea area of its own"


def _scaled_box(doc: MapDoc, lo: float, hi: float) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = doc.bounds
    return (x0 + lo * (x1 - x0), y0 + lo * (y1 - y0), x0 + hi * (x1 - x0), y0 + hi * (y1 - y0))


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 30), st.integers(1, 20), st.integers(1, 15)),
        min_size=2,
        max_size=3,
    )
)
def test_random_rectangles_import_sound_or_refuse_clearly(tmp_path, boxes):
    """The 150-map experiment of the issue, as a property: no GEOS error, no unsound map."""
    rects = [(x, y, x + w, y + h) for x, y, w, h in boxes]
    path = write_geojson(tmp_path / "r.geojson", rects)
    try:
        doc, _ = import_with_warnings(path)
    except FileFormatError as exc:
        assert "cannot be used" not in str(exc), str(exc)
        return
    problems = [p for p in report(doc)["problems"] if p["severity"] == "error"]
    assert not problems, problems[:2]
    seas = [a.geometry() for a in doc.areas if a.kind == "sea"]
    land = shapely.union_all([a.geometry() for a in doc.areas if a.kind == "land"])
    for s in seas:
        assert s.is_valid
        assert s.intersection(land).area < 1e-3, "seas never overlap land"


# -- what the validator catches ----------------------------------------------------------------
def sq(x, y, w=10, h=10):
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def test_validator_finds_nested_land_areas():
    doc = MapDoc(
        islands=[Island("I1", "A")],
        areas=[
            Area("L1", "Outer", "land", sq(0, 0, 20, 20), "I1"),
            Area("L2", "Inner", "land", sq(5, 5, 3, 3), "I1"),
        ],
    )
    found = [i for i in validate(doc) if i.code == "nested"]
    assert found and found[0].areas == ("L2", "L1")
    assert not report(doc)["sound"]


def test_validator_finds_a_hole_and_a_sliver():
    ring_with_gap = MapDoc(
        areas=[
            Area("S1", "Left", "sea", sq(0, 0, 10, 30)),
            Area("S2", "Right", "sea", sq(20, 0, 10, 30)),
            Area("S3", "Top", "sea", sq(10, 0, 10, 10)),
            Area("S4", "Bottom", "sea", sq(10, 20, 10, 10)),
            Area("S5", "Crumb", "sea", sq(40, 0, 0.1, 0.1)),
        ]
    )
    codes = {i.code for i in validate(ring_with_gap)}
    assert {"hole", "sliver"} <= codes


def test_map_validate_cli_prints_the_contract_json(tmp_path, capsys):
    from wargame.cli import main

    doc = MapDoc(areas=[Area("S1", "A", "sea", sq(0, 0)), Area("S2", "B", "sea", sq(5, 0))])
    path = tmp_path / "m.json"
    path.write_text(json.dumps(map_to_json(doc)))
    assert main(["map", "validate", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["sound"] is False
    assert {"kind", "areas", "message"} <= set(out["problems"][0])
    assert out["problems"][0]["kind"] == "overlap"
    assert main(["map", "validate", str(tmp_path / "missing.json")]) == 2


# -- geography ---------------------------------------------------------------------------------
def test_projected_crs_is_honoured_and_north_stays_up(tmp_path):
    """EPSG:3857 metres: the northern island stays at the top of the table."""
    north = rect(0, 2_000_000, 500_000, 2_400_000)
    south = rect(0, 0, 500_000, 400_000)
    crs = {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::3857"}}
    data = {
        "type": "FeatureCollection",
        "crs": crs,
        "features": [feature(poly(north), name="North"), feature(poly(south), name="South")],
    }
    path = tmp_path / "merc.geojson"
    path.write_text(json.dumps(data))
    doc, warnings = sound_import(path)
    n = next(a for a in doc.areas if a.name == "North").geometry().centroid.y
    s = next(a for a in doc.areas if a.name == "South").geometry().centroid.y
    assert n < s, "y grows downwards on the table: north has the smaller y"
    assert not any("not longitude/latitude" in w for w in warnings)


def test_projected_data_without_crs_is_detected_with_a_warning(tmp_path):
    path = write_geojson(tmp_path / "m.geojson", [(0, 2e6, 5e5, 2.4e6), (0, 0, 5e5, 4e5)])
    doc, warnings = sound_import(path)
    assert any("not longitude/latitude" in w for w in warnings)
    a, b = (a for a in doc.areas if a.kind == "land")
    assert a.geometry().centroid.y < b.geometry().centroid.y  # Isle 1 is the northern one


def test_unknown_crs_is_refused_by_name(tmp_path):
    crs = {"type": "name", "properties": {"name": "EPSG:999999"}}
    path = write_geojson(tmp_path / "c.geojson", [(0, 0, 1, 1)], crs=crs)
    with pytest.raises(FileFormatError, match="999999"):
        import_file(path)


def test_country_split_at_the_antimeridian_is_joined(tmp_path):
    east = rect(178, -18, 180, -16)
    west = rect(-180, -18, -179, -16)
    mp = {"type": "MultiPolygon", "coordinates": [[east], [west]]}
    other = feature(poly(rect(175, -20, 176, -19)), name="Other")
    data = {"type": "FeatureCollection", "features": [feature(mp, name="Fiji"), other]}
    path = tmp_path / "fiji.geojson"
    path.write_text(json.dumps(data))
    doc, _ = sound_import(path)
    fiji = [a for a in doc.areas if a.kind == "land" and a.name.startswith("Fiji")]
    assert len(fiji) == 1, "the two halves are one land area"


def test_ring_jumping_across_the_antimeridian_is_unwrapped(tmp_path):
    ring = [[179, 0], [-179, 0], [-179, 2], [179, 2], [179, 0]]
    data = {"type": "FeatureCollection", "features": [feature(poly(ring), name="Dateline")]}
    path = tmp_path / "ring.geojson"
    path.write_text(json.dumps(data))
    doc, _ = sound_import(path)
    land = next(a for a in doc.areas if a.kind == "land").geometry()
    x0, y0, x1, y1 = land.bounds
    assert (x1 - x0) < 2 * (y1 - y0), "2 degrees wide, not 358"


def test_lakes_ocean_and_frame_are_not_land(tmp_path):
    lake = feature(poly(rect(2, 2, 4, 4)), name="Lake", featurecla="Lake")
    frame = feature(poly(rect(-50, -50, 50, 50)), name="Frame")
    ocean = feature(poly(rect(-60, -60, 60, 60)), name="Ocean", featurecla="Ocean")
    path = write_geojson(tmp_path / "w.geojson", [(0, 0, 10, 10)], extra=[lake, frame, ocean])
    doc, warnings = sound_import(path)
    names = {a.name for a in doc.areas if a.kind == "land"}
    assert names == {"Isle 1"}
    assert any("not made land" in w and "Lake" in w and "Frame" in w for w in warnings)
    land = next(a for a in doc.areas if a.kind == "land")
    assert land.holes, "the lake is cut out of the island"


def test_towns_come_from_point_properties_and_classes(tmp_path):
    pts = [
        feature({"type": "Point", "coordinates": [2, 2]}, name="Kingston", town=True),
        feature({"type": "Point", "coordinates": [8, 8]}, name="X", featurecla="Populated place"),
        feature({"type": "Point", "coordinates": [22, 2]}, name="Q", place="village"),
        feature({"type": "Point", "coordinates": [50, 50]}, name="Atlantis", town=True),
    ]
    path = write_geojson(
        tmp_path / "t.geojson", [(0, 0, 5, 5), (6, 6, 10, 10), (20, 0, 25, 5)], extra=pts
    )
    doc, warnings = sound_import(path)
    assert sum(a.town for a in doc.areas) == 3
    assert any("Atlantis" in w for w in warnings), "a town in the sea is left out, saying so"


def test_import_without_town_says_so(tmp_path):
    _doc, warnings = sound_import(write_geojson(tmp_path / "n.geojson", [(0, 0, 5, 5)]))
    assert any("no town" in w for w in warnings)


def test_import_of_only_water_says_there_is_no_land(tmp_path):
    lake = feature(poly(rect(2, 2, 4, 4)), name="Lake", natural="water")
    path = tmp_path / "water.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [lake]}))
    with pytest.raises(FileFormatError, match="no land"):
        import_file(path)


def test_utf8_byte_order_mark_is_accepted(tmp_path):
    path = write_geojson(tmp_path / "bom.geojson", [(0, 0, 5, 5)])
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    sound_import(path)


# -- cost ----------------------------------------------------------------------------------------
def test_features_piled_on_one_another_are_refused_early(tmp_path):
    rects = [(0, 0, 10 + k * 1e-3, 10) for k in range(800)]
    path = write_geojson(tmp_path / "pile.geojson", rects)
    from wargame.maps import geojson

    old = geojson.MAX_OVERLAP_PAIRS
    geojson.MAX_OVERLAP_PAIRS = 10_000  # the real budget is the same rule at a bigger size
    try:
        with pytest.raises(FileFormatError, match="pile up"):
            import_file(path)
    finally:
        geojson.MAX_OVERLAP_PAIRS = old


def test_graph_of_stacked_areas_is_refused_not_squared():
    from wargame.maps import graph

    doc = MapDoc(areas=[Area(f"S{k}", f"S{k}", "sea", sq(0, 0)) for k in range(700)])
    old = graph.MIN_PAIR_BUDGET
    graph.MIN_PAIR_BUDGET = 1_000
    try:
        with pytest.raises(PileUp, match="stacked"):
            derive_graph(doc)
        assert [i.code for i in validate(doc)] == ["pile-up"]
    finally:
        graph.MIN_PAIR_BUDGET = old


def test_map_graph_cli_refuses_a_pile_up_with_exit_2(tmp_path, capsys):
    from wargame.cli import main
    from wargame.maps import graph

    doc = MapDoc(areas=[Area(f"S{k}", f"S{k}", "sea", sq(0, 0)) for k in range(700)])
    path = tmp_path / "pile.json"
    path.write_text(json.dumps(map_to_json(doc)))
    old = graph.MIN_PAIR_BUDGET
    graph.MIN_PAIR_BUDGET = 1_000
    try:
        assert main(["map", "graph", str(path)]) == 2
    finally:
        graph.MIN_PAIR_BUDGET = old
    assert "stacked" in capsys.readouterr().err


def test_openlayers_sample_with_a_crs84_member_imports_sound():
    doc, _ = sound_import(DATA / "ol-polygon-samples.geojson")
    assert sum(a.kind == "land" for a in doc.areas) == 9
    assert "Sydenham" in {a.name for a in doc.areas}


def test_many_overlapping_features_import_sound(tmp_path):
    """Squares scattered over each other (a region drawn over its islands, many times)."""
    import random

    rnd = random.Random(16)  # noqa: S311 - test data
    rects = []
    for _ in range(80):
        x, y, s = rnd.uniform(0, 20), rnd.uniform(0, 15), rnd.uniform(1, 3)
        rects.append((x, y, x + s, y + s))
    sound_import(write_geojson(tmp_path / "many.geojson", rects))
