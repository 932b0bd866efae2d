"""Tidying at start: crash litter goes, a backup is made when one is due.

Removed: temporary files a killed write left (beside the database, in the
backups folder and in the folders the player saved files to), autosave entry
rows of a slot that is gone, and autosaves older than the save they shadow.
The table key gets a copy in the backups folder if it has none yet.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from wargame.errors import PersistenceError
from wargame.persistence.files import remove_stale_temps

if TYPE_CHECKING:
    from wargame.persistence.shape import DatabaseLike

#: Document kind recording a folder the player saved a file to (for the temp sweep).
log = logging.getLogger(__name__)

FOLDER_KIND = "file-folder"
MAX_FOLDERS = 20


def remember_folder(db: DatabaseLike, folder: Path) -> None:
    """Note a folder a file was saved to, so a later start can sweep its litter."""
    name = str(folder.resolve())
    known = dict((n, i) for i, n in db.list_documents(FOLDER_KIND))
    db.put_document(FOLDER_KIND, name, {}, doc_id=known.get(name))


def tidy(db: DatabaseLike) -> list[str]:
    """Remove crash litter and back up when due. Returns notes (failures, not fatal)."""
    from wargame.persistence.backup import (
        backup_due,
        backup_folder,
        ensure_key_backup,
        make_backup,
    )

    notes: list[str] = []
    try:
        db.remove_orphans()
    except PersistenceError as exc:
        notes.append(str(exc))
    if db.path is None:
        return notes
    folders = [db.path.parent, backup_folder(db.path)]
    try:
        listed = db.list_documents(FOLDER_KIND)
        folders += [Path(name) for _i, name in listed[:MAX_FOLDERS]]
    except PersistenceError as exc:
        notes.append(str(exc))
    remove_stale_temps(folders)
    if backup_due(db.path):
        try:
            make_backup(db)
        except PersistenceError as exc:
            notes.append(str(exc))
    ensure_key_backup(db.path.parent)
    for note in notes:
        log.warning("housekeeping: %s", note)
    db.notes = notes
    return notes
