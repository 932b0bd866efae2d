"""Geometry edits return Changes that apply and undo exactly."""

from __future__ import annotations

import pytest

from wargame.errors import BadInput
from wargame.maps import ops
from wargame.maps.graph import derive_graph
from wargame.maps.model import Area, Island, MapDoc, map_to_json


def island_doc() -> MapDoc:
    return MapDoc(
        bounds=(0, 0, 100, 60),
        islands=[Island("I1", "Skull Isle")],
        areas=[
            Area(
                "L1",
                "Skull Isle",
                "land",
                ((30, 20), (70, 20), (70, 40), (30, 40)),
                "I1",
                town=True,
            )
        ],
    )


def test_split_keeps_id_and_marks_on_the_larger_piece_and_undoes():
    doc = island_doc()
    before = map_to_json(doc)
    inverse = doc.apply(ops.split_area(doc, "L1", [(40, 10), (40, 50)]))
    l1, l2 = doc.area("L1"), doc.area("L2")
    assert round(l1.geometry().area) == 600 and l1.town
    assert round(l2.geometry().area) == 200 and not l2.town and l2.island == "I1"
    assert derive_graph(doc).edges["L1", "L2"]["kind"] == "land-land"
    doc.apply(inverse)
    assert map_to_json(doc) == before


def test_split_line_that_does_not_cross_is_refused():
    doc = island_doc()
    with pytest.raises(BadInput, match="does not cut"):
        ops.split_area(doc, "L1", [(40, 10), (40, 30)])


def test_merge_joins_touching_areas_and_refuses_apart_ones():
    doc = island_doc()
    doc.apply(ops.split_area(doc, "L1", [(40, 10), (40, 50)]))
    doc.apply(ops.merge_areas(doc, "L2", ["L1"]))
    assert [a.id for a in doc.areas] == ["L2"]
    assert round(doc.area("L2").geometry().area) == 800
    assert doc.area("L2").town  # a mark survives the merge
    doc.areas.append(Area("L9", "Far", "land", ((90, 50), (95, 50), (95, 55)), "I1"))
    with pytest.raises(BadInput, match="do not touch"):
        ops.merge_areas(doc, "L2", ["L9"])


def test_delete_last_land_area_deletes_its_island_in_one_change():
    doc = island_doc()
    doc.edges_add = [("L1", "L1x")]
    inverse = doc.apply(ops.delete_areas(doc, ["L1"]))
    assert doc.areas == [] and doc.islands == [] and doc.edges_add == []
    doc.apply(inverse)
    assert doc.area("L1").town and doc.island("I1") is not None


def test_generate_seas_fills_the_water_and_connects_the_graph():
    import networkx as nx

    doc = island_doc()
    doc.areas.append(Area("L2", "Rock", "land", ((80, 5), (90, 5), (90, 15), (80, 15)), "I2"))
    doc.islands.append(Island("I2", "Rock"))
    doc.apply(ops.generate_seas(doc))
    seas = [a for a in doc.areas if a.kind == "sea"]
    assert len(seas) >= 2
    water = 100 * 60 - 800 - 100
    assert sum(a.geometry().area for a in seas) == pytest.approx(water, rel=1e-3)
    g = derive_graph(doc)
    assert nx.is_connected(g)
    assert {a.name for a in seas} >= {"Waters of Skull Isle", "Waters of Rock"}


def test_move_vertex_and_snapping():
    doc = island_doc()
    a = ops.move_vertex(doc.area("L1"), 0, 0, (25, 15))
    assert a.polygon[0] == (25, 15)
    p, what = ops.snap_point(doc, (30.3, 20.2), radius=1.0)
    assert (p, what) == ((30, 20), "vertex")
    p, what = ops.snap_point(doc, (50.0, 20.4), radius=1.0)
    assert (p, what) == ((50.0, 20.0), "edge")
    p, what = ops.snap_point(doc, (10.3, 10.2), radius=1.0, grid=1.0)
    assert (p, what) == ((10.0, 10.0), "grid")


def test_add_island_refuses_a_crossing_outline():
    doc = MapDoc()
    with pytest.raises(BadInput, match="crosses itself"):
        ops.add_island(doc, [(0, 0), (10, 10), (10, 0), (0, 10)])


def test_toggle_edge_replaces_an_opposite_override():
    doc = island_doc()
    doc.areas.append(Area("S1", "Sea", "sea", ((0, 0), (10, 0), (10, 10))))
    doc.apply(ops.toggle_edge(doc, "L1", "S1", adjacent=False))
    assert doc.edges_cut == [("L1", "S1")]
    doc.apply(ops.toggle_edge(doc, "S1", "L1", adjacent=True))
    assert doc.edges_cut == [] and doc.edges_add == [("L1", "S1")]


def test_island_drawn_on_the_sea_is_cut_out_of_it_in_one_change():
    from wargame.maps.validate import validate

    doc = MapDoc(
        bounds=(0, 0, 100, 60),
        areas=[
            Area("S1", "West", "sea", ((0, 0), (50, 0), (50, 60), (0, 60))),
            Area("S2", "East", "sea", ((50, 0), (100, 0), (100, 60), (50, 60))),
        ],
    )
    before = map_to_json(doc)
    inverse = doc.apply(ops.add_island(doc, [(40, 20), (60, 20), (60, 40), (40, 40)]))
    assert validate(doc) == []
    assert doc.area("S1").geometry().area == pytest.approx(3000 - 200)
    g = derive_graph(doc)
    assert g.has_edge("L1", "S1") and g.has_edge("L1", "S2") and g.has_edge("S1", "S2")
    doc.apply(inverse)
    assert map_to_json(doc) == before


def test_island_across_a_narrow_sea_splits_it_in_two():
    doc = MapDoc(
        bounds=(0, 0, 100, 60),
        areas=[Area("S1", "Strait", "sea", ((0, 20), (100, 20), (100, 30), (0, 30)))],
    )
    doc.apply(ops.add_island(doc, [(40, 10), (60, 10), (60, 40), (40, 40)]))
    seas = sorted(a.name for a in doc.areas if a.kind == "sea")
    assert seas == ["Strait", "Strait 2"]
