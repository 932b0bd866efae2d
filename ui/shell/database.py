"""The database seen from the window: an unusable one at start (offer the last good
backup, a fresh one, or quitting), File > Restore a backup, and a save deleted from home
while a document still shows it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QInputDialog

from ui.shell.host import Shell
from wargame.errors import WargameError

if TYPE_CHECKING:
    from wargame.persistence.check import DatabaseUnusable
    from wargame.persistence.db import Database


class DatabaseCommands:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def save_deleted(self, save_id: int) -> None:
        """A save was deleted from home: a document still showing it becomes unsaved."""
        for view in self.shell.views.values():
            if view.save_id == save_id:
                view.save_id = None
                view.undo_stack.resetClean()
            if view.autosave_id == save_id:
                view.autosave_slot.detach()
                view.undo_stack.resetClean()
        self.shell.update_title()

    def problem(self, exc: DatabaseUnusable) -> Database | None:
        """The database can't be used: offer the last good backup, a fresh database
        beside it (the bad one renamed) or quitting. None: the player quits."""
        from ui.db_problem import ask_database_problem
        from wargame.paths import scenarios_dir
        from wargame.persistence.backup import last_good_backup
        from wargame.persistence.check import DatabaseUnusable
        from wargame.persistence.db import open_backup, start_fresh

        shell = self.shell
        for _attempt in range(6):  # a choice that keeps failing ends in quitting
            backup = last_good_backup(exc.path)
            if shell.database_answerer is not None:
                choice = shell.database_answerer(exc, backup)
            else:
                choice = ask_database_problem(exc, backup, shell)  # type: ignore[arg-type]
            try:
                if choice == "backup" and backup is not None:
                    db, moved = open_backup(exc.path, backup, seed_from=scenarios_dir())
                elif choice == "fresh":
                    db, moved = start_fresh(exc.path, seed_from=scenarios_dir())
                else:
                    QTimer.singleShot(0, shell.close)
                    return None
            except DatabaseUnusable as again:
                exc = again
                continue
            shell.statusBar().showMessage(f"The unusable database was kept as {moved}", 15000)
            return db
        QTimer.singleShot(0, shell.close)
        return None

    def restore_backup_dialog(self) -> None:
        from wargame.persistence.backup import list_backups

        path = self.shell.ctx.db.path
        backups = list_backups(path) if path is not None else []
        if not backups:
            self.shell.error("Restore a backup", "There is no backup of the database yet.")
            return
        labels = [p.name for p in backups]
        text, ok = QInputDialog.getItem(
            self.shell,  # type: ignore[arg-type]
            "Restore a backup",
            "Replace the database's content with:",
            labels,
            0,
            False,
        )
        if ok:
            self.restore_backup(backups[labels.index(text)])

    def restore_backup(self, backup: Path) -> bool:
        """Put a backup's content in the database (the current content is backed up
        first); open documents keep their content but become unsaved."""
        from wargame.persistence.backup import restore_backup

        shell = self.shell
        try:
            before = restore_backup(shell.ctx.db, backup)
        except WargameError as exc:
            shell.error("Could not restore the backup", str(exc))
            return False
        for view in shell.views.values():
            view.save_id = None
            view.autosave_slot.detach()
            if view.can_save():
                view.undo_stack.resetClean()
        shell.home.refresh()  # type: ignore[attr-defined]
        shell.update_title()
        kept = f"; the content before was backed up to {before.name}" if before else ""
        shell.statusBar().showMessage(f"Restored {backup.name}{kept}", 15000)
        return True
