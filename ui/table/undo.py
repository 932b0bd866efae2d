"""Undo at a board-game table: commands whose ``redo`` calls the session.

After orange-canvas-core's commands: pushing an :class:`ActionCommand` runs its
``redo``, which applies the action through the :class:`~wargame.core.log.Session`;
undo and redo later call the session's own ``undo`` / ``redo``. A bot's reply (or a
pass the table makes for a human) merges into the human move before it, so one
undo takes back the move and what the bots answered.

Who may undo is the table's rule (:class:`ui.table.base.TableView`): the stack only
ever holds the moves of one human seat, its ``owner``; it is emptied when another
human takes over and whenever anything is revealed (a barrier).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from wargame.core.actions import Action
from wargame.core.log import Entry, Session
from wargame.errors import WargameError

MERGE_ID = 0x7AB1E


class ActionCommand(QUndoCommand):
    """One human move (and the automatic replies merged into it).

    ``entry``: an entry the session already holds (a reopened game's history);
    its redo then finds the model already there and leaves it."""

    def __init__(
        self,
        session: Session[Any],
        action: Action,
        *,
        auto: bool = False,
        entry: Entry | None = None,
        on_change: Callable[[], None] = lambda: None,
        keep: bool = True,
    ) -> None:
        super().__init__(entry.label if entry is not None else "")
        self.session = session
        self.action = action
        self.auto = auto
        self.entry = entry
        self.on_change = on_change
        #: False: a restored entry no one at the table may take back (Qt drops it).
        self.keep = keep
        self.error: WargameError | None = None
        #: How many session entries this step holds (itself and merged replies).
        self.count = 1
        #: The length of the log before this step (where its first entry goes).
        self.index = len(session.entries)
        if entry is not None:
            self.index = next(i for i, e in enumerate(session.entries) if e is entry)

    def id(self) -> int:  # noqa: A003 - Qt API
        return MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if isinstance(other, ActionCommand) and other.auto and not other.isObsolete():
            self.count += other.count
            return True
        return False

    def redo(self) -> None:
        session = self.session
        if len(session.entries) > self.index:
            # the model already holds this step (a restored history)
            self.setObsolete(not self.keep)
            return
        if self.entry is None:
            try:
                self.entry = session.apply(self.action)
            except WargameError as exc:  # refused: the session changed nothing
                self.error = exc
                self.setObsolete(True)  # Qt drops it instead of stacking it
                return
            self.setText(self.entry.label)
            return
        for _ in range(self.count):
            session.redo()
        self.on_change()

    def undo(self) -> None:
        for _ in range(self.count):
            self.session.undo()
        self.on_change()


def push_action(
    stack: QUndoStack,
    session: Session[Any],
    action: Action,
    *,
    auto: bool,
    on_change: Callable[[], None] = lambda: None,
) -> Entry:
    """Apply ``action`` by pushing its command; raise what the session refused with
    (nothing changed). An automatic action with no human move below it is applied
    but not stacked: no human may take back what nobody at the table did. A barrier
    (a roll, a draw, a reveal) empties the stack; the game is still changed.
    ``on_change``: called after each later undo or redo of the step."""
    top = stack.command(stack.count() - 1) if stack.count() else None
    if auto and (top is None or stack.index() == stack.count()):
        entry = session.apply(action)
        if isinstance(top, ActionCommand):
            top.count += 1  # one undo takes back the human move and this reply
            stack.resetClean()
        else:
            clear_stack(stack, changed=True)
        if entry.barrier and not session.friendly_undo:
            clear_stack(stack, changed=True)
        return entry
    cmd = ActionCommand(session, action, auto=auto, on_change=on_change)
    stack.push(cmd)
    if cmd.error is not None:
        raise cmd.error
    assert cmd.entry is not None
    if cmd.entry.barrier and not session.friendly_undo:
        clear_stack(stack, changed=True)
    return cmd.entry


def clear_stack(stack: QUndoStack, *, changed: bool = False) -> None:
    """Empty ``stack``: nothing before now can be undone. Qt's ``clear`` calls the
    document saved; it stays unsaved when it was, or when ``changed``."""
    unsaved = changed or not stack.isClean()
    stack.clear()
    if unsaved:
        stack.resetClean()
