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

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QLayout, QSplitter, QVBoxLayout, QWidget

from ui.bot_thread import level_factories
from ui.context import AppContext
from ui.mode_base import ModeView
from ui.remote import REMOTE, RemoteMode
from ui.table.acting import TableActing
from ui.table.bots import TableBots
from ui.table.handoff import HandOff
from ui.table.log import TableLog, starts_line
from ui.table.scores import ScoreTable
from ui.table.seats import LADDER, NORMAL, level_of, saved_seats, tip_levels
from ui.table.undo import clear_stack
from wargame.core.actions import Action
from wargame.core.dice import DiceService, fresh_seed
from wargame.core.game import Bot, GameSpec
from wargame.core.log import Entry, Session
from wargame.core.play import load_session, new_session
from wargame.core.registry import game_class
from wargame.errors import FileFormatError


def seat_count(session: Session[Any]) -> int:
    """How many seats the game on ``session`` has (a game of two sides names no ``n``)."""
    n = getattr(session.state, "n", None)
    return n if isinstance(n, int) else int(session.header.get("players") or 2)


def open_saved_session(ctx: Any, title: str, data: dict[str, Any]) -> Session[Any]:
    """A saved board game put back on the table: its dice go on from the save's sealed
    generator state (``load_session``); a save from before seeds came from the OS names
    its seed in the (authenticated) header. Every board-game view opens saves here."""
    header = data.get("header")
    seed = header.get("seed") if isinstance(header, dict) else None
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else None
    return load_session(data, ctx.make_dice(seed, title))


class TableView(TableActing, TableBots, RemoteMode, ModeView):
    #: Who can sit at a seat: the one ladder, "human" first (a game may add a level).
    controllers: ClassVar[tuple[str, ...]] = LADDER
    #: False for a game with no hidden information: no hand-offs at all.
    has_secrets: ClassVar[bool] = True
    #: What the hand-off says the next screen shows of the player's.
    private_word: ClassVar[str] = "hand"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.session: Session[Any] | None = None
        self.seats: list[str] = ["human", NORMAL, NORMAL, NORMAL]
        self.bots: dict[int, Bot] = {}
        self.route: Callable[[Action], None] | None = None  # ui.remote: None at one screen
        #: The seat whose private view is on screen (None: the public view).
        self.viewer: int | None = None
        #: The human who last took the computer (None after a prompt to the table).
        self.holder: int | None = None
        #: The human seat whose moves the undo stack holds.
        self.undo_owner: int | None = None
        self._batch = False
        self._init_bots()
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
        #: U: the player who acted takes their move back (not at a seat across computers).
        self.act_undo_key = QAction("Undo", self)
        self.act_undo_key.setShortcut(QKeySequence("U"))
        self.act_undo_key.triggered.connect(self.undo_stack.undo)
        self.addAction(self.act_undo_key)

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
        return f"It is {self.seat_name(seat)}'s move."

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

    def seat_name(self, seat: int) -> str:
        """What ``seat`` is called: its player's name, or its side ("The defenders")."""
        name = getattr(self.state, "name", None)
        if callable(name):
            return str(name(seat))
        names = self.session.seat_names if self.session is not None else ()
        if seat < len(names) and names[seat]:
            return str(names[seat])  # a game of sides whose players gave their names
        words = self.side_words
        return f"The {words[seat]}" if seat < len(words) else f"Seat {seat + 1}"

    def level_bot(self, seat: int, level: str) -> Bot:
        """A bot of ``level`` for ``seat`` in the game on the table (a fresh one)."""
        assert self.session is not None
        header = self.session.header
        game = game_class(header["game"])(header.get("params") or {})
        return level_factories(game)[level](DiceService.seeded(fresh_seed()))

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
        self.seats = [level_of(c) for c in seats]
        game_class(spec.game)(spec.params)  # refuse bad parameters before anything changes
        dice = self.ctx.make_dice(seed, self.title)
        session = new_session(spec, dice, friendly_undo=friendly)
        session.header["seats"] = list(self.seats)
        naming = getattr(self, "naming", None)
        if naming is not None:
            naming.apply(session)
        self._start(session)

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        header = data.get("header") or {}
        session = open_saved_session(self.ctx, self.title, data)
        self.seats = saved_seats(header, seat_count(session), self.controllers)
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
        self.act_undo_key.setEnabled(False)  # a move sent across computers stays
        self.act_undo_key.setVisible(False)
        self.bot_delay_ms = 0  # the table's own chores for this seat: sent at once
        self.seats = [REMOTE] * seat_count(session)
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
        self._bot_timer.stop()  # the seats changed: the next bot move is scheduled anew
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
            spin.setValue(seat_count(self.session))
        for box in boxes:
            tip_levels(box, self.think_seconds)
        for s, c in enumerate(self.seats):
            i = boxes[s].findData(c) if s < len(boxes) else -1
            if i >= 0:
                boxes[s].blockSignals(True)
                boxes[s].setCurrentIndex(i)
                boxes[s].blockSignals(False)

    def seat_box_changed(self, seat: int) -> None:
        """A seat box changed during a game: that seat is played so from now on (a
        seat switched to a bot plays at once)."""
        boxes: list[QComboBox] = getattr(self, "seat_boxes", [])
        if self.session is None or seat >= seat_count(self.session) or seat >= len(boxes):
            return
        who = boxes[seat].currentData()
        if who == self.seats[seat] or who not in self.controllers:
            return
        self.seats[seat] = who
        self.session.header["seats"] = list(self.seats)
        self._make_bots()
        self.undo_stack.resetClean()
        self.after_change()

    def bar_seats(self) -> list[str]:
        """Who plays each seat, as the setup bar says (its player count, seat boxes)."""
        boxes: list[QComboBox] = getattr(self, "seat_boxes", [])
        return [boxes[s].currentData() for s in range(self.player_spin.value())]

    def new_game_like(self, header: dict[str, Any]) -> None:
        spec = GameSpec(
            str(header["game"]),
            seat_count(self.session),
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
        for line in self.opening_lines(session):
            self.log.note(line)

    def opening_lines(self, session: Session[Any]) -> list[str]:
        """The log's lines before the first entry (who starts: a game may add what its
        setup told)."""
        line = starts_line(session)
        return [line] if line is not None else []

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
                    self.seat_name(want),
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
        self.relock()  # a redraw while a bot thinks enables nothing
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
        order = sorted(
            range(seat_count(self.session)),
            key=lambda s: (s not in won, -float(out.scores.get(s, 0))),
        )
        rows = [(self.score_name(s), f"{out.scores.get(s, 0):g}", s in won) for s in order]
        who = ", ".join(self.seat_name(s) for s in order if s in won) or "nobody"
        self.scores.show_scores(f"Game over ({out.end}): {who} won", rows)

    def score_name(self, seat: int) -> str:
        """A seat's name on the score table (a game's: e.g. with the team it was on)."""
        return str(self.seat_name(seat))

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
        names = ", ".join(self.seat_name(s) for s in range(seat_count(self.session)))
        return " — ".join(p for p in (self.title, names, self.progress()) if p)

    def _name_document(self) -> None:
        if self.path is not None or self.save_id is not None:
            return
        name = self.table_name()
        if name != self.document_name:
            self.document_name = name
            self.document_changed.emit()

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
