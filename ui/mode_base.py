"""The base every mode view (naval table, raid table, editor, board game) derives from.

The main window knows modes only through this interface: it routes New, Open,
Save, Undo and Redo to the active view's methods and :attr:`undo_stack`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QLabel, QListWidget, QMenu, QMessageBox, QVBoxLayout, QWidget

from ui.context import AppContext
from wargame.core.log import UNSEALED, Session
from wargame.errors import WargameError
from wargame.persistence.autosave import AutosaveSlot
from wargame.scenarios import read_scenario

log = logging.getLogger(__name__)


class ModeView(QWidget):
    mode_key: ClassVar[str] = ""
    title: ClassVar[str] = ""
    file_filter: ClassVar[str] = "Wargame files (*.json)"

    #: Emitted with a one-line status ("Attacker's turn: move the Revenge").
    status_changed = Signal(str)
    #: Emitted when the document's name or path changes (window title).
    document_changed = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.undo_stack = QUndoStack(self)
        self.path: Path | None = None
        self.document_name = "untitled"
        self.save_id: int | None = None
        #: The database row holding this document's unsaved work (one per document).
        self.autosave_slot = AutosaveSlot()
        self.last_error: str | None = None
        #: True while File > Replay shows a saved game: bots stay idle.
        self.replaying = False
        #: The mode's own menu, in the menu bar while the view is shown (None: none).
        self.mode_menu: QMenu | None = None

    @property
    def autosave_id(self) -> int | None:
        """The autosave row of this document (None: nothing unsaved stored)."""
        return self.autosave_slot.id

    @autosave_id.setter
    def autosave_id(self, value: int | None) -> None:
        self.autosave_slot.id = value

    # -- to override -------------------------------------------------------------
    def load_default(self) -> None:
        """Show the shipped default (scenario, map or a new game)."""

    def load_scenario(self, path: Path) -> None:
        """Load a scenario or map file; raise BadInput naming what is wrong."""
        sc = read_scenario(path)
        self.load_scenario_data(sc.data, path)

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        """Show a scenario (``format: wargame-scenario``) or map of this mode."""
        raise NotImplementedError

    @classmethod
    def accepts(cls, data: dict[str, Any]) -> bool:
        """True if ``data`` is one of this mode's own document files (not a session)."""
        return False

    def new_document(self) -> None:
        self.load_default()

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        """Open this mode's saved file (a session or document) read from ``path``."""
        raise NotImplementedError

    def save_json(self) -> dict[str, Any]:
        """What Save writes: this mode's file as plain data."""
        raise NotImplementedError

    def can_save(self) -> bool:
        return type(self).save_json is not ModeView.save_json

    def status_text(self) -> str:
        return self.title

    def unsealed_note(self) -> str:
        """The status line's notice for a game converted from an unsealed save ("" for
        any other, and for one started from a scenario file: the log says that)."""
        session = self.history_session()
        mark = session.header.get(UNSEALED) if session is not None else None
        if not isinstance(mark, dict) or mark.get("from") != "save":
            return ""
        return session.unsealed_note or ""

    # -- the undo history (a game on a Session) -----------------------------------------
    def history_session(self) -> Any:
        """The :class:`~wargame.core.log.Session` whose log the undo history mirrors,
        or None for a document without one."""
        from wargame.core.log import Session

        session = getattr(self, "session", None)
        return session if isinstance(session, Session) else None

    def history_changed(self) -> None:
        """Redraw after an undo or redo restored from a reopened save or a table
        override (views override; by default the view's own ``_refresh``)."""
        refresh = getattr(self, "_refresh", None)
        if callable(refresh):
            refresh()

    def override_applied(self, entry: Any) -> None:
        """A table override was applied: tell the view's game log (a list), if any."""
        log = getattr(self, "log", None)
        if isinstance(log, QListWidget):
            log.addItem(entry.label)
            log.scrollToBottom()

    def history_command(self, session: Any, text: str, entry: Any) -> Any:
        """The undo command for a restored log entry; None: the plain session command."""
        return None

    def print_source(self) -> Any:
        """The table to print 1:1 (a :class:`ui.print_table.PrintSource`), or None."""
        return None

    # -- helpers for subclasses ------------------------------------------------------
    def autosave_session(self) -> Session[Any] | None:
        """The session the document is (autosaved entry by entry), or None: autosave
        stores :meth:`save_json` whole."""
        session = getattr(self, "session", None)
        return session if isinstance(session, Session) else None

    def autosave_head(self, session: Session[Any]) -> dict[str, Any]:
        """What the autosave stores besides the log entries: the session's head, which
        seals the dice generator's state (never added in plain text)."""
        head = session.head_json()
        return head

    def place_title(self) -> str:
        """What the document is played on: its scenario's or map's name ("" if none)."""
        session = self.history_session()
        scenario = session.header.get("scenario") if session is not None else None
        if isinstance(scenario, dict):
            for key in ("name", "title"):
                value = scenario.get(key)
                if isinstance(value, str) and value.strip():
                    return " ".join(value.split())[:60]
        return ""

    def autosave_name(self) -> str:
        """The autosave row's name: the name the player saved the document under, else
        what it is played on; home lists it as "Mode — name — autosave 24 Nov 14:05"."""
        if self.path is not None or self.save_id is not None:
            return self.document_name
        name = self.document_name
        return self.place_title() or ("" if name in (self.mode_key, "untitled") else name)

    def autosave(self) -> None:
        """Store the document in its autosave slot (call after every action): only
        the log entries that changed since the last autosave are written."""
        if not self.can_save():
            return
        try:
            db = self.ctx.db
            session = self.autosave_session()
            if session is None:
                self.autosave_slot.write_whole(
                    db, self.mode_key, self.autosave_name(), self.save_json(), of_save=self.save_id
                )
            else:
                self.autosave_slot.write_session(
                    db,
                    self.mode_key,
                    self.autosave_name(),
                    head=self.autosave_head(session),
                    entries=session.entries,
                    entry_json=session.entry_json,
                    of_save=self.save_id,
                )
        except WargameError as exc:
            log.warning("autosave failed (%s): %s", self.mode_key, exc)
            self.status_changed.emit(f"Autosave failed: {exc}")

    def replace_document(self, load: Callable[[], object]) -> bool:
        """Replace the open document by what ``load`` makes (a new game, a restart,
        an import...): asks Save / Discard / Cancel first when there are unsaved
        changes. The new document gets its own autosave slot and no save or file
        yet. Returns False when the player cancelled; ``load``'s errors propagate.

        The document ``load`` leaves is not unsaved work, even when bots made the
        opening moves while it was set up: this is the one place that rule lives."""
        window = self.window()
        confirm = getattr(window, "confirm_replace", None)
        if confirm is not None and not confirm(self):
            return False
        before = (self.autosave_slot.id, self.save_id, self.path)
        self.new_document_identity()
        try:
            load()
        except BaseException:
            self.autosave_slot.id, self.save_id, self.path = before
            raise
        self._forget_setup_autosave()
        self.undo_stack.setClean()
        return True

    def _forget_setup_autosave(self) -> None:
        """Bots' moves while a table was set up may have been autosaved: that row holds
        no unsaved work, so it goes (the first real move stores the game afresh)."""
        slot = self.autosave_slot.id
        if slot is None:
            return
        try:
            self.ctx.db.delete_save(slot)
        except WargameError:
            pass  # the row stays listed; nothing is lost
        self.autosave_slot.detach()

    def new_document_identity(self) -> None:
        """The document now shown is a new one: not the save, file or autosave of
        the one before (its autosave row, if any, stays for the player to resume)."""
        self.autosave_slot.detach()
        self.save_id = None
        self.path = None

    def show_error(self, message: str, title: str = "Not allowed") -> None:
        """Tell the player why something was refused (a dialog; tests read last_error)."""
        self.last_error = message
        self.status_changed.emit(message)
        if not self.ctx.quiet_errors:
            QMessageBox.warning(self, title, message)


class NotBuiltView(ModeView):
    """Shown for a mode whose screens are not built yet - honestly, not as an empty table."""

    def __init__(
        self, ctx: AppContext, key: str, title: str, blurb: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, parent)
        self.mode_key = key
        self.title = title
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        label = QLabel(
            f"<h2>{title}</h2><p>{blurb}</p><p><b>This mode is not built yet.</b> "
            "Its rules engine and table are planned; nothing here pretends to work.</p>"
        )
        label.setWordWrap(True)
        label.setMaximumWidth(560)
        lay.addWidget(label, 0)
        lay.addStretch(2)
        lay.setContentsMargins(60, 40, 60, 40)

    def status_text(self) -> str:
        return f"{self.title}: not built yet"

    def can_save(self) -> bool:
        return False
