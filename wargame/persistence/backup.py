"""Rotating backups of the database, made with SQLite's online backup API.

A backup is a complete database file in ``backups/`` beside the database,
named by its time, with a copy of the table key that seals its saves beside it
(the same name, ``.key``): a backup without its key could not open a game. One is made at start when the newest is a day old or
there is none; the last :data:`KEEP` are kept. :func:`restore_backup` copies
one back into the open database (after backing up the current state, so a
restore can itself be undone).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from wargame.errors import PersistenceError
from wargame.persistence.files import TEMP_SUFFIX, fsync_dir

if TYPE_CHECKING:
    from wargame.persistence.shape import DatabaseLike

log = logging.getLogger(__name__)

KEEP = 5
EVERY_SECONDS = 24 * 3600
FOLDER = "backups"


def backup_folder(db_path: Path) -> Path:
    return db_path.parent / FOLDER


def list_backups(db_path: Path) -> list[Path]:
    """The backups of the database at ``db_path``, newest first."""
    folder = backup_folder(db_path)
    try:
        found = [p for p in folder.glob(f"{db_path.stem}-*.sqlite3") if p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)


def last_good_backup(db_path: Path) -> Path | None:
    """The newest backup that passes the startup check."""
    from wargame.persistence.check import DatabaseUnusable, check_database

    for p in list_backups(db_path):
        try:
            check_database(p)
        except DatabaseUnusable:
            continue
        return p
    return None


def copy_database(source: Path, target: Path) -> None:
    """Copy a database file with the backup API into ``target``, atomically."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{target.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=target.parent
    )
    os.close(fd)
    try:
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        try:
            dst = sqlite3.connect(tmp)
            try:
                src.backup(dst)
                dst.execute("PRAGMA journal_mode=DELETE")
            finally:
                dst.close()
        finally:
            src.close()
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(target.parent)


def make_backup(db: DatabaseLike, *, label: str = "") -> Path:
    """Back up the open database now; then keep only the newest :data:`KEEP`."""
    if db.path is None:
        raise PersistenceError("an in-memory database has no backups")
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    folder = backup_folder(db.path)
    target = folder / f"{db.path.stem}-{stamp}{label}.sqlite3"
    try:
        copy_database(db.path, target)
        backup_key(db.path.parent, target.with_suffix(".key"))
    except (OSError, sqlite3.Error) as exc:
        log.error("backup %s failed: %s", target, exc)
        raise PersistenceError(f"{target}: the backup failed: {exc}") from None
    log.info("database backed up to %s", target)
    for old in list_backups(db.path)[KEEP:]:
        for path in (old, old.with_suffix(".key")):
            try:
                path.unlink()
            except OSError:
                pass
    return target


def backup_key(folder: Path, target: Path) -> bool:
    """Copy ``folder``'s table key to ``target`` (0600); a damaged or missing key is
    not copied (False), so a backup never replaces a good copy with a bad one."""
    from wargame.core import keyfile

    try:
        key = keyfile.read_key(folder / keyfile.KEY_FILE, keyfile.expected_id(folder))
    except keyfile.KeyProblem:
        return False
    keyfile.write_atomic(target, keyfile.key_text(key))
    return True


def ensure_key_backup(folder: Path) -> Path | None:
    """A copy of the table key in the backups folder when there is none yet (a key
    made after the day's database backup, or by an older version of the app)."""
    if key_backups(folder):
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    target = folder / FOLDER / f"table-{stamp}.key"
    try:
        return target if backup_key(folder, target) else None
    except OSError:
        return None


def key_backups(folder: Path) -> list[Path]:
    """The copies of the table key kept with the backups of ``folder``, newest first,
    that hold the key this folder had (any good key when that is not known)."""
    from wargame.core import keyfile

    expected = keyfile.expected_id(folder)
    try:
        found = sorted((folder / FOLDER).glob("*.key"), key=lambda p: p.name, reverse=True)
    except OSError:
        return []
    good = []
    for path in found:
        try:
            keyfile.read_key(path, expected)
        except keyfile.KeyProblem:
            continue
        good.append(path)
    return good


def backup_due(db_path: Path, *, now: float | None = None) -> bool:
    backups = list_backups(db_path)
    if not backups:
        return True
    try:
        newest = max(p.stat().st_mtime for p in backups)
    except OSError:
        return True
    return (now if now is not None else time.time()) - newest >= EVERY_SECONDS


def restore_backup(db: DatabaseLike, backup: Path) -> Path | None:
    """Replace the open database's content with ``backup`` (checked first). The
    current content is backed up before; returns that backup (None in memory)."""
    from wargame.persistence.check import check_database

    check_database(backup)
    before = make_backup(db, label="-before-restore") if db.path is not None else None
    raw = db.engine.raw_connection()
    try:
        src = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro", uri=True)
        try:
            src.backup(raw.driver_connection)  # type: ignore[arg-type]
        finally:
            src.close()
    except sqlite3.Error as exc:
        raise PersistenceError(f"{backup}: could not be restored: {exc}") from None
    finally:
        raw.close()
    db.engine.dispose()
    db.migrate()
    log.info("database restored from backup %s", backup)
    return before
