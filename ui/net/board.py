"""A seat's real table across computers: the game's own view drawing the seat's
:class:`~wargame.net.mirror.Mirror`.

The view is the one the game has at one screen (a board game's ``ui/table`` view, the
naval battle's, the raid's), put in remote mode (:mod:`ui.remote`,
``view.seat_remote``): it draws this seat's copy of the table (a board game from
``seen()``, the seat's observation of the server's world; naval and raid have nothing
hidden and draw the public game replayed), shows the log the server sent, never a
hand-off (one person at this screen), and its clicks go to the server as the action's
text. The table's setup (new game, seats, scenario, bots, rematch) and the undo history
are not shown: the host sets the table up, and a move sent across computers is not
taken back (docs/rulings.md, "Undo across computers").
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from ui.context import AppContext
from ui.mode_base import ModeView
from ui.modes import view_class
from ui.remote import REMOTE, RemoteMode
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


def board_class(game: str) -> type[ModeView] | None:
    """The view that shows ``game`` from one seat across computers (None: none does)."""
    cls = view_class(game)
    return cls if cls is not None and issubclass(cls, RemoteMode) else None


def has_board(game: str) -> bool:
    return board_class(game) is not None


class NetBoard:
    """The board view of one seat, fed from the server's updates."""

    def __init__(
        self, welcome: dict[str, Any], ctx: AppContext, send: Callable[[str], None]
    ) -> None:
        self.mirror = Mirror(welcome)
        cls = board_class(str(welcome["game"]))
        assert cls is not None
        self.view: Any = cls(ctx)  # a ModeView that is a RemoteMode
        self._send = send
        self.seated = False
        self.view.quiet_setup()

    def take(self, update: dict[str, Any]) -> None:
        """An update from the server: the log grows, the board is redrawn."""
        self.mirror.take(update)
        if not self.seated:  # the first update brings the first world: now draw
            self.seated = True
            self.view.seat_remote(
                self.mirror.session, self.mirror.seat, lambda a: self._send(a.to_text())
            )
            self.view.quiet_setup()
            self._mark_remote_seats()
        else:
            self.view.remote_changed()
            self._mark_remote_seats()  # a player who joined since is named there

    def _mark_remote_seats(self) -> None:
        """The seat boxes (a board game's) say which seats are played on other computers,
        by the players' names as the table tells them."""
        view = self.view
        for seat, box in enumerate(getattr(view, "seat_boxes", [])):
            if seat < len(view.seats) and view.seats[seat] == REMOTE:
                text = f"{view.seat_name(seat)}: {seat_title(REMOTE)}"
                at = box.findData(REMOTE)
                if at >= 0 and box.itemText(at) == text:
                    continue
                box.blockSignals(True)
                if at < 0:
                    box.addItem(text, REMOTE)
                    at = box.count() - 1
                box.setItemText(at, text)
                box.setCurrentIndex(at)
                box.blockSignals(False)
