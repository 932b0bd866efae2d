"""The startup check: is the database file usable? Read-only, before anything writes.

:func:`check_database` opens the file read-only (no WAL switch, no journal),
runs ``PRAGMA quick_check`` and reads the schema version. A file that can't be
used raises :class:`DatabaseUnusable` naming the file and the problem; the
file is left byte-for-byte as it was. The app then offers the last good
backup, a fresh database beside it (the bad file renamed, never deleted), or
quitting (:func:`set_aside`, :func:`start_fresh`, :func:`open_backup`).
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from wargame.errors import PersistenceError
from wargame.persistence.shape import SCHEMA_VERSION

log = logging.getLogger(__name__)

#: What went wrong, for the dialog and the tests.
KINDS = ("folder", "not-database", "damaged", "newer", "read-only", "full", "unreadable")


class DatabaseUnusable(PersistenceError):
    """The database file can't be used; it was not changed."""

    def __init__(self, path: Path, kind: str, problem: str) -> None:
        problem = " ".join(problem.split())
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.kind = kind
        self.problem = problem


def _writable(p: Path) -> bool:
    kwargs = {"effective_ids": True} if os.access in os.supports_effective_ids else {}
    return os.access(p, os.W_OK, **kwargs)


def check_database(path: Path, *, schema_version: int | None = None) -> None:
    """Raise :class:`DatabaseUnusable` unless ``path`` is a usable database (or absent)."""
    try:
        _check(path, schema_version)
    except OSError as exc:
        raise DatabaseUnusable(path, "unreadable", f"cannot be read: {exc.strerror}") from None


def _check(path: Path, schema_version: int | None) -> None:
    if schema_version is None:
        schema_version = SCHEMA_VERSION
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise DatabaseUnusable(path, "folder", f"{folder} is a file, not a folder")
    if not path.exists() and not path.is_symlink():
        if folder.exists() and not _writable(folder):
            raise DatabaseUnusable(
                path, "read-only", f"the folder {folder} is read-only: no database can be made"
            )
        return
    if path.is_dir():
        raise DatabaseUnusable(path, "folder", "a folder is in the database file's place")
    if not _writable(folder) or not _writable(path):
        raise DatabaseUnusable(
            path, "read-only", "the file or its folder is read-only: nothing could be saved"
        )
    version = _read_only_check(path)
    if version > schema_version:
        raise DatabaseUnusable(
            path,
            "newer",
            f"made by a newer version of the app (schema {version}, this app knows "
            f"{schema_version}); it was not changed",
        )


def _read_only_check(path: Path) -> int:
    """quick_check and the schema version, through a read-only connection.

    A database a crash left with a hot journal (or write-ahead log) to recover
    can't be read read-only; it is checked on a copy (with its journal) instead,
    so the file itself is still not touched.
    """
    try:
        return _check_connection(path, f"{path.resolve().as_uri()}?mode=ro")
    except _NeedsRecovery:
        pass
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / path.name
        try:
            shutil.copyfile(path, copy)
            for suffix in ("-wal", "-journal"):  # the log a crash left, hot
                side = path.with_name(path.name + suffix)
                if side.exists():
                    shutil.copyfile(side, copy.with_name(copy.name + suffix))
        except OSError as exc:
            raise DatabaseUnusable(path, "unreadable", f"cannot be read: {exc.strerror}") from None
        return _check_connection(path, str(copy))


class _NeedsRecovery(Exception):  # noqa: N818 - a signal, not an error
    pass


def _check_connection(path: Path, target: str) -> int:
    try:
        conn = sqlite3.connect(target, uri=target.startswith("file:"))
    except sqlite3.Error as exc:
        raise DatabaseUnusable(path, "unreadable", f"cannot be opened: {exc}") from None
    try:
        verdict = [str(r[0]) for r in conn.execute("PRAGMA quick_check")]
        if verdict != ["ok"]:
            said = " ".join("; ".join(verdict[:2]).split())[:160]  # SQLite's lines, as one
            raise DatabaseUnusable(path, "damaged", f"the database is damaged ({said})")
        has_info = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_info'"
        ).fetchone()
        if not has_info:
            return 0
        row = conn.execute("SELECT version FROM schema_info WHERE id=1").fetchone()
        return int(row[0]) if row and isinstance(row[0], int) else 0
    except sqlite3.DatabaseError as exc:
        text = " ".join(str(exc).split())[:160]
        if target.startswith("file:") and "readonly" in text:
            raise _NeedsRecovery from None  # a hot journal: check a copy
        kind = "not-database" if "not a database" in text else "damaged"
        what = "not a database" if kind == "not-database" else f"the database is damaged ({text})"
        raise DatabaseUnusable(path, kind, what) from None
    finally:
        conn.close()


def unusable_from(path: Path, exc: PersistenceError) -> DatabaseUnusable:
    """A failure while opening (a full disk, a read-only file) as DatabaseUnusable."""
    if isinstance(exc, DatabaseUnusable):
        return exc
    text = str(exc)
    low = text.lower()
    if "full" in low:
        kind, problem = "full", "the disk is full: the database can't be written"
    elif "readonly" in low or "read-only" in low or "unable to open" in low:
        kind, problem = "read-only", "the database can't be written (read-only)"
    elif "newer version" in low:
        kind, problem = "newer", text.split(": ", 1)[-1]
    elif "not a database" in low:
        kind, problem = "not-database", "not a database"
    else:
        kind, problem = "damaged", text.split(": ", 1)[-1][:200]
    return DatabaseUnusable(path, kind, problem)


def set_aside(path: Path) -> Path:
    """Rename an unusable database (and its -wal / -shm) beside itself; never delete it."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    try:
        os.rename(path, target)
        for suffix in ("-wal", "-shm", "-journal"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                os.rename(side, target.with_name(target.name + suffix))
    except OSError as exc:
        raise DatabaseUnusable(
            path, "read-only", f"cannot be renamed to make room: {exc.strerror}"
        ) from None
    from wargame.persistence.files import fsync_dir

    fsync_dir(path.parent)
    log.warning("unusable database %s set aside as %s", path, target.name)
    return target
