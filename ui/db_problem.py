"""The dialog shown when the database can't be used at start."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from ui.qtcompat import run_modal
from wargame.persistence.check import DatabaseUnusable


class DatabaseProblemDialog(QMessageBox):
    """Names the file and the problem; offers the last good backup, a fresh database
    beside the bad one (renamed, never deleted), or quitting."""

    def __init__(
        self, exc: DatabaseUnusable, backup: Path | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("database-problem")
        self.setIcon(QMessageBox.Icon.Critical)
        self.setWindowTitle("The database can't be used")
        self.setText(f"<b>The database can't be used.</b><br>{exc.path}<br>Problem: {exc.problem}")
        where = f"The last good backup is {backup.name}." if backup else "There is no backup."
        self.setInformativeText(
            "The file has not been changed. " + where + " A fresh database keeps the "
            "bad file beside it under a new name."
        )
        self.backup_button = self.addButton(
            "Open the last good backup", QMessageBox.ButtonRole.AcceptRole
        )
        self.backup_button.setEnabled(backup is not None)
        self.fresh_button = self.addButton(
            "Start a fresh database", QMessageBox.ButtonRole.DestructiveRole
        )
        self.quit_button = self.addButton("Quit", QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.backup_button if backup else self.quit_button)
        self.setEscapeButton(self.quit_button)

    def choice(self) -> str:
        clicked = self.clickedButton()
        if clicked is self.backup_button:
            return "backup"
        if clicked is self.fresh_button:
            return "fresh"
        return "quit"


def ask_database_problem(exc: DatabaseUnusable, backup: Path | None, parent: QWidget | None) -> str:
    """Show the dialog; "backup", "fresh" or "quit"."""
    dialog = DatabaseProblemDialog(exc, backup, parent)
    run_modal(dialog)
    return dialog.choice()
