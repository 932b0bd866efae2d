"""Rotating backups with SQLite's backup API, restoring one, and crash litter."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import wargame.persistence.backup as backup
from wargame.paths import scenarios_dir
from wargame.persistence.db import open_database
from wargame.persistence.files import TEMP_SUFFIX, remove_stale_temps, write_json_atomic
from wargame.persistence.housekeeping import remember_folder


def test_a_backup_is_made_at_start_at_most_daily(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    open_database(path, seed_from=scenarios_dir()).close()
    assert len(backup.list_backups(path)) == 1
    open_database(path).close()
    assert len(backup.list_backups(path)) == 1  # not a day old yet
    old = time.time() - backup.EVERY_SECONDS - 5
    for p in backup.list_backups(path):
        os.utime(p, (old, old))
    open_database(path).close()
    assert len(backup.list_backups(path)) == 2


def test_only_the_last_few_backups_are_kept(tmp_path: Path) -> None:
    db = open_database(tmp_path / "w.sqlite3")
    made = [backup.make_backup(db) for _ in range(backup.KEEP + 3)]
    kept = backup.list_backups(db.path)
    assert len(kept) == backup.KEEP
    assert kept == sorted(made, reverse=True)[: backup.KEEP]


def test_restoring_a_backup_brings_its_saves_back_and_can_be_undone(tmp_path: Path) -> None:
    db = open_database(tmp_path / "w.sqlite3")
    keep = db.save_game("naval", "Before", {"n": 1})
    snap = backup.make_backup(db)
    db.delete_save(keep)
    db.save_game("raid", "After", {"n": 2})
    before_restore = backup.restore_backup(db, snap)
    assert [s.name for s in db.list_saves()] == ["Before"]
    assert db.quick_check() == "ok"
    assert before_restore is not None
    backup.restore_backup(db, before_restore)
    assert [s.name for s in db.list_saves()] == ["After"]


def test_a_damaged_backup_is_not_the_last_good_one(tmp_path: Path) -> None:
    db = open_database(tmp_path / "w.sqlite3")
    good = backup.make_backup(db)
    bad = backup.make_backup(db)
    bad.write_bytes(b"junk" * 100)
    assert backup.last_good_backup(db.path) == good


def test_a_temp_file_left_by_a_killed_write_is_removed_at_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    saves = tmp_path / "my saves"
    db = open_database(data / "w.sqlite3")
    remember_folder(db, saves)
    db.close()
    code = (
        "import os, sys; from wargame.persistence import files as f\n"
        "f.os.replace = lambda a, b: os.kill(os.getpid(), 9)\n"
        f"f.write_json_atomic({str(saves / 'game.json')!r}, {{'a': 1}})\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parents[2], check=False)
    left = list(saves.glob(f".*{TEMP_SUFFIX}"))
    assert len(left) == 1
    mine = saves / f".x.json.{os.getpid()}.abc{TEMP_SUFFIX}"  # a live writer's: kept
    mine.write_text("{}")
    open_database(data / "w.sqlite3").close()
    assert list(saves.glob(f".*{TEMP_SUFFIX}")) == [mine]


def test_stale_temps_of_a_dead_process_go_but_other_files_stay(tmp_path: Path) -> None:
    write_json_atomic(tmp_path / "game.json", {"a": 1})
    dead = tmp_path / f".game.json.999999999.xyz{TEMP_SUFFIX}"
    dead.write_text("half")
    other = tmp_path / ".hidden"
    other.write_text("mine")
    assert remove_stale_temps([tmp_path]) == [dead]
    assert other.exists() and (tmp_path / "game.json").exists()


def test_orphan_autosave_rows_are_removed_at_start(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    db = open_database(path)
    slot = db.write_autosave(None, "naval", "Game", {"format": "x"}, [{"a": "x"}], keep=0)
    assert slot is not None
    save = db.save_game("naval", "Game", {"format": "x"})
    shadow = db.write_autosave(None, "naval", "Game", {"h": 1}, [], keep=0, of_save=save)
    with db.engine.begin() as conn:  # a crash between the save and dropping its autosave
        conn.exec_driver_sql("UPDATE saved_game SET updated = '2000-01-01' WHERE id = ?", (shadow,))
        conn.exec_driver_sql("INSERT INTO autosave_entry (slot, idx, data) VALUES (9999, 0, '{}')")
    db.close()
    db = open_database(path)
    ids = {s.id for s in db.list_saves()}
    assert ids == {slot, save}
    with db.engine.connect() as conn:
        slots = {r[0] for r in conn.exec_driver_sql("SELECT slot FROM autosave_entry")}
    assert slots == {slot}


@pytest.mark.parametrize("durable", [False, True])
def test_an_explicit_save_is_synced_to_disk(tmp_path: Path, durable: bool) -> None:
    db = open_database(tmp_path / "w.sqlite3")
    seen = []
    with db.transaction(durable=durable) as s:
        seen.append(s.connection().exec_driver_sql("PRAGMA synchronous").scalar())
    assert seen == [2 if durable else 1]  # FULL for a save the player asked for
    with db.engine.connect() as conn:  # and back to NORMAL for autosaves
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1


def test_the_folder_is_synced_after_the_atomic_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import wargame.persistence.files as files

    order: list[str] = []
    real_replace = os.replace
    monkeypatch.setattr(
        files.os, "replace", lambda a, b: (order.append("rename"), real_replace(a, b))[1]
    )
    real_fsync_dir = files.fsync_dir
    monkeypatch.setattr(
        files, "fsync_dir", lambda d: (order.append(f"sync {Path(d).name}"), real_fsync_dir(d))
    )
    files.write_json_atomic(tmp_path / "out" / "game.json", {"a": 1})
    assert order == ["rename", "sync out"]
