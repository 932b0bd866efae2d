"""A save deleted while its game is open; Save As when the database fails; backups
restored from the menu; a bad file through File > Open."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from wargame.errors import PersistenceError
from wargame.persistence.backup import make_backup


def _delete_from_home(window: Any, save_id: int) -> None:
    window.go_home()
    home = window.home
    for i in range(home.saves.count()):
        if home.saves.item(i).data(Qt.ItemDataRole.UserRole) == save_id:
            home.saves.setCurrentRow(i)
    home.delete_selected_save()


def test_a_save_deleted_while_open_becomes_an_unsaved_document(main_window: Any) -> None:
    naval = main_window.show_mode("naval")
    assert naval.act(naval.legal()[0])
    assert main_window.save()
    naval_id = naval.save_id
    _delete_from_home(main_window, naval_id)
    assert naval.save_id is None and not naval.undo_stack.isClean()
    raid = main_window.show_mode("raid")
    assert raid.do(raid.state.legal_actions()[0])
    assert main_window.save()
    raid_id = raid.save_id
    main_window.show_mode("naval")
    assert main_window.save()
    assert naval.save_id not in (naval_id, raid_id)
    _info, data = main_window.ctx.db.load_game(raid_id)
    assert data["header"]["game"] == "raid"  # the raid is not overwritten


def test_save_as_writes_the_file_even_when_the_database_fails(
    main_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = main_window.show_mode("raid")
    assert view.do(view.state.legal_actions()[0])

    def broken(*_a: Any, **_k: Any) -> int:
        raise PersistenceError("database write failed, nothing was changed: disk I/O error")

    monkeypatch.setattr(main_window.ctx.db, "save_game", broken)
    out = tmp_path / "rescued.json"
    assert main_window.save_as(out)
    assert json.loads(out.read_text())["header"]["game"] == "raid"
    assert "disk I/O error" in (main_window.last_error or "")
    assert view.undo_stack.isClean()


def test_save_without_a_file_reports_a_failing_database(
    main_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = main_window.show_mode("raid")
    assert view.do(view.state.legal_actions()[0])
    monkeypatch.setattr(
        main_window.ctx.db,
        "save_game",
        lambda *a, **k: (_ for _ in ()).throw(PersistenceError("full")),
    )
    assert not main_window.save()
    assert not view.undo_stack.isClean()


def test_a_backup_is_restored_from_the_menu(main_window: Any) -> None:
    db = main_window.ctx.db
    keep = db.save_game("naval", "Kept", {"format": "x"})
    backup = make_backup(db)
    db.delete_save(keep)
    assert main_window.act_restore.text() == "&Restore a backup..."
    assert main_window.restore_backup(backup)
    assert [s.name for s in db.list_saves()] == ["Kept"]
    labels = [main_window.home.saves.item(i).text() for i in range(main_window.home.saves.count())]
    assert any(t.startswith("Kept") for t in labels)


def test_a_malformed_save_through_file_open_shows_a_dialog(
    main_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, title, text: shown.append(text))
    main_window.ctx.quiet_errors = False
    view = main_window.show_mode("raid")
    data = view.save_json()
    data["log"] = [{"a": "raid.move", "r": [{"bad": []}]}, 7, None]
    data["header"]["players"] = [[]]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert not main_window.open_file(path)
    assert main_window.last_error and "\n" not in main_window.last_error
    assert shown == [main_window.last_error]
    main_window.ctx.quiet_errors = True


SETTINGS = [
    b"\x00\xff\xfe garbage \x80",
    b"[window]\ngeometry=@ByteArray(\\x1\\x2\\x3)\nstate=12\n",
    b"[window]\ngeometry=not bytes\nstate=@Variant(\\0\\0\\0\\x7f)\n",
    b"[window\ngeometry=" + b"9" * 5000 + b"\n",
    b"[General]\n" + b"k=" + b"[" * 3000 + b"\n",
]


@pytest.mark.parametrize("content", SETTINGS)
def test_a_damaged_settings_file_does_not_stop_the_app(
    qtbot: Any, data_dir: Path, content: bytes
) -> None:
    from ui.app import build_window

    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.ini").write_bytes(content)
    window = build_window(data_dir)
    window.ctx.quiet_errors = True
    qtbot.addWidget(window)
    window.show()
    assert window.isVisible()
    window.close()
