"""Golden graph of the shipped board, Tiled cell placement vectors, the screenshot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from wargame.maps.graph import graph_json
from wargame.maps.model import load_map
from wargame.maps.tiled import cell_polygon
from wargame.maps.tiled_read import TiledMap
from wargame.paths import scenarios_dir

HERE = Path(__file__).resolve().parent


def test_pieces_of_eight_graph_matches_the_golden_file():
    """If the shipped board is redrawn on purpose, regenerate the golden file with
    `wargame map graph scenarios/maps/pieces-of-eight.json --json`."""
    golden = json.loads((HERE / "data" / "pieces-of-eight.graph.json").read_text(encoding="utf-8"))
    assert graph_json(load_map(scenarios_dir() / "maps" / "pieces-of-eight.json")) == golden


def tmap(
    orientation: str, tw: float, th: float, side: float = 0, axis: str = "y", index: str = "odd"
) -> TiledMap:
    return TiledMap("t", orientation, 10, 10, tw, th, side, axis, index)


@pytest.mark.parametrize(
    ("m", "cell", "top_left"),
    [
        (tmap("orthogonal", 32, 32), (2, 3), (64, 96)),
        # pointy hexes 14x12 with 6 px sides (hexagonal-mini): rows 9 px apart, odd rows shifted 7
        (tmap("hexagonal", 14, 12, 6, "y", "odd"), (0, 1), (7, 9)),
        (tmap("hexagonal", 14, 12, 6, "y", "odd"), (3, 2), (42, 18)),
        (tmap("hexagonal", 14, 12, 6, "y", "even"), (0, 0), (7, 0)),
        # flat hexes 60x52 with 30 px sides: columns 45 px apart, odd columns 26 px down
        (tmap("hexagonal", 60, 52, 30, "x", "odd"), (1, 0), (45, 26)),
        (tmap("hexagonal", 60, 52, 30, "x", "even"), (0, 0), (0, 26)),
        # staggered diamonds 64x32: rows 16 px apart, odd rows shifted 32
        (tmap("staggered", 64, 32, 0, "y", "odd"), (0, 1), (32, 16)),
        (tmap("staggered", 64, 32, 0, "x", "odd"), (1, 0), (32, 16)),
    ],
)
def test_tiled_cells_sit_where_tiled_draws_them(m, cell, top_left):
    pts = cell_polygon(m, *cell)
    assert (min(x for x, _ in pts), min(y for _, y in pts)) == top_left
    assert max(x for x, _ in pts) - min(x for x, _ in pts) == m.tilewidth
    assert max(y for _, y in pts) - min(y for _, y in pts) == m.tileheight


def test_screenshot_of_the_map_editor_is_written(tmp_path):
    out = tmp_path / "editor.png"
    exe = Path(sys.executable).parent / "wargame"
    if not exe.exists():
        pytest.skip("the installed wargame command is not beside this Python")
    run = subprocess.run(
        [
            str(exe),
            "screenshot",
            "map-editor",
            "--out",
            str(out),
            "--size",
            "1000x700",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert run.returncode == 0, run.stderr
    from PySide6.QtGui import QImage

    image = QImage(str(out))
    assert (image.width(), image.height()) == (1000, 700)
    # the middle of the table shows land or sea colours, not an empty widget
    colours = {
        image.pixelColor(x, y).name() for x in range(100, 700, 50) for y in range(150, 600, 50)
    }
    assert len(colours) > 3


@pytest.mark.parametrize(
    "m",
    [
        tmap("orthogonal", 32, 32),
        tmap("hexagonal", 14, 12, 6, "y", "odd"),
        tmap("hexagonal", 14, 12, 6, "y", "even"),
        tmap("hexagonal", 60, 52, 30, "x", "odd"),
        tmap("hexagonal", 60, 52, 30, "x", "even"),
        tmap("staggered", 64, 32, 0, "y", "odd"),
        tmap("staggered", 64, 32, 0, "x", "even"),
    ],
)
def test_edge_neighbours_are_exactly_the_cells_sharing_a_side(m):
    import shapely

    from wargame.maps.tiled import edge_neighbours

    for cell in ((3, 3), (4, 4), (3, 4), (4, 3)):
        me = shapely.Polygon(cell_polygon(m, *cell))
        sharing = {
            (c, r)
            for c in range(cell[0] - 2, cell[0] + 3)
            for r in range(cell[1] - 2, cell[1] + 3)
            if (c, r) != cell
            and me.intersection(shapely.Polygon(cell_polygon(m, c, r))).length > 1e-6
        }
        assert set(edge_neighbours(m, *cell)) == sharing
