"""A view as one seat of a table across computers (``ui/net``): the part every game's
view shares, whatever it draws.

A view in remote mode shows a *copy* of a table played on a server (the seat's
:class:`~wargame.net.mirror.Mirror` session), from :attr:`RemoteMode.remote_seat`. The
other seats are played elsewhere (:data:`REMOTE`: no bots here, no hand-offs, one
person at this screen). The player's chosen action is checked against the copy (a
refusal in the rules' words) and goes to :attr:`RemoteMode.route`, the server,
instead of being applied here; it comes back with the server's next update, which
redraws the view (:meth:`RemoteMode.remote_changed`). Nothing is taken back across
computers (docs/rulings.md, "Undo across computers"), and setting the table up (new
game, seats, scenario, bots) is the host's (:meth:`RemoteMode.quiet_setup`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QSpinBox,
    QTabWidget,
    QUndoView,
    QWidget,
)

from wargame.core.actions import Action
from wargame.core.log import Session

#: A seat played on another computer (a table across computers): no bot here.
REMOTE = "remote"


class RemoteMode:
    """Mixed into a mode view (a :class:`~ui.mode_base.ModeView`) that can show one
    seat of a table across computers. A view fills in :meth:`seat_remote` (show the
    copy, hide its setup) and may redefine :meth:`remote_changed` and
    :meth:`quiet_setup`."""

    #: Where a player's chosen action goes instead of the session (a seat across
    #: computers: the server); None: it is played here.
    route: Callable[[Action], None] | None = None
    #: The seat this screen plays when :attr:`route` is set.
    remote_seat: int | None = None
    #: What each seat commands, in the game's words ("attacker", "defender"); empty
    #: where a seat is just a player.
    side_words: tuple[str, ...] = ()

    @property
    def remote(self) -> bool:
        """True while the view shows a seat of a table across computers."""
        return self.route is not None

    def played_elsewhere(self, seat: int | None) -> bool:
        """True when ``seat`` is played on another computer (not this screen's seat)."""
        return self.route is not None and seat is not None and seat != self.remote_seat

    def go_remote(self, seat: int, send: Callable[[Action], None]) -> None:
        """From now on ``seat`` is this screen's and its moves go to ``send``."""
        self.route = send
        self.remote_seat = seat

    def send_to_table(self, action: Action) -> bool:
        """Send the player's ``action`` to the server, checked against the copy first:
        another seat's turn or the rules' refusal is shown (nothing sent, False)."""
        assert self.route is not None
        view: Any = self  # a ModeView with a session
        state = view.session.state
        if self.played_elsewhere(state.current_player()):
            view.show_error("It is not your turn: the table waits for another computer's move.")
            return False
        if not state.is_legal(action):
            view.show_error(str(state.refusal(action)))
            return False
        self.route(action)
        return True

    # -- a view's hooks ------------------------------------------------------------------
    def seat_remote(self, session: Session[Any], seat: int, send: Callable[[Action], None]) -> None:
        """Show ``session``, a copy of a table played across computers, from ``seat``;
        the player's moves go to ``send`` (a view's: it calls :meth:`go_remote`)."""
        raise NotImplementedError

    def remote_changed(self) -> None:
        """The server's update changed the copy: redraw (a view's)."""

    def side_title(self, seat: int) -> str:
        """What ``seat`` commands ("the defender"), for the seat's window ("": none)."""
        return f"the {self.side_words[seat]}" if seat < len(self.side_words) else ""

    def quiet_setup(self) -> None:
        """Hide or lock what sets a table up or takes moves back (default: the board
        games' table bar, :func:`hide_table_setup`)."""
        assert isinstance(self, QWidget)
        hide_table_setup(self)


def hide_setup(actions: Sequence[QAction], board: QWidget) -> None:
    """Hide and switch off a view's setup and bot ``actions`` (toolbar items), and the
    Override... menu a right-click on its ``board`` offers (the host's table is not
    changed from a seat)."""
    for act in actions:
        act.setVisible(False)
        act.setEnabled(False)
    board.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)


#: Menu actions that set the table up (by object name): the host's only.
HOST_ONLY_ACTIONS = ("poe-friendly-undo",)


def hide_table_setup(view: QWidget) -> None:
    """Hide or lock what sets a board game's table up or takes moves back: the host's,
    not a seat's (seat boxes, names, New game / Rematch / Board..., variants, bot speed,
    the undo history)."""
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
    # the options menus (Variants, Options): every choice of the game is the host's
    # (greyed); a seat's own preferences (ask me during others' turns, do my chores)
    # stay: they change nothing for the other seats
    for group in view.findChildren(QActionGroup):
        for act in group.actions():
            act.setEnabled(False)
    for act in view.findChildren(QAction):
        if act.objectName() in HOST_ONLY_ACTIONS:
            act.setEnabled(False)
    for w in view.findChildren(QUndoView):
        w.hide()
    for tabs in view.findChildren(QTabWidget):
        for i in reversed(range(tabs.count())):
            if tabs.tabText(i).startswith("Undo history"):
                tabs.removeTab(i)
    for label in view.findChildren(QLabel):
        if label.text().startswith("Undo history"):
            label.hide()
