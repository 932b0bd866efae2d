"""Validation finds each kind of problem, says where, and what to do."""

from __future__ import annotations

from wargame.maps.model import Area, Island, MapDoc
from wargame.maps.validate import validate
from wargame.paths import scenarios_dir


def sq(x, y, w=10, h=10):
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def codes(doc):
    return sorted(i.code for i in validate(doc))


def test_shipped_maps_have_no_problems():
    from wargame.maps.model import load_map

    for name in ("pieces-of-eight.json", "caribbean.json"):
        assert validate(load_map(scenarios_dir() / "maps" / name)) == []


def test_self_intersecting_outline_is_found_where_it_crosses():
    doc = MapDoc(areas=[Area("S1", "Knot", "sea", ((0, 0), (10, 10), (10, 0), (0, 10)))])
    issues = validate(doc)
    assert [i.code for i in issues] == ["self-intersection"]
    assert issues[0].at == (5.0, 5.0)
    assert "Vertex tool" in issues[0].hint


def test_overlapping_areas_are_named_with_the_overlap():
    doc = MapDoc(areas=[Area("S1", "A", "sea", sq(0, 0)), Area("S2", "B", "sea", sq(5, 0))])
    issues = [i for i in validate(doc) if i.code == "overlap"]
    assert len(issues) == 1
    assert issues[0].areas == ("S1", "S2")
    assert "50.0 cm" in issues[0].message


def test_isolated_area_empty_island_and_split_graph():
    doc = MapDoc(
        islands=[Island("I1", "Ghost"), Island("I2", "Rock")],
        areas=[
            Area("S1", "A", "sea", sq(0, 0)),
            Area("S2", "B", "sea", sq(10, 0)),
            Area("L1", "Far", "land", sq(50, 50), "I2"),
            Area("L2", "Stray", "land", sq(80, 80)),
        ],
    )
    found = codes(doc)
    assert found.count("isolated") == 2
    assert "empty-island" in found
    assert "no-island" in found
    assert "disconnected" in found
    assert "landlocked" in found
