"""The Pieces of Eight table: board, players, the current player's hand, prompts, log."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QCursor, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ui.context import AppContext
from ui.poe.board import BoardView
from ui.poe.cards import CardRow
from ui.poe.drawing import PoeLog, TableDrawing
from ui.poe.panels import PlayersPanel, VariantsButton, frame_title
from ui.poe.windows import ASK_KEY, PoeWindows
from ui.table.base import TableView
from ui.table.seats import SeatNaming
from wargame.core.actions import Action
from wargame.core.game import GameSpec
from wargame.core.log import Session
from wargame.errors import FileFormatError, WargameError
from wargame.paths import scenarios_dir
from wargame.persistence.files import read_json_file
from wargame.poe import actions as A
from wargame.poe.game import PiecesOfEightGame, table_params
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


class PiecesOfEightView(PoeWindows, PoeLog, TableDrawing, TableView):
    mode_key: ClassVar[str] = "pieces-of-eight"
    title: ClassVar[str] = "Pieces of Eight"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setStyleSheet(STYLE)
        self.map_doc: Any = None
        self.scenario: dict[str, Any] | None = None
        self._fights: list[Any] = []
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
            box.currentIndexChanged.connect(lambda _=0, seat=s: self.seat_box_changed(seat))
            bar.addWidget(box)
            self.seat_boxes.append(box)
        self.naming = SeatNaming(self, self.seat_boxes)
        bar.addWidget(self.naming.button)
        self.variants = VariantsButton()
        self.variants.ask_action.toggled.connect(self._ask_toggled)
        bar.addWidget(self.variants)
        bar.addWidget(self.speed_box())
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
        self.scenario = scenario
        # The save carries its board, so it replays even if the shipped map changes.
        board = scenario if scenario is not None else map_for(None)
        # A new game at the table asks everyone in response windows unless told otherwise.
        spec = GameSpec("pieces-of-eight", len(seats), table_params(params), board)
        friendly = self.variants.friendly_action.isChecked()
        self.start_game(spec, seats, seed=seed, friendly=friendly)

    def new_game_like(self, header: dict[str, Any]) -> None:
        self.new_game(self.seats, scenario=self.scenario, params=header.get("params"))

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

    def _ask_toggled(self, on: bool) -> None:
        """The table's choice to be asked in windows: the game on the table keeps it."""
        if self.session is not None and self.ask_humans() != on:
            self.session.header[ASK_KEY] = on
            self.undo_stack.resetClean()
            self.after_change()

    def history_changed(self) -> None:
        # a window stepped back into asks the table again
        self._carried = None
        self._reacting = None
        super().history_changed()

    def started(self, session: Session[Any]) -> None:
        self.scenario = session.header.get("scenario")
        # The menu offers this game's variants for the next new game; one the save does
        # not record takes its table default.
        for key, value in table_params(session.header.get("params")).items():
            if key in self.variants.groups:
                self.variants.choose(key, value)
        session.header.setdefault(ASK_KEY, self.variants.ask_before_turns())
        self.variants.ask_action.setChecked(bool(session.header[ASK_KEY]))
        self._carried = None
        self._reacting = None
        self._fights = []
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

    # -- state helpers ----------------------------------------------------------------------
    @property
    def state(self) -> PoeState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def progress(self) -> str:
        return f"round {self.state.round}"

    def status_line(self) -> str:
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
    def button_clicked(self, key: str) -> None:
        if self.session is None or not self.my_move():
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
        if self.session is None or not self.my_move():
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
        if self.session is None or not self.my_move():
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

    # -- drawing ---------------------------------------------------------------------------
    def draw(self) -> None:
        st = self.state
        legal = list(st.legal_actions()) if self.my_move() else []
        self._draw_board(legal)
        self._draw_hand(legal)
        self._draw_prompt(legal)
        self.players.show_state(st, self.viewer)
        deck_no = ("1st", "2nd")[min(st.exhaustions, 1)]
        self.deck_label.setText(
            f"Deck {len(st.deck)} ({deck_no})  Discard {len(st.discard)}  Round {st.round}"
        )
        self.deck_label.setToolTip(
            "The game ends the moment the deck runs out for the second time "
            f"(it has run out {st.exhaustions} time(s))."
        )

    def handoff_reason(self, seat: int) -> str:
        st = self.state
        if st.stack:
            return frame_title(st, st.stack[-1])
        return f"It is {st.name(st.active)}'s turn."
