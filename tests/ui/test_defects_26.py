"""Defects of the mode windows found in issue 26 (2, 3, 4 and 5), each pinned by a test
named for it. The battle table's are in tests/naval/test_defects_issue26.py."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget

from ui.clipping import clipped_texts

pytestmark = pytest.mark.usefixtures("discard_unsaved")

LONG_STATUS = (
    "Turn 3, 2. Shooting - The Pirates to act: select a musket or militia group; its range "
    "is shaded and the enemy in its line of fire is red. Hits on 5,6 (militia/scurvy -1, "
    "hardened +1). "
) * 3


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def _on_window(widget: QWidget, window: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


@pytest.fixture
def small_window(main_window: Any) -> Any:
    main_window.resize(1024, 768)
    _settle()
    return main_window


def _board(view: Any) -> QWidget:
    for name in ("sea_view", "board", "canvas", "scene_view", "view"):
        widget = getattr(view, name, None)
        if isinstance(widget, QWidget):
            return widget
    return view


@pytest.mark.parametrize(
    "key",
    ["naval", "raid", "campaign", "map-editor", "pieces-of-eight", "pirate-coins", "tortuga-1667"]
    + ["pirate-versus-pirate"],
)
def test_a_long_status_message_does_not_move_the_board(small_window: Any, key: str) -> None:
    """Defect 2: the status line wrapped from one line to two (or more) and the board
    shrank under the pointer, so a click landed on the wrong hex."""
    view = small_window.show_mode(key)
    _settle()
    board = _board(view)
    before = _on_window(board, small_window), _on_window(view, small_window)
    view.status_text = lambda: LONG_STATUS  # type: ignore[method-assign]
    view.status_changed.emit(LONG_STATUS)
    _settle()
    assert (_on_window(board, small_window), _on_window(view, small_window)) == before
    assert small_window.status_label.toolTip().strip().endswith(LONG_STATUS.strip())
    small_window.statusBar().showMessage("Saved", 4000)  # hides the status line a moment
    _settle()
    assert (_on_window(board, small_window), _on_window(view, small_window)) == before
    view.status_text = lambda: "Short"  # type: ignore[method-assign]
    view.status_changed.emit("Short")
    small_window.statusBar().clearMessage()
    _settle()
    assert (_on_window(board, small_window), _on_window(view, small_window)) == before
    assert small_window.status_label.text() == "Short"


def test_the_raid_side_tabs_stay_put_through_the_phases(small_window: Any) -> None:
    """Defect 2: the raid's side tabs shifted under "Done: shooting" as the prompt above
    them grew and shrank from phase to phase."""
    view = small_window.show_mode("raid")
    _settle()
    tabs_at, board_at, button_at = set(), set(), set()
    for step in range(160):
        state = view.session.state
        if state.is_terminal():
            break
        legal = list(state.legal_actions())
        view.do(legal[(step * 7) % len(legal)])
        _settle()
        tabs_at.add(_on_window(view.tabs, small_window).getRect())
        board_at.add(_on_window(view.board, small_window).getRect())
        button_at.add(_on_window(view.primary, small_window).getRect())
    assert len(tabs_at) == 1, tabs_at
    assert len(board_at) == 1, board_at
    assert len(button_at) == 1, button_at
    # a prompt cut to its lines is told whole in its tooltip
    view.prompt.setText("word " * 400)
    assert view.prompt.toolTip().strip() == ("word " * 400).strip()
    assert view.prompt.text().endswith("\u2026")


def test_the_map_editor_offers_a_land_area_no_sea_marks(main_window: Any) -> None:
    """Defect 2 (also): the Area panel offered "Big sea" for a land area."""
    view = main_window.show_mode("map-editor")
    land = next(a for a in view.doc.areas if a.kind == "land")
    sea = next(a for a in view.doc.areas if a.kind == "sea")
    flags = view.panel.flags
    view.set_selection([land.id])
    shown = {f for f, box in flags.items() if box.isVisibleTo(view)}
    assert "big" not in shown and {"town", "harbour"} <= shown
    view.set_selection([sea.id])
    shown = {f for f, box in flags.items() if box.isVisibleTo(view)}
    assert shown == {"big", "start"}
    # nor can one be set another way: refused in words, the map unchanged
    view.set_selection([land.id])
    view.edit_selected(big=True)
    assert view.doc.area(land.id).big is False
    assert "cannot be a big sea" in (view.last_error or "")
    # a sea turned land drops the sea's marks
    big_sea = next(a for a in view.doc.areas if a.kind == "sea" and a.big)
    view.set_selection([big_sea.id])
    view.edit_selected(kind="land")
    assert view.doc.area(big_sea.id).kind == "land" and not view.doc.area(big_sea.id).big


def _raid_setup(main_window: Any) -> Any:
    from ui.raid.setup_edit import TAB_TOWN

    view = main_window.show_mode("raid")
    view.tabs.setCurrentIndex(TAB_TOWN)
    return view


def _figures(setup: dict[str, Any]) -> list[dict[str, Any]]:
    return [u for key in ("attacker", "defender") for u in setup[key]["units"]]


def test_shrinking_the_raid_town_keeps_every_figure_and_names_those_in_the_way(
    main_window: Any,
) -> None:
    """Defect 4: resizing the town silently deleted the figures beyond its new edge."""
    view = _raid_setup(main_window)
    before = _figures(view.setup)
    editor = view.town_editor
    cols, rows = editor.cols.value(), editor.rows.value()
    editor.cols.setValue(4)
    editor.rows.setValue(4)
    editor.resize_requested.emit(4, 4)
    assert _figures(view.setup) == before, "no figure may be lost"
    assert len(view.setup["town"]["map"]) == rows and len(view.setup["town"]["map"][0]) == cols
    error = view.last_error or ""
    assert "cannot shrink" in error and "Captain Blood at 0,3" not in error
    far = [u for u in before if u.get("square") and (u["square"][0] >= 4 or u["square"][1] >= 4)]
    named = far[0].get("name") or far[0]["id"]
    assert f"{named} at {far[0]['square'][0]},{far[0]['square'][1]}" in error
    assert (editor.cols.value(), editor.rows.value()) == (cols, rows), "the boxes go back"
    # growing loses nothing and is one undo step
    view.last_error = None
    editor.resize_requested.emit(cols + 2, rows + 1)
    assert view.last_error is None
    assert len(view.setup["town"]["map"]) == rows + 1
    assert _figures(view.setup) == before
    view.undo_stack.undo()
    assert len(view.setup["town"]["map"][0]) == cols


def test_the_raid_towns_new_name_is_saved_in_the_town_file(main_window: Any, tmp_path: Any) -> None:
    """Defect 5: the name typed for the town was not written to the town file."""
    import json

    view = _raid_setup(main_window)
    editor = view.town_editor
    editor.town_name.setText("Port Royal")
    editor.town_name.editingFinished.emit()
    path = tmp_path / "town.json"
    view._export_setup(str(path))
    assert json.loads(path.read_text(encoding="utf-8"))["town"]["name"] == "Port Royal"
    # a name still being typed when the file is saved is the file's too
    editor.town_name.setText("Maracaibo")
    view._export_setup(str(path))
    assert json.loads(path.read_text(encoding="utf-8"))["town"]["name"] == "Maracaibo"
    main_window.new_document()
    assert editor.town_name.text() != "Maracaibo"
    view.load_scenario(path)
    assert editor.town_name.text() == "Maracaibo"
    assert view.setup["town"]["name"] == "Maracaibo"


def _fits_1024(window: Any, view: Any, what: str) -> None:
    from PySide6.QtWidgets import QPushButton

    _settle()
    assert window.width() <= 1024, f"{what}: the window grew to {window.width()} px"
    assert window.minimumSizeHint().width() <= 1024, f"{what}: {window.minimumSizeHint()}"
    assert [str(c) for c in clipped_texts(window)] == [], what  # the layout walk's check
    screen = QRect(0, 0, 1024, 768)
    for button in view.findChildren(QPushButton):
        if button.isVisibleTo(window) and view.isVisible():
            at = _on_window(button, window).translated(window.geometry().topLeft())
            inside = QRect(window.geometry()).intersected(screen)
            assert inside.contains(at), f"{what}: {button.text()!r} at {at} is off-screen"


def test_the_campaign_window_fits_1024x768_after_unfolding_each_sheet(
    qtbot: Any, small_window: Any
) -> None:
    """Defect 3: after a sheet was unfolded the campaign window grew to 1,170 px at
    1024x768 and its buttons went off-screen (an unwrapped banner set its width)."""
    from tests.campaign.test_view import ALICE_FORCES, BOB_FORCES, unlock_by_typing

    small_window.move(0, 0)
    view = small_window.show_mode("campaign")
    _fits_1024(small_window, view, "the shipped campaign")
    for row in range(view.players.count()):
        view.players.setCurrentRow(row)
        _fits_1024(small_window, view, f"the shipped campaign's sheet {row}")
    view.new_document()
    assert view.add_player("Alice", "Spain", "alice-pw")
    assert view.add_player("Bob", "France", "bobby-pw")
    for seat, phrase, text in ((0, "alice-pw", ALICE_FORCES), (1, "bobby-pw", BOB_FORCES)):
        view.request_handoff(seat)
        unlock_by_typing(qtbot, view, phrase)
        _fits_1024(small_window, view, f"seat {seat} unfolded")
        view.set_value("A", 3)
        view.set_contents("A", text)
        _fits_1024(small_window, view, f"seat {seat}'s contents written")
    assert view.declare("A", 0, "A", True)
    view.set_done(True, seat=1)
    unlock_by_typing(qtbot, view, "alice-pw")
    view.set_done(True)
    for _ in range(2):  # each unfolds their sheet for everyone
        seat = view.handoff.seat
        unlock_by_typing(qtbot, view, ("alice-pw", "bobby-pw")[seat])
        view.reveal()
        _fits_1024(small_window, view, f"seat {seat}'s sheet unfolded for all")
    view.show_sheets()
    for row in range(view.players.count()):
        view.players.setCurrentRow(row)
        _fits_1024(small_window, view, f"sheet {row} after the reveal")
