"""Issue 16, files and boards: special files, size caps, references outside the folder,
nesting, invisible characters, and games refusing unplayable maps."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from wargame.cli import main
from wargame.errors import FileFormatError
from wargame.maps.importers import import_file
from wargame.maps.model import Area, Island, MapDoc, load_map, map_from_json, map_to_json
from wargame.maps.safeio import read_regular_text
from wargame.paths import scenarios_dir

POE_MAP = scenarios_dir() / "maps" / "pieces-of-eight.json"


def sq(x, y, w=10, h=10):
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def save(doc: MapDoc, path: Path) -> Path:
    path.write_text(json.dumps(map_to_json(doc)), encoding="utf-8")
    return path


# -- special files -------------------------------------------------------------------------------
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_are_refused_at_once(device):
    if not os.path.exists(device):
        pytest.skip(f"{device} is not on this system")
    t = time.perf_counter()
    with pytest.raises(FileFormatError, match="not a regular file"):
        import_file(Path(device))
    with pytest.raises(FileFormatError, match="not a regular file"):
        load_map(device)
    assert time.perf_counter() - t < 5


def test_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe.geojson"
    os.mkfifo(fifo)
    done: list[BaseException] = []

    def run() -> None:
        try:
            import_file(fifo)
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            done.append(exc)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(10)
    assert not t.is_alive(), "reading a FIFO must not block"
    assert isinstance(done[0], FileFormatError)


def test_the_size_cap_holds_while_reading(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2000)
    with pytest.raises(FileFormatError, match="limit"):
        read_regular_text(path, max_bytes=1000)


@pytest.mark.parametrize("target", ["/dev/null", "fifo"])
def test_out_never_replaces_a_device_or_a_fifo(tmp_path, capsys, target):
    src = save(
        MapDoc(
            islands=[Island("I1", "A")],
            areas=[Area("L1", "A", "land", sq(0, 0), "I1"), Area("S1", "S", "sea", sq(10, 0))],
        ),
        tmp_path / "m.json",
    )
    out = target
    if target == "fifo":
        out = str(tmp_path / "out.fifo")
        os.mkfifo(out)
    assert main(["map", "import", str(src), "--out", out]) == 2
    assert "regular file" in capsys.readouterr().err
    if target == "fifo":
        assert Path(out).is_fifo()
    else:
        assert Path("/dev/null").is_char_device()


# -- references --------------------------------------------------------------------------------
def test_scenario_map_reference_is_read_only_inside_its_folder(tmp_path, capsys):
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps(json.loads(POE_MAP.read_text())))
    inner = tmp_path / "scen"
    inner.mkdir()
    for ref in ("../secret.json", str(secret), "/etc/passwd"):
        sc = {"format": "wargame-scenario", "mode": "pieces-of-eight", "name": "x", "map": ref}
        path = inner / "s.json"
        path.write_text(json.dumps(sc))
        assert main(["simulate", "pieces-of-eight", "--scenario", str(path)]) == 2
        err = capsys.readouterr().err
        assert "outside the folder" in err or "absolute path" in err
    # a map beside the scenario is fine
    (inner / "board.json").write_text(POE_MAP.read_text())
    sc = {"format": "wargame-scenario", "mode": "pieces-of-eight", "name": "x", "map": "board.json"}
    (inner / "s.json").write_text(json.dumps(sc))
    assert main(["simulate", "pieces-of-eight", "--scenario", str(inner / "s.json"), "--json"]) == 0


# -- nesting -----------------------------------------------------------------------------------
def test_geometry_collection_nested_400_deep_is_refused(tmp_path):
    g: dict = {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}
    for _ in range(400):
        g = {"type": "GeometryCollection", "geometries": [g]}
    data = {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": g}]}
    path = tmp_path / "deep.geojson"
    path.write_text(json.dumps(data))
    with pytest.raises(FileFormatError, match="nested"):
        import_file(path)


# -- invisible characters ----------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["L1\u200b", "L\x001", "A\nB", "X\u202eY"])
def test_ids_and_names_refuse_control_and_invisible_characters(bad):
    doc = MapDoc(areas=[Area("L1", "A", "sea", sq(0, 0))])
    data = map_to_json(doc)
    data["areas"].append({**data["areas"][0], "id": bad})
    with pytest.raises(FileFormatError, match="U\\+"):
        map_from_json(data)
    data = map_to_json(doc)
    data["areas"][0]["name"] = bad
    with pytest.raises(FileFormatError, match="U\\+"):
        map_from_json(data)


def test_imported_names_are_cleaned_so_text_output_keeps_one_record_a_line(tmp_path, capsys):
    feats = [
        {
            "type": "Feature",
            "properties": {"name": "Evil\nName\x00\u200b"},
            "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [5, 0], [5, 5], [0, 0]]]},
        }
    ]
    src = tmp_path / "evil.geojson"
    src.write_text(json.dumps({"type": "FeatureCollection", "features": feats}))
    out = tmp_path / "m.json"
    assert main(["map", "import", str(src), "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["map", "graph", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    doc = load_map(out)
    assert len(lines) == 1 + len(doc.areas)
    assert any("Evil Name" in line for line in lines)


# -- unplayable boards -------------------------------------------------------------------------
def two_halves() -> MapDoc:
    return MapDoc(
        "split",
        (0, 0, 100, 100),
        None,
        [Island("I1", "A"), Island("I2", "B")],
        [
            Area("L1", "A", "land", sq(0, 0), "I1", town=True),
            Area("S1", "SA", "sea", sq(10, 0)),
            Area("L2", "B", "land", sq(50, 50), "I2", town=True),
            Area("S2", "SB", "sea", sq(60, 50)),
        ],
    )


def test_a_disconnected_map_is_refused_by_the_board_game(tmp_path, capsys):
    path = save(two_halves(), tmp_path / "split.json")
    assert main(["simulate", "pieces-of-eight", "--scenario", str(path)]) == 2
    assert "cannot be reached" in capsys.readouterr().err


def test_a_map_with_no_edges_is_refused(tmp_path, capsys):
    doc = two_halves()
    doc.areas = [
        Area("L1", "A", "land", sq(0, 0), "I1", town=True),
        Area("S1", "SA", "sea", sq(30, 0)),
    ]
    doc.islands = [Island("I1", "A")]
    assert (
        main(["simulate", "pieces-of-eight", "--scenario", str(save(doc, tmp_path / "e.json"))])
        == 2
    )
    assert "touches no other area" in capsys.readouterr().err


def test_a_graph_scenario_in_pieces_is_refused():
    from wargame.poe.maps import board_for

    graph = {
        "nodes": [
            {"id": "a", "kind": "land", "town": True},
            {"id": "b", "kind": "sea"},
            {"id": "c", "kind": "land", "town": True},
            {"id": "d", "kind": "sea"},
        ],
        "edges": [["a", "b"], ["c", "d"]],
    }
    with pytest.raises(FileFormatError, match="cannot be reached"):
        board_for(graph)


def test_a_scenario_of_another_mode_is_refused(capsys):
    naval = scenarios_dir() / "naval" / "merchant_escort.json"
    assert main(["simulate", "pieces-of-eight", "--scenario", str(naval)]) == 2
    assert "naval scenario" in capsys.readouterr().err


def test_the_naval_battle_refuses_a_map_of_stacked_shapes(tmp_path):
    from wargame.naval.scenario import state_from_scenario

    doc = MapDoc(
        islands=[Island("I1", "A")],
        areas=[Area("L1", "A", "land", sq(2, 2), "I1"), Area("L2", "B", "land", sq(4, 4), "I1")],
    )
    (tmp_path / "m.json").write_text(json.dumps(map_to_json(doc)))
    sc = json.loads((scenarios_dir() / "naval" / "merchant_escort.json").read_text())
    sc.pop("map", None)
    sc["map_file"] = "m.json"
    with pytest.raises(FileFormatError, match="overlap"):
        state_from_scenario(sc, base=tmp_path)


def test_a_board_of_20000_areas_is_refused_at_once():
    """A 20,000-node graph scenario ran for minutes; it is refused before play."""
    from wargame.poe.maps import board_for

    n = 20_000
    nodes = [{"id": f"a{k}", "kind": "land" if k % 2 else "sea", "town": True} for k in range(n)]
    edges = [[f"a{k}", f"a{k + 1}"] for k in range(n - 1)]
    t = time.perf_counter()
    with pytest.raises(FileFormatError, match="more than a game plays on"):
        board_for({"nodes": nodes, "edges": edges})
    assert time.perf_counter() - t < 30
