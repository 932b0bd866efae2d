"""Bots that think off the UI thread: the one piece every view drives its bots through.

A hand-written bot answers in milliseconds and plays at once. A bot that thinks for a
while (the search bot of the "Hard" level: anything with ``hurry()``) thinks in a
worker thread on a copy of the state, so the window keeps repainting and answering;
meanwhile a "thinking..." mark names the seat, with a "Move now" button (Esc does the
same) and the time it may take a move (the table's think time, 1 s by default, kept in
the data folder: ``ui/table/bots.py``; read at every decision, so a change applies to
the very next one). The move found comes back on the UI thread and is played only if the
game is still where it was when the bot started (:meth:`BotThinker.cancel` drops it,
e.g. after an undo).

The bot sees what ``simulate`` shows it: the state (a clone), from which the search
plans only on its seat's redraw of the hidden parts (``resample_hidden``).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from wargame.core.actions import Action
from wargame.core.game import BotFactory, Game, GameState
from wargame.core.levels import HARD_LEVEL
from wargame.core.play import bot_factories
from wargame.plural import agrees

#: The choices of the Hard level's time a move, in seconds.
BUDGETS = (0.5, 1.0, 2.0, 5.0)
DEFAULT_SECONDS = 1.0


def level_factories(game: Game) -> Mapping[str, BotFactory]:
    """Every bot of ``game`` by name, the levels among them, the hard bot on a time
    budget (with the mode's depth and sequential halving); the table sets the time
    before each decision (:func:`bot_move`)."""
    return bot_factories(game, {"search_seconds": DEFAULT_SECONDS})


def give_time(bot: Any, seconds: float | None) -> None:
    """A search bot on a time budget thinks ``seconds`` on its next decision (a bot that
    hands some decisions to a search takes the time by its ``think_for``)."""
    think_for = getattr(bot, "think_for", None)
    if seconds is not None and callable(think_for):
        think_for(seconds)
        return
    options = getattr(bot, "options", None)
    if seconds is None or options is None or getattr(options, "iterations", 1) is not None:
        return
    if options.seconds != seconds:
        bot.options = dataclasses.replace(options, seconds=seconds)


def thinks(bot: Any) -> bool:
    """True for a bot that takes its time (the search bot): it thinks off the UI thread."""
    return callable(getattr(bot, "hurry", None))


class ThinkingMark(QFrame):
    """'Pirate 2 is thinking...' with a Move now button and the time a move may take."""

    def __init__(self, parent: QWidget, seconds: float = DEFAULT_SECONDS) -> None:
        super().__init__(parent)
        self.setObjectName("bot-thinking")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 8, 4)
        self.label = QLabel()
        self.label.setObjectName("bot-thinking-label")
        row.addWidget(self.label)
        self.button = QPushButton("Move now")
        self.button.setObjectName("bot-move-now")
        self.button.setToolTip("The bot plays the best move it has found so far (Esc)")
        row.addWidget(self.button)
        self.budget = QComboBox()
        self.budget.setObjectName("bot-hard-seconds")
        self.budget.setToolTip(
            "How long this table's Hard bots may think about a move (from their next one)"
        )
        for s in BUDGETS:
            self.budget.addItem(f"Think {s:g} s", s)
        self.budget.setCurrentIndex(BUDGETS.index(seconds if seconds in BUDGETS else 1.0))
        row.addWidget(self.budget)
        self.hide()

    def show_for(self, who: str) -> None:
        self.label.setText(f"{who} {agrees(who, 'is', 'are')} thinking…")
        self.adjustSize()
        parent = self.parentWidget()
        if parent is not None:
            self.move(max(0, parent.width() - self.width() - 12), 8)
        self.show()
        self.raise_()


class BotThinker(QObject):
    """Runs one bot's decision at a time in a worker thread (see the module's docstring)."""

    #: (the action chosen, the decision's number): from the worker to the UI thread.
    _chosen = Signal(object, int)
    #: True when a bot starts thinking, False when it stops (the table's lock).
    busy_changed = Signal(bool)

    def __init__(self, view: QWidget, seconds: float = DEFAULT_SECONDS) -> None:
        super().__init__(view)
        self.view = view
        self.mark = ThinkingMark(view, seconds)
        self.mark.button.clicked.connect(self.move_now)
        self._chosen.connect(self._arrived, Qt.ConnectionType.QueuedConnection)
        self._token = 0
        self._key: object = None
        self._bot: Any = None
        self._then: Callable[[Action], None] | None = None
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """True while a bot is thinking."""
        return self._then is not None

    def play(
        self,
        bot: Any,
        state: GameState,
        seat: int,
        who: str,
        then: Callable[[Action], None],
        key: object = None,
    ) -> None:
        """``bot`` chooses ``seat``'s move in ``state`` and ``then(action)`` plays it: at
        once for a quick bot, after thinking off the UI thread for a search bot. ``key``
        names the position: asked again for the same while thinking, nothing new starts;
        for another, the decision under way is dropped and this one starts."""
        if not thinks(bot):
            then(bot.choose(state, seat))
            return
        if self.busy and key is not None and key == self._key:
            return
        self.cancel()
        self._key = key
        self._token += 1
        token = self._token
        self._bot, self._then = bot, then
        copy = state.clone()

        def work() -> None:
            try:
                action: Action | BaseException = bot.choose(copy, seat)
            except Exception as exc:  # noqa: BLE001 - shown on the UI thread
                action = exc
            try:
                self._chosen.emit(action, token)
            except RuntimeError:  # the view closed meanwhile: nobody waits for the move
                pass

        self.mark.show_for(who)
        # Esc anywhere in the window, whichever widget has the focus (a board that
        # takes Esc for itself too): an application filter while the bot thinks.
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        self._thread = threading.Thread(target=work, name=f"bot {who}", daemon=True)
        self._thread.start()
        self.busy_changed.emit(True)

    def move_now(self) -> None:
        """Esc or the button: the thinking bot plays the best move found so far."""
        if self._bot is not None:
            self._bot.hurry()

    def cancel(self) -> None:
        """The game moved on (undo, a new game, the seat taken over): the decision under
        way is dropped when it comes back."""
        if self._bot is not None:
            self._bot.hurry()
        self._token += 1
        self._done()

    def wait(self, seconds: float = 30.0) -> None:
        """Block until the worker has finished (closing, tests)."""
        if self._thread is not None:
            self._thread.join(seconds)

    def _done(self) -> None:
        was = self.busy
        self._bot = self._then = self._key = None
        self.mark.hide()
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        if was:
            self.busy_changed.emit(False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Esc pressed in the thinking view's window: move now (the key goes no further)."""
        kind = event.type()
        if (
            kind in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride)
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
            and self.busy
            and isinstance(watched, QWidget)
            and watched.window() is self.view.window()
        ):
            if kind == QEvent.Type.KeyPress:
                self.move_now()
            event.accept()
            return True
        return False

    def _arrived(self, action: object, token: int) -> None:
        then = self._then
        if token != self._token or then is None:
            return  # dropped: the game moved on meanwhile
        self._done()
        if isinstance(action, BaseException):
            raise action

        def later() -> None:
            if token == self._token:  # nothing cancelled meanwhile
                then(action)  # type: ignore[arg-type]

        # Played from the event loop, never inside the signal's delivery of another;
        # dropped with the view if it closes first.
        QTimer.singleShot(0, self, later)


