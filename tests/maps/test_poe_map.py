"""The shipped Pieces of Eight board-game map (seed 000): 8 seas, 4 big, 7 lands, one town."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import networkx as nx

from wargame.maps.graph import derive_graph, graph_json
from wargame.maps.model import load_map
from wargame.paths import scenarios_dir

POE = scenarios_dir() / "maps" / "pieces-of-eight.json"


def test_poe_map_has_eight_seas_four_big_and_seven_lands_one_town():
    doc = load_map(POE)
    seas = [a for a in doc.areas if a.kind == "sea"]
    lands = [a for a in doc.areas if a.kind == "land"]
    assert len(seas) == 8
    assert sum(a.big for a in seas) == 4
    assert len(lands) == 7
    assert sum(a.town for a in lands) == 1
    assert not any(a.town for a in seas)


def test_poe_map_lands_lie_on_four_islands_of_two_two_two_and_one():
    doc = load_map(POE)
    per_island = Counter(a.island for a in doc.areas if a.kind == "land")
    assert sorted(per_island.values()) == [1, 2, 2, 2]
    assert set(per_island) == {i.id for i in doc.islands}


def test_poe_graph_every_land_touches_sea_and_seas_form_one_connected_water():
    doc = load_map(POE)
    g = derive_graph(doc)
    assert nx.is_connected(g)
    for a in doc.areas:
        kinds = {g.nodes[n]["kind"] for n in g.neighbors(a.id)}
        if a.kind == "land":
            assert "sea" in kinds, f"{a.name} touches no sea"
    seas = [a.id for a in doc.areas if a.kind == "sea"]
    assert nx.is_connected(g.subgraph(seas))
    for a in seas:
        assert any(g.nodes[n]["kind"] == "sea" for n in g.neighbors(a))


def test_poe_graph_land_areas_of_one_island_are_adjacent_and_edges_have_kinds():
    doc = load_map(POE)
    g = derive_graph(doc)
    for island in doc.islands:
        parts = [a.id for a in doc.island_areas(island.id)]
        assert nx.is_connected(g.subgraph(parts))
    kinds = Counter(k for _u, _v, k in g.edges(data="kind"))
    assert kinds["land-land"] == 3  # one split per two-area island
    assert kinds["land-sea"] >= 7
    assert kinds["sea-sea"] >= 8
    # land areas of different islands never touch
    for u, v, k in g.edges(data="kind"):
        if k == "land-land":
            assert g.nodes[u]["island"] == g.nodes[v]["island"]


def test_map_graph_cli_prints_the_contract_json():
    out = subprocess.run(
        [sys.executable, "-m", "wargame", "map", "graph", str(POE), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data == graph_json(load_map(POE))
    assert len(data["nodes"]) == 15
    assert all(e == sorted(e) for e in data["edges"])
    assert data["edges"] == sorted(data["edges"])
    node = data["nodes"][0]
    assert {"id", "name", "kind", "island", "town"} <= set(node)


def test_shipped_caribbean_map_has_hispaniola_and_port_royal():
    doc = load_map(scenarios_dir() / "maps" / "caribbean.json")
    names = {i.name for i in doc.islands}
    assert {"Cuba", "Hispaniola", "Jamaica", "Puerto Rico"} <= names
    towns = [a.name for a in doc.areas if a.town]
    assert towns == ["Port Royal"]
    assert sum(a.big for a in doc.areas if a.kind == "sea") == 4
    assert nx.is_connected(derive_graph(doc))


def test_map_import_cli_writes_a_loadable_map(tmp_path, shared_data):
    out = tmp_path / "mini.json"
    src = shared_data / "tiled/libtiled-java/hexagonal-mini/hexagonal-mini.tmx"
    run = subprocess.run(
        [sys.executable, "-m", "wargame", "map", "import", str(src), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    doc = load_map(out)
    assert doc.hex is not None and doc.hex.orientation == "pointy"
    assert any(a.kind == "land" for a in doc.areas)
