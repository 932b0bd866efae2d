"""The startup check refuses an unusable database, naming the file and the problem,
and leaves it byte-for-byte as it was; a fresh start or a backup then works."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from tests.persistence.helpers import fill_disk, good_database, read_only_folder
from wargame.paths import scenarios_dir
from wargame.persistence.backup import list_backups, make_backup
from wargame.persistence.check import DatabaseUnusable
from wargame.persistence.db import open_backup, open_database, start_fresh


def _damage_random_bytes(p: Path) -> None:
    p.write_bytes(os.urandom(3) + b"\x00random junk" * 500)


def _damage_page(p: Path) -> None:
    data = bytearray(p.read_bytes())
    page = int.from_bytes(data[16:18], "big") or 65536
    for i in range(page + 8, 3 * page):  # b-tree pages after the header page
        data[i] = 0xA5
    p.write_bytes(bytes(data))


def _truncate(p: Path) -> None:
    data = p.read_bytes()
    p.write_bytes(data[: len(data) // 3])


def _newer(p: Path) -> None:
    with sqlite3.connect(p) as conn:
        conn.execute("UPDATE schema_info SET version = 999")


CASES = {
    "random bytes": (_damage_random_bytes, {"not-database", "damaged"}),
    "a damaged page": (_damage_page, {"damaged", "not-database"}),
    "a truncated file": (_truncate, {"damaged", "not-database"}),
    "a newer schema": (_newer, {"newer"}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_unusable_database_is_refused_untouched(tmp_path: Path, case: str) -> None:
    path = good_database(tmp_path / "w.sqlite3")
    damage, kinds = CASES[case]
    damage(path)
    before = path.read_bytes()
    with pytest.raises(DatabaseUnusable) as err:
        open_database(path, seed_from=scenarios_dir())
    assert err.value.kind in kinds
    assert str(path) in str(err.value) and "\n" not in str(err.value)
    assert path.read_bytes() == before
    assert not path.with_name(path.name + "-wal").exists()


def test_a_newer_schema_in_rollback_journal_mode_is_not_switched_to_wal(tmp_path: Path) -> None:
    path = good_database(tmp_path / "w.sqlite3")
    _newer(path)
    assert path.read_bytes()[18:20] == b"\x01\x01"  # rollback journal
    with pytest.raises(DatabaseUnusable, match="newer version"):
        open_database(path)
    assert path.read_bytes()[18:20] == b"\x01\x01"


def test_a_folder_in_the_database_files_place_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    path.mkdir()
    (path / "keep.txt").write_text("mine")
    with pytest.raises(DatabaseUnusable) as err:
        open_database(path)
    assert err.value.kind == "folder"
    db, moved = start_fresh(path, seed_from=scenarios_dir())
    assert (moved / "keep.txt").read_text() == "mine"  # renamed, never deleted
    assert db.list_scenarios()


def test_a_read_only_folder_is_refused_untouched(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = good_database(folder / "w.sqlite3")
    before = path.read_bytes()
    with read_only_folder(folder), pytest.raises(DatabaseUnusable) as err:
        open_database(path)
    assert err.value.kind == "read-only"
    assert path.read_bytes() == before


def test_a_full_disk_at_first_start_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import wargame.persistence.db as dbmod

    monkeypatch.setattr(dbmod, "_sqlite_pragmas", dbmod._sqlite_pragmas)
    fill_disk(tmp_path)
    with pytest.raises(DatabaseUnusable) as err:
        open_database(tmp_path / "w.sqlite3", seed_from=scenarios_dir())
    assert err.value.kind == "full"
    assert "disk is full" in str(err.value)


def test_start_fresh_renames_the_bad_file_and_seeds_a_new_one(tmp_path: Path) -> None:
    path = good_database(tmp_path / "w.sqlite3")
    _damage_random_bytes(path)
    before = path.read_bytes()
    db, moved = start_fresh(path, seed_from=scenarios_dir())
    assert moved != path and moved.read_bytes() == before
    assert db.list_scenarios() and db.list_saves() == []


def test_open_backup_restores_the_last_good_backup(tmp_path: Path) -> None:
    path = good_database(tmp_path / "w.sqlite3")
    db = open_database(path)
    make_backup(db)
    db.close()
    backups = list_backups(path)
    _truncate(path)
    before = path.read_bytes()
    db, moved = open_backup(path, backups[0], seed_from=scenarios_dir())
    assert [s.name for s in db.list_saves()] == ["Nassau"]
    assert moved.read_bytes() == before
    assert backups[0].exists()


def test_a_database_left_with_a_hot_journal_is_usable_and_untouched_by_the_check(
    tmp_path: Path,
) -> None:
    """A kill during first start can leave a hot rollback journal, which a read-only
    connection can't roll back: the check reads a copy, never the file."""
    import signal
    import subprocess
    import sys

    from wargame.persistence.check import check_database

    path = tmp_path / "w.sqlite3"
    code = (
        "import sqlite3, time\n"
        f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
        "c.execute('CREATE TABLE t (x)'); c.execute('INSERT INTO t VALUES (1)')\n"
        "c.execute('PRAGMA cache_size=2'); c.execute('BEGIN')\n"
        "c.executemany('INSERT INTO t VALUES (?)', [('x' * 500,)] * 3000)\n"
        "print('written', flush=True); time.sleep(60)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "written"
    child.send_signal(signal.SIGKILL)
    child.wait()
    journal = tmp_path / "w.sqlite3-journal"
    assert journal.exists()
    before = (path.read_bytes(), journal.read_bytes())
    check_database(path)
    assert (path.read_bytes(), journal.read_bytes()) == before
    db = open_database(path, seed_from=scenarios_dir())
    with db.engine.connect() as c:  # the killed transaction was rolled back
        assert c.exec_driver_sql("SELECT count(*) FROM t").scalar() == 1
