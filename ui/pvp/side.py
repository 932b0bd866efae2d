"""The side of the Pirate Versus Pirate table: the prompt and the turn's buttons, the
odds before the roll, the crews, and the tabs (game log, undo history, legend, keys).

Widgets only: the view (:mod:`ui.pvp.view`) fills them from the state and connects
their clicks.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from ui.pvp.panels import DiceOdds, Legend, PlayersPanel
from wargame.pvp import actions as A
from wargame.pvp.grid import side_name
from wargame.pvp.state import FACE, MOVE, ROLL, SETUP, PvpState

STYLE = """
PirateVersusPirateView { background: #efe6d2; }
QFrame#pvp-prompt { background: #fbf6ea; border: 2px solid #8a6d35; border-radius: 8px; }
QLabel#pvp-prompt-text { font-size: 14px; color: #2b2114; }
QPushButton { padding: 4px 10px; }
QListWidget#pvp-log { background: #fbf6ea; font-size: 12px; }
"""

#: The turn's buttons: key, text, shortcut (None: the table's own key), tooltip.
BUTTONS = (
    (
        "roll",
        "Roll dice (R)",
        "R",
        "Roll both dice (2d4). Tick Dice > Type in dice to enter a real roll.",
    ),
    ("pass", "Lose the turn (P)", "P", "No pirate can move the roll: the turn passes."),
    (
        "undo",
        "Undo (U)",
        None,
        "Take back your last move (never a roll, never another player's move).",
    ),
    ("ready", "Ready (Enter)", "Return", "No Backstabbing setup: your pirates face as shown."),
)

KEYS = (
    "<b>Keys</b><br>R roll &nbsp; P lose the turn &nbsp; U undo your move<br>"
    "Tab / Shift+Tab next / previous pirate that can move<br>"
    "Enter ready (No Backstabbing setup)<br>"
    "1 2 3 face the pirate's back to that side (No Backstabbing)<br>"
    "L triangle labels on/off &nbsp; Esc clear the selection"
)


class ShortTabs(QTabWidget):
    """Tabs that ask for little height and take what is left: the scroll area lays its
    wrapped texts out at their preferred heights, and a tall log would push the log's
    newest lines below the window's edge."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(super().sizeHint().width(), self.minimumSizeHint().height() + 40)


class SidePanel(QScrollArea):
    """Everything beside the board, scrolling down when the window is short."""

    def __init__(
        self,
        log: QListWidget,
        undo_stack: QUndoStack,
        on_button: Callable[[str], None],
        on_face: Callable[[int], None],
    ) -> None:
        """``on_button(key)``, ``on_face(side)``: a turn's button or a facing clicked."""
        super().__init__()
        side = QWidget()
        lay = QVBoxLayout(side)
        lay.setContentsMargins(4, 0, 4, 0)
        lay.addWidget(self._prompt())
        odds_box = QGroupBox("Odds before the roll")
        ol = QVBoxLayout(odds_box)
        self.dice_odds = DiceOdds()
        ol.addWidget(self.dice_odds)
        self.threat_label = QLabel()
        self.threat_label.setObjectName("pvp-threats")
        self.threat_label.setWordWrap(True)
        self.threat_label.setToolTip(
            "Exact: every total of the rival's 2d4 is tried against the pieces as they "
            "stand (a clear path of exactly that length ending on this pirate)."
        )
        ol.addWidget(self.threat_label)
        lay.addWidget(odds_box)
        self.players = PlayersPanel()
        lay.addWidget(self.players)
        self.tabs = ShortTabs()
        self.tabs.addTab(log, "Game log")
        self.history = QUndoView(undo_stack)
        self.history.setObjectName("pvp-history")
        self.history.setEmptyLabel("Your moves since the last roll")
        self.tabs.addTab(self.history, "Undo history")
        legend = QScrollArea()
        legend.setWidget(Legend())
        legend.setWidgetResizable(True)
        self.tabs.addTab(legend, "Legend")
        keys = QLabel(KEYS)
        keys.setWordWrap(True)
        keys.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.tabs.addTab(keys, "Keys")
        lay.addWidget(self.tabs, 1)
        self.setWidget(side)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        for key, b in self.buttons.items():
            b.clicked.connect(lambda _=False, k=key: on_button(k))
        for k, b in enumerate(self.face_buttons):
            b.clicked.connect(lambda _=False, k=k: on_face(k))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """Never narrower than what it holds (the splitter cannot cut a button short)."""
        hint = super().minimumSizeHint()
        bar = self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()
        return QSize(max(340, self.widget().minimumSizeHint().width() + bar), hint.height())

    def _prompt(self) -> QFrame:
        """The prompt, the turn's buttons and (No Backstabbing) the three facing buttons,
        each on a row of its own so that none is cut short in a narrow window."""
        frame = QFrame()
        frame.setObjectName("pvp-prompt")
        pl = QVBoxLayout(frame)
        self.prompt_label = QLabel()
        self.prompt_label.setObjectName("pvp-prompt-text")
        self.prompt_label.setWordWrap(True)
        pl.addWidget(self.prompt_label)
        row = QGridLayout()  # two by two: a narrow side panel still shows every word
        self.buttons: dict[str, QPushButton] = {}
        for n, (key, text, shortcut, tip) in enumerate(BUTTONS):
            b = QPushButton(text)
            b.setObjectName(f"pvp-{key}")
            if shortcut is not None:
                b.setShortcut(QKeySequence(shortcut))
            b.setToolTip(tip)
            row.addWidget(b, n // 2, n % 2)
            self.buttons[key] = b
        pl.addLayout(row)
        faces = QGridLayout()
        self.face_title = QLabel("Back to the side:")
        self.face_title.setObjectName("pvp-face-title")
        faces.addWidget(self.face_title, 0, 0, 1, 3)
        self.face_buttons: list[QPushButton] = []
        for k in range(3):
            b = QPushButton()
            b.setObjectName(f"pvp-face-{k}")
            b.setShortcut(QKeySequence(str(k + 1)))
            faces.addWidget(b, 1, k)
            self.face_buttons.append(b)
        pl.addLayout(faces)
        return frame

    def show_turn(self, st: PvpState, selected: int, *, mine: bool, undo: bool) -> None:
        """The turn's buttons for ``st`` (``mine``: the player to move has the screen,
        ``undo``: they have a move to take back) and, in No Backstabbing's setup and
        after a move, the three sides of the pirate to face (``selected`` in setup)."""
        b = self.buttons
        b["roll"].setEnabled(mine and st.phase == ROLL)
        b["pass"].setEnabled(mine and st.phase == MOVE and list(st.legal_actions()) == [A.Pass()])
        b["ready"].setVisible(st.opts.backstab)
        b["ready"].setEnabled(mine and st.phase == SETUP)
        b["undo"].setEnabled(undo)
        facing = st.opts.backstab and st.phase in (FACE, SETUP)
        p = st.moved if st.phase == FACE else selected
        ok = facing and p >= 0 and st.pos[p] >= 0
        self.face_title.setVisible(facing)
        for k, button in enumerate(self.face_buttons):
            button.setVisible(facing)
            if ok:
                name = side_name(st.board.cells[st.pos[p]], k)
                button.setText(f"{name} ({k + 1})")
                button.setToolTip(f"Put the pirate's back against the {name} side of its triangle")
            else:
                button.setText(f"side {k + 1} ({k + 1})")
                button.setToolTip("Click one of your pirates first")
            button.setEnabled(ok and mine)
        self.updateGeometry()  # the sides' names change its width: the splitter makes room


def add_keys(view: QWidget, *keys: tuple[str, str, Callable[[], object]]) -> None:
    """The table's own keys (name, key, what it does), live while the view shows."""
    for text, keyseq, slot in keys:
        act = QAction(text, view)
        act.setShortcut(QKeySequence(keyseq))
        act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        act.triggered.connect(slot)
        view.addAction(act)
