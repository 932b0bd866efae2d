"""Editing a Pirate Versus Pirate board in the map editor (pytest-qt)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from wargame.pvp import grid
from wargame.pvp.board import spec_from_json
from wargame.pvp.game import board_for, default_board_path

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def centre_cm(spec, cell) -> QPointF:  # noqa: ANN001
    x, y = grid.centre(cell)
    return QPointF(x * spec.size_cm, y * spec.size_cm)


def choose(box, what: str, colour: str = "blue") -> None:  # noqa: ANN001
    box.what.setCurrentIndex(box.what.findData(what))
    box.colour_box.setCurrentIndex(box.colour_box.findData(colour))


def click(editor, spec, cell) -> None:  # noqa: ANN001
    tool = editor.tools["triangles"]
    p = centre_cm(spec, cell)
    tool.press(p, Qt.KeyboardModifier.NoModifier)
    tool.release(p, Qt.KeyboardModifier.NoModifier)


def test_the_board_opens_in_the_map_editor_with_its_check(main_window, qtbot) -> None:  # noqa: ANN001
    editor = main_window.open_path(default_board_path())
    assert editor.mode_key == "map-editor"
    assert editor.triangle_layer.spec is not None
    assert len(editor.triangle_layer.spec.cells) == 178
    text = editor.board_box.report.text()
    assert "a playable board" in text and "fair" in text


def test_paint_a_start_space_away_and_back_with_undo(main_window, qtbot) -> None:  # noqa: ANN001
    editor = main_window.open_path(default_board_path())
    qtbot.keyClick(editor.canvas, Qt.Key.Key_B)
    editor.set_tool("triangles")
    spec = spec_from_json(editor.doc.triangles)
    cell = spec.start["blue"][0]
    choose(editor.board_box, "plain")
    click(editor, spec, cell)
    edited = spec_from_json(editor.doc.triangles)
    assert cell not in edited.start["blue"]
    assert "blue has 5 start spaces" in editor.board_box.report.text()
    assert editor.undo_stack.count() == 1
    editor.undo_stack.undo()
    assert spec_from_json(editor.doc.triangles) == spec
    assert "a playable board" in editor.board_box.report.text()
    editor.undo_stack.redo()
    assert cell not in spec_from_json(editor.doc.triangles).start["blue"]
    # put it back as a start space of blue: sound again
    choose(editor.board_box, "start", "blue")
    click(editor, spec, cell)
    assert "a playable board" in editor.board_box.report.text()


def test_drag_paints_many_board_triangles_as_one_step(main_window, qtbot) -> None:  # noqa: ANN001
    editor = main_window.open_path(default_board_path())
    editor.set_tool("triangles")
    spec = spec_from_json(editor.doc.triangles)
    outside = [c for c in ((9, -5, -4), (9, -4, -4), (9, -4, -5)) if c not in spec.cells]
    assert outside
    choose(editor.board_box, "board")
    tool = editor.tools["triangles"]
    tool.press(centre_cm(spec, outside[0]), Qt.KeyboardModifier.NoModifier)
    for c in outside[1:]:
        tool.move(centre_cm(spec, c), Qt.KeyboardModifier.NoModifier, True)
    tool.release(centre_cm(spec, outside[-1]), Qt.KeyboardModifier.NoModifier)
    after = spec_from_json(editor.doc.triangles)
    assert set(outside) <= after.cells
    assert editor.undo_stack.count() == 1
    editor.undo_stack.undo()
    assert not set(outside) & spec_from_json(editor.doc.triangles).cells


def test_an_edited_board_is_saved_and_plays(main_window, qtbot) -> None:  # noqa: ANN001
    editor = main_window.open_path(default_board_path())
    editor.set_tool("triangles")
    spec = spec_from_json(editor.doc.triangles)
    # move the gold coin one step: still playable, no longer fair
    gold = spec.gold_coins[0]
    target = next(n for n in grid.neighbours(gold) if spec.role(n)[0] == "plain")
    choose(editor.board_box, "plain")
    click(editor, spec, gold)
    choose(editor.board_box, "gold")
    click(editor, spec, target)
    assert "path lengths differ" in editor.board_box.report.text()
    data = editor.save_json()
    assert data["triangles"]["coins"]["gold"] == [list(target)]
    board = board_for(data)
    assert board.coin_start[-1] == board.index[target]


def test_a_new_map_starts_a_triangle_board(main_window, qtbot) -> None:  # noqa: ANN001
    editor = main_window.show_mode("map-editor")
    editor.new_document()
    assert editor.doc.triangles is None
    qtbot.mouseClick(editor.board_box.start, Qt.MouseButton.LeftButton)
    assert editor.doc.triangles is not None
    assert "0 start spaces" in editor.board_box.report.text()
    editor.undo_stack.undo()
    assert editor.doc.triangles is None
