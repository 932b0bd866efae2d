"""Issue 40, the club's evening round 3: the steps that stopped the player, each a test
(items 1, 2 and 9: exporting a hot-seat campaign, opening an e-mailed turn file on a new
computer, and quitting with several unsaved games)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from tests.campaign.pbem_helpers import Computer
from ui.quit_dialog import CANCEL, DISCARD_ALL, SAVE_ALL, QuitDialog
from wargame.campaign.document import new_campaign

# -- item 1 ------------------------------------------------------------------------------


def test_export_my_turn_on_the_shipped_hot_seat_campaign_says_so_in_words(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("campaign")
    assert view.state.name == "The Spanish Main, 1690"
    view.export_turn_dialog()  # raised BadInput out of the slot ("Something went wrong")
    said = view.last_error
    assert "played at one computer (hot seat)" in said
    assert "Campaign > New campaign by e-mail..." in said


# -- item 2 ------------------------------------------------------------------------------


def _alices_first_turn(tmp_path: Path) -> Path:
    alice = Computer(tmp_path / "alice", new_campaign("Letters of Marque", uid="club-40"))
    alice.join("Alice", "Spain", "alice-pw")
    alice.forces(("A", 3))
    path = tmp_path / "Letters of Marque - turn 1 - Alice.turn.json"
    path.write_bytes(alice.export())
    return path


def _joined(window: Any, view: Any) -> None:
    assert window.current is view and view.mode_key == "campaign"
    assert view.state.name == "Letters of Marque"
    assert [p.name for p in view.state.players] == ["Alice"]
    assert "To join Letters of Marque: Add player..." in view.join_hint


def test_file_open_on_an_e_mailed_turn_file_starts_and_joins_its_campaign(
    main_window, tmp_path: Path
) -> None:  # noqa: ANN001
    turn = _alices_first_turn(tmp_path)
    assert main_window.open_file(turn), main_window.last_error  # "a format this app does not know"
    view = main_window.views["campaign"]
    _joined(main_window, view)
    assert view.add_player("Bob", "France", "bobby-pw")  # the join the hint leads to


def test_a_turn_file_dropped_on_the_window_opens_its_campaign(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    turn = _alices_first_turn(tmp_path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(turn))])
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    enter = QDragEnterEvent(QPoint(20, 20), *args)
    assert QApplication.sendEvent(main_window, enter) and enter.isAccepted()
    drop = QDropEvent(
        QPointF(20, 20),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(main_window, drop)
    _joined(main_window, main_window.views["campaign"])


def test_the_home_screen_joins_a_campaign_from_a_turn_file(
    main_window, tmp_path: Path, monkeypatch
) -> None:  # noqa: ANN001
    import ui.campaign.join_turn as join

    turn = _alices_first_turn(tmp_path)
    monkeypatch.setattr(join.QFileDialog, "getOpenFileName", lambda *a, **k: (str(turn), ""))
    button = main_window.home.action_buttons["campaign"]
    assert button.text() == "Join a campaign from a turn file..."
    assert button.isVisible() and button.isEnabled()
    button.click()
    _joined(main_window, main_window.views["campaign"])


# -- item 9 ------------------------------------------------------------------------------

SIX = ("naval", "raid", "campaign", "map-editor", "pieces-of-eight", "tortuga-1667")


def _six_unsaved(window: Any) -> list[Any]:
    views = []
    for key in SIX:
        view = window.show_mode(key)
        view.undo_stack.resetClean()
        assert not view.undo_stack.isClean() and view.can_save(), key
        views.append(view)
    window.go_home()
    return views


def test_quitting_with_six_unsaved_games_asks_once(main_window) -> None:  # noqa: ANN001
    _six_unsaved(main_window)
    asked: list[list[str]] = []
    main_window.quit_answerer = lambda lines: asked.append(lines) or CANCEL
    assert not main_window.close()  # Cancel: nothing closes
    assert len(asked) == 1 and len(asked[0]) == 6
    assert any(line.endswith("- Campaign") for line in asked[0])
    main_window.quit_answerer = lambda lines: asked.append(lines) or DISCARD_ALL
    assert main_window.close()
    assert len(asked) == 2


def test_save_all_saves_every_unsaved_game_before_quitting(main_window) -> None:  # noqa: ANN001
    views = _six_unsaved(main_window)
    main_window.quit_answerer = lambda lines: SAVE_ALL
    assert main_window.close()
    assert all(v.undo_stack.isClean() and v.save_id is not None for v in views)
    saved = {info.mode for info in main_window.ctx.db.list_saves(limit=None) if not info.autosave}
    assert set(SIX) <= saved


def test_the_quit_dialog_lists_the_games_and_answers_with_its_buttons(qtbot) -> None:  # noqa: ANN001
    dialog = QuitDialog(["Battle of Nassau - Naval battle", "Letters of Marque - Campaign"])
    qtbot.addWidget(dialog)
    assert dialog.heading.text() == "2 games have unsaved changes:"
    assert [dialog.games.item(i).text() for i in range(2)][1] == "Letters of Marque - Campaign"
    assert [b.text() for b in (dialog.save_all, dialog.discard_all, dialog.cancel)] == [
        "&Save all",
        "&Discard all",
        "Cancel",
    ]
    dialog.discard_all.click()
    assert dialog.answer == DISCARD_ALL


# -- item 5 ------------------------------------------------------------------------------


def test_a_map_saved_in_the_map_editor_is_on_the_home_list_and_sets_up(main_window) -> None:  # noqa: ANN001
    import shiboken6

    from ui.home import SAVED_MAP_ROLE

    editor = main_window.show_mode("map-editor")
    editor.undo_stack.resetClean()
    name = editor.document_name
    assert main_window.save()
    main_window.go_home()
    home = main_window.home
    mine = [
        i
        for i in range(home.scenarios.count())
        if home.scenarios.item(i).data(SAVED_MAP_ROLE)
        and home.scenarios.item(i).text().splitlines()[0] == name
    ]
    assert mine, [home.scenarios.item(i).text() for i in range(home.scenarios.count())]
    home.scenarios.setCurrentRow(mine[0])
    assert home.play_button.isEnabled() and home.setup_button.isEnabled()
    dialog = home.setup_selected_scenario()
    try:
        assert dialog is not None and main_window.current.mode_key == "naval"
        assert dialog.sea_box.currentText() == f"Map: {name} (saved)"
    finally:
        if dialog is not None and shiboken6.isValid(dialog):
            dialog.close()
    main_window.go_home()
    home.scenarios.setCurrentRow(mine[0])
    home.play_selected_scenario()
    assert main_window.current is editor and editor.document_name == name
