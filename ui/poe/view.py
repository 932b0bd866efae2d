"""The Pieces of Eight table: board, players, the current player's hand, prompts, log."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QAction, QCursor, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMenu,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ui.bot_turns import BotTurns
from ui.context import AppContext
from ui.mode_base import ModeView
from ui.poe.board import BoardView
from ui.poe.cards import CardRow
from ui.poe.drawing import TableDrawing, history_lines, passer, passes_line
from ui.poe.handoff import HandOff
from ui.poe.panels import PlayersPanel, VariantsButton, fight_summary
from ui.poe.undo import TurnCommand, apply_turn_action
from ui.seats import SeatNaming, saved_seats
from wargame.core.actions import Action
from wargame.core.dice import DiceService, fresh_seed
from wargame.core.game import Bot, GameSpec
from wargame.core.log import Session
from wargame.core.play import load_session, new_session
from wargame.errors import FileFormatError, IllegalAction, WargameError
from wargame.paths import scenarios_dir
from wargame.persistence.files import read_json_file
from wargame.poe import actions as A
from wargame.poe.frames import WINDOWS
from wargame.poe.game import PiecesOfEightGame, table_params
from wargame.poe.legal import reaction_plays
from wargame.poe.maps import board_for, map_for
from wargame.poe.state import PHASE_TITLES, PoeState

CONTROLLERS = ("human", "random", "strong")
CONTROLLER_TITLES = {"human": "Human", "random": "Random", "strong": "Strong"}

STYLE = """
PiecesOfEightView { background: #efe6d2; }
QFrame#prompt { background: #fbf6ea; border: 2px solid #8a6d35; border-radius: 8px; }
QFrame#prompt[window="true"] { background: #fff1c7; border-color: #c0392b; }
QLabel#prompt-text { font-size: 14px; color: #2b2114; }
QLabel#row-title { font-weight: bold; color: #4a3c26; }
QPushButton { padding: 5px 12px; }
QPushButton[legal="false"] { color: #9a8f7a; }
QPushButton[legal="true"] { font-weight: bold; }
QListWidget#poe-log { background: #fbf6ea; border: 1px solid #b9a57a; font-size: 12px; }
"""


def _scroller(widget: QWidget, *, horizontal: bool) -> QScrollArea:
    """``widget`` in a frameless scroll area scrolling one way only."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(widget)
    off, need = Qt.ScrollBarPolicy.ScrollBarAlwaysOff, Qt.ScrollBarPolicy.ScrollBarAsNeeded
    area.setHorizontalScrollBarPolicy(need if horizontal else off)
    area.setVerticalScrollBarPolicy(off if horizontal else need)
    return area


class PiecesOfEightView(BotTurns, TableDrawing, ModeView):
    mode_key: ClassVar[str] = "pieces-of-eight"
    title: ClassVar[str] = "Pieces of Eight"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setStyleSheet(STYLE)
        self.session: Session[Any] | None = None
        self.seats: list[str] = ["human", "strong", "strong", "strong"]
        self.bots: dict[int, Bot] = {}
        self.revealed: int | None = None  # the human seat whose hand is on screen
        self.bot_delay_ms = 350
        # Bots answer response windows at once, pass or play, so how long one takes
        # says nothing about its hand.
        self.window_delay_ms = 0
        # A window after a phase step of someone's turn is answered for every human at
        # once on the table ("Carry on"); only a pirate who asks to react gets the
        # hand-off. _carried: the window everyone carried on from; _reacting: the
        # human who asked to play a card in the window open now.
        self._carried: tuple[int, int, str] | None = None
        self._reacting: int | None = None
        self.map_doc: Any = None
        self.scenario: dict[str, Any] | None = None
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
        self.board = BoardView()
        self.board.area_clicked.connect(self.area_clicked)
        split.addWidget(self.board)
        side = QWidget()
        sl = QVBoxLayout(side)
        sl.setContentsMargins(0, 0, 0, 0)
        self.deck_label = QLabel()
        self.deck_label.setObjectName("poe-deck")
        self.deck_label.setStyleSheet("font-weight: bold; color: #4a3c26;")
        self.deck_label.setToolTip(
            "Cards left in the draw deck (and whether it is the first or second deck), "
            "cards in the discard pile, and the round"
        )
        sl.addWidget(self.deck_label)
        self.players = PlayersPanel()
        sl.addWidget(self.players)
        self.prompt = QFrame()
        self.prompt.setObjectName("prompt")
        pl = QVBoxLayout(self.prompt)
        self.prompt_label = QLabel()
        self.prompt_label.setObjectName("prompt-text")
        self.prompt_label.setWordWrap(True)
        pl.addWidget(self.prompt_label)
        self.button_row = QHBoxLayout()
        pl.addLayout(self.button_row)
        self.buttons: dict[str, QPushButton] = {}
        for key, text, shortcut in (
            ("pass", "Pass", "P"),
            ("done", "Done", "Return"),
            ("bury", "Bury", "B"),
            ("dig", "Dig", "G"),
            ("draw", "Draw", "D"),
            ("mutiny", "Mutiny!", "M"),
            ("fight", "Fight", "F"),
            ("join", "Ask to join", "J"),
            ("accept", "Accept", "A"),
            ("refuse", "Refuse", "R"),
            ("compel", "Take as crew", "C"),
        ):
            b = QPushButton(text)
            b.setObjectName(f"btn-{key}")
            b.setShortcut(QKeySequence(shortcut))
            b.clicked.connect(lambda _=False, k=key: self.button_clicked(k))
            b.hide()  # shown by the refresh that needs it: eleven at once widen the window
            self.button_row.addWidget(b)
            self.buttons[key] = b
        carry = QPushButton("Carry on (Space)")
        carry.setObjectName("btn-carry")
        carry.setShortcut(QKeySequence("Space"))
        carry.setToolTip(
            "No one at the table plays a card now: every human pirate passes this window"
        )
        carry.clicked.connect(self.carry_on)
        carry.hide()
        self.button_row.addWidget(carry)
        self.buttons["carry"] = carry
        self.react_buttons: list[QPushButton] = []
        for s in range(PiecesOfEightGame.max_players):
            b = QPushButton(f"Pirate {s + 1}: play a card")
            b.setObjectName(f"btn-react-{s}")
            b.setToolTip(
                f"Pirate {s + 1} wants to play a card now: pass them the computer "
                "(the others look away)"
            )
            b.clicked.connect(lambda _=False, seat=s: self.react(seat))
            b.hide()
            self.button_row.addWidget(b)
            self.react_buttons.append(b)
        self.button_row.addStretch(1)
        sl.addWidget(self.prompt)
        log_title = QLabel("Game log")
        log_title.setObjectName("row-title")
        sl.addWidget(log_title)
        self.log = QListWidget()
        self.log.setObjectName("poe-log")
        self.log.setWordWrap(True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        sl.addWidget(self.log, 1)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([800, 460])
        split.splitterMoved.connect(lambda *_: setattr(self, "_split_set", True))
        outer.addWidget(split, 1)
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        self.hand_row = CardRow("Hand")
        self.hand_row.card_clicked.connect(self.card_clicked)
        # A narrow window scrolls the hand sideways and the face-up treasure down,
        # so no card is ever cut off or lost below the edge.
        hand_scroll = _scroller(self.hand_row, horizontal=True)
        hand_scroll.setMinimumWidth(3 * 134 + 12)
        bottom.addWidget(hand_scroll, 3)
        self.faceup_row = CardRow("Face-up treasure", small=True, columns=4)
        self.faceup_row.card_clicked.connect(self.card_clicked)
        bottom.addWidget(_scroller(self.faceup_row, horizontal=False), 2)
        self.bottom = QWidget()
        self.bottom.setLayout(bottom)
        self.bottom.setFixedHeight(214)
        outer.addWidget(self.bottom)
        self.handoff = HandOff(self)
        self.handoff.ready.connect(self._reveal)
        self.handoff.hide()
        undo = QAction("Undo", self)
        undo.setShortcut(QKeySequence("U"))
        undo.triggered.connect(self.undo_stack.undo)
        self.addAction(undo)

    def _setup_bar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Pirates:"))
        self.player_spin = QSpinBox()
        self.player_spin.setObjectName("poe-players")
        self.player_spin.setRange(2, PiecesOfEightGame.max_players)
        self.player_spin.setValue(4)
        self.player_spin.valueChanged.connect(self._seat_boxes_visible)
        bar.addWidget(self.player_spin)
        self.seat_boxes: list[QComboBox] = []
        for s in range(PiecesOfEightGame.max_players):
            box = QComboBox()
            box.setObjectName(f"poe-seat-{s}")
            for c in CONTROLLERS:
                box.addItem(f"{s + 1}: {CONTROLLER_TITLES[c]}", c)
            box.setToolTip(f"Who plays Pirate {s + 1}: a human at this computer or a bot")
            box.setCurrentIndex(0 if s == 0 else 2)
            bar.addWidget(box)
            self.seat_boxes.append(box)
        self.naming = SeatNaming(self, self.seat_boxes)
        bar.addWidget(self.naming.button)
        self.variants = VariantsButton()
        bar.addWidget(self.variants)
        board = QPushButton("Board...")
        board.setObjectName("poe-board-file")
        board.setToolTip("Play on another map from the map editor")
        board.clicked.connect(self.choose_board)
        bar.addWidget(board)
        new = QPushButton("New game")
        new.setObjectName("poe-new")
        new.clicked.connect(self.new_game_from_bar)
        bar.addWidget(new)
        bar.addStretch(1)
        self._seat_boxes_visible(4)
        return bar

    def _seat_boxes_visible(self, n: int) -> None:
        for s, box in enumerate(self.seat_boxes):
            box.setVisible(s < n)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.handoff.setGeometry(self.rect())
        if not self._split_set:
            QTimer.singleShot(0, self._size_split)

    _split_set = False

    def _size_split(self) -> None:
        w = self.split.width()
        if w > 0 and not self._split_set:
            self.split.setSizes([int(w * 0.58), w - int(w * 0.58)])

    # -- documents ------------------------------------------------------------------------
    def load_default(self) -> None:
        self.new_game(["human", "strong", "strong", "strong"], scenario=None)
        self.run_bots()

    def new_game_from_bar(self) -> None:
        n = self.player_spin.value()
        seats = [self.seat_boxes[s].currentData() for s in range(n)]
        try:
            self.replace_document(
                lambda: self.new_game(seats, scenario=self.scenario, params=self.variants.params())
            )
        except WargameError as exc:
            self.show_error(str(exc), "Cannot start that game")

    def choose_board(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Choose a map", str(scenarios_dir() / "maps"), "Map files (*.json)"
        )
        if path:
            self.use_map(Path(path))

    def use_map(self, path: Path) -> bool:
        """Start a new game with the same seats on the map file at ``path``."""
        try:
            data = read_json_file(path)
            if not isinstance(data, dict) or data.get("format") != "wargame-map":
                raise FileFormatError(f"{path}: not a map file (format 'wargame-map')")
            board_for(data)  # refuse a map without sea, land or a town, naming why
        except WargameError as exc:
            self.show_error(str(exc), "Not a usable board")
            return False
        n = self.player_spin.value()
        seats = [self.seat_boxes[s].currentData() for s in range(n)]
        if not self.replace_document(
            lambda: self.new_game(seats, scenario=data, params=self.variants.params())
        ):
            return False
        self.document_name = path.stem
        self.document_changed.emit()
        return True

    def new_game(
        self,
        seats: list[str],
        *,
        scenario: dict[str, Any] | None,
        params: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> None:
        """A new game; its dice are seeded from the OS (``seed``: a test's fixed seed)."""
        self._bot_timer.stop()
        self.scenario = scenario
        self.seats = list(seats)
        # The save carries its board, so it replays even if the shipped map changes.
        board = scenario if scenario is not None else map_for(None)
        # A new game at the table asks everyone in response windows unless told otherwise.
        spec = GameSpec("pieces-of-eight", len(seats), table_params(params), board)
        # Dice seeded from the OS by the table's factory: no two games deal alike.
        session = new_session(
            spec,
            self.ctx.make_dice(seed, "Pieces of Eight"),
            friendly_undo=self.variants.friendly_action.isChecked(),
        )
        session.header["seats"] = list(seats)
        self.naming.apply(session)
        self._start(session)
        self.document_name = "pieces-of-eight"
        self.document_changed.emit()

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        seats = data.get("seats") if data.get("format") == "wargame-scenario" else None
        if not isinstance(seats, list) or not all(s in CONTROLLERS for s in seats):
            n = int(data.get("players", 4)) if isinstance(data.get("players", 4), int) else 4
            seats = ["human"] + ["strong"] * (n - 1)
        params = data.get("params") if isinstance(data.get("params"), dict) else None
        self.new_game(seats, scenario=data, params=params)
        self.run_bots()
        if path is not None:
            self.document_name = path.stem

    @classmethod
    def accepts(cls, data: dict[str, Any]) -> bool:
        return False

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        header = data.get("header") or {}
        # The generator continues from the state sealed in the save (never a fixed seed).
        session = load_session(data, self.ctx.make_dice(None, "Pieces of Eight"))
        self.seats = saved_seats(header, session.state.n, CONTROLLERS)
        self.scenario = header.get("scenario")
        self._start(session)
        if path is not None:
            self.document_name = path.stem
            self.document_changed.emit()

    def save_json(self) -> dict[str, Any]:
        if self.session is None:
            raise FileFormatError("no game to save")
        self.session.header["seats"] = list(self.seats)
        self.session.header.pop("seed", None)  # version-1 saves showed their seed
        return self.session.to_json()

    def history_changed(self) -> None:
        self._refresh()

    def history_command(self, session: Any, text: str, entry: Any) -> Any:
        """A restored step merges the bots' replies into the human move before it."""
        return TurnCommand(session, text, self._refresh, bot=entry.seat in self.bots)

    def _start(self, session: Session[Any]) -> None:
        self.session = session
        self.naming.follow(session)
        self.undo_stack.clear()
        game = PiecesOfEightGame(session.header.get("params") or {})
        # The menu offers this game's variants for the next new game; one the save does
        # not record takes its table default (a save from before `windows` existed
        # replays with playable-only windows, but the next new game hides hands).
        for key, value in table_params(session.header.get("params")).items():
            if key in self.variants.groups:
                self.variants.choose(key, value)
        factories = game.bots()
        self.bots = {
            s: factories[c](DiceService.seeded(fresh_seed()))
            for s, c in enumerate(self.seats)
            if c != "human"
        }
        self.revealed = None
        self._carried = None
        self._reacting = None
        self.log.clear()
        self._pass_run = []
        for line in history_lines(session):
            self.log.addItem(line)
        self._fight_logged = session.state.last_fight
        doc = None
        try:
            from wargame.maps.graph import graph_json
            from wargame.maps.model import map_from_json

            data = map_for(session.header.get("scenario"))
            if data is not None:
                doc = map_from_json(data, "map")
                graph = graph_json(doc)
            else:
                graph = dict(session.header.get("scenario") or {})
        except WargameError:
            doc = None
            graph = {"nodes": [], "edges": []}
        self.map_doc = doc
        self.board.set_map(doc, graph)
        self.player_spin.setValue(session.state.n)
        for s, c in enumerate(self.seats):
            self.seat_boxes[s].setCurrentIndex(CONTROLLERS.index(c))
        session.add_listener(self._on_session)
        self._refresh()

    def _on_session(self, session: Session[Any], what: str) -> None:
        if what == "apply" and session.entries:
            e = session.entries[-1]
            who = passer(e.label)
            if who is not None and self._pass_run and self.log.count():
                # a run of passes (a reaction window nobody takes) is one line
                self._pass_run.append(who)
                self.log.item(self.log.count() - 1).setText(passes_line(self._pass_run))
            else:
                self._pass_run = [who] if who is not None else []
                self.log.addItem(e.label)  # the session's public sentence
            fight = session.state.last_fight
            if fight is not None and fight is not self._fight_logged:
                self._fight_logged = fight
                self.log.addItem(fight_summary(session.state, fight))
                self._pass_run = []
            self.log.scrollToBottom()
        elif what in ("undo", "redo"):
            # a window stepped back into asks the table again
            self._carried = None
            self._reacting = None
            self._pass_run = []
            friendly = " - friendly undo, practice game" if session.friendly_undo else ""
            self.log.addItem(f"({what}{friendly})")

    _fight_logged: Any = None
    #: The pirates of the passes the log's last line tells.
    _pass_run: list[str] = []  # noqa: RUF012 (set per instance before any append)

    # -- state helpers ----------------------------------------------------------------------
    @property
    def state(self) -> PoeState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def viewer(self) -> int | None:
        """The seat whose hand is on screen (a human who has taken the computer)."""
        return self.revealed

    def status_text(self) -> str:
        if self.session is None:
            return "Pieces of Eight"
        practice = "PRACTICE GAME, friendly undo on - " if self.session.friendly_undo else ""
        return practice + self._status_line()

    def _status_line(self) -> str:
        assert self.session is not None
        st = self.state
        if st.over:
            o = st.outcome()
            assert o is not None
            who = f"{st.name(o.winner)} wins" if o.winner is not None else "A shared win"
            return f"Game over ({st.end_reason}): {who}"
        seat = st.current_player()
        assert seat is not None
        return f"Round {st.round}, {st.name(st.active)}'s turn ({PHASE_TITLES[st.phase]}); asking {st.name(seat)}"

    # -- acting -----------------------------------------------------------------------------
    def do(self, action: Action) -> bool:
        """Apply ``action`` for the seat being asked; a refusal shows the rule's reason."""
        if self.session is None:
            return False
        seat = self.state.current_player()
        bot = seat is not None and seat in self.bots
        try:
            apply_turn_action(self.undo_stack, self.session, action, self._refresh, bot=bot)
        except IllegalAction as exc:
            self.show_error(str(exc))
            return False
        except WargameError as exc:
            self.show_error(str(exc))
            return False
        self.autosave()
        return True

    def _human_turn(self) -> bool:
        st = self.state
        seat = st.current_player()
        return seat is not None and self.seats[seat] == "human" and self.revealed == seat

    def button_clicked(self, key: str) -> None:
        if self.session is None or not self._human_turn():
            return
        action = {
            "pass": A.Pass(),
            "done": A.Done(),
            "bury": A.Bury(),
            "dig": A.Dig(),
            "draw": A.Draw(),
            "mutiny": A.Mutiny(),
            "fight": A.Fight(),
            "join": A.Join(),
            "accept": A.Accept(),
            "refuse": A.Refuse(),
            "compel": A.Compel(),
        }[key]
        self.do(action)

    def area_clicked(self, area_id: str) -> None:
        if self.session is None or not self._human_turn():
            return
        st = self.state
        legal = st.legal_actions()
        for a in legal:
            if (
                (isinstance(a, A.Move) and a.to == area_id)
                or (isinstance(a, A.Enter) and a.area == area_id)
                or (isinstance(a, A.Banish) and a.to == area_id)
            ):
                self.do(a)
                return
        if st.stack and st.stack[-1].kind == "fate":
            self.do(A.Banish(area_id))
        elif st.area[st.active] < 0:
            self.do(A.Enter(area_id))
        else:
            self.do(A.Move(area_id))

    def choices_for_card(self, card: int) -> list[Action]:
        return [a for a in self.state.legal_actions() if getattr(a, "card", None) == card]

    def card_clicked(self, card: int) -> None:
        if self.session is None or not self._human_turn():
            return
        choices = self.choices_for_card(card)
        natural = self._natural_action(card)
        blocked = None
        if natural not in choices and not isinstance(natural, A.Play):
            # the phase's own use of the card is refused: say why instead of playing it
            from wargame.poe.refusals import why_illegal

            blocked = why_illegal(self.state, natural)[0]
        if len(choices) == 1 and blocked is None:
            self.do(choices[0])
            return
        if not choices:
            self.do(natural)
            return
        menu = QMenu(self)
        menu.setObjectName("poe-card-menu")
        if blocked is not None:
            note = menu.addAction(f"Not allowed: {blocked}")
            note.setEnabled(False)
        for a in choices:
            item = menu.addAction(self.state.describe(a))
            item.triggered.connect(lambda _=False, act=a: self.do(act))
        self._menu = menu
        menu.popup(QCursor.pos() if self.isVisible() else QPoint(0, 0))

    def _natural_action(self, card: int) -> Action:
        """What clicking a card would mean in this phase, to be refused with a reason."""
        st = self.state
        seat = st.current_player()
        if not st.stack and seat == st.active:
            in_hand = card in st.hand[seat]
            if st.phase == "bury":
                return A.Unselect(card) if card in st.selection else A.Select(card)
            if st.phase == "discard" and in_hand:
                return A.Discard(card)
            if st.phase == "replenish" and not in_hand:
                return A.Take(card)
        return A.Play(card)

    # -- bots -------------------------------------------------------------------------------
    def _schedule_bot(self) -> None:
        if self.session is None or self.state.over or self.replaying:
            return
        seat = self.state.current_player()
        auto = seat is not None and (seat in self.bots or self._auto_pass(seat))
        if auto and not self._bot_timer.isActive():
            st = self.state
            window = bool(st.stack) and st.stack[-1].kind in WINDOWS
            self._bot_timer.start(self.window_delay_ms if window else self.bot_delay_ms)

    def _auto_pass(self, seat: int) -> bool:
        """A human passes a window without being asked: before others' turns and after
        their phase steps when the table chose not to be asked; after a phase step
        when the table carried on, or another pirate asked to react first; and, the
        only human against bots, when they hold no reaction card playable now (no one
        to hint to; cards for their own next turn lose nothing by waiting)."""
        st = self.state
        if seat in self.bots or not st.stack or self.seats[seat] != "human":
            return False
        f = st.stack[-1]
        if f.kind not in ("turn-start", "phase-end"):
            return False
        if not self.variants.ask_before_turns():
            return True
        if f.kind != "phase-end":
            return False
        if self._carried == self._window_key():
            return True
        if self._reacting is not None and self._reacting != seat and self._reacting in f.order:
            return True
        humans = [s for s, c in enumerate(self.seats) if c == "human"]
        return len(humans) == 1 and not reaction_plays(st, seat)

    def _window_key(self) -> tuple[int, int, str] | None:
        """The phase-end window open now (turn number, active pirate, phase), or None."""
        st = self.state
        if self.session is None or not st.stack or st.stack[-1].kind != "phase-end":
            return None
        f = st.stack[-1]
        return (st.turns, f.a, f.phase)

    def _humans(self) -> list[int]:
        return [s for s, c in enumerate(self.seats) if c == "human"]

    def shared_window(self) -> bool:
        """True while a phase-end window is put to all the humans at once on the table
        (two or more humans; no hand on screen, no hand-off)."""
        if self.session is None or self.state.over:
            return False
        st = self.state
        seat = st.current_player()
        if seat is None or self._window_key() is None or self.seats[seat] != "human":
            return False
        if self._auto_pass(seat) or len(self._humans()) < 2:
            return False
        return self._reacting != seat

    def carry_on(self) -> None:
        """Nobody at the table reacts: every human seat passes this window."""
        if self.session is None or self._window_key() is None:
            return
        seat = self.state.current_player()
        if seat is None or self.seats[seat] != "human":
            return
        if not self.shared_window() and not self._human_turn():
            return
        self._carried = self._window_key()
        self._reacting = None
        self.do(A.Pass())

    def react(self, seat: int) -> None:
        """``seat`` wants to play a card in this window: the humans asked before them
        pass, then they get the computer (after the hand-off)."""
        if not self.shared_window():
            return
        f = self.state.stack[-1]
        if seat not in f.order or self.seats[seat] != "human":
            return
        self._reacting = seat
        self._refresh()
        self.run_bots()

    def _bot_step(self) -> None:
        if self.session is None or self.state.over or self.replaying:
            return
        seat = self.state.current_player()
        if seat is None:
            return
        if seat in self.bots:
            self.do(self.bots[seat].choose(self.state, seat))
        elif self._auto_pass(seat):
            self.do(A.Pass())

    def bot_acts(self, seat: int) -> bool:
        return seat in self.bots or self._auto_pass(seat)

    _batch = False

    def run_bots(self, limit: int = 10_000) -> int:
        """Let the seats that act by themselves play until a human must; the table is
        drawn once at the end, not after each of their actions."""
        self._batch = True
        try:
            return super().run_bots(limit)
        finally:
            self._batch = False
            self._refresh()

    # -- hand-off -----------------------------------------------------------------------------
    def _reveal(self, seat: int) -> None:
        self.revealed = seat
        self.handoff.hide()
        self._refresh()

    # -- drawing ---------------------------------------------------------------------------
    def _refresh(self) -> None:
        if self.session is None or self._batch:
            return
        st = self.state
        seat = st.current_player()
        humans = [s for s, c in enumerate(self.seats) if c == "human"]
        if len(humans) == 1:
            self.revealed = humans[0]  # one human: their hand is theirs to see
        quiet = seat is not None and (self._auto_pass(seat) or self.shared_window())
        if seat is not None and self.seats[seat] == "human" and self.revealed != seat and not quiet:
            self.handoff.show_for(seat, st.name(seat), self._handoff_reason())
            self.handoff.setGeometry(self.rect())
        elif seat is None and self.revealed is None and humans:
            self.revealed = humans[0]
        if self.revealed == seat or seat is None or seat in self.bots or quiet:
            self.handoff.hide()
        legal = list(st.legal_actions()) if self._human_turn() else []
        self._draw_board(legal)
        self._draw_hand(legal)
        self._draw_prompt(legal)
        self.players.show_state(st, self.revealed)
        deck_no = ("1st", "2nd")[min(st.exhaustions, 1)]
        self.deck_label.setText(
            f"Deck {len(st.deck)} ({deck_no})  Discard {len(st.discard)}  Round {st.round}"
        )
        self.deck_label.setToolTip(
            "The game ends the moment the deck runs out for the second time "
            f"(it has run out {st.exhaustions} time(s))."
        )
        self.status_changed.emit(self.status_text())
        self._schedule_bot()

    def _handoff_reason(self) -> str:
        from ui.poe.panels import frame_title

        st = self.state
        if st.stack:
            return frame_title(st, st.stack[-1])
        return f"It is {st.name(st.active)}'s turn."
