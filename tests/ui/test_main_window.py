"""The main window as a player uses it: home, menus, shortcuts, dice log, files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoCommand

from ui.mode_base import NotBuiltView
from wargame.core.dice import DiceService


def menu_titles(window) -> list[str]:  # noqa: ANN001
    return [a.text().replace("&", "") for a in window.menuBar().actions()]


def test_home_offers_every_mode(main_window) -> None:  # noqa: ANN001
    from wargame.core.registry import MODES

    home = main_window.home
    assert set(home.cards) == {m.key for m in MODES}
    assert main_window.windowTitle() == "Pieces of Eight"
    assert menu_titles(main_window) == ["File", "Edit", "Modes", "Dice", "Help"]


def test_standard_shortcuts_are_bound(main_window) -> None:  # noqa: ANN001
    w = main_window
    assert w.act_save.shortcut().toString() == "Ctrl+S"
    assert w.act_open.shortcut().toString() == "Ctrl+O"
    assert w.act_new.shortcut().toString() == "Ctrl+N"
    assert w.act_undo.shortcut().toString() == "Ctrl+Z"
    assert w.act_quit.shortcut().toString() == "Ctrl+Q"


def test_an_unbuilt_mode_says_so(main_window, qtbot) -> None:  # noqa: ANN001
    from ui.modes import is_built, mode_keys

    unbuilt = [k for k in mode_keys() if not is_built(k)]
    if not unbuilt:
        pytest.skip("every mode is built")
    qtbot.mouseClick(main_window.home.cards[unbuilt[0]], Qt.MouseButton.LeftButton)
    view = main_window.current
    assert isinstance(view, NotBuiltView)
    assert "not built yet" in view.status_text()
    assert not main_window.act_save.isEnabled()
    main_window.act_home.trigger()
    assert main_window.current is main_window.home


def test_dice_log_dock_shows_every_roll_with_its_purpose(main_window) -> None:  # noqa: ANN001
    dice = main_window.ctx.make_dice(5, "Test")
    dice.d6("Revenge: extra hex")
    deck = list(range(5))
    dice.shuffle(deck, "deal")
    rows = main_window.dice_dock.rows()
    assert [r[1:4] for r in rows] == [
        ["Test", "Revenge: extra hex", "d6"],
        ["Test", "deal", "4x[0..4]"],
    ]
    assert rows[1][4] == "hidden"


def test_physical_dice_are_typed_in_when_chosen(main_window) -> None:  # noqa: ANN001
    main_window.act_manual.trigger()
    assert main_window.ctx.manual_dice
    assert main_window.dice_mode_label.text() == "Dice: typed in"
    asked = []
    answers = iter(["6 7", "6 2"])

    def answer(req):  # noqa: ANN001, ANN202
        asked.append(req.purpose)
        return next(answers)

    main_window.ctx.dice_answerer = answer
    dice = main_window.ctx.make_dice(1, "Test")
    assert dice.d6s(2, "broadside") == (6, 2)
    assert asked == ["broadside", "broadside"]


def test_undo_menu_follows_the_active_view(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("tortuga-1667")
    done = []

    class Cmd(QUndoCommand):
        def redo(self) -> None:
            done.append(1)

        def undo(self) -> None:
            done.pop()

    view.undo_stack.push(Cmd("mark"))
    assert main_window.act_undo.isEnabled()
    main_window.act_undo.trigger()
    assert done == []
    assert main_window.act_redo.isEnabled()


def test_opening_a_bad_file_reports_and_changes_nothing(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    p = tmp_path / "broken.json"
    p.write_text("{oops")
    saves_before = main_window.ctx.db.list_saves()
    assert not main_window.open_file(p)
    assert "broken.json: not valid JSON at line 1" in main_window.last_error
    assert main_window.ctx.db.list_saves() == saves_before
    assert main_window.current is main_window.home


def test_opening_a_file_of_unknown_format_names_it(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"format": "spreadsheet"}))
    assert not main_window.open_file(p)
    assert "not a save, map or scenario of this app" in main_window.last_error
    assert "its 'format' is 'spreadsheet', which this app does not know" in main_window.last_error


def test_window_remembers_its_size(qtbot, data_dir: Path) -> None:  # noqa: ANN001
    from ui.app import build_window

    w = build_window(data_dir)
    qtbot.addWidget(w)
    w.show()
    w.resize(760, 580)
    w.dice_dock.show()
    w.close()
    w.ctx.db.close()
    again = build_window(data_dir)
    qtbot.addWidget(again)
    again.show()
    assert (again.width(), again.height()) == (760, 580)
    assert again.dice_dock.isVisible()
    again.ctx.db.close()


def test_seeded_dice_in_the_app_replay(main_window) -> None:  # noqa: ANN001
    a = main_window.ctx.make_dice(77, "A").d6s(10)
    assert a == DiceService.seeded(77).d6s(10)


def test_keyboard_moves_between_modes_and_home(main_window, qtbot) -> None:  # noqa: ANN001
    qtbot.keyClick(main_window, Qt.Key.Key_8, Qt.KeyboardModifier.AltModifier)
    assert main_window.current.mode_key == "tortuga-1667"
    qtbot.keyClick(main_window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert main_window.current is main_window.home


def test_recent_saves_are_listed_and_reopen(main_window) -> None:  # noqa: ANN001
    db = main_window.ctx.db
    db.save_game("tortuga-1667", "Old game", {"format": "other"})
    main_window.home.refresh()
    texts = [main_window.home.saves.item(i).text() for i in range(main_window.home.saves.count())]
    assert any(t.startswith("Old game") for t in texts)


def test_dice_entry_dialog_accepts_only_real_faces(qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QDialogButtonBox

    from ui.dice_entry import DiceEntryDialog
    from wargame.core.dice import RollRequest

    dlg = DiceEntryDialog(RollRequest(1, 6, 2, "Revenge: broadside"))
    qtbot.addWidget(dlg)
    ok = dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    dlg.edit.setText("3 7")
    assert not ok.isEnabled()
    assert "a d6 shows 1 to 6, not 7" in dlg.message.text()
    dlg.edit.clear()
    qtbot.mouseClick(dlg.findChild(type(ok), "face-5"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dlg.findChild(type(ok), "face-2"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(
        dlg.findChild(type(ok), "face-6"), Qt.MouseButton.LeftButton
    )  # a third is ignored
    assert dlg.edit.text() == "5 2"
    assert ok.isEnabled() and dlg.values == (5, 2)


def test_closing_headless_with_unsaved_changes_does_not_block(main_window) -> None:  # noqa: ANN001
    """Regression: pytest-qt closes windows at teardown; a modal 'Unsaved changes'
    box there hung the whole suite."""
    view = main_window.show_mode("map-editor")
    view.undo_stack.resetClean()
    assert not view.undo_stack.isClean()
    assert main_window.confirm_replace(view)


def test_dice_log_exports_as_csv(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    import csv

    dice = main_window.ctx.make_dice(3, "Naval")
    first = dice.d6("Revenge: extra hex, reaching")
    deck = list(range(4))
    dice.shuffle(deck, "deal")
    out = tmp_path / "log.csv"
    assert main_window.export_dice_log(out)
    rows = list(csv.reader(out.open()))
    assert rows[0] == ["time", "game", "for", "dice", "result"]
    assert rows[1][1:] == ["Naval", "Revenge: extra hex, reaching", "d6", str(first)]
    assert rows[2][1:] == ["Naval", "deal", "3x[0..3]", "hidden"]


def test_dice_log_export_to_a_bad_place_reports(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert not main_window.export_dice_log(blocker / "log.csv")
    assert "Could not export" in main_window.last_error or "log.csv" in main_window.last_error
