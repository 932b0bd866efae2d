"""A seat played at a shared screen: covered outside its player's moment.

When this computer is also the table screen (phones at the table) or two people play
seats at it, a seat's window (its hand, its loyalty, its votes) must not sit open for
everyone to see. The guard covers it with the hot-seat hand-off
(:class:`ui.table.handoff.HandOff`): when its turn comes, "Pass the computer to Anna"
and a button only Anna presses; as soon as the turn moves on (or anything new is
logged while it is not her turn) the cover is back. A seat that is alone at its screen
(the others on their own computers) stays open: the hand-off appears only between the
people who share this screen."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject

from ui.net.window import NetTableWindow
from ui.table.handoff import HandOff


class ScreenGuard(QObject):
    """Covers ``window`` unless its player has taken the screen for their moment."""

    def __init__(self, window: NetTableWindow, *, always: bool) -> None:
        """``always``: two or more seats are played here; else the screen is shared
        only once a seat is taken from a phone (its player looks at this screen)."""
        super().__init__(window)
        self.window = window
        self.always = always
        #: Someone else looks at this screen (a phone's player, a second seat here).
        self.sharing = always
        self.cover = HandOff(window)  # its name keeps the hand-off's opaque look
        self.cover.ready.connect(self.reveal)
        #: The log length at which the player took the screen (None: covered).
        self.open_at: int | None = None
        self.update: dict[str, Any] | None = None
        window.installEventFilter(self)
        window.seat.updated.connect(self.on_update)
        if always:
            self.cover_up()
        else:
            self.cover.hide()
            self.open_at = 0

    @property
    def covered(self) -> bool:
        """The cover is up (shown with the window, whenever the window shows)."""
        return not self.cover.isHidden()

    def _name(self, seat: int | None) -> str:
        return self.window._name(seat) if seat is not None else "nobody"

    def cover_up(self) -> None:
        me = self.window.me if self.window.me is not None else 0
        up = self.update or {}
        to_act = up.get("to_act")
        name = self._name(me)
        if up.get("over"):
            reason = "The game is over."
        elif to_act == me:
            reason = f"It is {name}'s turn."
        elif to_act is None:
            reason = "Waiting for every seat to be taken."
        else:
            reason = f"Waiting for {self._name(to_act)}."
        recent = [str(e.get("t") or "") for e in (up.get("entries") or [])][-5:]
        self.cover.show_for(me, name, reason, recent=recent)
        if to_act != me:
            self.cover.heading.setText(f"{name}'s seat is covered")
        self.open_at = None

    def reveal(self, _seat: int) -> None:
        self.cover.hide()
        self.open_at = int((self.update or {}).get("n", 0))

    def shared(self, update: dict[str, Any]) -> bool:
        """Someone else looks at this screen: a second seat here, or a phone's player."""
        return self.always or any(s.get("web") for s in update.get("seats") or [])

    def on_update(self, update: dict[str, Any]) -> None:
        self.update = update
        me, to_act = self.window.me, update.get("to_act")
        if not self.shared(update):
            return  # alone at this screen (the others at their own computers)
        if not self.sharing:  # a phone's player looks on from now: her moment only
            self.sharing = True
            if to_act != me:
                self.cover_up()
                return
        if self.open_at is None:
            self.cover_up()  # covered: its words follow the table
        elif to_act != me and int(update.get("n", 0)) != self.open_at:
            self.cover_up()  # the moment is over: the turn moved on

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if obj is self.window and event.type() == QEvent.Type.Resize and self.covered:
            self.cover.setGeometry(self.window.rect())
            self.cover.raise_()
        return False
