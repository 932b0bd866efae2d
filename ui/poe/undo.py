"""Undo that steps back over the bots' replies too.

A human action is one undo step together with every bot action that followed
it (bots would otherwise answer an undo by playing again at once). Actions that
revealed hidden information still clear the stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from ui.session_undo import SessionCommand
from wargame.core.actions import Action
from wargame.core.log import Entry, Session

MERGE_ID = 0x504F45


class TurnCommand(SessionCommand):
    def __init__(
        self, session: Session[Any], text: str, on_change: Callable[[], None], *, bot: bool
    ) -> None:
        super().__init__(session, text, on_change)
        self.bot = bot
        self.count = 1

    def id(self) -> int:  # noqa: A003 - Qt API
        return MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if isinstance(other, TurnCommand) and other.bot:
            self.count += other.count
            return True
        return False

    def undo(self) -> None:
        for _ in range(self.count):
            self.session.undo()
        self.on_change()

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        for _ in range(self.count):
            self.session.redo()
        self.on_change()


def apply_turn_action(
    stack: QUndoStack,
    session: Session[Any],
    action: Action,
    on_change: Callable[[], None],
    *,
    bot: bool,
    text: str | None = None,
) -> Entry:
    """Apply through the session (IllegalAction leaves everything unchanged)."""
    entry = session.apply(action)
    if entry.barrier and not session.friendly_undo:
        stack.clear()
        # Nothing left to undo, but the game has changed since it was saved.
        stack.resetClean()
    else:
        # The label is the session's public sentence (a secret choice says only that).
        stack.push(TurnCommand(session, entry.label, on_change, bot=bot))
    on_change()
    return entry
