"""The Tortuga 1667 table on :mod:`ui.table`: the board, the seat's secrets, the prompt.

The base gives the hot-seat rules: the screen shows one seat's view, a hand-off covers
the table before each human's private moment (a turn or a decision: a vote, a view,
Crow's Nest's search), undo belongs to the player who acted, the log is what the engine
told. Tortuga adds the private looks owed once play has moved on (:attr:`notices`): the
two event cards a human just viewed, or the loyalty card Cabin Fever dealt them; the
table waits until they are read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QCursor, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSplitter,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from ui.context import AppContext
from ui.help import RulesDialog
from ui.table.base import TableView
from ui.table.seats import SeatNaming
from ui.tortuga.board import Board
from ui.tortuga.panels import NewGameDialog, PlayersPanel, SecretsPanel, VoteReveal
from ui.tortuga.prompt import PromptPanel
from ui.tortuga.style import STYLE, scroller, title_row
from ui.tortuga.texts import (
    CATEGORIES,
    EXAMPLES,
    LOOKS,
    TIPS,
    VOTE_HELP,
    choice_text,
    deck_odds_text,
)
from wargame.core.actions import Action
from wargame.core.game import GameSpec
from wargame.core.log import Session
from wargame.errors import FileFormatError, WargameError
from wargame.tortuga import actions as A
from wargame.tortuga.describe import end_text
from wargame.tortuga.legal import PROMPTS, why_illegal
from wargame.tortuga.state import VOTE_KINDS, TortugaState

#: The header key of the private looks still owed: [[seat, "view" | "fever", log index]].
LOOKS_KEY = "owed_looks"


def saved_looks(value: Any, entries: int, seats: int) -> list[tuple[int, str, int]]:
    """The looks owed as a save keeps them; anything malformed is dropped (a look is a
    courtesy of the table, never a reason to refuse a save)."""
    out: list[tuple[int, str, int]] = []
    if not isinstance(value, list):
        return out
    for item in value:
        if (
            isinstance(item, list)
            and len(item) == 3
            and type(item[0]) is int
            and item[1] in LOOKS
            and type(item[2]) is int
            and 0 <= item[0] < seats
            and 0 <= item[2] < entries
        ):
            out.append((item[0], item[1], item[2]))
    return out


class TortugaView(TableView):
    mode_key: ClassVar[str] = "tortuga-1667"
    title: ClassVar[str] = "Tortuga 1667"
    private_word: ClassVar[str] = "secrets"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setStyleSheet(STYLE)
        #: Private looks owed, oldest first: (human seat, "view" or "fever", log index).
        self.notices: list[tuple[int, str, int]] = []
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
        self.players = PlayersPanel()
        self.seat_boxes = self.players.boxes
        for s, box in enumerate(self.seat_boxes):
            box.currentIndexChanged.connect(lambda _=0, seat=s: self.seat_box_changed(seat))
        self.naming = SeatNaming(self, self.seat_boxes)
        bar.addWidget(self.naming.button)
        rules = QPushButton("Rules…")
        rules.setObjectName("tortuga-rules-button")
        rules.setToolTip("The rules quick reference (Help > Rules quick reference, F1)")
        rules.clicked.connect(self.show_rules)
        bar.addWidget(rules)
        bar.addWidget(self.speed_box())
        self.turn_label = QLabel()
        self.turn_label.setObjectName("tortuga-turn")
        self.turn_label.setStyleSheet("font-weight: bold; color: #4a3c26;")
        self.turn_label.setWordWrap(True)
        bar.addWidget(self.turn_label, 1)
        outer.addLayout(bar)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.board = Board()
        self.board.slot_clicked.connect(self.slot_clicked)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addWidget(self.board, 3)
        ll.addWidget(title_row("Pirates (switch a seat to a bot and it plays at once)"))
        ll.addWidget(self.players, 1)
        self.split.addWidget(scroller(left))
        side = QWidget()
        sl = QVBoxLayout(side)
        sl.setContentsMargins(0, 0, 0, 0)
        self.secrets = SecretsPanel()
        sl.addWidget(self.secrets)
        self.prompt = PromptPanel()
        self.prompt.category.connect(self.category_clicked)
        sl.addWidget(self.prompt)
        self.vote_box = VoteReveal()
        sl.addWidget(self.vote_box)
        sl.addWidget(title_row("Game log (the bots' moves since your last are shaded)"))
        self.log.setMinimumHeight(120)
        sl.addWidget(self.log, 1)
        sl.addWidget(title_row("Undo history (yours only; stops at every view, reveal and vote)"))
        self.history = QUndoView(self.undo_stack)
        self.history.setObjectName("tortuga-history")
        self.history.setEmptyLabel("(start: nothing earlier can be undone)")
        self.history.setMaximumHeight(110)
        sl.addWidget(self.history)
        self.split.addWidget(scroller(side))
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 2)
        outer.addWidget(self.split, 1)
        for key in range(5):
            act = QAction(f"Event {key + 1}", self)
            act.setShortcut(QKeySequence(str(key + 1)))
            act.triggered.connect(lambda _=False, k=key: self.slot_clicked(k))
            self.addAction(act)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        w = self.split.width()
        if w > 0:
            self.split.setSizes([int(w * 0.55), w - int(w * 0.55)])

    # -- documents ------------------------------------------------------------------------
    def load_default(self) -> None:
        self.new_game(["human", "normal", "normal", "normal"])
        self.run_bots()

    def show_rules(self) -> None:
        """The rules quick reference (Help's, on this game's page)."""
        self._rules = RulesDialog(self.mode_key, self)
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
        self.start_game(GameSpec("tortuga-1667", len(seats)), seats, seed=seed)

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        raise FileFormatError("Tortuga 1667 has no scenarios: open a saved game instead")

    def started(self, session: Session[Any]) -> None:
        self.notices = saved_looks(
            session.header.get(LOOKS_KEY), len(session.entries), session.state.n
        )
        session.add_listener(self._owe_looks)

    def _keep_looks(self) -> None:
        """The looks owed go in the game's header (public: the log already says who
        viewed cards), so a save or autosave reopens with them still owed."""
        if self.session is not None:
            self.session.header[LOOKS_KEY] = [list(n) for n in self.notices]

    def _owe_looks(self, session: Session[Any], what: str) -> None:
        """A human who viewed two cards (and is not to move on) or was dealt a loyalty
        card by Cabin Fever is owed a private look before play goes on."""
        entries = session.entries
        if what == "undo":
            self.notices = [n for n in self.notices if n[2] < len(entries)]
            self._keep_looks()
        if what not in ("apply", "redo") or len(self.humans()) < 2:
            return
        e = entries[-1]
        if isinstance(e.action, A.View) and e.seat is not None:
            if self.seats[e.seat] == "human" and session.state.current_player() != e.seat:
                self.notices.append((e.seat, "view", len(entries) - 1))
        elif isinstance(e.action, A.Fever) and self.seats[e.action.target] == "human":
            self.notices.append((e.action.target, "fever", len(entries) - 1))
        self._keep_looks()

    # -- the table's hooks -----------------------------------------------------------------
    @property
    def state(self) -> TortugaState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def look(self) -> tuple[int, str] | None:
        """The private look owed now (seat, kind), if any (only humans are owed one)."""
        if len(self.humans()) < 2:
            self.notices = []
        self.notices = [n for n in self.notices if self.seats[n[0]] == "human"]
        return self.notices[0][:2] if self.notices else None

    def private_seat(self) -> int | None:
        look = self.look()
        return look[0] if look is not None else super().private_seat()

    def waiting(self) -> bool:
        return self.look() is not None

    def my_move(self) -> bool:
        return self.look() is None and super().my_move()

    def handoff_reason(self, seat: int) -> str:
        look = self.look()
        if look is not None and look[0] == seat:
            return LOOKS[look[1]][0]
        return f"It is {self.state.name(seat)}'s move: {self.asked(seat)}."

    def done_looking(self) -> None:
        """A player who was owed a private look hands the computer back."""
        look = self.look()
        if look is not None and self.viewer == look[0]:
            self.notices.pop(0)
            self._keep_looks()
        self.after_change()

    def progress(self) -> str:
        return f"turn {self.state.turns}"

    def score_name(self, seat: int) -> str:
        st = self.state
        return f"{st.name(seat)} ({st.observation(None)['loyalty'][seat]})"

    def asked(self, seat: int) -> str:
        """What ``seat`` must do now, in the prompt's words (public)."""
        top = self.state.pending[-1] if self.state.pending else None
        return PROMPTS[top[0]] if top is not None and top[1] == seat else "take an action"

    def status_line(self) -> str:
        st = self.state
        if st.over:
            return end_text(st)
        seat = st.current_player()
        assert seat is not None
        if st.pending:
            return f"Turn {st.turns}, {st.name(st.active)}'s turn: {st.name(seat)} must {self.asked(seat)}"
        return f"Turn {st.turn}: {st.name(seat)} takes an action"

    # -- clicks ---------------------------------------------------------------------------------
    def category_clicked(self, key: str) -> None:
        if not self.my_move() or self.state.pending:
            return
        classes = next(c for k, _t, _s, c in CATEGORIES if k == key)
        options = [a for a in self.state.legal_actions() if type(a) in classes]
        if not options:
            self.show_error(why_illegal(self.state, EXAMPLES[key]))
        elif len(options) == 1:
            self.do(options[0])
        else:
            self.choose_from(options)

    def choose_from(self, options: list[Action]) -> None:
        menu = QMenu(self)
        menu.setObjectName("tortuga-menu")
        obs = self.seen()
        for a in options:
            item = menu.addAction(choice_text(self.state, obs, a))
            item.triggered.connect(lambda _=False, act=a: self.do(act))
        self._menu = menu
        menu.popup(QCursor.pos() if self.isVisible() else QPoint(0, 0))

    def slot_clicked(self, slot: int) -> None:
        if not self.my_move():
            return
        legal = self.state.legal_actions()
        action = next((a for a in legal if isinstance(a, A.Reveal) and a.slot == slot), None)
        if action is None:
            self.show_error(why_illegal(self.state, A.Reveal(slot)))
            return
        self.do(action)

    # -- drawing: from the shown seat's observation ------------------------------------------
    def draw(self) -> None:
        st = self.state
        viewer = self.viewer
        obs = self.seen()
        obs["capacity"] = st.data.rules.board.ship_capacity
        names = [st.name(s) for s in range(st.n)]
        self.board.show_state(obs, names, viewer)
        self.players.show_players(obs, {e.seat: e.label for e in self.recent_auto})
        mine = obs if viewer is not None else None
        self.secrets.show_secrets(mine, names[viewer] if viewer is not None else "", names)
        self.secrets.setVisible(viewer is not None or not obs["over"])  # all turned up
        self.vote_box.show_vote(obs["last_vote"], names)
        self._draw_prompt(obs)
        self.turn_label.setText(self.status_text())

    def _draw_prompt(self, obs: dict[str, Any]) -> None:
        st = self.state
        look = self.look()
        seat = obs["to_act"]
        if look is not None and self.viewer == look[0]:
            self.prompt.say(LOOKS[look[1]][1])
            self.prompt.add_choice(
                "Done: hide my secrets", self.done_looking, "tortuga-done-looking"
            )
        elif obs["over"] or seat is None:
            self.prompt.say(self.status_line())
        elif not self.my_move():
            who = "a bot" if seat in self.bots else "another player"
            self.prompt.say(f"{st.name(seat)} ({who}) must {self.asked(seat)}.")
        elif obs["pending"]:
            self.prompt.say(f"{st.name(seat)}: {self.asked(seat)}." + self._vote_words(obs))
            for i, a in enumerate(st.legal_actions()):
                chosen = lambda act=a: self.do(act)  # noqa: E731 - one per button
                self.prompt.add_choice(choice_text(st, obs, a), chosen, f"tortuga-choice-{i}")
        else:
            left = obs["actions_left"]
            more = f" ({left} left this turn)" if st.per_turn > 1 else ""
            self.prompt.say(
                f"{st.name(seat)}: take an action{more}. Grey buttons say why they are not allowed.",
                main=True,
            )
            legal = st.legal_actions()
            for key, _text, _short, classes in CATEGORIES:
                ok = any(type(a) in classes for a in legal)
                tip = TIPS[key] if ok else f"Not now: {why_illegal(st, EXAMPLES[key])}"
                if ok and key in VOTE_KINDS:
                    tip += " " + deck_odds_text(obs, VOTE_KINDS.index(key))
                self.prompt.mark(key, ok, tip)

    def _vote_words(self, obs: dict[str, Any]) -> str:
        v = obs["vote"]
        if v is None:
            return ""
        kind = VOTE_KINDS.index(v["kind"])
        word, rule = VOTE_HELP[kind]
        return (
            f" The {word} called by {self.state.name(v['caller'])}: {rule} {v['played']} of "
            f"{len(v['voters'])} played; the deck's top card is added. " + deck_odds_text(obs, kind)
        )

    # -- for tests ----------------------------------------------------------------------------
    def choice_buttons(self) -> list[QPushButton]:
        return self.prompt.choice_buttons()
