"""The Pirate Coins table: hot-seat for 2-5 pirates, any seat a bot, on ``ui/table``.

The one private moment is a human's secret decision: with more than one human at the
table, the computer is handed to them first (every turn anew: the whole table has
just watched the reveal), and the screen shows a pirate only their own pending choice.
The starting pirate's chores (start, draw, reveal, flip) are public: the table does
them by itself, or, with the chores option off, the whole table sees the step's button.
The log and undo labels say only "Pirate 2 has decided" until the reveal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QScrollArea, QTabWidget, QUndoView, QVBoxLayout, QWidget

from ui.coins.bar import CoinsBar
from ui.coins.drawing import CoinsDrawing
from ui.coins.panels import DecisionPanel, PlayersPanel, RevealPanel, TablePanel
from ui.context import AppContext
from ui.table.base import TableView
from wargame.coins import actions as A
from wargame.coins.state import DECIDE, PHASE_TITLES
from wargame.core.actions import Action
from wargame.core.game import GameSpec
from wargame.core.log import Session
from wargame.errors import FileFormatError

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

#: How much longer than a bot move a reveal or a flip stays on screen before play goes on.
REVEAL_PAUSE = 4


def style(scale: float = 1.0) -> str:
    """The table's style sheet, its type sizes scaled (larger on a big screen)."""
    sizes = {f"s{n}": round(n * scale) for n in (12, 13, 14, 15)}
    return STYLE_TEMPLATE.format(**sizes)


class PirateCoinsView(CoinsBar, CoinsDrawing, TableView):
    mode_key: ClassVar[str] = "pirate-coins"
    title: ClassVar[str] = "Pirate Coins"
    private_word: ClassVar[str] = "choice"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self._scale = 1.0
        self.setStyleSheet(style())
        self._records = []
        #: The turn in which the human holding the computer took it.
        self._held_turn = -1
        self.log.setObjectName("coins-log")
        self.log.setToolTip("Everything that happened, in order; choices only once revealed")
        self._build()

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        split = self.table_frame(self._setup_bar())
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 4, 0)
        self.table = TablePanel()
        self.players = PlayersPanel()
        for panel in (self.table, self.players):
            ll.addWidget(panel)
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
        self.reveal = RevealPanel()
        rl.addWidget(self.reveal)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.log, "Game log")
        self.history = QUndoView(self.undo_stack)
        self.history.setObjectName("coins-history")
        self.history.setEmptyLabel("Nothing of yours to undo")
        self.history.setToolTip(
            "What you can still undo: your own decisions (and the bots' replies) until the "
            "next player has the computer; never a reveal or a draw from the pouch."
        )
        self.tabs.addTab(self.history, "Undo history")
        self.tabs.setCornerWidget(self.speed_box())  # how long each bot move stays up
        rl.addWidget(self.tabs, 1)
        right.setMaximumWidth(660)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        for key, what in (("P", "plunder"), ("S", "sally"), ("Return", "step"), ("Enter", "step")):
            sc = QShortcut(QKeySequence(key), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(lambda w=what: self.choose(w))

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        # Larger type on a big screen; the laptop size keeps the compact one.
        scale = 1.25 if self.width() >= 1500 and self.height() >= 850 else 1.0
        if scale != self._scale:
            self._scale = scale
            self.setStyleSheet(style(scale))

    # -- documents ------------------------------------------------------------------------
    def load_default(self) -> None:
        self.new_game(["human", "normal", "normal", "normal"])
        self.run_bots()

    def new_game(
        self, seats: list[str], *, params: dict[str, Any] | None = None, seed: int | None = None
    ) -> None:
        """A new game; its dice are seeded from the OS (``seed``: a test's fixed seed)."""
        spec = GameSpec("pirate-coins", len(seats), dict(params or {}))
        self.start_game(spec, seats, seed=seed)

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        raise FileFormatError("Pirate Coins has no scenarios: start a New game")

    def started(self, session: Session[Any]) -> None:
        self._records = []
        self._held_turn = -1
        self.show_options_of(session.header.get("params") or {})

    # -- the table's hooks ----------------------------------------------------------------
    def progress(self) -> str:
        return f"round {max(self.state.round, 1)}"

    def status_line(self) -> str:
        st = self.state
        obs = st.observation(None)
        if st.is_terminal():
            out = st.outcome()
            return f"Game over ({obs['end']}): {self.winner_text(out.winners if out else ())}"
        seat = st.current_player()
        return (
            f"Round {max(obs['round'], 1)}, turn {obs['turn_in_round']}: "
            f"{PHASE_TITLES[st.phase]}; {st.name(seat)} to act"
        )

    def private_seat(self) -> int | None:
        """A human's secret decision is the one private moment."""
        seat = self.turn_seat()
        return seat if seat is not None and self.state.phase == DECIDE else None

    def shared_moment(self) -> bool:
        """A starting pirate's step the table does not do by itself: everyone watches."""
        seat = self.turn_seat()
        return seat is not None and self.state.phase != DECIDE

    def acts_by_itself(self, seat: int) -> bool:
        return seat in self.bots or (self.auto_chores and self.state.phase != DECIDE)

    def automatic_action(self, seat: int) -> Action:
        if seat in self.bots:
            return self.bots[seat].choose(self.state, seat)
        return self.state.legal_actions()[0]  # a chore: the phase's one step

    def bot_delay(self, seat: int) -> int:
        """A reveal or a flip stays on screen a while before play goes on."""
        last = self.state.last[0] if self.state.last else ""
        pause = REVEAL_PAUSE if last in ("reveal", "flip") else 1
        return self.bot_delay_ms * pause

    def handoff_reason(self, seat: int) -> str:
        st = self.state
        return f"Round {st.round}, turn {st.turn_in_round}: time to decide."

    def handoff_words(self, seat: int) -> tuple[str, str]:
        name = self.state.name(seat)
        return (
            f"{name} chooses in secret. Nobody's choice is shown until the starting "
            "pirate reveals them all.",
            f"I am {name}: let me decide",
        )

    def settle(self) -> None:
        """Each turn's decision is handed over anew: since the last one the whole table
        has watched the reveal, the flip and the draw."""
        if self.session is not None and self.state.turns != self._held_turn:
            self.holder = None
        super().settle()

    def take_computer(self, seat: int) -> None:
        self._held_turn = self.state.turns
        super().take_computer(seat)

    # -- clicks -----------------------------------------------------------------------------
    def choose(self, what: str) -> None:
        """A human's button or key: plunder, sally, or the phase's one step."""
        if self.session is None:
            return
        if self.handoff.isVisible():
            if what == "step":  # Enter on the hand-off: "I am Pirate N"
                self.handoff.button.click()
            return
        if not self.my_move():
            return
        if self.state.phase == DECIDE:
            if what in ("plunder", "sally"):
                self.do(A.PLUNDER_NOW if what == "plunder" else A.SALLY_FORTH)
        elif what == "step":
            self.do(self.state.legal_actions()[0])
