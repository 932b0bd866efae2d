"""Adjacency from geometry on hand-made maps: shared edges, corners, gaps, overrides."""

from __future__ import annotations

import networkx as nx
import pytest

from wargame.maps.graph import derive_graph, graph_json
from wargame.maps.model import Area, Island, MapDoc
from wargame.maps.synthetic import hex_patchwork


def sq(x: float, y: float, w: float = 10, h: float = 10) -> tuple:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def doc_of(*areas: Area, **kw) -> MapDoc:
    islands = sorted({a.island for a in areas if a.island})
    return MapDoc(islands=[Island(i, i) for i in islands], areas=list(areas), **kw)


def test_shared_edge_is_adjacent_but_a_shared_corner_is_not():
    d = doc_of(
        Area("A", "A", "sea", sq(0, 0)),
        Area("B", "B", "sea", sq(10, 0)),
        Area("C", "C", "sea", sq(10, 10)),
    )
    g = derive_graph(d)
    assert g.has_edge("A", "B") and g.has_edge("B", "C")
    assert not g.has_edge("A", "C")  # they meet only at (10, 10)


def test_t_junction_without_a_shared_vertex_is_adjacent():
    # B's left edge runs along the middle of A's right edge, with no vertex in common
    d = doc_of(Area("A", "A", "sea", sq(0, 0, 10, 30)), Area("B", "B", "sea", sq(10, 10, 10, 10)))
    assert derive_graph(d).has_edge("A", "B")


def test_hairline_gap_counts_as_touching_but_a_real_gap_does_not():
    hair = doc_of(Area("A", "A", "sea", sq(0, 0)), Area("B", "B", "sea", sq(10.01, 0)))
    gap = doc_of(Area("A", "A", "sea", sq(0, 0)), Area("B", "B", "sea", sq(10.5, 0)))
    assert derive_graph(hair).has_edge("A", "B")
    assert not derive_graph(gap).has_edge("A", "B")


def test_island_in_a_sea_hole_is_coast_and_kinds_are_named():
    d = doc_of(
        Area("L1", "West", "land", sq(20, 20), "I1"),
        Area("L2", "East", "land", sq(30, 20), "I1"),
        Area("S1", "Sea", "sea", sq(0, 0, 60, 50), holes=(sq(20, 20, 20, 10),)),
        Area("S2", "Far", "sea", sq(60, 0, 20, 50)),
    )
    g = derive_graph(d)
    assert g.edges["L1", "L2"]["kind"] == "land-land"
    assert g.edges["L1", "S1"]["kind"] == "land-sea"
    assert g.edges["S1", "S2"]["kind"] == "sea-sea"
    assert not g.has_edge("L1", "S2")
    assert nx.is_connected(g)


def test_manual_edges_add_a_strait_and_cut_a_reef():
    d = doc_of(
        Area("A", "A", "sea", sq(0, 0)),
        Area("B", "B", "sea", sq(10, 0)),
        Area("C", "C", "land", sq(40, 0), "I1"),
        edges_add=[("A", "C")],
        edges_cut=[("B", "A")],
    )
    g = derive_graph(d)
    assert not g.has_edge("A", "B")
    assert g.edges["A", "C"] == {"kind": "land-sea", "manual": True}


def test_graph_json_is_sorted_and_carries_node_fields():
    d = doc_of(
        Area("S2", "B", "sea", sq(10, 0)),
        Area("S1", "A", "sea", sq(0, 0), big=True),
        Area("L1", "Town", "land", sq(20, 0), "I1", town=True),
    )
    data = graph_json(d)
    assert data["edges"] == [["L1", "S2"], ["S1", "S2"]]
    assert data["nodes"][2] == {
        "id": "L1",
        "name": "Town",
        "kind": "land",
        "island": "I1",
        "town": True,
        "big": False,
        "harbour": False,
        "start": False,
    }


@pytest.mark.parametrize("n", [7, 100, 400])
def test_hex_patchwork_has_the_hex_grid_neighbour_count(n):
    d = hex_patchwork(n)
    g = derive_graph(d)
    # in a rectangle of flat-top hexes (odd columns shifted down), count neighbour pairs directly
    cols = next(c for c in range(1, n + 1) if c * c >= n)
    cells = {(k % cols, k // cols) for k in range(n)}
    expected = 0
    for c, r in cells:
        shift = c % 2
        for dc, dr in ((0, 1), (1, -1 + shift), (1, shift)):
            if (c + dc, r + dr) in cells:
                expected += 1
    assert g.number_of_edges() == expected
