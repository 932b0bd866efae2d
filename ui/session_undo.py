"""QUndoStack commands over an engine :class:`~wargame.core.log.Session`.

The command only calls the session's own apply / undo / redo: the engine owns
history, Qt only mirrors it so Edit > Undo, the clean mark and the undo view
work as in every Qt app. An action that revealed hidden information clears the
stack: nothing before it can be undone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from wargame.core.actions import Action
from wargame.core.log import Entry, Session


class SessionCommand(QUndoCommand):
    def __init__(self, session: Session[Any], text: str, on_change: Callable[[], None]) -> None:
        super().__init__(text)
        self.session = session
        self.on_change = on_change
        self._applied = True  # pushed after the session applied it

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self.session.redo()
        self.on_change()

    def undo(self) -> None:
        self.session.undo()
        self.on_change()


def apply_action(
    stack: QUndoStack,
    session: Session[Any],
    action: Action,
    on_change: Callable[[], None],
    *,
    text: str | None = None,
) -> Entry:
    """Apply ``action`` through the session (raises IllegalAction unchanged) and
    record it on ``stack``. The undo label is the session's public sentence for the
    entry (``text`` is ignored: a view can't put a secret into Edit > Undo)."""
    entry = session.apply(action)
    if entry.barrier and not session.friendly_undo:
        stack.clear()
        # Nothing left to undo, but the game has changed since it was saved.
        stack.resetClean()
    else:
        stack.push(SessionCommand(session, entry.label, on_change))
    on_change()
    return entry
