"""The map editor's adjacency graph as a player reads it: each node beside its area's
name (never printed over a name), and a legend for the three edge styles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui.mapeditor.layers import area_path, drawn_names, label_point

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "scenarios" / "maps").glob("*.json"))


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_graph_nodes_sit_beside_the_area_names(qtbot, main_window, path: Path, zoom) -> None:  # noqa: ANN001
    main_window.resize(1024, 768)
    view = main_window.show_mode("map-editor")
    view.load_scenario_data(json.loads(path.read_text(encoding="utf-8")), path)
    view.canvas.setFocus()
    qtbot.keyClick(view.canvas, Qt.Key.Key_G)  # the Graph toggle, as a player would
    _settle()
    graph = view.canvas.graph
    assert graph.isVisible()
    if zoom != 1.0:
        view.canvas.zoom(zoom)
    t = graph.deviceTransform(view.canvas.viewportTransform())
    entries = [(a, area_path(a), label_point(a)) for a in view.doc.areas]
    names = {a.id: (a.name, box) for a, _c, box in drawn_names(entries, t, t.m11())}
    assert names, "some names are printed at this zoom"
    nodes = graph.node_points(t)
    assert set(nodes) == {a.id for a in view.doc.areas}
    on_names = [
        f"node {aid} on {name!r}"
        for aid, p in nodes.items()
        for name, box in names.values()
        if box.contains(p)
    ]
    assert on_names == []
    # and each printed name has its node close beside it (not somewhere else)
    for aid, (name, box) in names.items():
        near = box.adjusted(-45, -45, 45, 45)
        assert near.contains(nodes[aid]), f"{name!r}'s node strays from it"


def test_the_graph_has_a_legend_for_its_edge_styles(qtbot, main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("map-editor")
    legend = view.canvas.graph_legend
    assert not legend.isVisible()
    view.panel.show_graph.setChecked(True)
    _settle()
    assert legend.isVisible()
    text = legend.text()
    for words in ("land to land", "land to sea", "sea to sea", "a land area", "a sea area"):
        assert words in text
    # each edge style's colour in the legend is the one the graph draws with
    for kind, colour in view.canvas.graph.COLOURS.items():
        assert colour.name() in text, kind
    assert legend.geometry().bottom() <= view.canvas.height()
    view.panel.show_graph.setChecked(False)
    assert not legend.isVisible()
