"""A seat's real table across computers: the game's own board view (``ui/table``)
drawing the seat's :class:`~wargame.net.mirror.Mirror`.

The view is the one the game has at one screen, put in remote mode
(:meth:`TableView.seat_remote`): it draws from ``seen()`` = this seat's observation of
the mirror's state (the server's world for the seat, or the public game replayed),
shows the log the server sent, never a hand-off (one person at this screen), and its
clicks go to the server as the action's text. The table's setup (new game, seat boxes,
names, bot speed, rematch) and the undo history are not shown: the host sets the
table up, and a move sent across computers is not taken back (docs/rulings.md,
"Undo across computers"). Naval and raid have no such view: their seats stay text.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QSpinBox,
    QTabWidget,
    QUndoView,
    QWidget,
)

from ui.context import AppContext
from ui.modes import view_class
from ui.table.base import REMOTE, TableView
from ui.table.seats import seat_title
from wargame.errors import PersistenceError
from wargame.net.mirror import Mirror


def _no_database() -> Any:
    raise PersistenceError("a seat across computers keeps no database here")


def net_context(parent: QWidget | None) -> AppContext:
    """The app's context when the lobby has a main window, else a bare one (a test)."""
    ctx = getattr(parent, "ctx", None) if parent is not None else None
    if isinstance(ctx, AppContext):
        return ctx
    ctx = AppContext(_no_database, Path(tempfile.gettempdir()))
    ctx.quiet_errors = True
    return ctx


def has_board(game: str) -> bool:
    cls = view_class(game)
    return cls is not None and issubclass(cls, TableView)


def quiet_setup(view: TableView) -> None:
    """Hide or lock what sets a table up or takes moves back: the host's, not a seat's."""
    for box in getattr(view, "seat_boxes", []):
        box.setEnabled(False)  # who plays a seat is the host's to say
    naming = getattr(view, "naming", None)
    if naming is not None:
        naming.button.hide()
    for w in view.findChildren(QAbstractButton):
        if w.text().lstrip("&").startswith(("New game", "Rematch", "Board...")):
            w.hide()
    for w in view.findChildren(QComboBox):  # seats, variants: the host's table's
        w.setEnabled(False)
        if w.objectName().endswith("bot-speed"):
            w.hide()
    for w in view.findChildren(QSpinBox):
        w.setEnabled(False)
    for w in view.findChildren(QUndoView):
        w.hide()
    for tabs in view.findChildren(QTabWidget):
        for i in reversed(range(tabs.count())):
            if tabs.tabText(i).startswith("Undo history"):
                tabs.removeTab(i)
    for label in view.findChildren(QLabel):
        if label.text().startswith("Undo history"):
            label.hide()


class NetBoard:
    """The board view of one seat, fed from the server's updates."""

    def __init__(
        self, welcome: dict[str, Any], ctx: AppContext, send: Callable[[str], None]
    ) -> None:
        self.mirror = Mirror(welcome)
        cls = view_class(str(welcome["game"]))
        assert cls is not None and issubclass(cls, TableView)
        self.view: TableView = cls(ctx)
        self.view.bot_delay_ms = 0  # the table's own chores for this seat: sent at once
        self._send = send
        self.seated = False
        quiet_setup(self.view)

    def take(self, update: dict[str, Any]) -> None:
        """An update from the server: the log grows, the board is redrawn."""
        self.mirror.take(update)
        if not self.seated:  # the first update brings the first world: now draw
            self.seated = True
            self.view.seat_remote(
                self.mirror.session, self.mirror.seat, lambda a: self._send(a.to_text())
            )
            quiet_setup(self.view)
            self._mark_remote_seats()
        else:
            self.view.after_change()

    def _mark_remote_seats(self) -> None:
        """The seat boxes say which seats are played on other computers."""
        view = self.view
        for seat, box in enumerate(getattr(view, "seat_boxes", [])):
            if seat < len(view.seats) and view.seats[seat] == REMOTE:
                box.blockSignals(True)
                box.addItem(f"{view.state.name(seat)}: {seat_title(REMOTE)}", REMOTE)
                box.setCurrentIndex(box.count() - 1)
                box.blockSignals(False)
