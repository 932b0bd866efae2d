"""The history panel and the undo history of a reopened game.

The panel is a :class:`QUndoView` on the main window's undo group, so it always
shows the active document's history: click a line to step back to it (within
the fair-play barriers: nothing before a revealed roll or draw is listed).

When a save is reopened, :func:`restore_history` rebuilds the document's undo
stack from the session's log, so undo works across a reopen exactly as it did
before the save: the entries after the last barrier become undoable commands
again, each with the text the game log gave it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoCommand, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QDockWidget, QUndoView, QWidget

from wargame.core.log import Entry, Session

CommandFactory = Callable[[Session[Any], str, Entry], QUndoCommand]


class HistoryDock(QDockWidget):
    """Edit > Show history: every undoable step of the active document."""

    def __init__(self, group: QUndoGroup, parent: QWidget | None = None) -> None:
        super().__init__("History", parent)
        self.setObjectName("history-dock")
        self.view = QUndoView(group)
        self.view.setEmptyLabel("Start (nothing to undo)")
        self.view.setToolTip(
            "Every step you can still undo. Click a line to go back to it; "
            "a revealed roll, draw or vote starts a new history."
        )
        self.setWidget(self.view)
        self.setAllowedAreas(
            Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
        )


def last_barrier(entries: list[Entry]) -> int:
    """The number of entries up to and including the last undo barrier."""
    for i in range(len(entries) - 1, -1, -1):
        if entries[i].barrier:
            return i + 1
    return 0


def history_texts(session: Session[Any], start: int) -> list[str]:
    """The undo label of each entry from ``start`` on: the session's own public
    sentence for it (never a secret: the log and Edit > Undo say the same)."""
    return [entry.label for entry in session.entries[start:]]


def restore_history(
    stack: QUndoStack,
    session: Session[Any],
    on_change: Callable[[], None],
    *,
    command: CommandFactory | None = None,
) -> int:
    """Fill ``stack`` with the session's undoable entries (those after the last
    barrier); returns how many entries were restored. The stack ends clean: the
    reopened document has no unsaved changes."""
    from ui.session_undo import SessionCommand

    stack.clear()
    start = 0 if getattr(session, "friendly_undo", False) else last_barrier(session.entries)
    if start < len(session.entries):
        texts = history_texts(session, start)
        for entry, text in zip(session.entries[start:], texts):
            cmd = command(session, text, entry) if command else None
            stack.push(cmd or SessionCommand(session, text, on_change))
    stack.setClean()
    return len(session.entries) - start
