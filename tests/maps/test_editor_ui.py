"""The map editor driven as a person would: draw, split, undo, redo, save."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from wargame.maps.graph import derive_graph
from wargame.maps.model import load_map


def at(view, x: float, y: float) -> QPoint:
    return view.canvas.mapFromScene(QPointF(x, y))


def click(qtbot, view, x: float, y: float, mods=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.mouseClick(view.canvas.viewport(), Qt.MouseButton.LeftButton, mods, at(view, x, y))


def key(qtbot, view, k) -> None:
    qtbot.keyClick(view.canvas, k)


@pytest.fixture(autouse=True)
def _no_discard_prompt(request, monkeypatch):
    """pytest-qt closes the window before fixtures tear down: never ask about unsaved edits."""
    if "main_window" in request.fixturenames:
        window = request.getfixturevalue("main_window")
        monkeypatch.setattr(window.quitting, "confirm_discard", lambda _view: True)


@pytest.fixture
def editor(main_window, qtbot):
    view = main_window.show_mode("map-editor")
    main_window.new_document()
    view.canvas.fit()
    qtbot.mouseClick(view.panel.snap_grid, Qt.MouseButton.LeftButton)  # whole cm, like a ruler
    assert view.panel.snap_grid.isChecked()
    qtbot.wait(10)
    return view


def draw_island(qtbot, view, pts) -> None:
    view.tool_actions["polygon"].trigger()
    for x, y in pts:
        click(qtbot, view, x, y)
    click(qtbot, view, *pts[0])  # back on the first point closes the coast


def test_default_map_is_pieces_of_eight_with_no_problems(main_window):
    view = main_window.show_mode("map-editor")
    assert view.doc.name == "Pieces of Eight"
    assert len(view.doc.areas) == 15
    assert view.issues == []
    assert "none - the map is sound" in view.panel.problems_title.text()
    assert "34 edges" in view.panel.graph_label.text()


def test_draw_an_island_split_it_undo_redo_and_save(main_window, editor, qtbot, tmp_path: Path):
    view = editor
    draw_island(qtbot, view, [(30, 20), (70, 20), (70, 50), (30, 50)])
    lands = [a for a in view.doc.areas if a.kind == "land"]
    assert len(lands) == 1 and len(view.doc.islands) == 1
    assert lands[0].polygon == ((30, 20), (70, 20), (70, 50), (30, 50))
    assert "*" in main_window.windowTitle()

    view.tool_actions["split"].trigger()
    click(qtbot, view, 50, 10)
    click(qtbot, view, 50, 60)
    key(qtbot, view, Qt.Key.Key_Return)
    lands = [a for a in view.doc.areas if a.kind == "land"]
    assert len(lands) == 2
    assert {a.island for a in lands} == {view.doc.islands[0].id}
    assert sorted(round(a.geometry().area) for a in lands) == [600, 600]
    g = derive_graph(view.doc)
    assert g.edges[lands[0].id, lands[1].id]["kind"] == "land-land"
    assert view.undo_stack.count() == 2

    main_window.act_undo.trigger()
    assert len([a for a in view.doc.areas if a.kind == "land"]) == 1
    main_window.act_redo.trigger()
    assert len([a for a in view.doc.areas if a.kind == "land"]) == 2

    view.panel.buttons["seas"].click()
    assert any(a.kind == "sea" for a in view.doc.areas)
    assert not [i for i in view.issues if i.severity == "error"]

    out = tmp_path / "my island.json"
    assert main_window.save_as(out)
    assert "*" not in main_window.windowTitle()
    saved = load_map(out)
    assert saved == view.doc
    assert len([a for a in saved.areas if a.kind == "land"]) == 2


def test_vertex_drag_is_one_undo_step_and_moves_shared_corners(editor, qtbot):
    view = editor
    draw_island(qtbot, view, [(30, 20), (70, 20), (70, 50), (30, 50)])
    view.tool_actions["split"].trigger()
    click(qtbot, view, 50, 10)
    click(qtbot, view, 50, 60)
    key(qtbot, view, Qt.Key.Key_Return)
    before = view.undo_stack.count()
    view.tool_actions["vertex"].trigger()
    left = next(a for a in view.doc.areas if (30, 20) in a.polygon)
    view.set_selection([left.id])
    vp = view.canvas.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(view, 50, 20))
    for y in (18, 16, 14, 12):
        qtbot.mouseMove(vp, at(view, 52, y))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(view, 52, 12))
    assert view.undo_stack.count() == before + 1
    moved = [a for a in view.doc.areas if a.kind == "land"]
    corners = [p for a in moved for p in a.polygon if abs(p[1] - 12) < 0.6]
    assert len(corners) == 2, "both areas' shared corner moved"
    assert corners[0] == corners[1]
    main_window_undo = view.undo_stack
    main_window_undo.undo()
    assert all((50, 20) in a.polygon for a in view.doc.areas if a.kind == "land")


def test_town_tool_marks_land_and_big_sea(editor, qtbot):
    view = editor
    draw_island(qtbot, view, [(30, 20), (70, 20), (70, 50), (30, 50)])
    view.panel.buttons["seas"].click()
    view.tool_actions["town"].trigger()
    click(qtbot, view, 50, 35)
    land = next(a for a in view.doc.areas if a.kind == "land")
    assert land.town
    sea = view.area_at((5, 5))
    was_big = sea.big
    click(qtbot, view, 5, 5)
    assert view.doc.area(sea.id).big is not was_big
    view.undo_stack.undo()
    assert view.doc.area(sea.id).big is was_big


def test_problems_list_names_isolated_islands_and_a_split_graph(editor, qtbot):
    view = editor
    draw_island(qtbot, view, [(10, 10), (20, 10), (20, 20), (10, 20)])
    draw_island(qtbot, view, [(60, 40), (80, 40), (80, 60), (60, 60)])
    codes = {i.code for i in view.issues}
    assert {"isolated", "disconnected"} <= codes
    texts = [view.panel.problems.item(k).text() for k in range(view.panel.problems.count())]
    assert any("touches no other area" in t for t in texts)
    assert "errors" in view.panel.problems_title.text()
    view.panel.problems.itemClicked.emit(view.panel.problems.item(0))
    assert view.selection, "clicking a problem selects the areas concerned"
    view.panel.buttons["seas"].click()
    assert not [i for i in view.issues if i.severity == "error"]


def test_area_panel_renames_and_merges(editor, qtbot):
    view = editor
    draw_island(qtbot, view, [(30, 20), (70, 20), (70, 50), (30, 50)])
    view.tool_actions["split"].trigger()
    click(qtbot, view, 50, 10)
    click(qtbot, view, 50, 60)
    key(qtbot, view, Qt.Key.Key_Return)
    view.tool_actions["select"].trigger()
    click(qtbot, view, 40, 35)
    assert len(view.selection) == 1
    view.panel.name.setText("Smugglers' Rest")
    view.panel.name.editingFinished.emit()
    assert view.doc.area(view.selection[0]).name == "Smugglers' Rest"
    click(qtbot, view, 60, 35, Qt.KeyboardModifier.ShiftModifier)
    assert len(view.selection) == 2
    view.panel.buttons["merge"].click()
    lands = [a for a in view.doc.areas if a.kind == "land"]
    assert len(lands) == 1 and lands[0].name == "Smugglers' Rest"
    assert round(lands[0].geometry().area) == 1200


def test_graph_overlay_follows_edits(editor, qtbot):
    view = editor
    view.panel.show_graph.setChecked(True)
    draw_island(qtbot, view, [(30, 20), (70, 20), (70, 50), (30, 50)])
    view.panel.buttons["seas"].click()
    n = len(view.canvas.graph.edges)
    assert n == view.graph.number_of_edges() > 0
    view.undo_stack.undo()
    assert len(view.canvas.graph.edges) == 0


def test_measure_tool_reports_cm_and_hexes(editor, qtbot):
    view = editor
    view.tool_actions["measure"].trigger()
    vp = view.canvas.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(view, 10, 10))
    qtbot.mouseMove(vp, at(view, 40, 50))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(view, 40, 50))
    assert view.canvas.selection.preview_text.startswith("50.0 cm")
    assert "hexes" in view.canvas.selection.preview_text


def test_open_a_map_file_and_import_tiled(main_window, qtbot, shared_data, tmp_path):
    from wargame.paths import scenarios_dir

    view = main_window.open_path(scenarios_dir() / "maps" / "caribbean.json")
    assert view.mode_key == "map-editor"
    assert view.doc.name == "The Caribbean"
    view.import_map(shared_data / "tiled/bevy_ecs_tiled/maps/hexagonal/finite_flat_top_even.tmx")
    assert view.doc.hex is not None and view.doc.hex.orientation == "flat"
    out = tmp_path / "export.tmj"
    view.export_map(out)
    from wargame.maps.importers import import_file

    assert import_file(out) == view.doc


def test_autosave_stores_the_map(editor, qtbot, main_window):
    view = editor
    draw_island(qtbot, view, [(30, 20), (70, 20), (70, 50), (30, 50)])
    view._autosave_timer.timeout.emit()
    assert view.autosave_id is not None
    _info, data = main_window.ctx.db.load_game(view.autosave_id)
    assert data["format"] == "wargame-map"
    assert len(data["areas"]) == 1


def test_hex_grid_change_and_kind_switch_undo_back(editor, qtbot):
    view = editor
    panel = view.panel
    panel.hex_kind.setCurrentIndex(panel.hex_kind.findData("pointy"))
    panel.hex_kind.activated.emit(panel.hex_kind.currentIndex())
    assert view.doc.hex.orientation == "pointy"
    view.undo_stack.undo()
    assert view.doc.hex.orientation == "flat"
    assert panel.hex_kind.currentData() == "flat"
    draw_island(qtbot, view, [(30, 20), (70, 20), (70, 50), (30, 50)])
    view.tool_actions["select"].trigger()
    click(qtbot, view, 50, 35)
    panel.kind.setCurrentText("sea")
    panel.kind.activated.emit(1)
    area = view.doc.area(view.selection[0])
    assert area.kind == "sea" and area.island is None
    assert view.doc.islands == []  # the island lost its only land
    view.undo_stack.undo()
    assert view.doc.area(area.id).kind == "land" and len(view.doc.islands) == 1


def test_table_size_is_an_undoable_edit(editor, qtbot):
    view = editor
    view.panel.table_w.setValue(180)
    view.panel.table_h.setValue(120)
    view.panel.table_w.editingFinished.emit()
    assert view.doc.bounds == (0.0, 0.0, 180.0, 120.0)
    view.undo_stack.undo()
    assert view.doc.bounds == (0.0, 0.0, 120.0, 80.0)
    assert view.panel.table_w.value() == 120


def test_import_shows_warnings_and_lets_the_player_choose_towns(editor, tmp_path):
    """Real files rarely mark towns: after an import the editor lists the land areas to tick,
    shows what was dropped or guessed, and applies the choice as one undoable step."""
    from tests.maps.test_findings import write_geojson

    path = write_geojson(tmp_path / "two.geojson", [(0, 0, 1, 1), (3, 0, 4, 1)])
    view = editor
    view.import_map(path)
    dialog = view.towns_dialog
    assert dialog is not None and dialog.isVisible()
    assert "no town" in dialog.warnings.text()
    lands = [a for a in view.doc.areas if a.kind == "land"]
    assert len(lands) == 2 and not any(a.town for a in lands)
    dialog.set_town(lands[0].id, True)
    dialog.accept()
    assert view.doc.area(lands[0].id).town
    view.undo_stack.undo()
    assert not view.doc.area(lands[0].id).town
    assert view.panel.problems_title.text().endswith("the map is sound")


def test_problem_list_catches_a_hole_left_by_a_deleted_sea(editor):
    from wargame.maps import ops
    from wargame.maps.model import Area, Island, MapDoc

    ring = ((40.0, 30.0), (60.0, 30.0), (60.0, 50.0), (40.0, 50.0))
    doc = MapDoc(
        "hole",
        (0, 0, 100, 80),
        None,
        [Island("I1", "Rock")],
        [Area("L1", "Rock", "land", ring, "I1")],
    )
    doc.apply(ops.generate_seas(doc))
    view = editor
    view.set_doc(doc)
    assert view.panel.problems_title.text().endswith("the map is sound")
    # the sea ring around the island is cut in two: delete the inner piece
    doc2 = view.doc
    big = max((a for a in doc2.areas if a.kind == "sea"), key=lambda a: a.geometry().area)
    inner = ops.add_sea(doc2, [(35, 25), (65, 25), (65, 55), (35, 55)])
    view.push(inner, "sea")
    new_sea = next(
        a
        for a in view.doc.areas
        if a.kind == "sea" and a.id not in {big.id} and a.geometry().area < 700
    )
    view.push(ops.delete_areas(view.doc, [new_sea.id]), "delete")
    assert any(i.code == "hole" for i in view.issues)
    assert "hole" in view.panel.problems_title.text() or view.panel.problems.count() > 0
