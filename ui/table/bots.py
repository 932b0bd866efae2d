"""The bots at a table, written once for all six games (a part of :class:`ui.table.base.TableView`).

A seat played by a bot moves by itself, stepped by a timer (never from a redraw):
the pause before each move is the bot speed, a Hard seat thinks off the UI thread
(:mod:`ui.bot_thread`) for the table's think time. Both are the player's settings,
kept in the data folder's settings file (``ctx.settings``), never in the user's Qt
settings: two data folders never share one. The think time is read at every decision,
so a change applies to the very next one.

**The lock.** While a bot thinks, every control of the table that acts (buttons,
boxes, the view's actions and their shortcuts, Edit > Undo and Redo) is disabled, and
:meth:`ui.table.acting.TableActing.do` refuses a move made meanwhile; only what shows
the table (zoom, legend, the think time, Move now) stays. "Bot move" (B) lets a human
ask for one move of the side to move.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QSpinBox,
    QToolButton,
    QWidget,
)

from ui.bot_thread import BUDGETS, DEFAULT_SECONDS, BotThinker, bot_move, thinks
from ui.table.seats import NORMAL, tip_levels

#: Bot speed: the pause before each bot move, in ms.
BOT_SPEEDS = {"Slow": 900, "Normal": 350, "Fast": 120, "Instant": 0}
SPEED_KEY = "table/bot_speed"
#: Marks a control that only shows the table (zoom, legend): never locked.
VIEW_ONLY = "view_only"


def think_key(mode_key: str) -> str:
    """Where a table's think time is kept in the data folder's settings."""
    return f"table/{mode_key}/think_seconds"


def view_only(*controls: QObject) -> None:
    """Mark ``controls`` as showing the table only: a thinking bot does not lock them."""
    for c in controls:
        c.setProperty(VIEW_ONLY, True)


class TableBots:
    """The bots' part of a table (mixed into :class:`ui.table.base.TableView`)."""

    ctx: Any
    session: Any
    bots: dict[int, Any]
    seats: list[str]
    _batch: bool

    def _init_bots(self) -> None:
        self.bot_delay_ms = BOT_SPEEDS[self.speed_setting()]
        self._bot_timer = QTimer(self)  # type: ignore[arg-type]
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._bot_step)
        #: The Hard seats' time a move, in seconds (this table's setting).
        self.think_seconds = self._stored_think_seconds()
        #: A Hard seat thinks off the UI thread (ui/bot_thread.py).
        self.thinker = BotThinker(self, self.think_seconds)  # type: ignore[arg-type]
        self.thinker.mark.budget.currentIndexChanged.connect(
            lambda i: self.set_think_seconds(BUDGETS[i])
        )
        self.thinker.busy_changed.connect(self._lock)
        #: What the lock disabled (enabled again when the bot has moved).
        self._locked: list[QObject] = []
        self._undo_was_active = False

    # -- settings (the data folder's) --------------------------------------------------
    def speed_setting(self) -> str:
        value = self.ctx.settings.value(SPEED_KEY, "Normal")
        return value if isinstance(value, str) and value in BOT_SPEEDS else "Normal"

    def _stored_think_seconds(self) -> float:
        raw = self.ctx.settings.value(think_key(self.mode_key), DEFAULT_SECONDS)  # type: ignore[attr-defined]
        try:
            value = float(raw)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return DEFAULT_SECONDS
        return value if value in BUDGETS else DEFAULT_SECONDS

    def _keep(self, key: str, value: str | float) -> None:
        settings = self.ctx.settings
        settings.setValue(key, value)
        problem = settings.sync()
        if problem:
            self.status_changed.emit(problem)  # type: ignore[attr-defined]

    def set_think_seconds(self, seconds: float) -> None:
        """This table's Hard seats think ``seconds`` a move from their next decision on."""
        if seconds not in BUDGETS:
            raise ValueError(f"a think time of {seconds} s is not offered")
        self.think_seconds = seconds
        box = self.thinker.mark.budget
        if box.currentIndex() != BUDGETS.index(seconds):
            box.blockSignals(True)
            box.setCurrentIndex(BUDGETS.index(seconds))
            box.blockSignals(False)
        for seat_box in getattr(self, "seat_boxes", []):
            tip_levels(seat_box, seconds)
        self._keep(think_key(self.mode_key), seconds)  # type: ignore[attr-defined]

    def speed_box(self) -> QComboBox:
        """The bot speed chooser for a game's bar (kept in the data folder)."""
        box = QComboBox()
        box.setObjectName("table-bot-speed")
        box.setToolTip("How long each bot move stays on screen before the next")
        for name, ms in BOT_SPEEDS.items():
            box.addItem(f"Bots: {name.lower()}", ms)
        box.setCurrentText(f"Bots: {self.speed_setting().lower()}")
        view_only(box)

        def chosen(i: int) -> None:
            self.bot_delay_ms = int(box.itemData(i))
            self._keep(SPEED_KEY, list(BOT_SPEEDS)[i])

        box.currentIndexChanged.connect(chosen)
        return box

    # -- stepping --------------------------------------------------------------------
    def bot_delay(self, seat: int) -> int:
        return self.bot_delay_ms

    def _next_auto(self) -> int | None:
        view: Any = self
        if self.session is None or view.state.is_terminal() or view.replaying or view.waiting():
            return None
        seat = view.state.current_player()
        if seat is None or view.played_elsewhere(seat):
            return None  # played on another computer: nothing moves for it here
        return seat if view.acts_by_itself(seat) else None

    def schedule_bots(self) -> None:
        """Start the timer for the next bot move (never from a redraw)."""
        seat = self._next_auto()
        if seat is not None and not self._bot_timer.isActive() and not self._batch:
            self._bot_timer.start(self.bot_delay(seat))

    def _bot_step(self) -> None:
        seat = self._next_auto()
        if seat is None:
            return
        view: Any = self
        if thinks(self.bots.get(seat)):  # a Hard seat thinks off the UI thread
            bot_move(
                self,
                seat,
                lambda a: view.do(a, auto=True),
                who=view.seat_name(seat),
                at_once=self._batch,
            )
            return
        view.do(view.automatic_action(seat), auto=True)

    def bot_acts(self, seat: int) -> bool:
        view: Any = self
        return bool(view.acts_by_itself(seat)) and not view.waiting()

    def run_bots(self, limit: int = 10_000) -> int:
        """Let the seats that act by themselves play until a human must (tests,
        screenshots); the table is drawn once at the end."""
        steps = 0
        self._batch = True
        try:
            while steps < limit and self._next_auto() is not None:
                self._bot_timer.stop()
                self._bot_step()
                steps += 1
        finally:
            self._batch = False
            self.after_change()  # type: ignore[attr-defined]
        return steps

    def bot_step(self) -> None:
        """Bot move (B): the side to move makes one move by its bot (a human's side: a
        Normal bot moves for them, their own move to take back)."""
        view: Any = self
        if (
            self.session is None
            or view.state.is_terminal()
            or view.replaying
            or view.remote
            or self.thinker.busy
        ):
            return
        seat = view.state.current_player()
        if seat is None:
            return
        bot = self.bots.get(seat)
        mine = bot is None
        if mine:
            bot = view.level_bot(seat, NORMAL)
        bot_move(self, seat, lambda a: view.do(a, auto=not mine), bot=bot, who=view.seat_name(seat))

    # -- the lock while a bot thinks ----------------------------------------------------
    def acting_controls(self) -> list[QObject]:
        """Every control of the table that acts on the game (a view may add its own)."""
        view: Any = self
        keep = (self.thinker.mark, view.handoff, view.scores)
        out: list[QObject] = []
        for w in view.findChildren(QWidget):
            if not isinstance(w, QAbstractButton | QComboBox | QSpinBox):
                continue
            if isinstance(w, QToolButton) and w.defaultAction() is not None:
                continue  # a toolbar's button: its action says
            if w.property(VIEW_ONLY) or any(k is w or k.isAncestorOf(w) for k in keep):
                continue
            out.append(w)
        for act in view.findChildren(QAction):
            if not act.property(VIEW_ONLY) and not act.isSeparator() and act.text():
                out.append(act)
        out += [sc for sc in view.findChildren(QShortcut) if not sc.property(VIEW_ONLY)]
        return out + list(view.more_acting_controls())

    def more_acting_controls(self) -> list[QObject]:
        """A game's own controls that act and are not buttons or boxes (e.g. a list)."""
        return []

    def _lock(self, busy: bool) -> None:
        view: Any = self
        if busy:
            self._undo_was_active = view.undo_stack.isActive()
            if self._undo_was_active:
                view.undo_stack.setActive(False)  # Edit > Undo / Redo: off while it thinks
            for c in self.acting_controls():
                if c.isEnabled():  # type: ignore[attr-defined]
                    c.setEnabled(False)  # type: ignore[attr-defined]
                    self._locked.append(c)
            return
        locked, self._locked = self._locked, []
        for c in locked:
            try:
                c.setEnabled(True)  # type: ignore[attr-defined]
            except RuntimeError:  # deleted meanwhile (a panel rebuilt)
                pass
        current = getattr(view.window(), "current", view)  # the window may show another mode now
        if self._undo_was_active and current is view:
            view.undo_stack.setActive(True)
        self._undo_was_active = False

    def relock(self) -> None:
        """A redraw while a bot thinks may enable a control again: lock what it did."""
        if self.thinker.busy:
            for c in self.acting_controls():
                if c.isEnabled():  # type: ignore[attr-defined]
                    c.setEnabled(False)  # type: ignore[attr-defined]
                    self._locked.append(c)
