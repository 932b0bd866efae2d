"""Before the window opens: one app per data folder, and a usable table key.

``claim_folder`` takes the data folder's lock (:mod:`wargame.persistence.instance`)
or tells the player, in words, that the app is already open on it.
``check_table_key`` makes the table key on a first start, and when the key is
damaged or missing says so plainly and offers the copy kept with the backups, a
new key (the old saves stay sealed with the lost one, and say so), or quitting.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from ui.qtcompat import run_modal
from wargame.core import sealing
from wargame.core.keyfile import KeyProblem
from wargame.errors import FileFormatError
from wargame.persistence.instance import AlreadyOpen, InstanceLock, acquire

#: ask(problem, backup) -> "restore", "new" or "quit"
KeyAnswerer = Callable[[KeyProblem, Path | None], str]


def claim_folder(folder: Path, *, tell: Callable[[str], None] | None = None) -> InstanceLock | None:
    """The data folder's lock; None (after telling the player) when another app
    has it. A folder that can't hold a lock file is left to the database's checks."""
    try:
        return acquire(folder)
    except AlreadyOpen as exc:
        (tell or _tell)(str(exc))
        return None
    except OSError:
        return InstanceLock(folder, None)  # nothing held, nothing to release


def _tell(message: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, "Already open", message)
    box.setObjectName("already-open")
    run_modal(box)


def check_table_key(folder: Path, *, ask: KeyAnswerer | None = None) -> bool:
    """True when the table key is usable (made now on a first start); False when the
    player chose to quit over a damaged or missing key."""
    from wargame.persistence.backup import key_backups

    sealing.configure(folder)
    ring = sealing.keyring()
    for _attempt in range(6):  # a choice that keeps failing ends in quitting
        try:
            problem = ring.problem()
        except FileFormatError:
            return True  # a folder that can't hold a key: the first save says why
        if problem is None:
            return True
        backups = key_backups(folder)
        backup = backups[0] if backups else None
        choice = (ask or ask_key_problem)(problem, backup)
        try:
            if choice == "restore" and backup is not None:
                ring.restore(backup)
            elif choice == "new":
                ring.start_new()
            else:
                return False
        except (OSError, FileFormatError):
            continue
    return False


class KeyProblemDialog(QMessageBox):
    """Names the key file and what is wrong; offers the backup copy, a new key, or
    quitting."""

    def __init__(
        self, problem: KeyProblem, backup: Path | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("key-problem")
        self.setIcon(QMessageBox.Icon.Critical)
        self.setWindowTitle(f"The table key is {problem.what}")
        self.setText(
            f"<b>The table key is {problem.what}.</b><br>{problem.path}<br>"
            "Games saved on this computer are sealed with it and can't be opened without it."
        )
        where = (
            f"A copy was kept with the backups: {backup.name}."
            if backup
            else "There is no copy in the backups folder. If you exported it with "
            "`wargame key export`, quit and import it with `wargame key import`."
        )
        self.setInformativeText(
            where + " A new key opens new games only: the saves sealed with the old "
            "one stay as they are and open again once it is restored."
        )
        self.restore_button = self.addButton(
            "Restore the key from the backup", QMessageBox.ButtonRole.AcceptRole
        )
        self.restore_button.setEnabled(backup is not None)
        self.new_button = self.addButton("Make a new key", QMessageBox.ButtonRole.DestructiveRole)
        self.quit_button = self.addButton("Quit", QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.restore_button if backup else self.quit_button)
        self.setEscapeButton(self.quit_button)

    def choice(self) -> str:
        clicked = self.clickedButton()
        if clicked is self.restore_button:
            return "restore"
        if clicked is self.new_button:
            return "new"
        return "quit"


def ask_key_problem(problem: KeyProblem, backup: Path | None) -> str:
    dialog = KeyProblemDialog(problem, backup)
    run_modal(dialog)
    return dialog.choice()
