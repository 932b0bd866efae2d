"""Making damaged and awkward database files for the tests."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from wargame.paths import scenarios_dir
from wargame.persistence.db import Database, open_database

DATA = Path(__file__).parent / "data"


def good_database(path: Path) -> Path:
    """A real, closed database with one save, in rollback-journal mode."""
    db = open_database(path, seed_from=scenarios_dir())
    db.save_game("naval", "Nassau", {"format": "x"})
    db.close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")
    return path


def v1_database(path: Path) -> Path:
    """A database as version 1 of the app left it (save 2 was deleted)."""
    conn = sqlite3.connect(path)
    conn.executescript((DATA / "schema_v1.sql").read_text())
    conn.close()
    return path


@contextlib.contextmanager
def read_only_folder(folder: Path) -> Iterator[None]:
    """``folder`` can't be written for the duration (as root: by dropping privileges)."""
    os.chmod(folder, 0o555)
    is_root = os.geteuid() == 0
    # nobody must be able to reach the folder: open up the ancestors pytest made 0700
    opened = [(a, a.stat().st_mode) for a in folder.parents if a.stat().st_uid == os.geteuid()]
    for a, mode in opened:
        os.chmod(a, mode | 0o005)
    try:
        if is_root:
            os.setegid(65534)
            os.seteuid(65534)
        yield
    finally:
        if is_root:
            os.seteuid(0)
            os.setegid(0)
        os.chmod(folder, 0o755)
        for a, mode in opened:
            os.chmod(a, mode)


def fill_disk(db_path: Path) -> None:
    """Make every later connection's writes fail as on a full disk (SQLITE_FULL)."""
    import wargame.persistence.db as dbmod

    original = dbmod._sqlite_pragmas

    def full(dbapi_conn, record) -> None:  # noqa: ANN001
        original(dbapi_conn, record)
        pages = dbapi_conn.execute("PRAGMA page_count").fetchone()[0]
        dbapi_conn.execute(f"PRAGMA max_page_count={max(pages, 1)}")

    dbmod._sqlite_pragmas = full  # undone by the test's monkeypatch


__all__ = ["Database", "fill_disk", "good_database", "read_only_folder", "v1_database"]
