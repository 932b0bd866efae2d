"""The base of every board game's table (after napari's layer-controls base).

:class:`TableView` is written once against the game protocol. A game's view
subclasses it, builds its widgets (placing :attr:`log`), and fills in the hooks
marked "a game's": drawing (:meth:`draw`), the prompt words, which human moments
are private, and what its bots and chores do.

**One seat's view.** The screen shows :attr:`viewer`'s private view, or the public
view (``viewer`` None). :meth:`settle` is the one rule, for every game: a human's
private moment shows their view only after they took the computer (the hand-off)
or when nobody else has had it since; anything else (bots' and other seats' turns,
a prompt to the whole table, the game over) shows the public view. One human
against bots keeps their own view throughout: nobody else is at the table.

**A seat across computers** (``ui/net``, :mod:`ui.remote`): :meth:`seat_remote` shows
a seat's copy of a table played on a server; the other seats are :data:`REMOTE`.

**Undo belongs to the player who acted.** The undo stack holds the moves of one
human seat, :attr:`undo_owner` (and the bots' replies merged into them); it empties
when another human's turn comes and at every barrier (a roll, a draw, a reveal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCursor, QKeySequence
from PySide6.QtWidgets import QComboBox, QLayout, QMenu, QSplitter, QVBoxLayout, QWidget

from ui.bot_thread import BotThinker, bot_move, level_factories, thinks
from ui.context import AppContext
from ui.mode_base import ModeView
from ui.remote import REMOTE, RemoteMode
from ui.table.handoff import HandOff
from ui.table.log import TableLog, starts_line
from ui.table.scores import ScoreTable
from ui.table.seats import saved_seats
from ui.table.undo import ActionCommand, clear_stack, push_action
from wargame.core.actions import Action
from wargame.core.dice import DiceService, fresh_seed
from wargame.core.game import Bot, GameSpec
from wargame.core.log import Entry, Session
from wargame.core.play import load_session, new_session
from wargame.core.registry import game_class
from wargame.errors import FileFormatError, WargameError

#: Bot speed: the pause before each bot move, in ms.
BOT_SPEEDS = {"Slow": 900, "Normal": 350, "Fast": 120, "Instant": 0}
SPEED_KEY = "table/bot_speed"


def bot_speed_setting() -> str:
    value = QSettings().value(SPEED_KEY, "Normal")
    return value if isinstance(value, str) and value in BOT_SPEEDS else "Normal"


def open_saved_session(ctx: Any, title: str, data: dict[str, Any]) -> Session[Any]:
    """A saved board game put back on the table: its dice go on from the save's sealed
    generator state (``load_session``); a save from before seeds came from the OS names
    its seed in the (authenticated) header. Every board-game view opens saves here."""
    header = data.get("header")
    seed = header.get("seed") if isinstance(header, dict) else None
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else None
    return load_session(data, ctx.make_dice(seed, title))


class TableView(RemoteMode, ModeView):
    #: Who can sit at a seat; "human" first.
    controllers: ClassVar[tuple[str, ...]] = ("human", "random", "strong", "hard")
    #: False for a game with no hidden information: no hand-offs at all.
    has_secrets: ClassVar[bool] = True
    #: What the hand-off says the next screen shows of the player's.
    private_word: ClassVar[str] = "hand"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.session: Session[Any] | None = None
        self.seats: list[str] = ["human", "strong", "strong", "strong"]
        self.bots: dict[int, Bot] = {}
        self.route: Callable[[Action], None] | None = None  # ui.remote: None at one screen
        #: The seat whose private view is on screen (None: the public view).
        self.viewer: int | None = None
        #: The human who last took the computer (None after a prompt to the table).
        self.holder: int | None = None
        #: The human seat whose moves the undo stack holds.
        self.undo_owner: int | None = None
        self.bot_delay_ms = BOT_SPEEDS[bot_speed_setting()]
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._bot_step)
        #: A Hard seat thinks off the UI thread (ui/bot_thread.py).
        self.thinker = BotThinker(self)
        self._batch = False
        self._in_history = False
        #: While :meth:`do` applies a move: whether it is automatic (a bot's, or a chore
        #: or pass the table makes for a human), for the log's marking.
        self._auto_move: bool | None = None
        self._scores_shown = False
        #: Public lines since a human last acted (told on the next hand-off).
        self.recent: list[str] = []
        #: The public moves made by themselves (bots, chores) since a human last acted:
        #: a game marks them on its board so the table can follow the bots' turns.
        self.recent_auto: list[Entry] = []
        self.log = TableLog(f"{self.mode_key.split('-')[0]}-log")
        self.handoff = HandOff(self)
        self.handoff.ready.connect(self.take_computer)
        self.handoff.hide()
        self.scores = ScoreTable(self)
        self.scores.rematch.connect(self.rematch)
        undo = QAction("Undo", self)
        undo.setShortcut(QKeySequence("U"))
        undo.triggered.connect(self.undo_stack.undo)
        self.addAction(undo)

    # -- a game's hooks --------------------------------------------------------------
    def draw(self) -> None:
        """Draw the table from :attr:`viewer`'s view (a game's)."""

    def status_line(self) -> str:
        """The status while the game goes on (a game's)."""
        return self.title

    def progress(self) -> str:
        """How far the game is, for the save's name ("round 3"; a game's)."""
        return ""

    def handoff_reason(self, seat: int) -> str:
        return f"It is {self.state.name(seat)}'s move."

    def handoff_words(self, seat: int) -> tuple[str, str] | None:
        """A game's own words on the hand-off to ``seat``: what the others are told after
        "look away:" and the button's text (None: "Anna's hand will be shown" and
        "I am Anna: show my hand", from :attr:`private_word`)."""
        return None

    def private_seat(self) -> int | None:
        """The human whose private moment it is now (default: the human to move)."""
        seat = self.turn_seat()
        return seat if seat is not None and not self.shared_moment() else None

    def shared_moment(self) -> bool:
        """True while the whole table is asked at once (no private view, no hand-off)."""
        return False

    def acts_by_itself(self, seat: int) -> bool:
        """True when ``seat`` moves now without a human: a bot, or a chore or pass the
        table makes for a human."""
        return seat in self.bots

    def automatic_action(self, seat: int) -> Action:
        """What a seat that acts by itself does now."""
        return self.bots[seat].choose(self.state, seat)

    def bot_delay(self, seat: int) -> int:
        return self.bot_delay_ms

    def waiting(self) -> bool:
        """True while the table waits for a human before anything moves on by itself."""
        return False

    def entry_lines(self, entries: Sequence[Entry], i: int) -> tuple[str | None, list[str]]:
        """The log lines of ``entries[i]``: a rewrite of the last line, or None, and the
        new lines (default: what the engine reported, ``Entry.lines``)."""
        return None, list(entries[i].lines)

    def started(self, session: Session[Any]) -> None:
        """A game was put on the table (new or opened): reset the game's own view state."""

    def game_spec_header(self, header: dict[str, Any]) -> None:
        """Add what the table keeps with a save (a game's table settings)."""

    # -- the game on the table ---------------------------------------------------------
    @property
    def state(self) -> Any:
        assert self.session is not None
        return self.session.state

    @property
    def revealed(self) -> int | None:
        """The seat whose private view is on screen (as :attr:`viewer`)."""
        return self.viewer

    def seen(self) -> dict[str, Any]:
        """What the seat on screen may see (``observation(viewer)``; the public view
        between seats). A game draws anything secret from this, never from the true
        state, so a widget cannot be given what its seat may not see."""
        return self.state.observation(self.viewer)

    @revealed.setter
    def revealed(self, seat: int | None) -> None:
        self.viewer = self.holder = seat

    def humans(self) -> list[int]:
        return [s for s, c in enumerate(self.seats) if c == "human"]

    def turn_seat(self) -> int | None:
        """The human whose move it is (not one the table moves for), or None."""
        if self.session is None or self.state.is_terminal():
            return None
        seat = self.state.current_player()
        if seat is None or self.seats[seat] != "human" or self.acts_by_itself(seat):
            return None
        return seat

    def my_move(self) -> bool:
        """True when the human to move has the screen (their clicks count)."""
        seat = self.turn_seat()
        if seat is None:
            return False
        return self.viewer == seat or not self.has_secrets or self.shared_moment()

    def start_game(
        self,
        spec: GameSpec,
        seats: Sequence[str],
        *,
        seed: int | None = None,
        friendly: bool = False,
    ) -> None:
        """A new game; its dice are seeded from the OS (``seed``: a test's fixed seed)."""
        self._bot_timer.stop()
        self.seats = list(seats)
        game_class(spec.game)(spec.params)  # refuse bad parameters before anything changes
        dice = self.ctx.make_dice(seed, self.title)
        session = new_session(spec, dice, friendly_undo=friendly)
        session.header["seats"] = list(seats)
        naming = getattr(self, "naming", None)
        if naming is not None:
            naming.apply(session)
        self._start(session)

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        header = data.get("header") or {}
        session = open_saved_session(self.ctx, self.title, data)
        self.seats = saved_seats(header, session.state.n, self.controllers)
        self._start(session)
        if path is not None:
            self.document_name = path.stem
            self.document_changed.emit()

    def save_json(self) -> dict[str, Any]:
        if self.session is None:
            raise FileFormatError("no game to save")
        header = self.session.header
        header["seats"] = list(self.seats)
        header.pop("seed", None)  # a seed would tell the cards to come
        self.game_spec_header(header)
        return self.session.to_json()

    def seat_remote(self, session: Session[Any], seat: int, send: Callable[[Action], None]) -> None:
        """Show ``session``, a copy of a table played across computers, from ``seat``:
        every other seat is :data:`REMOTE`, and the player's moves go to ``send``."""
        self.go_remote(seat, send)
        self.bot_delay_ms = 0  # the table's own chores for this seat: sent at once
        self.seats = [REMOTE] * session.state.n
        self.seats[seat] = "human"
        self._start(session)

    def remote_changed(self) -> None:
        # the seats were named after the log's first line was told (a player joined):
        # who starts is told again by name
        line = starts_line(self.session) if self.session is not None else None
        first = self.log.item(0) if self.log.count() else None
        if line is not None and first is not None and first.text() != line:
            if " starts (the die for who starts showed " in first.text():
                first.setText(line)
        self.after_change()

    def _start(self, session: Session[Any]) -> None:
        self.session = session
        naming = getattr(self, "naming", None)
        if naming is not None:
            naming.follow(session)
        clear_stack(self.undo_stack)
        self._make_bots()
        self.viewer = self.holder = None
        authors = [
            e.seat for e in session.entries if e.seat is not None and e.seat < len(self.seats)
        ]
        humans = [s for s in authors if self.seats[s] == "human"]
        self.undo_owner = humans[-1] if humans else None
        self.recent = []
        self.recent_auto = []
        self._scores_shown = False
        self.scores.hide()
        self.started(session)
        self._retell(session)
        session.add_listener(self._on_session)
        self._show_seats()
        self.after_change()

    def _make_bots(self) -> None:
        assert self.session is not None
        self.thinker.cancel()
        factories = level_factories(
            game_class(self.session.header["game"])(self.session.header.get("params") or {})
        )
        self.bots = {
            s: factories[c](DiceService.seeded(fresh_seed()))
            for s, c in enumerate(self.seats)
            if c not in ("human", REMOTE)
        }

    def _show_seats(self) -> None:
        boxes: list[QComboBox] = getattr(self, "seat_boxes", [])
        spin = getattr(self, "player_spin", None)
        if spin is not None:
            spin.setValue(self.state.n)
        for s, c in enumerate(self.seats):
            if s < len(boxes) and c in self.controllers:
                boxes[s].blockSignals(True)
                boxes[s].setCurrentIndex(self.controllers.index(c))
                boxes[s].blockSignals(False)

    def seat_box_changed(self, seat: int) -> None:
        """A seat box changed during a game: that seat is played so from now on (a
        seat switched to a bot plays at once)."""
        boxes: list[QComboBox] = getattr(self, "seat_boxes", [])
        if self.session is None or seat >= self.state.n or seat >= len(boxes):
            return
        who = boxes[seat].currentData()
        if who == self.seats[seat] or who not in self.controllers:
            return
        self.seats[seat] = who
        self.session.header["seats"] = list(self.seats)
        self._make_bots()
        self.undo_stack.resetClean()
        self.after_change()

    def rematch(self) -> None:
        """A new game with the same players and settings (a game's ``new_game``)."""
        if self.session is None or self.route is not None:
            return
        header = self.session.header
        if self.replace_game(lambda: self.new_game_like(header)):
            self.schedule_bots()

    def replace_game(self, load: Callable[[], object]) -> bool:
        """Put the game ``load`` starts on the table (asking to save the one there
        first); a game the rules refuse to set up is told, not raised. False: nothing
        changed."""
        try:
            return self.replace_document(load)
        except WargameError as exc:
            self.show_error(str(exc), "Cannot start that game")
            return False

    def bar_seats(self) -> list[str]:
        """Who plays each seat, as the setup bar says (its player count, seat boxes)."""
        boxes: list[QComboBox] = getattr(self, "seat_boxes", [])
        return [boxes[s].currentData() for s in range(self.player_spin.value())]

    def offer(self, choices: Sequence[tuple[str, Action]], name: str) -> None:
        """A menu at the pointer of the actions one click could mean (their words)."""
        menu = QMenu(self)
        menu.setObjectName(name)
        for text, action in choices:
            item = menu.addAction(text)
            item.triggered.connect(lambda _=False, act=action: self.do(act))
        self._menu = menu  # tests pick from it
        menu.popup(QCursor.pos() if self.isVisible() else QPoint(0, 0))

    def new_game_like(self, header: dict[str, Any]) -> None:
        spec = GameSpec(
            str(header["game"]),
            self.state.n,
            dict(header.get("params") or {}),
            header.get("scenario"),
        )
        self.start_game(spec, self.seats, friendly=bool(header.get("friendly_undo")))

    # -- the log ----------------------------------------------------------------------
    def _retell(self, session: Session[Any]) -> None:
        """Rebuild the log of a game put on the table from what its entries told."""
        self.log.restart()
        self._tell_setup(session)
        for i in range(len(session.entries)):
            self.log.add(*self.entry_lines(session.entries, i))

    def _tell_setup(self, session: Session[Any]) -> None:
        """The log's first line: who starts, when the deal rolled for it (a public die,
        the ``starter`` parameter's "random")."""
        line = starts_line(session)
        if line is not None:
            self.log.note(line)

    def _on_session(self, session: Session[Any], what: str) -> None:
        if what in ("apply", "redo") and session.entries:
            i = len(session.entries) - 1
            rewrite, lines = self.entry_lines(session.entries, i)
            seat = session.entries[i].seat
            auto = self._auto_move
            if auto is None:  # a redo, a move made outside the table's do, a remote seat's
                auto = seat is None or seat in self.bots or self.played_elsewhere(seat)
            self.log.add(rewrite, lines, auto=auto)
            self.recent = [*self.recent, *lines][-5:] if auto else []
            last = session.entries[i]
            fresh = [last] if auto and not last.secret else []
            self.recent_auto = [*self.recent_auto, *fresh][-8:] if auto else []
        elif what == "correct" and session.entries:  # a mistyped die re-entered
            self.log.drop()
            self.log.add(*self.entry_lines(session.entries, len(session.entries) - 1))
            self.recent = []
        elif what == "undo":
            self.log.drop()
            self.recent = []
            self.recent_auto = []
            if session.friendly_undo:  # a practice game's undo is marked, as in its save
                self.log.note("(undo - friendly undo, practice game)")

    def override_applied(self, entry: Any) -> None:
        """A table override is logged by the session listener like any entry."""

    # -- acting -------------------------------------------------------------------------
    def do(self, action: Action, *, auto: bool | None = None, table: bool = False) -> bool:
        """Apply ``action`` for the seat to move; a refusal shows the rule's reason.
        ``auto``: a bot's or the table's own move (merged into the human move before
        it); ``table``: the whole table's answer to a shared prompt, its own undo step
        for whoever holds the undo."""
        if self.session is None:
            return False
        seat = self.state.current_player()
        if auto is None:
            auto = not table and (seat is None or self.acts_by_itself(seat))
        if not auto and not table:
            self._own_undo(seat)
            self.log.unmark()
        if self.route is not None:  # the server plays it; its update brings it back
            if not self.send_to_table(action):  # its copy judges a seat's move alike
                self.refresh()
                return False
            return True
        self._auto_move = auto
        try:
            push_action(
                self.undo_stack, self.session, action, auto=auto, on_change=self.history_changed
            )
        except WargameError as exc:
            self.show_error(str(exc))
            self.refresh()
            return False
        finally:
            self._auto_move = None
        self.autosave()
        self.after_change()
        return True

    def _own_undo(self, seat: int | None) -> None:
        """``seat`` (a human) moves now: the stack holds only their moves."""
        if seat is not None and seat != self.undo_owner:
            if self.undo_owner is not None or self.undo_stack.count():
                if self._in_history:  # never empty the stack from inside its own command
                    QTimer.singleShot(0, lambda: clear_stack(self.undo_stack))
                else:
                    clear_stack(self.undo_stack)
            self.undo_owner = seat

    def history_changed(self) -> None:
        """After undo or redo: the seat that undid keeps the screen; bots wait for
        their turn again."""
        self._bot_timer.stop()
        self.thinker.cancel()
        self._in_history = True
        try:
            self.after_change()
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
        entries = session.entries
        owner = self.undo_owner
        if owner is None or (owner != self.turn_seat() and not self.shared_moment()):
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

    # -- the one view rule --------------------------------------------------------------
    def settle(self) -> None:
        """Choose whose view the screen shows (see the module docstring)."""
        if self.session is None:
            return
        turn = self.turn_seat()
        if turn is not None and not self.shared_moment():
            self._own_undo(turn)  # another human's turn: the last one's moves are theirs
        humans = self.humans()
        want = self.private_seat()
        if self.shared_moment():
            self.holder = None  # the whole table looked: a hand-off before any secret
        if not self.has_secrets:
            self.viewer = None
        elif len(humans) == 1:
            self.viewer = self.holder = humans[0]
        elif want is None:
            self.viewer = None
        elif want == self.holder:
            self.viewer = want
        else:
            self.viewer = None
            if not self.handoff.isVisible() or self.handoff.seat != want:
                look_away, button = self.handoff_words(want) or (None, None)
                self.handoff.show_for(
                    want,
                    self.state.name(want),
                    self.handoff_reason(want),
                    shown=self.private_word,
                    recent=self.recent,
                    look_away=look_away,
                    button=button,
                )
            return
        self.handoff.hide()

    def take_computer(self, seat: int) -> None:
        """The hand-off was answered: ``seat`` has the computer."""
        self.holder = seat
        self.handoff.hide()
        self.after_change()

    # -- after every change -------------------------------------------------------------
    def after_change(self) -> None:
        """Settle the view, redraw, tell the status, then let the bots go on."""
        if self.session is None or self._batch:
            return  # run_bots settles and draws once at the end
        self.settle()
        self.refresh()
        self._name_document()
        self.schedule_bots()

    def refresh(self) -> None:
        if self.session is None or self._batch:
            return
        if self.handoff.isVisible():
            self.viewer = None  # nothing private behind the cover either
        self.draw()
        if self.state.is_terminal() and not self._scores_shown:
            self._scores_shown = True
            self._show_scores()
        elif not self.state.is_terminal():
            self._scores_shown = False
            self.scores.hide()
        self.status_changed.emit(self.status_text())

    def _show_scores(self) -> None:
        st = self.state
        out = st.outcome()
        if out is None:
            return
        won = set(out.winners)
        order = sorted(range(st.n), key=lambda s: (s not in won, -float(out.scores.get(s, 0))))
        rows = [(self.score_name(s), f"{out.scores.get(s, 0):g}", s in won) for s in order]
        who = ", ".join(st.name(s) for s in order if s in won) or "nobody"
        self.scores.show_scores(f"Game over ({out.end}): {who} won", rows)

    def score_name(self, seat: int) -> str:
        """A seat's name on the score table (a game's: e.g. with the team it was on)."""
        return str(self.state.name(seat))

    def status_text(self) -> str:
        if self.session is None:
            return self.title
        practice = "PRACTICE GAME, friendly undo on - " if self.session.friendly_undo else ""
        return practice + self.status_line()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.handoff.setGeometry(self.rect())
        if self.scores.isVisible():
            self.scores.place()  # the score table stays on the table when it resizes

    def table_name(self) -> str:
        """The game's name for its save: "Pieces of Eight — Anna, Ben, Cleo — round 3"."""
        st = self.state
        names = ", ".join(st.name(s) for s in range(st.n))
        return " — ".join(p for p in (self.title, names, self.progress()) if p)

    def _name_document(self) -> None:
        if self.path is not None or self.save_id is not None:
            return
        name = self.table_name()
        if name != self.document_name:
            self.document_name = name
            self.document_changed.emit()

    # -- bots ----------------------------------------------------------------------------
    def _next_auto(self) -> int | None:
        if self.session is None or self.state.is_terminal() or self.replaying or self.waiting():
            return None
        seat = self.state.current_player()
        if seat is None or self.played_elsewhere(seat):
            return None  # played on another computer: nothing moves for it here
        return seat if self.acts_by_itself(seat) else None

    def schedule_bots(self) -> None:
        """Start the timer for the next bot move (never from a redraw)."""
        seat = self._next_auto()
        if seat is not None and not self._bot_timer.isActive() and not self._batch:
            self._bot_timer.start(self.bot_delay(seat))

    def _bot_step(self) -> None:
        seat = self._next_auto()
        if seat is None:
            return
        if thinks(self.bots.get(seat)):  # a Hard seat thinks off the UI thread
            bot_move(self, seat, lambda a: self.do(a, auto=True), at_once=self._batch)
            return
        self.do(self.automatic_action(seat), auto=True)

    def bot_acts(self, seat: int) -> bool:
        return self.acts_by_itself(seat) and not self.waiting()

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
            self.after_change()
        return steps

    def table_frame(self, bar: QLayout) -> QSplitter:
        """The table's frame: ``bar`` above a left-right splitter (also :attr:`split`)
        that takes the rest of the height; a game fills the splitter."""
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.setSpacing(4)
        outer.addLayout(bar)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        outer.addWidget(self.split, 1)
        return self.split

    def speed_box(self) -> QComboBox:
        """The bot speed chooser for a game's bar (kept across games and runs)."""
        box = QComboBox()
        box.setObjectName("table-bot-speed")
        box.setToolTip("How long each bot move stays on screen before the next")
        for name, ms in BOT_SPEEDS.items():
            box.addItem(f"Bots: {name.lower()}", ms)
        box.setCurrentText(f"Bots: {bot_speed_setting().lower()}")

        def chosen(i: int) -> None:
            self.bot_delay_ms = int(box.itemData(i))
            QSettings().setValue(SPEED_KEY, list(BOT_SPEEDS)[i])

        box.currentIndexChanged.connect(chosen)
        return box
