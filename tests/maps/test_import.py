"""Import of real Tiled and Natural Earth files, export, and the round trips."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from wargame.errors import FileFormatError
from wargame.maps.geojson import doc_to_geojson
from wargame.maps.graph import derive_graph
from wargame.maps.importers import export_file, import_data, import_file, import_with_warnings
from wargame.maps.model import map_from_json, map_to_json
from wargame.maps.tiled import cell_polygon, doc_to_tiled_json
from wargame.maps.tiled_read import read_tiled
from wargame.maps.validate import report

#: Tiled maps with no land at all: refused, saying so.
NO_LAND = {"libtiled-java/staggered.tmx"}
TILED_FILES = [
    "bevy_ecs_tiled/maps/hexagonal/finite_flat_top_even.tmx",
    "bevy_ecs_tiled/maps/hexagonal/finite_flat_top_odd.tmx",
    "bevy_ecs_tiled/maps/hexagonal/finite_pointy_top_even.tmx",
    "bevy_ecs_tiled/maps/hexagonal/finite_pointy_top_odd.tmx",
    "libgdx/test-load-mapobjects.tmj",
    "libtiled-java/flipped/flipped.tmx",
    "libtiled-java/hexagonal-mini/hexagonal-mini.tmx",
    "libtiled-java/staggered.tmx",
    "libtiled-java/test_hexagonal_tile/test_hexagonal_tile_60x60x30.tmx",
    "pytiled_parser/hexagonal/map.tmx",
    "pytiled_parser/hexagonal/map.json",
]


def test_every_shared_tiled_map_is_listed(shared_data: Path):
    found = {
        str(p.relative_to(shared_data / "tiled"))
        for p in (shared_data / "tiled").rglob("*")
        if p.suffix in (".tmx", ".tmj") or p.name == "map.json"
    }
    assert found == set(TILED_FILES)


@pytest.mark.parametrize("name", sorted(NO_LAND))
def test_tiled_map_without_land_is_refused_saying_so(shared_data: Path, name: str):
    with pytest.raises(FileFormatError, match="no land"):
        import_file(shared_data / "tiled" / name)


@pytest.mark.parametrize("name", [n for n in TILED_FILES if n not in NO_LAND])
def test_tiled_map_imports_to_a_valid_connected_map(shared_data: Path, name: str):
    doc = import_file(shared_data / "tiled" / name)
    assert report(doc)["sound"], report(doc)["problems"][:3]
    again = map_from_json(json.loads(json.dumps(map_to_json(doc))), name)
    assert again == doc
    g = derive_graph(doc)
    assert nx.is_connected(g)
    assert any(a.kind == "sea" for a in doc.areas)
    for a in doc.areas:
        if a.kind == "land":
            assert a.island in {i.id for i in doc.islands}
    for island in doc.islands:  # every island has a coast (inland areas need not)
        parts = doc.island_areas(island.id)
        assert any(g.nodes[n]["kind"] == "sea" for a in parts for n in g.neighbors(a.id))


@pytest.mark.parametrize("name", [n for n in TILED_FILES if n not in NO_LAND])
def test_tiled_import_export_import_gives_the_same_map(
    shared_data: Path, name: str, tmp_path: Path
):
    doc = import_file(shared_data / "tiled" / name)
    out = tmp_path / "again.tmj"
    export_file(doc, out)
    assert import_file(out) == doc
    gj = tmp_path / "again.geojson"
    export_file(doc, gj)
    assert import_file(gj) == doc


def test_hexagonal_mini_header_matches_libtiled_java_test(shared_data: Path):
    m = read_tiled(shared_data / "tiled/libtiled-java/hexagonal-mini/hexagonal-mini.tmx")
    assert (m.orientation, m.width, m.height, m.tilewidth, m.tileheight) == (
        "hexagonal",
        20,
        20,
        14,
        12,
    )
    assert (m.hexsidelength, m.staggeraxis, m.staggerindex, len(m.layers)) == (6, "y", "odd", 1)
    cells = m.layers[0].cells
    first_row = [cells.get((c, 0), 0) for c in range(20)]
    assert first_row == [
        15,
        15,
        15,
        5,
        16,
        17,
        17,
        13,
        8,
        14,
        14,
        14,
        14,
        5,
        13,
        13,
        13,
        13,
        14,
        14,
    ]


def test_staggered_map_header_and_empty_layer(shared_data: Path):
    m = read_tiled(shared_data / "tiled/libtiled-java/staggered.tmx")
    assert (m.orientation, m.width, m.height, m.staggeraxis, m.staggerindex) == (
        "staggered",
        9,
        9,
        "y",
        "odd",
    )
    assert m.layers[0].cells == {}


def test_flipped_tiles_lose_their_flags(shared_data: Path):
    m = read_tiled(shared_data / "tiled/libtiled-java/flipped/flipped.tmx")
    assert [m.layers[0].cells[(c, 0)] for c in range(4)] == [46, 46, 46, 46]


def test_hex_flags_in_csv_are_stripped(shared_data: Path):
    m = read_tiled(
        shared_data / "tiled/libtiled-java/test_hexagonal_tile/test_hexagonal_tile_60x60x30.tmx"
    )
    cells = m.layers[0].cells
    assert {cells[(c, 0)] for c in range(7)} == {1}
    assert {cells[(c, 3)] for c in range(7)} == {1}


def test_tmx_and_json_of_the_same_map_import_alike(shared_data: Path):
    a = import_file(shared_data / "tiled/pytiled_parser/hexagonal/map.tmx")
    b = import_file(shared_data / "tiled/pytiled_parser/hexagonal/map.json")
    assert map_to_json(a)["areas"] == map_to_json(b)["areas"]
    assert a.hex == b.hex


def test_hex_layouts_follow_stagger_axis(shared_data: Path):
    flat = import_file(shared_data / "tiled/bevy_ecs_tiled/maps/hexagonal/finite_flat_top_even.tmx")
    pointy = import_file(
        shared_data / "tiled/bevy_ecs_tiled/maps/hexagonal/finite_pointy_top_odd.tmx"
    )
    assert flat.hex is not None and flat.hex.orientation == "flat"
    assert pointy.hex is not None and pointy.hex.orientation == "pointy"
    # 60x52 tiles with 30 px sides: a tile is 5 cm across, so the side is 2.5 cm
    assert flat.hex.size_cm == pytest.approx(2.5)


def test_staggered_cells_tile_the_plane_without_overlap(shared_data: Path):
    import shapely

    for name in (
        "libtiled-java/hexagonal-mini/hexagonal-mini.tmx",
        "bevy_ecs_tiled/maps/hexagonal/finite_flat_top_even.tmx",
    ):
        m = read_tiled(shared_data / "tiled" / name)
        polys = shapely.polygons([cell_polygon(m, c, r) for r in range(4) for c in range(4)])
        total = shapely.union_all(polys).area
        assert total == pytest.approx(sum(p.area for p in polys), rel=1e-9)
        assert shapely.union_all(polys).geom_type == "Polygon"


def test_object_polygons_become_islands_with_their_names(shared_data: Path):
    doc = import_file(shared_data / "tiled/libgdx/test-load-mapobjects.tmj")
    lands = sorted(a.name for a in doc.areas if a.kind == "land")
    assert lands == ["Ellipse", "Polygon", "Rectangle"]


def test_named_forest_polygon_is_carved_out_of_tile_island(shared_data: Path):
    doc = import_file(shared_data / "tiled/bevy_ecs_tiled/maps/hexagonal/finite_flat_top_even.tmx")
    forest = next(a for a in doc.areas if a.name == "Forest")
    island = doc.island(forest.island)
    rest = [a for a in doc.island_areas(island.id) if a.name == island.name]
    assert len(rest) == 1, "the island keeps the land around the forest"
    assert {a.name for a in doc.island_areas(island.id)} == {"Forest", "EnnemyCamp", island.name}
    g = derive_graph(doc)
    assert g.edges[forest.id, rest[0].id]["kind"] == "land-land"


# -- GeoJSON -----------------------------------------------------------------------------------
def test_caribbean_import_makes_named_islands(shared_data: Path):
    path = shared_data / "geo/ne_50m_admin_0_map_units_caribbean.geojson"
    doc = import_file(path)  # its speed: benchmarks/bench_maps.py
    names = {a.name for a in doc.areas if a.kind == "land"}
    assert {"Cuba", "Jamaica", "Puerto Rico", "Haiti", "Dominican Rep."} <= names
    haiti = next(a for a in doc.areas if a.name == "Haiti")
    dr = next(a for a in doc.areas if a.name == "Dominican Rep.")
    assert haiti.island == dr.island  # Hispaniola: one island, two land areas
    g = derive_graph(doc)
    assert g.edges[haiti.id, dr.id]["kind"] == "land-land"
    assert nx.is_connected(g)
    # projected onto the table, north up: Cuba lies north-west of Jamaica
    cuba = next(a for a in doc.areas if a.name == "Cuba")
    jam = next(a for a in doc.areas if a.name == "Jamaica")
    assert cuba.geometry().centroid.y < jam.geometry().centroid.y
    x0, y0, x1, y1 = doc.bounds
    for a in doc.areas:
        xs, ys = np.array(a.polygon).T
        assert xs.min() >= x0 - 1e-6 and xs.max() <= x1 + 1e-6
        assert ys.min() >= y0 - 1e-6 and ys.max() <= y1 + 1e-6


def test_tiny_islets_are_dropped_under_the_threshold(shared_data: Path):
    data = json.loads((shared_data / "geo/ne_50m_admin_0_map_units_caribbean.geojson").read_text())
    from wargame.maps.geojson import geojson_to_doc

    fine = geojson_to_doc(data, "carib", min_island_cm2=0.1)
    coarse = geojson_to_doc(data, "carib", min_island_cm2=5.0)
    n_fine = sum(a.kind == "land" for a in fine.areas)
    n_coarse = sum(a.kind == "land" for a in coarse.areas)
    assert n_coarse < n_fine
    assert all(a.geometry().area >= 5.0 * 0.5 for a in coarse.areas if a.kind == "land")


def test_every_geojson_in_shared_data_imports(shared_data: Path):
    for path in sorted((shared_data / "geo").glob("*.geojson")):
        if "points" in path.name:
            with pytest.raises(Exception, match="no Polygon"):
                import_file(path)
            continue
        doc = import_file(path)
        assert any(a.kind == "land" for a in doc.areas), path.name


def test_geojson_round_trip_preserves_the_map(shared_data: Path):
    doc = import_file(shared_data / "geo/ne_110m_admin_0_countries_caribbean.geojson")
    again = import_data(json.loads(json.dumps(doc_to_geojson(doc))), "again")
    assert again == doc
    via_tiled = import_data(json.loads(json.dumps(doc_to_tiled_json(doc))), "again.tmj")
    assert via_tiled == doc


def test_overlapping_region_outlines_are_cut_apart(shared_data: Path):
    from wargame.maps.validate import validate

    doc = import_file(shared_data / "geo/ne_50m_geography_regions_polys_caribbean.geojson")
    names = {a.name for a in doc.areas if a.kind == "land"}
    assert {"Cuba", "Hispaniola", "Jamaica", "West Indies"} <= names
    assert not [i for i in validate(doc) if i.code == "overlap"]


def _map_files(root: Path) -> list[Path]:
    exts = {".tmx", ".tmj", ".json", ".geojson", ".tsx", ".xml"}
    return sorted(p for p in root.rglob("*") if p.suffix in exts and p.is_file())


def test_every_map_file_in_shared_data_imports_sound_or_is_refused_clearly(shared_data: Path):
    """Every Tiled, tileset and GeoJSON file there: a sound map that survives export to
    GeoJSON and Tiled and back, or exit-2 refusal naming the file (a tileset, no land...)."""
    seen = 0
    for path in _map_files(shared_data / "tiled") + _map_files(shared_data / "geo"):
        seen += 1
        try:
            doc, _warnings = import_with_warnings(path)
        except FileFormatError as exc:
            assert str(path) in str(exc)
            assert any(w in str(exc) for w in ("tileset", "no land", "no Polygon", "not a map"))
            continue
        assert report(doc)["sound"], (path.name, report(doc)["problems"][:2])
        assert map_from_json(json.loads(json.dumps(map_to_json(doc))), path.name) == doc
    assert seen >= 15