def bot_move(
    view: Any,
    seat: int,
    do: Callable[[Action], Any],
    *,
    bot: Any = None,
    who: str | None = None,
    at_once: bool = False,
) -> None:
    """``bot`` (default ``view.bots[seat]``) plays ``seat``'s move in ``view.session`` through ``do``:
    a Hard bot thinks off the UI thread (``view.thinker``, made on first use) unless
    ``at_once`` (a batch of bot moves: tests, screenshots) or it has no choice; its move
    is played only if the game is still where it was."""
    thinker = getattr(view, "thinker", None)
    if thinker is None:
        thinker = view.thinker = BotThinker(view)
    session = view.session
    state = session.state
    bot = bot if bot is not None else view.bots[seat]
    at_once = at_once or bool(getattr(view, "_batch", False))
    give_time(bot, getattr(view, "think_seconds", None))  # the table's time, this decision
    if at_once or not thinks(bot) or len(state.legal_actions()) < 2:
        do(bot.choose(state, seat))
        return
    key = (id(session), len(session.entries), seat)

    def play(action: Action) -> None:
        now = view.session
        if now is session and (id(now), len(now.entries), now.state.current_player()) == key:
            do(action)

    if who is None:
        name = getattr(state, "name", None)
        who = name(seat) if callable(name) else f"Seat {seat + 1}"
    thinker.play(bot, state, seat, who, play, key)


__all__ = [
    "bot_move",
    "HARD_LEVEL",
    "BotThinker",
    "give_time",
    "level_factories",
    "thinks",
]
