"""The Pirate Versus Pirate table: the board, the turn's controls and odds, the log."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QAction, QCursor, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMenu,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from ui.bot_turns import BotTurns
from ui.context import AppContext
from ui.mode_base import ModeView
from ui.poe.undo import apply_turn_action
from ui.pvp.board import BoardView, move_targets
from ui.pvp.panels import DiceOdds, Legend, PlayersPanel, threat_text
from ui.pvp.setup import CONTROLLERS, TITLES, SetupBar
from ui.pvp.texts import pirate_card, prompt_text
from ui.table.base import open_saved_session
from ui.table.handoff import HandOff
from ui.table.seats import SeatNaming, saved_seats
from ui.table.undo import clear_stack
from wargame.core.actions import Action
from wargame.core.dice import DiceService, fresh_seed
from wargame.core.game import Bot, GameSpec
from wargame.core.log import Session
from wargame.core.play import new_session
from wargame.errors import FileFormatError, WargameError
from wargame.paths import scenarios_dir
from wargame.persistence.files import read_json_file
from wargame.pvp import actions as A
from wargame.pvp.describe import end_text, result_text
from wargame.pvp.game import PirateVersusPirateGame, board_data_for, board_for
from wargame.pvp.grid import side_name
from wargame.pvp.legal import movable_pirates, move_action, move_classes, path_for, why_not_move
from wargame.pvp.odds import totals_with_a_move
from wargame.pvp.state import FACE, MOVE, ORDER, OVER, PHASE_TITLES, ROLL, SETUP, PvpState

STYLE = """
PirateVersusPirateView { background: #efe6d2; }
QFrame#pvp-prompt { background: #fbf6ea; border: 2px solid #8a6d35; border-radius: 8px; }
QLabel#pvp-prompt-text { font-size: 14px; color: #2b2114; }
QPushButton { padding: 4px 10px; }
QListWidget#pvp-log { background: #fbf6ea; font-size: 12px; }
"""


class PvpHandOff(HandOff):
    """Hot-seat: the next player takes the computer (nothing is hidden in this game,
    so this only says whose turn it is and waits for them)."""

    def show_for(self, seat: int, name: str, reason: str) -> None:
        super().show_for(seat, name, reason)
        self.blurb.setText(reason)
        self.button.setText(f"I am {name}: play (Enter)")
        self.button.setShortcut(QKeySequence("Return"))


class PirateVersusPirateView(BotTurns, ModeView):
    mode_key: ClassVar[str] = "pirate-versus-pirate"
    title: ClassVar[str] = "Pirate Versus Pirate"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setStyleSheet(STYLE)
        self.session: Session[Any] | None = None
        self.seats: list[str] = ["human", "expectimax"]
        self.bots: dict[int, Bot] = {}
        self.scenario: dict[str, Any] | None = None
        self.selected = -1
        self.hover = -1
        self.last_path: list[int] | None = None
        self.revealed: int | None = None
        self.bot_delay_ms = 400
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._bot_step)
        self._build()

    # -- layout ---------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.setSpacing(4)
        self.setup = SetupBar()
        self.player_spin = self.setup.player_spin
        self.seat_boxes = self.setup.seat_boxes
        self.variant_box = self.setup.variant_box
        self.setup.board.clicked.connect(self.choose_board)
        self.setup.new.clicked.connect(self.new_game_from_bar)
        self.naming = SeatNaming(self, self.seat_boxes, self._default_seat_title)
        self.setup.layout().insertWidget(
            self.setup.layout().indexOf(self.variant_box), self.naming.button
        )
        outer.addWidget(self.setup)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.split = split
        self.board = BoardView()
        self.board.cell_clicked.connect(self.cell_clicked)
        self.board.cell_hovered.connect(self.cell_hovered)
        self.board.pirate_tip = self.pirate_card
        split.addWidget(self.board)
        side = QWidget()
        sl = QVBoxLayout(side)
        sl.setContentsMargins(4, 0, 4, 0)
        self.prompt = QFrame()
        self.prompt.setObjectName("pvp-prompt")
        pl = QVBoxLayout(self.prompt)
        self.prompt_label = QLabel()
        self.prompt_label.setObjectName("pvp-prompt-text")
        self.prompt_label.setWordWrap(True)
        pl.addWidget(self.prompt_label)
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, shortcut, tip in (
            (
                "roll",
                "Roll dice",
                "R",
                "Roll both dice (2d4). Tick Dice > Type in dice to enter a real roll.",
            ),
            ("pass", "Lose the turn", "P", "No pirate can move the roll: the turn passes."),
            ("ready", "Ready", "Return", "No Backstabbing setup: your pirates face as shown."),
            ("undo", "Undo", "U", "Take back the last move (never a roll)."),
        ):
            b = QPushButton(f"{text} ({shortcut if shortcut != 'Return' else 'Enter'})")
            b.setObjectName(f"pvp-{key}")
            b.setShortcut(QKeySequence(shortcut))
            b.setToolTip(tip)
            b.clicked.connect(lambda _=False, k=key: self.button_clicked(k))
            row.addWidget(b)
            self.buttons[key] = b
        row.addStretch(1)
        pl.addLayout(row)
        face_row = QHBoxLayout()
        self.face_buttons: list[QPushButton] = []
        for k in range(3):
            b = QPushButton()
            b.setObjectName(f"pvp-face-{k}")
            b.setShortcut(QKeySequence(str(k + 1)))
            b.clicked.connect(lambda _=False, k=k: self.face_clicked(k))
            face_row.addWidget(b)
            self.face_buttons.append(b)
        face_row.addStretch(1)
        pl.addLayout(face_row)
        sl.addWidget(self.prompt)
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
        sl.addWidget(odds_box)
        self.players = PlayersPanel()
        sl.addWidget(self.players)
        tabs = QTabWidget()
        self.tabs = tabs
        self.log = QListWidget()
        self.log.setObjectName("pvp-log")
        self.log.setWordWrap(True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        tabs.addTab(self.log, "Game log")
        self.history = QUndoView(self.undo_stack)
        self.history.setObjectName("pvp-history")
        self.history.setEmptyLabel("Since the last roll")
        tabs.addTab(self.history, "Undo history")
        legend_scroll = QScrollArea()
        legend_scroll.setWidget(Legend())
        legend_scroll.setWidgetResizable(True)
        tabs.addTab(legend_scroll, "Legend")
        keys = QLabel(
            "<b>Keys</b><br>R roll &nbsp; P lose the turn &nbsp; U undo<br>"
            "Tab / Shift+Tab next / previous pirate that can move<br>"
            "Enter ready (setup) or take the computer (hot-seat)<br>"
            "1 2 3 face the pirate's back to that side (No Backstabbing)<br>"
            "L triangle labels on/off &nbsp; Esc clear the selection"
        )
        keys.setWordWrap(True)
        keys.setAlignment(Qt.AlignmentFlag.AlignTop)
        tabs.addTab(keys, "Keys")
        sl.addWidget(tabs, 1)
        scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setMinimumWidth(340)
        split.addWidget(scroll)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        outer.addWidget(split, 1)
        self.handoff = PvpHandOff(self)
        self.handoff.ready.connect(self._reveal)
        self.handoff.hide()
        for text, keyseq, slot in (
            ("Next pirate", "Tab", lambda: self.cycle(1)),
            ("Previous pirate", "Shift+Tab", lambda: self.cycle(-1)),
            ("Labels", "L", self.toggle_labels),
            ("Clear selection", "Escape", self.clear_selection),
        ):
            act = QAction(text, self)
            act.setShortcut(QKeySequence(keyseq))
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.triggered.connect(slot)
            self.addAction(act)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.handoff.setGeometry(self.rect())

    # -- documents ------------------------------------------------------------------------
    def load_default(self) -> None:
        self.new_game(["human", "expectimax"], variant="standard", scenario=None)
        self.run_bots()

    def new_game_from_bar(self) -> None:
        n = self.player_spin.value()
        seats = [self.seat_boxes[s].currentData() for s in range(n)]
        try:
            self.replace_document(
                lambda: self.new_game(
                    seats, variant=self.variant_box.currentData(), scenario=self.scenario
                )
            )
        except WargameError as exc:
            self.show_error(str(exc), "Cannot start that game")

    def choose_board(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Choose a board", str(scenarios_dir() / "boards"), "Board files (*.json)"
        )
        if path:
            self.use_board(Path(path))

    def use_board(self, path: Path) -> bool:
        try:
            data = read_json_file(path)
            if not isinstance(data, dict):
                raise FileFormatError(f"{path}: not a board file")
            board_for(data)
        except WargameError as exc:
            self.show_error(str(exc), "Not a usable board")
            return False
        n = self.player_spin.value()
        seats = [self.seat_boxes[s].currentData() for s in range(n)]
        if not self.replace_document(
            lambda: self.new_game(seats, variant=self.variant_box.currentData(), scenario=data)
        ):
            return False
        self.document_name = path.stem
        self.document_changed.emit()
        return True

    def new_game(
        self,
        seats: list[str],
        *,
        variant: str,
        scenario: dict[str, Any] | None,
        seed: int | None = None,
    ) -> None:
        """A new game; its dice are seeded from the OS's entropy (``seed``: a test's)."""
        self._bot_timer.stop()
        self.scenario = scenario
        self.seats = list(seats)
        board = board_data_for(scenario)  # the save carries its board
        spec = GameSpec("pirate-versus-pirate", len(seats), {"variant": variant}, board)
        dice = self.ctx.make_dice(seed, "Pirate Versus Pirate")
        session = new_session(spec, dice)
        session.header["seats"] = list(seats)
        self.naming.apply(session)
        self._start(session)
        self.document_name = "pirate-versus-pirate"
        self.document_changed.emit()
        self.roll_off()

    def roll_off(self) -> None:
        """Every crew rolls both dice for the first turn as the game opens (typed-in dice
        ask each player in turn); ties roll again. The log shows every roll."""
        guard = 0
        while self.session is not None and self.state.phase == ORDER and guard < 50:
            guard += 1
            seat = self.state.current_player()
            if seat is None or not self.do(A.Roll()):
                break

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        seats = data.get("seats") if data.get("format") == "wargame-scenario" else None
        if (
            not isinstance(seats, list)
            or not all(s in CONTROLLERS for s in seats)
            or not 2 <= len(seats) <= 3
        ):
            seats = ["human", "expectimax"]
        variant = data.get("variant", "standard")
        if variant not in ("standard", "no-backstabbing"):
            variant = "standard"
        self.new_game(seats, variant=variant, scenario=data)
        self.run_bots()
        if path is not None:
            self.document_name = path.stem

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        header = data.get("header") or {}
        session = open_saved_session(self.ctx, "Pirate Versus Pirate", data)
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
        self.session.header.pop("seed", None)  # a seed would tell the dice to come
        return self.session.to_json()

    def _start(self, session: Session[Any]) -> None:
        self.session = session
        self.undo_stack.clear()
        game = PirateVersusPirateGame(session.header.get("params") or {})
        factories = game.bots()
        self.bots = {
            s: factories[c](DiceService.seeded(fresh_seed()))
            for s, c in enumerate(self.seats)
            if c != "human"
        }
        self.selected = -1
        self.last_path = None
        self.revealed = None
        st = self.state
        self.board.set_board(st.board)
        self.player_spin.setValue(st.n)
        for s, c in enumerate(self.seats):
            self.seat_boxes[s].setCurrentIndex(CONTROLLERS.index(c))
        self.variant_box.setCurrentIndex(1 if st.opts.backstab else 0)
        self.naming.follow(session)
        self.log.clear()
        for i, e in enumerate(session.entries, 1):
            self.log.addItem(f"{i}. {e.label}")
        session.add_listener(self._on_session)
        self._refresh()

    # -- the log ------------------------------------------------------------------------------
    _pending: str | None = None

    def _on_session(self, session: Session[Any], what: str) -> None:
        if what == "apply" and session.entries:
            e = session.entries[-1]
            text = self._pending or e.action.to_text()
            extra = result_text(self.state)
            if isinstance(e.action, A.Roll) and self.state.phase == MOVE:
                extra = f"{self.state.seat_title(self.state.active)} rolled {' + '.join(map(str, self.state.dice))} = {self.state.total}"
            self.log.addItem(f"{len(session.entries)}. {text}" + (f": {extra}" if extra else ""))
            if self.state.phase == OVER:
                self.log.addItem(self.end_text())
            self.log.scrollToBottom()
        elif what in ("undo", "redo"):
            self.log.addItem(f"({what}: {len(session.entries)} actions stand)")

    # -- state helpers ------------------------------------------------------------------------
    def _default_seat_title(self, seat: int) -> str:
        """A crew's name before its players name it: its colour ("Red")."""
        session = getattr(self, "session", None)
        if session is not None and seat < len(session.state.colour):
            return str(session.state.colour[seat]).capitalize()
        return f"Crew {seat + 1}"

    @property
    def state(self) -> PvpState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def end_text(self) -> str:
        """How the game ended: "Game over: Red wins (the gold coin delivered)."."""
        return end_text(self.state)

    def status_text(self) -> str:
        if self.session is None:
            return self.title
        st = self.state
        if st.phase == OVER:
            return self.end_text().rstrip(".")
        seat = st.current_player()
        who = st.seat_title(seat) if seat is not None else "?"
        roll = f", rolled {st.total}" if st.phase == MOVE else ""
        return f"Turn {max(st.turns, 1)}: {who} - {PHASE_TITLES[st.phase]}{roll}"

    def _human_turn(self) -> bool:
        if self.session is None:
            return False
        seat = self.state.current_player()
        return seat is not None and self.seats[seat] == "human" and self.revealed == seat

    # -- acting -------------------------------------------------------------------------------
    def do(self, action: Action) -> bool:
        if self.session is None:
            return False
        st = self.state
        seat = st.current_player()
        bot = seat is not None and seat in self.bots
        try:
            self._pending = st.describe(action)
        except (KeyError, ValueError, IndexError):
            self._pending = None
        path = None
        if isinstance(action, A.Move):
            try:
                p = st.pirate_index(action.pirate)
                end = st.board.cell_index(action.to)
                coin = st.coin_index(action.coin) if action.coin else -1
                path = path_for(st, p, end, coin, action.abandon) if st.phase == MOVE else None
            except KeyError:
                path = None
        try:
            apply_turn_action(
                self.undo_stack, self.session, action, self._refresh, bot=bot, text=self._pending
            )
        except WargameError as exc:
            self.show_error(str(exc))
            return False
        finally:
            self._pending = None
        if bot and self.undo_stack.count() == 1 and not self.undo_stack.canRedo():
            # a bot's move straight after its own roll: nothing a player may take back
            self.undo_stack.clear()
        if isinstance(action, A.Move):
            self.last_path = path
            self.selected = -1
        self.autosave()
        return True

    def button_clicked(self, key: str) -> None:
        if key == "undo":
            if self.undo_stack.canUndo():
                self.undo_stack.undo()
            elif self.session is not None:
                self.show_error(self.session.undo_limit_reason or "a roll is never undone")
            return
        if not self._human_turn():
            return
        st = self.state
        if key == "roll":
            self.do(A.Roll())
        elif key == "pass":
            self.do(A.Pass())
        elif key == "ready":
            if st.phase == SETUP:
                self.do(A.Ready())

    def face_clicked(self, side: int) -> None:
        if not self._human_turn():
            return
        st = self.state
        if st.phase == FACE:
            self.do(A.Face(st.pirate_name(st.moved), side))
        elif st.phase == SETUP:
            if self.selected < 0 or st.seat_of(self.selected) != st.setup_seat:
                self.show_error(
                    "click one of your pirates first, then choose the side for its back"
                )
                return
            if st.back[self.selected] != side:
                self.do(A.Face(st.pirate_name(self.selected), side))

    def cell_clicked(self, i: int) -> None:
        if self.session is None:
            return
        st = self.state
        who = st.occ[i]
        mine = self._human_turn() and st.current_player() is not None
        if st.phase == MOVE and mine:
            if (
                self.selected >= 0
                and who != self.selected
                and not (who >= 0 and st.seat_of(who) == st.active)
            ):
                self.move_to(i)
                return
            if who >= 0 and st.seat_of(who) == st.active:
                self.selected = who
                if not move_classes(st, who):
                    self.prompt_label.setText(
                        f"{st.pirate_name(who)} cannot move {st.total}: every path of exactly "
                        f"{st.total} is blocked or leaves the board."
                    )
                self._refresh(keep_prompt=not move_classes(st, who))
                return
        if who >= 0:
            self.selected = who
        self._refresh()

    def move_to(self, end: int) -> None:
        st = self.state
        p = self.selected
        options = [(e, c, a) for e, c, a in move_classes(st, p) if e == end]
        if not options:
            reason = why_not_move(st, p, end, -1, False) or "that move is not allowed"
            self.show_error(f"{st.pirate_name(p)} cannot end on {st.board.labels[end]}: {reason}")
            return
        if len(options) == 1:
            self.do(move_action(st, p, *options[0]))
            return
        menu = QMenu(self)
        menu.setObjectName("pvp-move-menu")
        for e, c, a in options:
            action = move_action(st, p, e, c, a)
            item = menu.addAction(st.describe(action))
            item.triggered.connect(lambda _=False, act=action: self.do(act))
        self._menu = menu
        menu.popup(QCursor.pos() if self.isVisible() else QPoint(0, 0))

    def cell_hovered(self, i: int) -> None:
        if self.session is None:
            return
        if i != self.hover:
            self.hover = i
            if self.selected >= 0 and self.state.phase == MOVE:
                self._draw()

    def cycle(self, step: int) -> None:
        if self.session is None:
            return
        st = self.state
        pool = movable_pirates(st) if st.phase == MOVE else st.alive(st.current_player() or 0)
        if not pool:
            return
        if self.selected in pool:
            k = (pool.index(self.selected) + step) % len(pool)
        else:
            k = 0
        self.selected = pool[k]
        self._refresh()

    def clear_selection(self) -> None:
        self.selected = -1
        self._refresh()

    def toggle_labels(self) -> None:
        self.board.show_labels = not self.board.show_labels
        self._draw()

    # -- bots ---------------------------------------------------------------------------------
    def _schedule_bot(self) -> None:
        if self.session is None or self.state.phase == OVER:
            return
        seat = self.state.current_player()
        if seat is not None and seat in self.bots and not self._bot_timer.isActive():
            self._bot_timer.start(self.bot_delay_ms)

    def _bot_step(self) -> None:
        if self.session is None or self.state.phase == OVER:
            return
        seat = self.state.current_player()
        if seat is not None and seat in self.bots:
            self.do(self.bots[seat].choose(self.state, seat))

    # -- hot-seat ------------------------------------------------------------------------------
    _undo_owner: int | None = None

    def _reveal(self, seat: int) -> None:
        self.revealed = seat
        self.handoff.hide()
        self._refresh()

    # -- drawing -------------------------------------------------------------------------------
    def _refresh(self, *, keep_prompt: bool = False) -> None:
        if self.session is None:
            return
        st = self.state
        seat = st.current_player()
        # No hidden information on this board: no hand-off, the player to move plays.
        # Undo belongs to the player who acted: another human's turn empties it.
        if seat is not None and self.seats[seat] == "human":
            self.revealed = seat
            if seat != self._undo_owner:
                clear_stack(self.undo_stack)
                self._undo_owner = seat
        self.handoff.hide()
        if self.selected >= 0 and st.pos[self.selected] < 0:
            self.selected = -1
        self._draw()
        if not keep_prompt:
            self.prompt_label.setText(self._prompt())
        human = self._human_turn()
        self.buttons["roll"].setEnabled(human and st.phase in (ROLL, ORDER))
        self.buttons["pass"].setEnabled(
            human and st.phase == MOVE and list(st.legal_actions()) == [A.Pass()]
        )
        self.buttons["ready"].setVisible(st.opts.backstab)
        self.buttons["ready"].setEnabled(human and st.phase == SETUP)
        self.buttons["undo"].setEnabled(self.undo_stack.canUndo())
        facing = st.opts.backstab and st.phase in (FACE, SETUP)
        p = st.moved if st.phase == FACE else self.selected
        for k, b in enumerate(self.face_buttons):
            b.setVisible(facing)
            ok = facing and p >= 0 and st.pos[p] >= 0
            if ok:
                name = side_name(st.board.cells[st.pos[p]], k)
                b.setText(f"Back {name} ({k + 1})")
                b.setToolTip(f"Put the pirate's back against the {name} side of its triangle")
            else:
                b.setText(f"Back side {k + 1} ({k + 1})")
                b.setToolTip("Click one of your pirates first")
            b.setEnabled(ok and human)
        good: set[int] = set()
        if st.phase in (ROLL, MOVE):
            mine = self.selected >= 0 and st.seat_of(self.selected) == st.active
            good = totals_with_a_move(st, [self.selected] if mine else None)
        self.dice_odds.show_odds(good, st.total if st.phase == MOVE else 0)
        self.threat_label.setText(threat_text(st, self.selected))
        self.players.show_state(st, [TITLES[c] for c in self.seats])
        self.status_changed.emit(self.status_text())
        self._schedule_bot()

    def _draw(self) -> None:
        st = self.state
        movable: set[int] = set()
        targets: dict[int, str] = {}
        path = None
        if st.phase == MOVE and self._human_turn():
            movable = set(movable_pirates(st))
            if self.selected >= 0 and st.seat_of(self.selected) == st.active:
                targets, by_end = move_targets(st, self.selected)
                if self.hover in by_end:
                    c, a = by_end[self.hover][0]
                    path = path_for(st, self.selected, self.hover, c, a)
        self.board.show_position(
            st,
            movable=movable,
            selected=self.selected,
            targets=targets,
            path=path,
            last_path=self.last_path,
        )

    def _prompt(self) -> str:
        return prompt_text(self.state, self.seats, self.bots)

    def pirate_card(self, p: int) -> str:
        """The hover card of a pirate: who, where, what it carries, its facing, its danger."""
        return pirate_card(self.state, p)
