"""The Pirate Coins table: hot-seat for 2-5 pirates, any seat a bot.

Secret choices: each human decides on their own hand-off screen (when more than one
human plays), the screen shows a pirate only their own pending choice, and the log and
undo labels say only "Pirate 2 has decided" until the starting pirate reveals them all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from ui.bot_thread import bot_move, level_factories
from ui.bot_turns import BotTurns
from ui.coins.drawing import CoinsDrawing
from ui.coins.handoff import DecisionHandOff
from ui.coins.help import RULES_HTML
from ui.coins.panels import DecisionPanel, PlayersPanel, RevealPanel, TablePanel
from ui.context import AppContext
from ui.mode_base import ModeView
from ui.poe.undo import apply_turn_action
from ui.table.base import open_saved_session
from ui.table.seats import SeatNaming, saved_seats
from wargame.coins import actions as A
from wargame.coins.describe import event_text
from wargame.coins.game import PirateCoinsGame
from wargame.coins.rules import monster_sets, rules
from wargame.coins.state import (
    DECIDE,
    PHASE_TITLES,
    CoinsState,
)
from wargame.core.actions import Action
from wargame.core.dice import DiceService, ReplayProvider
from wargame.core.game import Bot, GameSpec
from wargame.core.log import Session
from wargame.core.play import new_session
from wargame.errors import FileFormatError, WargameError

CONTROLLERS = ("human", "random", "strong", "hard")
CONTROLLER_TITLES = {
    "human": "Human",
    "random": "Random bot",
    "strong": "Strong bot",
    "hard": "Hard bot",
}

STYLE_TEMPLATE = """
QWidget {{ font-size: {s12}px; }}
PirateCoinsView {{ background: #efe6d2; }}
QFrame#coins-table, QFrame#coins-players, QFrame#coins-decision, QFrame#coins-reveal {{
    background: #fbf6ea; border: 1px solid #b9a57a; border-radius: 6px; }}
QFrame#coins-decision {{ border: 2px solid #8a6d35; }}
QFrame#coins-reveal {{ background: #fff1c7; border: 2px solid #c0392b; }}
QFrame#coins-reveal-cell {{ background: #fffaf0; border: 1px solid #d4b873; border-radius: 4px; }}
QLabel#caption {{ font-weight: bold; color: #4a3c26; }}
QLabel#coins-header {{ font-size: {s14}px; color: #2b2114; }}
QLabel#coins-prompt {{ font-size: {s14}px; color: #2b2114; }}
QLabel#coins-reveal-title {{ font-size: {s15}px; font-weight: bold; color: #7b1d1d; }}
QLabel#coins-odds {{ font-size: {s13}px; }}
QPushButton {{ padding: 5px 14px; }}
QPushButton#coins-plunder, QPushButton#coins-sally, QPushButton#coins-step {{
    font-weight: bold; font-size: {s13}px; }}
QListWidget#coins-log {{ background: #fbf6ea; font-size: {s12}px; }}
"""


def style(scale: float = 1.0) -> str:
    """The table's style sheet, its type sizes scaled (larger on a big screen)."""
    sizes = {f"s{n}": round(n * scale) for n in (12, 13, 14, 15)}
    return STYLE_TEMPLATE.format(**sizes)


def history_lines(session: Session[Any]) -> list[str]:
    """The game log of a loaded game: replay it and tell what each action did."""
    try:
        state = session.factory(DiceService(ReplayProvider(session.setup_rolls)))
        lines = []
        for e in session.entries:
            state.apply(e.action, DiceService(ReplayProvider(e.rolls)))
            lines.append(e.label if e.override else event_text(state))  # a table override
        return lines
    except WargameError:
        return ["(this save's log could not be retold)"]


