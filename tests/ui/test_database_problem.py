"""A database the app can't use: a dialog names the file and the problem, the file
is left untouched, and each choice (last good backup, fresh database, quit) works."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tests.persistence.helpers import good_database
from ui.app import build_window
from ui.db_problem import DatabaseProblemDialog
from wargame.paths import database_path
from wargame.persistence.backup import list_backups, make_backup
from wargame.persistence.db import open_database


def _broken_with_backup(data_dir: Path) -> Path:
    path = good_database(database_path(data_dir))
    db = open_database(path)
    make_backup(db)
    db.close()
    path.write_bytes(b"this is not a database" * 300)
    return path


def _window(qtbot: Any, data_dir: Path, choice: str) -> tuple[Any, list[Any]]:
    window = build_window(data_dir)
    window.ctx.quiet_errors = True
    seen: list[Any] = []

    def answer(exc: Any, backup: Path | None) -> str:
        seen.append((exc, backup))
        return choice

    window.database_answerer = answer
    qtbot.addWidget(window)
    window.show()
    window.home.refresh()
    return window, seen


def test_the_dialog_names_the_file_and_the_problem(qtbot: Any, data_dir: Path) -> None:
    path = _broken_with_backup(data_dir)
    window = build_window(data_dir)
    qtbot.addWidget(window)
    texts: list[str] = []

    def press_quit() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, DatabaseProblemDialog)
        texts.append(dialog.text() + dialog.informativeText())
        assert dialog.backup_button.isEnabled()
        dialog.quit_button.click()

    QTimer.singleShot(0, press_quit)
    window.show()
    window.home.refresh()
    assert texts and str(path) in texts[0] and "not a database" in texts[0]
    assert "has not been changed" in texts[0]
    assert path.read_bytes() == b"this is not a database" * 300
    assert window.home.problem and str(path) in window.home.problem


def test_choosing_the_last_good_backup_opens_it(qtbot: Any, data_dir: Path) -> None:
    path = _broken_with_backup(data_dir)
    backup = list_backups(path)[0]
    window, seen = _window(qtbot, data_dir, "backup")
    assert seen[0][0].path == path and seen[0][1] == backup
    assert [s.name for s in window.ctx.db.list_saves()] == ["Nassau"]
    assert window.home.problem is None and window.home.scenarios.count() > 0
    bad = [p for p in path.parent.iterdir() if ".bad-" in p.name]
    assert [p.read_bytes() for p in bad] == [b"this is not a database" * 300]
    window.ctx.db.close()


def test_choosing_a_fresh_database_keeps_the_bad_one_beside_it(qtbot: Any, data_dir: Path) -> None:
    path = _broken_with_backup(data_dir)
    window, _seen = _window(qtbot, data_dir, "fresh")
    assert window.ctx.db.list_saves() == []
    assert window.home.scenarios.count() > 0
    bad = [p for p in path.parent.iterdir() if ".bad-" in p.name]
    assert len(bad) == 1 and bad[0].read_bytes() == b"this is not a database" * 300
    window.ctx.db.close()


def test_choosing_quit_closes_the_app_and_leaves_the_file(qtbot: Any, data_dir: Path) -> None:
    path = _broken_with_backup(data_dir)
    before = path.read_bytes()
    window, seen = _window(qtbot, data_dir, "quit")
    assert len(seen) == 1
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if ".bad-" in p.name]


def test_a_newer_database_is_refused_with_the_dialog(qtbot: Any, data_dir: Path) -> None:
    import sqlite3

    path = good_database(database_path(data_dir))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE schema_info SET version = 999")
    before = path.read_bytes()
    window, seen = _window(qtbot, data_dir, "quit")
    assert seen[0][0].kind == "newer" and "newer version" in str(seen[0][0])
    assert path.read_bytes() == before


def test_a_read_only_folder_whose_file_cannot_be_moved_ends_in_quitting(
    qtbot: Any, data_dir: Path
) -> None:
    from tests.persistence.helpers import read_only_folder

    path = good_database(database_path(data_dir))
    before = path.read_bytes()
    window = build_window(data_dir)
    window.ctx.quiet_errors = True
    asked: list[str] = []
    window.database_answerer = lambda exc, backup: asked.append(exc.kind) or "fresh"
    qtbot.addWidget(window)
    window.show()
    with read_only_folder(data_dir):
        window.home.refresh()
    assert asked and asked[0] == "read-only"
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)
    assert path.read_bytes() == before
