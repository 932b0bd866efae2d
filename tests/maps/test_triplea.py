"""TripleA import: the territory graph is kept exactly, with or without polygons.txt."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from wargame.cli import main
from wargame.errors import FileFormatError
from wargame.maps.graph import derive_graph, graph_json
from wargame.maps.importers import import_file, import_with_warnings
from wargame.maps.model import load_map
from wargame.maps.validate import report

TINY = Path(__file__).parent / "data" / "triplea" / "tiny"
CONNECTIONS = {
    ("Tortuga", "Windward Passage"),
    ("Caribbean Sea", "Hispaniola"),
    ("Caribbean Sea", "Windward Passage"),
    ("Hispaniola", "Tortuga"),
}


def edges(doc) -> set[tuple[str, str]]:
    return {tuple(sorted(e)) for e in graph_json(doc, derive_graph(doc))["edges"]}


def test_triplea_with_polygons_keeps_the_territory_graph_exactly():
    doc, warnings = import_with_warnings(TINY / "games" / "tiny.xml")
    assert doc.name == "Tiny Spanish Main"
    assert report(doc)["sound"], report(doc)["problems"]
    assert edges(doc) == {tuple(sorted(c)) for c in CONNECTIONS}
    kinds = {a.name: a.kind for a in doc.areas}
    assert kinds == {
        "Tortuga": "land",
        "Hispaniola": "land",
        "Windward Passage": "sea",
        "Caribbean Sea": "sea",
    }
    tortuga = next(a for a in doc.areas if a.name == "Tortuga")
    assert tortuga.town, "a capital is a town"
    # the sea zone drawn under the island gives the island up
    sea = next(a for a in doc.areas if a.name == "Windward Passage").geometry()
    assert sea.intersection(tortuga.geometry()).area < 1e-3
    assert any("several pieces" in w and "Hispaniola" in w for w in warnings)
    # land joined by a land connection is one island
    assert tortuga.island == next(a for a in doc.areas if a.name == "Hispaniola").island


def test_triplea_without_polygons_gets_a_generated_layout(tmp_path):
    game = tmp_path / "games" / "tiny.xml"
    game.parent.mkdir()
    shutil.copy(TINY / "games" / "tiny.xml", game)
    doc, warnings = import_with_warnings(game)
    assert any("generated layout" in w for w in warnings)
    assert report(doc)["sound"], report(doc)["problems"]
    assert edges(doc) == {tuple(sorted(c)) for c in CONNECTIONS}
    shutil.copy(TINY / "centers.txt", tmp_path / "centers.txt")
    doc2 = import_file(game)
    assert edges(doc2) == edges(doc)
    t = next(a for a in doc2.areas if a.name == "Tortuga").geometry().centroid
    c = next(a for a in doc2.areas if a.name == "Caribbean Sea").geometry().centroid
    assert t.x < c.x, "the centres of centers.txt place the cells"


def test_triplea_cli_import_and_graph_json(tmp_path, capsys):
    out = tmp_path / "tiny.json"
    assert main(["map", "import", str(TINY / "games" / "tiny.xml"), "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["map", "graph", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    names = {n["id"]: n["name"] for n in data["nodes"]}
    got = {tuple(sorted((names[a], names[b]))) for a, b in data["edges"]}
    assert got == {tuple(sorted(c)) for c in CONNECTIONS}
    assert load_map(out).edges_add, "the sea zones one pixel apart are joined by an override"


def test_triplea_connection_to_an_unknown_territory_is_refused(tmp_path):
    text = (TINY / "games" / "tiny.xml").read_text().replace('t2="Hispaniola"', 't2="Atlantis"')
    path = tmp_path / "bad.xml"
    path.write_text(text)
    with pytest.raises(FileFormatError, match="Atlantis"):
        import_file(path)


def test_triplea_game_without_a_map_is_refused(tmp_path):
    path = tmp_path / "empty.xml"
    path.write_text('<?xml version="1.0"?><game><info name="x"/></game>')
    with pytest.raises(FileFormatError, match="no <map>"):
        import_file(path)


def test_an_xml_file_of_another_kind_is_named(tmp_path):
    path = tmp_path / "svg.xml"
    path.write_text('<?xml version="1.0"?><svg/>')
    with pytest.raises(FileFormatError, match="<svg>"):
        import_file(path)
