"""The Pieces of Eight table's widgets: the seat bar, board, side panel, prompt
buttons, hand and face-up rows.

A mixin of :class:`ui.poe.view.PiecesOfEightView`. At any width the hand row keeps a
full hand (the rules' hand limit) in view; the face-up treasure beside it takes the
rest, in as many columns as fit, and scrolls down.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ui.poe.board import BoardView
from ui.poe.cards import CardRow
from ui.poe.panels import PlayersPanel, VariantsButton
from ui.table.seats import SeatNaming, seat_titles
from wargame.poe.game import PiecesOfEightGame, rules

CONTROLLER_TITLES = seat_titles()

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


class PoeLayout:
    """The view's widgets (see the module docstring)."""

    # the view's (TableView / PiecesOfEightView)
    log: Any
    controllers: tuple[str, ...]
    speed_box: Any
    seat_box_changed: Any
    area_clicked: Any
    button_clicked: Any
    carry_on: Any
    react: Any
    card_clicked: Any
    choose_board: Any
    new_game_from_bar: Any
    _ask_toggled: Any
    _split_set = False

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
        # A full hand always fits (a longer one, before its discard, scrolls
        # sideways); the face-up treasure takes the rest and scrolls down.
        self.hand_scroll = hand_scroll = _scroller(self.hand_row, horizontal=True)
        hand_scroll.setMinimumWidth(self.hand_row.width_for(rules().hand.limit))
        bottom.addWidget(hand_scroll, 3)
        self.faceup_row = CardRow("Face-up treasure", small=True, columns=4)
        self.faceup_row.card_clicked.connect(self.card_clicked)
        self.faceup_row.title.setWordWrap(True)  # beside a full hand at 1024 px
        self.faceup_scroll = _scroller(self.faceup_row, horizontal=False)
        bottom.addWidget(self.faceup_scroll, 2)
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
            for c in self.controllers:
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
        QTimer.singleShot(0, self._fit_faceup)

    def _fit_faceup(self) -> None:
        """As many face-up columns as the space beside the hand holds (1 to 4)."""
        self.faceup_row.set_columns(self.faceup_row.columns_in(self.faceup_scroll.width(), 4))

    def _size_split(self) -> None:
        w = self.split.width()
        if w > 0 and not self._split_set:
            self.split.setSizes([int(w * 0.58), w - int(w * 0.58)])
