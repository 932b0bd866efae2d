"""The Tortuga 1667 table: board, the seat's secrets behind a hand-off, actions, log.

Hot-seat play: before every private moment (a human's turn or decision: a vote, a
view, Crow's Nest's search; Cabin Fever's new loyalty) a hand-off screen covers the
table until that player takes the computer. The shared screen shows only public
facts and the secrets of the seat that took it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QAction, QCursor, QKeySequence
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from ui.bot_thread import bot_move, level_factories
from ui.bot_turns import BotTurns
from ui.context import AppContext
from ui.mode_base import ModeView
from ui.poe.undo import apply_turn_action
from ui.table.base import open_saved_session
from ui.table.handoff import HandOff
from ui.table.seats import SeatNaming, saved_seats
from ui.tortuga.board import Board
from ui.tortuga.panels import (
    CONTROLLERS,
    NewGameDialog,
    PlayersPanel,
    SecretsPanel,
    VoteReveal,
    vote_card_text,
)
from ui.tortuga.texts import (
    CATEGORIES,
    EXAMPLES,
    TIPS,
    VOTE_HELP,
    deck_odds_text,
    history_lines,
)
from wargame.core.actions import Action
from wargame.core.dice import DiceService, fresh_seed
from wargame.core.game import Bot, GameSpec
from wargame.core.log import Session
from wargame.core.play import new_session
from wargame.errors import FileFormatError, IllegalAction, WargameError
from wargame.tortuga import actions as A
from wargame.tortuga.describe import vote_result
from wargame.tortuga.game import TortugaGame
from wargame.tortuga.legal import PROMPTS, why_illegal
from wargame.tortuga.rules import TITLES
from wargame.tortuga.state import TortugaState

STYLE = """
TortugaView { background: #e9e2cf; }
QFrame#tortuga-place { background: #fbf6ea; border: 2px solid #8a6d35; border-radius: 8px; }
QLabel#place-title { font-weight: bold; font-size: 14px; color: #2b2114; }
QFrame#tortuga-secrets { background: #fff7dc; border: 2px solid #c0392b; border-radius: 8px; }
QFrame#tortuga-prompt { background: #fbf6ea; border: 2px solid #8a6d35; border-radius: 8px; }
QFrame#tortuga-vote { background: #f3ecdc; border: 2px solid #5b4a2e; border-radius: 8px; }
QLabel#row-title { font-weight: bold; color: #4a3c26; }
QLabel#tortuga-galleon { background: #f6e7c1; border: 1px solid #b08d3c; padding: 4px; }
QLabel#tortuga-boat-0, QLabel#tortuga-boat-1 { background: #dfe9ee; padding: 3px; }
QPushButton { padding: 4px 10px; }
QPushButton[legal="false"] { color: #8d8371; }
QPushButton[legal="true"] { font-weight: bold; }
QListWidget#tortuga-log { background: #fbf6ea; border: 1px solid #b9a57a; font-size: 12px; }
"""


class TortugaView(BotTurns, ModeView):
    mode_key: ClassVar[str] = "tortuga-1667"
    title: ClassVar[str] = "Tortuga 1667"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setStyleSheet(STYLE)
        self.session: Session[Any] | None = None
        self.seats: list[str] = ["human", "strong", "strong", "strong"]
        self.bots: dict[int, Bot] = {}
        self.revealed: int | None = None  # the human seat whose secrets are on screen
        #: Humans owed a private look before play goes on: (seat, why) - the cards they
        #: just viewed, or the loyalty card Cabin Fever dealt them.
        self.notices: list[tuple[int, str]] = []
        self.bot_delay_ms = 350
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._bot_step)
        self._last_description: str | None = None
        self._vote_seen: Any = None
        self._build()

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.setSpacing(4)
        bar = QHBoxLayout()
        new = QPushButton("New game…")
        new.setObjectName("tortuga-new")
        new.setToolTip("Choose the number of pirates and who plays each (Ctrl+Shift+N)")
        new.setShortcut(QKeySequence("Ctrl+Shift+N"))
        new.clicked.connect(self.new_game_dialog)
        bar.addWidget(new)
        self.naming = SeatNaming(self, [])
        bar.addWidget(self.naming.button)
        rules = QPushButton("Rules…")
        rules.setObjectName("tortuga-rules-button")
        rules.setToolTip("The rules in brief and this table's rulings (Help > Rules, F1)")
        rules.clicked.connect(self.show_rules)
        bar.addWidget(rules)
        self.turn_label = QLabel()
        self.turn_label.setObjectName("tortuga-turn")
        self.turn_label.setStyleSheet("font-weight: bold; color: #4a3c26;")
        self.turn_label.setWordWrap(True)
        bar.addWidget(self.turn_label, 1)
        outer.addLayout(bar)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.split = split
        self.board = Board()
        self.board.slot_clicked.connect(self.slot_clicked)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addWidget(self.board, 3)
        title = QLabel("Pirates")
        title.setObjectName("row-title")
        ll.addWidget(title)
        self.players = PlayersPanel()
        ll.addWidget(self.players, 1)
        board_scroll = QScrollArea()
        board_scroll.setWidgetResizable(True)
        board_scroll.setWidget(left)
        split.addWidget(board_scroll)
        side = QWidget()
        sl = QVBoxLayout(side)
        sl.setContentsMargins(0, 0, 0, 0)
        self.secrets = SecretsPanel()
        sl.addWidget(self.secrets)
        self.prompt = QFrame()
        self.prompt.setObjectName("tortuga-prompt")
        # never squeezed below its text and buttons: the side column scrolls instead
        self.prompt.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        pl = QVBoxLayout(self.prompt)
        self.prompt_label = QLabel()
        self.prompt_label.setObjectName("tortuga-prompt-text")
        self.prompt_label.setWordWrap(True)
        pl.addWidget(self.prompt_label)
        self.main_buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        for i, (key, text, short, _classes) in enumerate(CATEGORIES):
            b = QPushButton(f"{text} ({short})")
            b.setObjectName(f"tortuga-btn-{key}")
            b.setShortcut(QKeySequence(short))
            b.clicked.connect(lambda _=False, k=key: self.category_clicked(k))
            grid.addWidget(b, i // 2, i % 2)
            self.main_buttons[key] = b
        self.main_box = QWidget()
        self.main_box.setLayout(grid)
        pl.addWidget(self.main_box)
        keys = QLabel(
            "Keys: the letters on the buttons; 1-5 reveal an event card; U undo; F1 rules (Help menu)."
        )
        keys.setObjectName("tortuga-keys")
        keys.setWordWrap(True)
        keys.setStyleSheet("color: #5b4a2e; font-size: 11px;")
        pl.addWidget(keys)
        self.choice_box = QVBoxLayout()
        self.choice_box.setContentsMargins(0, 0, 0, 0)
        self.choice_holder = QWidget()
        self.choice_holder.setLayout(self.choice_box)
        pl.addWidget(self.choice_holder)
        sl.addWidget(self.prompt)
        self.vote_box = VoteReveal()
        sl.addWidget(self.vote_box)
        log_title = QLabel("Game log")
        log_title.setObjectName("row-title")
        sl.addWidget(log_title)
        self.log = QListWidget()
        self.log.setObjectName("tortuga-log")
        self.log.setWordWrap(True)
        self.log.setMinimumHeight(120)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        sl.addWidget(self.log, 1)
        history = QLabel("Undo history (stops at every view, reveal, vote and shuffle)")
        history.setObjectName("row-title")
        history.setWordWrap(True)
        sl.addWidget(history)
        self.history = QUndoView(self.undo_stack)
        self.history.setObjectName("tortuga-history")
        self.history.setEmptyLabel("(the last barrier)")
        self.history.setMaximumHeight(110)
        sl.addWidget(self.history)
        side_scroll = QScrollArea()
        side_scroll.setWidgetResizable(True)
        side_scroll.setWidget(side)
        side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        split.addWidget(side_scroll)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        outer.addWidget(split, 1)
        self.handoff = HandOff(self)
        self.handoff.ready.connect(self._take_computer)
        self.handoff.hide()
        for key in range(5):
            act = QAction(f"Event {key + 1}", self)
            act.setShortcut(QKeySequence(str(key + 1)))
            act.triggered.connect(lambda _=False, k=key: self.slot_clicked(k))
            self.addAction(act)
        undo = QAction("Undo", self)
        undo.setShortcut(QKeySequence("U"))
        undo.triggered.connect(self.undo_stack.undo)
        self.addAction(undo)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.handoff.setGeometry(self.rect())
        w = self.split.width()
        if w > 0:
            left = int(w * 0.55)
            self.split.setSizes([left, w - left])

    # -- documents ------------------------------------------------------------------------
    def load_default(self) -> None:
        self.new_game(["human", "strong", "strong", "strong"])
        self.run_bots()

    def show_rules(self) -> None:
        from ui.tortuga.rules_help import RulesDialog

        self._rules = RulesDialog(self)
        self._rules.open()

    def new_game_dialog(self) -> None:
        dlg = NewGameDialog(self, self.seats, self.naming.names)
        dlg.accepted.connect(lambda: self.new_game_asked(dlg.seats()))
        self._dialog = dlg
        dlg.open()

    def new_game_asked(self, seats: list[str]) -> bool:
        """A new game from the dialog: unsaved work on the table is asked about first."""
        try:
            return self.replace_document(lambda: self.new_game(seats))
        except WargameError as exc:
            self.show_error(str(exc), "Cannot start that game")
            return False

    def new_game(self, seats: list[str], *, seed: int | None = None) -> None:
        """A new game; its dice are seeded from the OS's entropy (``seed``: a test's)."""
        self._bot_timer.stop()
        self.seats = list(seats)
        spec = GameSpec("tortuga-1667", len(seats))
        dice = self.ctx.make_dice(seed, "Tortuga 1667")
        session = new_session(spec, dice)
        session.header["seats"] = list(seats)
        self.naming.apply(session)
        self._start(session)
        self.document_name = "tortuga-1667"
        self.document_changed.emit()

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        raise FileFormatError("Tortuga 1667 has no scenarios: open a saved game instead")

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        header = data.get("header") or {}
        session = open_saved_session(self.ctx, "Tortuga 1667", data)
        self.seats = saved_seats(header, session.state.n, CONTROLLERS)
        self._start(session)
        if path is not None:
            self.document_name = path.stem
            self.document_changed.emit()

    def save_json(self) -> dict[str, Any]:
        if self.session is None:
            raise FileFormatError("no game to save")
        self.session.header["seats"] = list(self.seats)
        self.session.header.pop("seed", None)  # a seed would tell the cards to come
        return self.session.to_json()

    def _start(self, session: Session[Any]) -> None:
        self.session = session
        self.naming.follow(session)
        self.undo_stack.clear()
        factories = level_factories(TortugaGame())
        self.bots = {
            s: factories[c](DiceService.seeded(fresh_seed()))
            for s, c in enumerate(self.seats)
            if c != "human"
        }
        self.revealed = None
        self.notices = []
        self.log.clear()
        st = session.state
        for line in history_lines(session):
            self.log.addItem(line)
        self._vote_seen = st.last_vote
        session.add_listener(self._on_session)
        self._refresh()

    def _on_session(self, session: Session[Any], what: str) -> None:
        if what == "apply" and session.entries:
            e = session.entries[-1]
            self.log.addItem(self._last_description or "(an action)")
            st = session.state
            if st.last_vote is not None and st.last_vote is not self._vote_seen:
                self._vote_seen = st.last_vote
                self.log.addItem(vote_result(st))
            if isinstance(e.action, A.View) and e.seat is not None:
                if self.seats[e.seat] == "human":
                    self.notices.append((e.seat, "view"))
            if isinstance(e.action, A.Fever):
                target = e.action.target
                if self.seats[target] == "human":
                    self.notices.append((target, "fever"))
            if st.over:
                o = st.outcome()
                assert o is not None
                self.log.addItem(self.end_text())
            self.log.scrollToBottom()
        elif what in ("undo", "redo"):
            self.log.addItem(f"({what})")

    # -- state helpers ----------------------------------------------------------------------
    @property
    def state(self) -> TortugaState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def names(self) -> list[str]:
        return [self.state.name(s) for s in range(self.state.n)]

    def end_text(self) -> str:
        st = self.state
        o = st.outcome()
        assert o is not None
        b, f = st.totals()
        who = ", ".join(self.state.name(s) for s in o.winners) or "nobody"
        return f"Game over ({st.end_reason}): British {b}, French {f}. Winners: {who}."

    def status_text(self) -> str:
        if self.session is None:
            return "Tortuga 1667"
        st = self.state
        if st.over:
            return self.end_text()
        seat = st.current_player()
        assert seat is not None
        if st.pending:
            return (
                f"Turn {st.turns}, {st.name(st.active)}'s turn: {st.name(seat)} must "
                + (PROMPTS[st.pending[-1][0]])
            )
        return f"Turn {st.turn}: {st.name(seat)} takes an action"

    # -- acting -----------------------------------------------------------------------------
    def do(self, action: Action) -> bool:
        """Apply ``action`` for the seat to act; a refusal shows the rule's reason."""
        if self.session is None:
            return False
        seat = self.state.current_player()
        bot = seat is not None and seat in self.bots
        self._last_description = self.state.describe(action)
        try:
            apply_turn_action(
                self.undo_stack,
                self.session,
                action,
                self._refresh,
                bot=bot,
                text=self._last_description,
            )
        except WargameError as exc:
            self.show_error(str(exc))
            return False
        finally:
            self._last_description = None
        self.autosave()
        return True

    def human_to_act(self) -> bool:
        if self.session is None or self.state.over or self.notices:
            return False
        seat = self.state.current_player()
        return seat is not None and self.seats[seat] == "human" and self.revealed == seat

    def category_clicked(self, key: str) -> None:
        if not self.human_to_act() or self.state.pending:
            return
        classes = next(c for k, _t, _s, c in CATEGORIES if k == key)
        options = [a for a in self.state.legal_actions() if type(a) in classes]
        if not options:
            self.show_error(why_illegal(self.state, EXAMPLES[key]))
            return
        if len(options) == 1:
            self.do(options[0])
            return
        self.choose_from(options)

    def choose_from(self, options: list[Action]) -> None:
        menu = QMenu(self)
        menu.setObjectName("tortuga-menu")
        for a in options:
            item = menu.addAction(self.choice_text(a))
            item.triggered.connect(lambda _=False, act=a: self.do(act))
        self._menu = menu
        menu.popup(QCursor.pos() if self.isVisible() else QPoint(0, 0))

    def choice_text(self, a: Action) -> str:
        """A button or menu text for an action (private details only for the actor)."""
        if isinstance(a, A.View):
            return f"View event cards {a.a + 1} and {a.b + 1}"
        if isinstance(a, A.Vote):
            cards = " + ".join(vote_card_text(c) for c in a.cards)
            return f"Play {cards}" if len(a.cards) == 1 else f"Play two (El Dorado): {cards}"
        if isinstance(a, A.Pick):
            return f"Take {vote_card_text(a.card)}"
        if isinstance(a, A.Take):
            return f"Take face-down card {a.slot + 1}"
        if isinstance(a, A.Reveal):  # never name the face-down card before it is turned
            seen = self.state.seen[self.revealed].get(a.slot) if self.revealed is not None else None
            known = f" (you saw: {TITLES[self.state.cards[seen]]})" if seen is not None else ""
            return f"Reveal event card {a.slot + 1}{known}"
        text = self.state.describe(a)
        seat = self.state.current_player()
        prefix = f"{self.state.name(seat)} " if seat is not None else ""
        if text.startswith(prefix):  # "Pirate 2 moves to ..." -> "Move to ..."
            text = text[len(prefix) :]
            verb, _, rest = text.partition(" ")
            if verb.endswith("s") and not verb.endswith("ss"):
                verb = verb[:-1]
            text = f"{verb[:1].upper()}{verb[1:]} {rest}".strip()
        return text

    def slot_clicked(self, slot: int) -> None:
        if not self.human_to_act():
            return
        legal = self.state.legal_actions()
        action = next((a for a in legal if isinstance(a, A.Reveal) and a.slot == slot), None)
        if action is None:
            self.show_error(why_illegal(self.state, A.Reveal(slot)))
            return
        self.do(action)

    # -- bots -------------------------------------------------------------------------------
    def _schedule_bot(self) -> None:
        if self.session is None or self.state.over or self.notices:
            return
        seat = self.state.current_player()
        if seat is not None and seat in self.bots and not self._bot_timer.isActive():
            self._bot_timer.start(self.bot_delay_ms)

    def _bot_step(self) -> None:
        if self.session is None or self.state.over or self.notices:
            return
        seat = self.state.current_player()
        if seat is not None and seat in self.bots:  # a Hard seat thinks off the UI thread
            bot_move(self, seat, self.do)

    def bot_acts(self, seat: int) -> bool:
        # a private notice on screen waits for its reader before the bots go on
        return seat in self.bots and not self.notices

    # -- hand-off -----------------------------------------------------------------------------
    def _take_computer(self, seat: int) -> None:
        self.revealed = seat
        self.handoff.hide()
        self._refresh()

    def done_looking(self) -> None:
        """A player who was shown a private notice (Cabin Fever) hands the computer back."""
        if self.notices and self.revealed == self.notices[0][0]:
            self.notices.pop(0)
            self.revealed = None
        self._refresh()

    def _humans(self) -> list[int]:
        return [s for s, c in enumerate(self.seats) if c == "human"]

    def _refresh(self) -> None:
        if self.session is None:
            return
        st = self.state
        humans = self._humans()
        seat = st.current_player()
        if len(humans) == 1:
            self.revealed = humans[0]  # one human: their secrets are theirs alone
            self.notices = []
        wanted = self.notices[0][0] if self.notices else seat
        if st.over:
            self.handoff.hide()
        elif wanted is not None and self.seats[wanted] == "human" and self.revealed != wanted:
            self.revealed = None
            reason = (
                "Cabin Fever dealt you a loyalty card: look at it in secret."
                if self.notices
                else f"It is {st.name(wanted)}'s move: {self.prompt_for(wanted)}."
            )
            self.handoff.show_for(wanted, st.name(wanted), reason)
            self.handoff.setGeometry(self.rect())
        else:
            self.handoff.hide()
            if len(humans) > 1 and (wanted is None or self.seats[wanted] != "human"):
                # a bot's turn (or the game over): the last human's secrets go
                self.revealed = None
        viewer = self.revealed
        obs = st.observation(viewer)
        obs["capacity"] = st.data.rules.board.ship_capacity
        names = self.names()
        self.board.show_state(obs, names, viewer)
        self.players.show_players(obs, names, self.seats)
        self.secrets.show_secrets(obs if viewer is not None else None,
                                  names[viewer] if viewer is not None else "", names)  # fmt: skip
        text = vote_result(st) if st.last_vote is not None else ""
        self.vote_box.show_vote(obs["last_vote"], names, text)
        self._draw_prompt()
        self.turn_label.setText(self.status_text())
        self.status_changed.emit(self.status_text())
        self._schedule_bot()

    def prompt_for(self, seat: int) -> str:
        st = self.state
        if st.pending and st.pending[-1][1] == seat:
            return PROMPTS[st.pending[-1][0]]
        return "take an action"

    def _draw_prompt(self) -> None:
        self._fill_prompt()
        self.choice_holder.setVisible(self.choice_box.count() > 0)

    def _fill_prompt(self) -> None:
        st = self.state
        while self.choice_box.count():
            item = self.choice_box.takeAt(0)
            w = item.widget()
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        seat = st.current_player()
        if self.notices and self.revealed == self.notices[0][0]:
            self.prompt_label.setText(
                "The two cards you viewed are shown on the event row and above. Done looking?"
                if self.notices[0][1] == "view"
                else "Your loyalty card after Cabin Fever is shown above. Done looking?"
            )
            self.main_box.hide()
            b = QPushButton("Done: hide my secrets")
            b.setObjectName("tortuga-done-looking")
            b.clicked.connect(self.done_looking)
            self.choice_box.addWidget(b)
            return
        if st.over or seat is None:
            self.prompt_label.setText(self.end_text() if st.over else "")
            self.main_box.hide()
            return
        mine = self.human_to_act()
        if not mine:
            who = "a bot" if seat in self.bots else "another player"
            self.prompt_label.setText(f"{st.name(seat)} ({who}) must {self.prompt_for(seat)}.")
            self.main_box.hide()
            return
        legal = st.legal_actions()
        if st.pending:
            self.main_box.hide()
            text = f"{st.name(seat)}: {self.prompt_for(seat)}."
            if st.vote is not None:
                v = st.vote
                text += (
                    f" The {VOTE_HELP[v.kind][0]} called by {st.name(v.caller)}: "
                    f"{VOTE_HELP[v.kind][1]} {len(v.played)} of {len(v.voters)} played; "
                    "the deck's top card is added. " + deck_odds_text(st.observation(seat), v.kind)
                )
            self.prompt_label.setText(text)
            for i, a in enumerate(legal):
                b = QPushButton(self.choice_text(a))
                b.setObjectName(f"tortuga-choice-{i}")
                b.clicked.connect(lambda _=False, act=a: self.do(act))
                self.choice_box.addWidget(b)
            return
        left = st.actions_left
        self.prompt_label.setText(
            f"{st.name(seat)}: take an action"
            + (f" ({left} left this turn)" if st.per_turn > 1 else "")
            + ". Grey buttons say why they are not allowed."
        )
        self.main_box.show()
        for key, _text, _short, classes in CATEGORIES:
            b = self.main_buttons[key]
            ok = any(type(a) in classes for a in legal)
            b.setProperty("legal", "true" if ok else "false")
            tip = TIPS[key] if ok else f"Not now: {why_illegal(st, EXAMPLES[key])}"
            if ok and key in ("attack", "brawl", "mutiny"):
                kind = ("attack", "brawl", "mutiny").index(key)
                tip += " " + deck_odds_text(st.observation(seat), kind)
            b.setToolTip(tip)
            b.style().unpolish(b)
            b.style().polish(b)

    # -- for tests ----------------------------------------------------------------------------
    def choice_buttons(self) -> list[QPushButton]:
        out = []
        for i in range(self.choice_box.count()):
            w = self.choice_box.itemAt(i).widget()
            if isinstance(w, QPushButton):
                out.append(w)
        return out

    def illegal_reason(self, action: Action) -> str:
        try:
            self.state.clone().apply(action, DiceService.seeded(0))
        except IllegalAction as exc:
            return str(exc)
        return ""
