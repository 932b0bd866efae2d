"""File > Save and Save as (to the file first, then durably to the database), File >
Print table 1:1 and Dice > Export dice log."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog

from ui.print_table import print_table
from ui.shell.host import Shell
from wargame.errors import WargameError
from wargame.geometry.tiling import PAPER, PageSetup
from wargame.persistence.files import write_atomic, write_json_atomic
from wargame.plural import count


class SaveCommands:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def save(self) -> bool:
        """Save the current document: to its file first (so Save As rescues a game
        whatever state the database is in), then durably to the database."""
        shell = self.shell
        v = shell.current
        if not v.can_save():
            return False
        try:
            data = v.save_json()
        except WargameError as exc:
            shell.error("Could not save", str(exc))
            return False
        if v.path is not None:
            try:
                write_json_atomic(v.path, data)
            except OSError as exc:
                shell.error("Could not save", f"{v.path}: {exc.strerror or exc}")
                return False
        try:
            db = shell.ctx.db
            v.save_id = db.save_game(
                v.mode_key,
                v.document_name,
                data,
                save_id=v.save_id,
                durable=True,
                drop_autosave=v.autosave_id,
            )
            v.autosave_slot.detach()
            if v.path is not None:
                from wargame.persistence.housekeeping import remember_folder

                remember_folder(db, v.path.parent)
        except WargameError as exc:
            if v.path is None:
                shell.error("Could not save", str(exc))
                return False
            shell.error(
                "Saved to the file only",
                f"Saved to {v.path}; the database could not keep a copy: {exc}",
            )
        v.undo_stack.setClean()
        shell.statusBar().showMessage(f"Saved {v.document_name}", 4000)
        shell.update_title()
        return True

    def save_as(self, path: str | Path | None = None) -> bool:
        shell = self.shell
        v = shell.current
        if not v.can_save():
            return False
        if not path:
            path, _ = QFileDialog.getSaveFileName(
                shell,  # type: ignore[arg-type]
                "Save as",
                str(Path.home() / f"{v.document_name}.json"),
                v.file_filter,
            )
            if not path:
                return False
        v.path = Path(path)
        v.document_name = v.path.stem
        v.document_changed.emit()
        return shell.save()

    def print_table(
        self,
        path: str | Path | None = None,
        *,
        paper: str | None = None,
        ink_saving: bool | None = None,
    ) -> int:
        """File > Print table 1:1: the sea or the town on paper at table scale, as a
        PDF of pages to glue together. Returns the number of pages (0: nothing done)."""
        shell = self.shell
        parent = shell  # type: ignore[assignment]
        source = shell.current.print_source()
        if source is None:
            shell.error(
                "Nothing to print",
                "Print table 1:1 prints the naval sea or the raid town: open a battle or a raid.",
            )
            return 0
        asking = paper is None  # from the menu: ask; a caller naming the paper is not asked
        if paper is None:
            paper, ok = QInputDialog.getItem(
                parent, "Print table 1:1", "Paper:", list(PAPER), 0, False
            )
            if not ok:
                return 0
        if ink_saving is None:
            ink_saving = False
            if asking and source.ink_saver is not None:
                choice, ok = QInputDialog.getItem(
                    parent,
                    "Print table 1:1",
                    "Print:",
                    ["In colour", "Saving ink (outlines)"],
                    0,
                    False,
                )
                if not ok:
                    return 0
                ink_saving = choice.startswith("Saving")
        if not path:
            path, _ = QFileDialog.getSaveFileName(
                parent,
                "Print table 1:1",
                str(Path.home() / f"{shell.current.document_name}-table.pdf"),
                "PDF files (*.pdf)",
            )
            if not path:
                return 0
        try:
            pages = print_table(source, path, PageSetup(paper=paper), ink_saving=ink_saving)
        except (WargameError, OSError) as exc:
            shell.error("Could not print the table", str(exc))
            return 0
        shell.statusBar().showMessage(
            f"{count(pages, 'page', 'pages')} written to {path}: print at 100%", 6000
        )
        return pages

    def export_dice_log(self, path: str | Path | None = None) -> bool:
        """Write every roll shown in the dice log to a CSV file."""
        shell = self.shell
        if not path:
            path, _ = QFileDialog.getSaveFileName(
                shell,  # type: ignore[arg-type]
                "Export dice log",
                str(Path.home() / "dice-log.csv"),
                "CSV files (*.csv)",
            )
            if not path:
                return False
        try:
            write_atomic(path, shell.dice_dock.csv_text())
        except OSError as exc:
            shell.error("Could not export the dice log", f"{path}: {exc.strerror}")
            return False
        shell.statusBar().showMessage(f"Dice log written to {path}", 4000)
        return True
