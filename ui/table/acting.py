"""Acting at a table, written once for all six games (a part of :class:`ui.table.base.TableView`).

Every move of every game goes through :meth:`TableActing.do`: a human's (a click, a
key, a button), a bot's, a chore the table makes. It is the one place a seat across
computers sends its move to the server ("if routed, send"), the one place undo is
given to the player who acted, and the one place a move is refused while it is not
the clicking player's to make (a bot's seat, a bot thinking).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QPoint, QTimer
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu

from ui.table.undo import ActionCommand, clear_stack, push_action
from wargame.core.actions import Action
from wargame.core.log import Session
from wargame.errors import DiceEntryCancelled, WargameError


class TableActing:
    """The moves' part of a table (mixed into :class:`ui.table.base.TableView`)."""

    session: Session[Any] | None
    bots: dict[int, Any]
    undo_owner: int | None
    _in_history: bool
    _auto_move: bool | None

    def do(self, action: Action, *, auto: bool | None = None, table: bool = False) -> bool:
        """Apply ``action`` for the seat to move; a refusal shows the rule's reason.
        ``auto``: a bot's or the table's own move (merged into the human move before
        it); ``table``: the whole table's answer to a shared prompt, its own undo step
        for whoever holds the undo. A player's move (``auto`` not given) while a bot
        thinks, or on a bot's seat, is refused and changes nothing."""
        view: Any = self
        if self.session is None:
            return False
        seat = view.state.current_player()
        if auto is None and not table and (view.thinker.busy or seat in self.bots):
            who = view.seat_name(seat) if seat is not None else "A bot"
            view.status_changed.emit(f"{who} is a bot's to move: wait for it, or Esc: move now")
            return False
        if auto is None:
            auto = not table and (seat is None or view.acts_by_itself(seat))
        if not auto and not table:
            self._own_undo(seat)
            view.log.unmark()
        if view.route is not None:  # the server plays it; its update brings it back
            if not view.send_to_table(action):  # its copy judges a seat's move alike
                view.refresh()
                return False
            return True
        self._auto_move = auto
        try:
            push_action(
                view.undo_stack, self.session, action, auto=auto, on_change=self.history_changed
            )
        except DiceEntryCancelled as exc:  # the player closed the dice dialog: no move
            view.status_changed.emit(str(exc))
            view.refresh()
            return False
        except WargameError as exc:
            view.show_error(str(exc))
            view.refresh()
            return False
        finally:
            self._auto_move = None
        view.autosave()
        view.after_change()
        return True

    def act(self, action: Action) -> bool:
        """A player's move (as :meth:`do`)."""
        return self.do(action)

    def _own_undo(self, seat: int | None) -> None:
        """``seat`` (a human) moves now: the stack holds only their moves."""
        view: Any = self
        if seat is not None and seat != self.undo_owner:
            if self.undo_owner is not None or view.undo_stack.count():
                if self._in_history:  # never empty the stack from inside its own command
                    QTimer.singleShot(0, lambda: clear_stack(view.undo_stack))
                else:
                    clear_stack(view.undo_stack)
            self.undo_owner = seat

    def history_changed(self) -> None:
        """After undo or redo: the seat that undid keeps the screen; bots wait for
        their turn again."""
        view: Any = self
        view._bot_timer.stop()
        view.thinker.cancel()
        self._in_history = True
        try:
            view.after_change()
        finally:
            self._in_history = False

    def history_command(self, session: Any, text: str, entry: Any) -> Any:
        """A reopened game's undoable step: only the trailing moves of the human whose
        turn it still is (and the bots' replies to them) may be taken back."""
        cmd = ActionCommand(
            session,
            entry.action,
            entry=entry,
            auto=entry.seat in self.bots,
            on_change=self.history_changed,
        )
        cmd.keep = cmd.index >= self._history_start(session)
        return cmd

    def _history_start(self, session: Session[Any]) -> int:
        view: Any = self
        entries = session.entries
        owner = self.undo_owner
        if owner is None or (owner != view.turn_seat() and not view.shared_moment()):
            return len(entries)
        i = len(entries)
        while (
            i
            and entries[i - 1].seat in (owner, *self.bots)
            and (session.friendly_undo or not entries[i - 1].barrier)
        ):
            i -= 1
        while i < len(entries) and entries[i].seat != owner:
            i += 1  # the bots' moves before the human's first are nobody's to undo
        return i

    def offer(self, choices: Sequence[tuple[str, Action]], name: str) -> None:
        """A menu at the pointer of the actions one click could mean (their words)."""
        view: Any = self
        menu = QMenu(view)
        menu.setObjectName(name)
        for text, action in choices:
            item = menu.addAction(text)
            item.triggered.connect(lambda _=False, act=action: self.do(act))
        self._menu = menu  # tests pick from it
        menu.popup(QCursor.pos() if view.isVisible() else QPoint(0, 0))

    def rematch(self) -> None:
        """A new game with the same players and settings (a game's ``new_game``)."""
        view: Any = self
        if self.session is None or view.route is not None:
            return
        header = self.session.header
        if self.replace_game(lambda: view.new_game_like(header)):
            view.schedule_bots()

    def replace_game(self, load: Callable[[], object]) -> bool:
        """Put the game ``load`` starts on the table (asking to save the one there
        first); a game the rules refuse to set up is told, not raised. False: nothing
        changed."""
        view: Any = self
        try:
            return bool(view.replace_document(load))
        except WargameError as exc:
            view.show_error(str(exc), "Cannot start that game")
            return False