class PirateCoinsView(BotTurns, CoinsDrawing, ModeView):
    mode_key: ClassVar[str] = "pirate-coins"
    title: ClassVar[str] = "Pirate Coins"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self._scale = 1.0
        self.setStyleSheet(style())
        self.session: Session[Any] | None = None
        self.seats: list[str] = ["human", "strong", "strong", "strong"]
        self.bots: dict[int, Bot] = {}
        #: The human seat whose private view (their own pending choice) is on screen.
        self.viewer: int | None = None
        #: The last reveal, shown until the next fortune coin is drawn.
        self.reveal_shown: tuple[Any, ...] | None = None
        #: What each pirate took when they plundered this round (from the reveals seen).
        self.round_gains: dict[int, int] = {}
        self.bot_delay_ms = 450
        self.reveal_pause_ms = 1600
        self.auto_chores = True
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._bot_step)
        self._build()

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.setSpacing(4)
        outer.addLayout(self._setup_bar())
        split = QSplitter(Qt.Orientation.Horizontal)
        self.split = split
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 4, 0)
        self.table = TablePanel()
        ll.addWidget(self.table)
        self.reveal = RevealPanel()
        ll.addWidget(self.reveal)
        self.players = PlayersPanel()
        ll.addWidget(self.players)
        ll.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(left)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        split.addWidget(scroll)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(4, 0, 0, 0)
        self.decision = DecisionPanel()
        self.decision.chosen.connect(self.choose)
        rl.addWidget(self.decision)
        self.tabs = QTabWidget()
        self.log = QListWidget()
        self.log.setObjectName("coins-log")
        self.log.setWordWrap(True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log.setToolTip("Everything that happened, in order; choices only once revealed")
        self.tabs.addTab(self.log, "Game log")
        self.history = QUndoView(self.undo_stack)
        self.history.setObjectName("coins-history")
        self.history.setEmptyLabel("Start of the game (or the last reveal or draw)")
        self.history.setToolTip(
            "What can still be undone. Undo never passes a reveal or a draw from the pouch."
        )
        self.tabs.addTab(self.history, "Undo history")
        rl.addWidget(self.tabs, 1)
        right.setMaximumWidth(660)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        outer.addWidget(split, 1)
        self.handoff = DecisionHandOff(self)
        self.handoff.ready.connect(self._take_computer)
        self.handoff.hide()
        for key, what in (("P", "plunder"), ("S", "sally"), ("Return", "step"), ("Enter", "step")):
            sc = QShortcut(QKeySequence(key), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(lambda w=what: self.choose(w))

    def _setup_bar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        label = QLabel("Pirates:")
        label.setToolTip("How many pirates play (2 to 5)")
        bar.addWidget(label)
        self.player_spin = QSpinBox()
        self.player_spin.setObjectName("coins-players-count")
        r = rules()
        self.player_spin.setRange(r.players.min, r.players.max)
        self.player_spin.setValue(r.players.default)
        self.player_spin.setToolTip("How many pirates play (2 to 5)")
        self.player_spin.valueChanged.connect(self._seat_boxes_visible)
        bar.addWidget(self.player_spin)
        self.seat_boxes: list[QComboBox] = []
        for s in range(r.players.max):
            box = QComboBox()
            box.setObjectName(f"coins-seat-{s}")
            for c in CONTROLLERS:
                box.addItem(f"{s + 1}: {CONTROLLER_TITLES[c].split()[0]}", c)
            box.setToolTip(f"Who plays Pirate {s + 1}: a human at this computer or a bot")
            box.setCurrentIndex(0 if s == 0 else 2)
            bar.addWidget(box)
            self.seat_boxes.append(box)
        self.naming = SeatNaming(self, self.seat_boxes)
        bar.addWidget(self.naming.button)
        self.options = QPushButton("Options")
        self.options.setObjectName("coins-options")
        self.options.setToolTip("Monster kinds on the coins, the starting pirate, chores")
        menu = QMenu(self.options)
        monsters = menu.addMenu("Monsters on the coins (next game)")
        self.monster_group = QActionGroup(self)
        for key, title in monster_sets().items():
            act = monsters.addAction(title)
            act.setCheckable(True)
            act.setData(key)
            act.setChecked(key == r.monsters.default)
            self.monster_group.addAction(act)
        starter = menu.addMenu("The scurviest pirate starts (next game)")
        self.starter_group = QActionGroup(self)
        for key in ("random", *(str(s + 1) for s in range(r.players.max))):
            act = starter.addAction("Drawn at random" if key == "random" else f"Pirate {key}")
            act.setCheckable(True)
            act.setData(key)
            act.setChecked(key == r.setup.starter_default)
            self.starter_group.addAction(act)
        self.naming.listeners.append(self._label_starters)
        self.chores = QAction("Do the starting pirate's chores for humans", self)
        self.chores.setCheckable(True)
        self.chores.setChecked(True)
        self.chores.setToolTip("Start rounds, draw, reveal and flip without asking")
        self.chores.toggled.connect(self._set_chores)
        menu.addAction(self.chores)
        self.options.setMenu(menu)
        bar.addWidget(self.options)
        new = QPushButton("New game")
        new.setObjectName("coins-new")
        new.setToolTip("Start a new game with these pirates")
        new.clicked.connect(self.new_game_from_bar)
        bar.addWidget(new)
        help_btn = QPushButton("Rules")
        help_btn.setObjectName("coins-rules")
        help_btn.setToolTip("The rules in short, our rulings and the keys")
        help_btn.clicked.connect(self.show_rules)
        bar.addWidget(help_btn)
        bar.addStretch(1)
        self._seat_boxes_visible(self.player_spin.value())
        return bar

    def _seat_boxes_visible(self, n: int) -> None:
        for s, box in enumerate(self.seat_boxes):
            box.setVisible(s < n)

    def _label_starters(self) -> None:
        """The starting-pirate menu names the seats as the table does ("Anna")."""
        for act in self.starter_group.actions():
            key = act.data()
            if key != "random":
                act.setText(self.naming.label(int(key) - 1))

    def _set_chores(self, on: bool) -> None:
        self.auto_chores = on
        if self.session is not None:
            self._refresh()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.handoff.setGeometry(self.rect())
        # Larger type on a big screen; the laptop size keeps the compact one.
        scale = 1.25 if self.width() >= 1500 and self.height() >= 850 else 1.0
        if scale != self._scale:
            self._scale = scale
            self.setStyleSheet(style(scale))

    def show_rules(self) -> None:
        box = QMessageBox(self)
        box.setWindowTitle("Pirate Coins: rules and keys")
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(RULES_HTML)
        if not self.ctx.quiet_errors:
            box.open()

    # -- documents ------------------------------------------------------------------------
    def load_default(self) -> None:
        self.new_game(["human", "strong", "strong", "strong"])
        self.run_bots()

    def new_game_from_bar(self) -> None:
        n = self.player_spin.value()
        seats = [self.seat_boxes[s].currentData() for s in range(n)]
        params = {
            "monsters": self.monster_group.checkedAction().data(),
            "starter": self.starter_group.checkedAction().data(),
        }
        try:
            if not self.replace_document(lambda: self.new_game(seats, params=params)):
                return
        except WargameError as exc:
            self.show_error(str(exc), "Cannot start that game")
            return
        self.run_bots_later()

    def new_game(self, seats: list[str], *, params: dict[str, Any] | None = None) -> None:
        self._bot_timer.stop()
        self.seats = list(seats)
        spec = GameSpec("pirate-coins", len(seats), dict(params or {}))
        PirateCoinsGame(spec.params)  # refuse bad parameters before anything changes
        dice = self.ctx.make_dice(None, "Pirate Coins")
        session = new_session(spec, dice)
        session.header["seats"] = list(seats)
        self.naming.apply(session)
        self._start(session)
        self.document_name = "pirate-coins"
        self.document_changed.emit()

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        raise FileFormatError("Pirate Coins has no scenarios: start a New game")

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        session = open_saved_session(self.ctx, "Pirate Coins", data)
        header = data.get("header") or {}
        self.seats = saved_seats(header, session.state.n, CONTROLLERS)
        self._start(session)
        if path is not None:
            self.document_name = path.stem
            self.document_changed.emit()

    def save_json(self) -> dict[str, Any]:
        if self.session is None:
            raise FileFormatError("no game to save")
        self.session.header["seats"] = list(self.seats)
        return self.session.to_json()

    def _start(self, session: Session[Any]) -> None:
        self.session = session
        self.undo_stack.clear()
        game = PirateCoinsGame(session.header.get("params") or {})
        factories = level_factories(game)
        self.bots = {
            s: factories[c](DiceService.seeded(None))
            for s, c in enumerate(self.seats)
            if c != "human"
        }
        self.viewer = None
        self.reveal_shown = None
        self.round_gains = {}
        self.log.clear()
        for line in history_lines(session):
            self.log.addItem(line)
        self.player_spin.setValue(session.state.n)
        for s, c in enumerate(self.seats):
            self.seat_boxes[s].setCurrentIndex(CONTROLLERS.index(c))
        self.naming.follow(session)
        session.add_listener(self._on_session)
        self._refresh()

    def _on_session(self, session: Session[Any], what: str) -> None:
        st = session.state
        if what == "apply":
            self.log.addItem(event_text(st))
            if st.last and st.last[0] == "reveal":
                self.reveal_shown = (st.last, st.round, st.turn_in_round)
                for p, gain in zip(st.last[5], [st.last[4][p] for p in st.last[5]]):
                    self.round_gains[p] = gain
            elif st.last and st.last[0] == "start":
                self.reveal_shown = None
                self.round_gains = {}
            self.log.scrollToBottom()
        elif what in ("undo", "redo"):
            self.log.addItem(f"({what}: {event_text(st) if what == 'redo' else 'taken back'})")

    # -- state helpers ----------------------------------------------------------------------
    @property
    def state(self) -> CoinsState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def humans(self) -> list[int]:
        return [s for s, c in enumerate(self.seats) if c == "human"]

    def status_text(self) -> str:
        if self.session is None:
            return "Pirate Coins"
        st = self.state
        if st.is_terminal():
            return f"Game over ({st.end_reason}): {self._winner_text()}"
        seat = st.current_player()
        assert seat is not None
        return (
            f"Round {max(st.round, 1)}, turn {st.turn_in_round}: {PHASE_TITLES[st.phase]}; "
            f"{st.name(seat)} to act"
        )

    def _winner_text(self) -> str:
        out = self.state.outcome()
        assert out is not None
        won = out.winners
        if len(won) == 1:
            return f"{self.state.name(won[0])} wins with {int(out.scores[won[0]])} booty"
        return "a draw between " + " and ".join(self.state.name(s) for s in won)

    # -- acting -----------------------------------------------------------------------------
    def do(self, action: Action) -> bool:
        """Apply ``action`` for the seat being asked; a refusal says why."""
        if self.session is None:
            return False
        seat = self.state.current_player()
        bot = seat is not None and seat in self.bots
        text = self.state.describe(action)
        try:
            apply_turn_action(
                self.undo_stack, self.session, action, self._refresh, bot=bot, text=text
            )
        except WargameError as exc:
            self.show_error(str(exc))
            self._refresh()
            return False
        self.autosave()
        return True

    def choose(self, what: str) -> None:
        """A human's button or key: plunder, sally, or the phase's one step."""
        if self.session is None:
            return
        if self.handoff.isVisible():
            if what == "step":  # Enter on the hand-off: "I am Pirate N"
                self.handoff.button.click()
            return
        st = self.state
        seat = st.current_player()
        if seat is None or seat in self.bots:
            return
        if st.phase == DECIDE:
            if what not in ("plunder", "sally") or self.viewer != seat:
                return
            self.do(A.PLUNDER_NOW if what == "plunder" else A.SALLY_FORTH)
            return
        if what == "step":
            self.do(st.legal_actions()[0])

    # -- bots and chores ----------------------------------------------------------------------
    def _automatic(self, seat: int) -> bool:
        st = self.state
        return seat in self.bots or (self.auto_chores and st.phase != DECIDE)

    def run_bots_later(self) -> None:
        if self.session is None or self.state.is_terminal():
            return
        seat = self.state.current_player()
        if seat is not None and self._automatic(seat) and not self._bot_timer.isActive():
            # Give the table time to take in a reveal or a flip before play goes on.
            last = self.state.last[0] if self.state.last else ""
            pause = self.reveal_pause_ms if last in ("reveal", "flip") else self.bot_delay_ms
            self._bot_timer.start(pause)

    def _bot_step(self) -> None:
        if self.session is None or self.state.is_terminal():
            return
        seat = self.state.current_player()
        if seat is None:
            return
        if seat in self.bots:  # a Hard seat thinks off the UI thread
            bot_move(self, seat, self.do)
        elif self._automatic(seat):
            self.do(self.state.legal_actions()[0])

    def bot_acts(self, seat: int) -> bool:
        return self._automatic(seat)

    # -- hand-off -----------------------------------------------------------------------------
    def _take_computer(self, seat: int) -> None:
        self.viewer = seat
        self.handoff.hide()
        self._refresh()

    # -- drawing ---------------------------------------------------------------------------
    def _refresh(self) -> None:
        if self.session is None:
            return
        st = self.state
        seat = st.current_player()
        humans = self.humans()
        deciding = seat is not None and st.phase == DECIDE and seat not in self.bots
        if len(humans) == 1:
            self.viewer = humans[0]
        elif deciding and self.viewer != seat:
            self.viewer = None
            self.handoff.show_for(
                seat, st.name(seat), f"Round {st.round}, turn {st.turn_in_round}: time to decide."
            )
            self.handoff.setGeometry(self.rect())
        elif not deciding:
            self.viewer = None
        if not deciding or self.viewer == seat:
            self.handoff.hide()
        obs = st.observation(self.viewer)
        obs["to_act"] = seat
        if st.is_terminal():
            out = st.outcome()
            obs["winners"] = out.winners if out is not None else ()
        c = st.coins
        starter = st.name(st.starter)
        self.table.show_table(obs, c, PHASE_TITLES[st.phase], starter)
        revealed = self._reveal_view()
        names = [self.state.name(s) for s in range(self.state.n)]
        self.players.show_players(obs, c, [x for x in self.seats], self.viewer, revealed, names)
        self._draw_decision(obs, seat)
        self.status_changed.emit(self.status_text())
        self.run_bots_later()
