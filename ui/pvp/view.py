"""The Pirate Versus Pirate table, on the shared board-game table (:mod:`ui.table`).

Nothing on this board is hidden: every seat's ``observation`` is the whole
position, so the table draws the one public view, never hands the computer over
(``has_secrets = False``) and the player to move plays at once. New/open/save, the
seats, the bots, undo (the mover's own moves since their roll), the log (what the
engine tells) and the score table are the base's; this view builds the board and
the side panel, draws them, turns clicks into actions and words the prompt.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QSplitter, QVBoxLayout, QWidget

from ui.context import AppContext
from ui.pvp.board import BoardView, move_targets
from ui.pvp.panels import threat_text
from ui.pvp.setup import CONTROLLERS, SetupBar, crew_name
from ui.pvp.side import STYLE, SidePanel, add_keys
from ui.pvp.texts import pirate_card, prompt_text, status_text
from ui.pvp.trails import Trails
from ui.table.base import TableView
from ui.table.seats import SeatNaming, level_of, seat_title
from wargame.core.actions import Action
from wargame.core.game import GameSpec
from wargame.core.log import Session
from wargame.errors import FileFormatError, WargameError
from wargame.paths import scenarios_dir
from wargame.persistence.files import read_json_file
from wargame.pvp import actions as A
from wargame.pvp.game import board_data_for, board_for
from wargame.pvp.legal import movable_pirates, move_action, move_classes, path_for, why_not_move
from wargame.pvp.odds import totals_with_a_move
from wargame.pvp.state import FACE, MOVE, ORDER, ROLL, SETUP, PvpState


class PirateVersusPirateView(TableView):
    mode_key: ClassVar[str] = "pirate-versus-pirate"
    title: ClassVar[str] = "Pirate Versus Pirate"
    controllers: ClassVar[tuple[str, ...]] = CONTROLLERS
    has_secrets: ClassVar[bool] = False

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setStyleSheet(STYLE)  # the board's sand and the prompt's parchment
        self.seats = ["human", "normal"]
        self.scenario: dict[str, Any] | None = None
        self.selected = -1
        self.hover = -1
        #: Said instead of the prompt until the next click (why a pirate cannot move).
        self.note: str | None = None
        self.moves = Trails()  # the last moves' paths, dashed on the board
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
        for s, box in enumerate(self.seat_boxes):
            box.currentIndexChanged.connect(lambda _=0, seat=s: self.seat_box_changed(seat))
        self.naming = SeatNaming(self, self.seat_boxes, lambda seat: crew_name(self, seat))
        bar = self.setup.layout()
        bar.insertWidget(bar.indexOf(self.variant_box), self.naming.button)
        bar.insertWidget(bar.indexOf(self.setup.board), self.speed_box())
        outer.addWidget(self.setup)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.board = BoardView()
        self.board.cell_clicked.connect(self.cell_clicked)
        self.board.cell_hovered.connect(self.cell_hovered)
        self.board.pirate_tip = lambda p: pirate_card(self.state, p)
        self.split.addWidget(self.board)
        self.log.setObjectName("pvp-log")
        self.side = side = SidePanel(
            self.log, self.undo_stack, self.button_clicked, self.face_clicked
        )
        self.prompt_label, self.buttons = side.prompt_label, side.buttons
        self.face_buttons, self.dice_odds = side.face_buttons, side.dice_odds
        self.threat_label, self.players = side.threat_label, side.players
        self.split.addWidget(side)
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 2)
        outer.addWidget(self.split, 1)
        add_keys(
            self,
            ("Next pirate", "Tab", lambda: self.cycle(1)),
            ("Previous pirate", "Shift+Tab", lambda: self.cycle(-1)),
            ("Labels", "L", self.toggle_labels),
            ("Clear selection", "Escape", lambda: self.select(-1)),
        )

    # -- documents ------------------------------------------------------------------------
    def load_default(self) -> None:
        self.new_game(["human", "normal"], variant="standard", scenario=None)
        self.run_bots()

    def new_game_from_bar(self) -> None:
        variant = self.variant_box.currentData()
        self.replace_game(
            lambda: self.new_game(self.bar_seats(), variant=variant, scenario=self.scenario)
        )

    def choose_board(self) -> None:
        where = str(scenarios_dir() / "boards")
        path, _ = QFileDialog.getOpenFileName(self, "Choose a board", where, "Boards (*.json)")
        if path:
            self.use_board(Path(path))

    def use_board(self, path: Path) -> bool:
        """A new game with the bar's crews on the board file at ``path``."""
        try:
            data = read_json_file(path)
            if not isinstance(data, dict):
                raise FileFormatError(f"{path}: not a board file")
            board_for(data)  # refuse a board that does not hold together, naming why
        except WargameError as exc:
            self.show_error(str(exc), "Not a usable board")
            return False
        variant = self.variant_box.currentData()
        return self.replace_game(
            lambda: self.new_game(self.bar_seats(), variant=variant, scenario=data)
        )

    def new_game(
        self,
        seats: list[str],
        *,
        variant: str,
        scenario: dict[str, Any] | None,
        seed: int | None = None,
        start: str | None = None,
    ) -> None:
        """A new game; its dice are seeded from the OS's entropy (``seed``: a test's).
        ``start``: the first turn, as printed or the fair-start variant (the bar's
        switch when not given)."""
        self.scenario = scenario
        board = board_data_for(scenario)  # the save carries its board
        start = start or self.setup.start_box.currentData() or "printed"
        spec = GameSpec(self.mode_key, len(seats), {"variant": variant, "start": start}, board)
        self.start_game(spec, seats, seed=seed)
        self.roll_off()

    def new_game_like(self, header: dict[str, Any]) -> None:
        params = header.get("params") or {}
        variant = params.get("variant", "standard")
        start = params.get("start", "printed")
        self.new_game(self.seats, variant=variant, scenario=self.scenario, start=start)

    def roll_off(self) -> None:
        """Every crew rolls both dice for the first turn as the game opens (typed-in dice
        ask each player in turn); ties roll again. The log shows every roll."""
        for _ in range(50):
            if self.session is None or self.state.phase != ORDER:
                return
            if not self.do(A.Roll(), auto=True):
                return

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        seats = data.get("seats") if data.get("format") == "wargame-scenario" else None
        if isinstance(seats, list):
            seats = [level_of(s) if isinstance(s, str) else s for s in seats]
        if not (
            isinstance(seats, list) and 2 <= len(seats) <= 3 and set(seats) <= set(CONTROLLERS)
        ):
            seats = ["human", "normal"]
        variant = data.get("variant")
        variant = variant if variant in ("standard", "no-backstabbing") else "standard"
        self.new_game(seats, variant=variant, scenario=data)
        self.run_bots()

    def started(self, session: Session[Any]) -> None:
        self.scenario = session.header.get("scenario")
        self.selected = self.hover = -1
        self.note = None
        self.moves.clear()
        st = session.state
        self.board.set_board(st.board)
        self.variant_box.setCurrentIndex(1 if st.opts.backstab else 0)
        box = self.setup.start_box
        box.setCurrentIndex(max(0, box.findData(st.opts.start)))

    # -- the table's hooks ----------------------------------------------------------------------
    @property
    def state(self) -> PvpState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def acts_by_itself(self, seat: int) -> bool:
        """Bots, and every crew's roll for the first turn (the table rolls them)."""
        return seat in self.bots or self.state.phase == ORDER

    def automatic_action(self, seat: int) -> Action:
        """A bot's move, else the crew's roll for the first turn (the table rolls it:
        a seat across computers sends it when the server asks)."""
        return self.bots[seat].choose(self.state, seat) if seat in self.bots else A.Roll()

    def status_line(self) -> str:
        return status_text(self.state)

    def progress(self) -> str:
        return f"turn {max(self.state.turns, 1)}"

    # -- acting -------------------------------------------------------------------------------
    def do(self, action: Action, *, auto: bool | None = None, table: bool = False) -> bool:
        """Apply ``action`` (the base's ``do``), keeping a move's path for the board."""
        if self.session is None:
            return False
        self.moves.record(self.state, len(self.session.entries), action)
        selected, note = self.selected, self.note
        self.selected = -1 if isinstance(action, A.Move) else self.selected
        self.note = None
        if super().do(action, auto=auto, table=table):
            return True
        self.selected, self.note = selected, note
        return False

    def button_clicked(self, key: str) -> None:
        if key == "undo":
            if self.undo_stack.canUndo():
                self.undo_stack.undo()
            elif self.session is not None:
                self.show_error(
                    self.session.undo_limit_reason
                    or "Only your own moves since your last roll can be taken back."
                )
            return
        if self.my_move():
            self.do({"roll": A.Roll(), "pass": A.Pass(), "ready": A.Ready()}[key])

    def face_clicked(self, side: int) -> None:
        if not self.my_move():
            return
        st = self.state
        if st.phase == FACE:
            self.do(A.Face(st.pirate_name(st.moved), side))
        elif st.phase == SETUP:
            if self.selected < 0 or st.seat_of(self.selected) != st.setup_seat:
                self.show_error(
                    "click one of your pirates first, then choose the side for its back"
                )
            elif st.back[self.selected] != side:
                self.do(A.Face(st.pirate_name(self.selected), side))

    def cell_clicked(self, i: int) -> None:
        if self.session is None:
            return
        st = self.state
        who = st.occ[i]
        own = who >= 0 and st.seat_of(who) == st.active
        note = None
        if st.phase == MOVE and self.my_move():
            if self.selected >= 0 and who != self.selected and not own:
                self.move_to(i)
                return
            if own and not move_classes(st, who):
                note = (
                    f"{st.pirate_name(who)} cannot move {st.total}: every path of exactly "
                    f"{st.total} is blocked or leaves the board."
                )
        self.select(who if who >= 0 else self.selected, note)

    def select(self, pirate: int, note: str | None = None) -> None:
        self.selected = pirate
        self.note = note
        self.refresh()

    def move_to(self, end: int) -> None:
        st = self.state
        p = self.selected
        options = [(e, c, a) for e, c, a in move_classes(st, p) if e == end]
        if not options:
            reason = why_not_move(st, p, end, -1, False) or "that move is not allowed"
            self.show_error(f"{st.pirate_name(p)} cannot end on {st.board.labels[end]}: {reason}")
        elif len(options) == 1:
            self.do(move_action(st, p, *options[0]))
        else:
            actions = [move_action(st, p, e, c, a) for e, c, a in options]
            self.offer([(st.describe(a), a) for a in actions], "pvp-move-menu")

    def cell_hovered(self, i: int) -> None:
        if self.session is not None and i != self.hover:
            self.hover = i
            if self.selected >= 0 and self.state.phase == MOVE:
                self._draw_board(self.my_move())

    def cycle(self, step: int) -> None:
        if self.session is None:
            return
        st = self.state
        pool = movable_pirates(st) if st.phase == MOVE else st.alive(st.current_player() or 0)
        if pool:
            k = (pool.index(self.selected) + step) % len(pool) if self.selected in pool else 0
            self.select(pool[k])

    def toggle_labels(self) -> None:
        self.board.show_labels = not self.board.show_labels
        if self.session is not None:
            self._draw_board(self.my_move())

    # -- drawing (the public view: nothing here is hidden from any seat) ------------------------
    def draw(self) -> None:
        st = self.state
        mine = self.my_move()
        if self.selected >= 0 and st.pos[self.selected] < 0:
            self.selected = -1
        self._draw_board(mine)
        self.prompt_label.setText(self.note or prompt_text(st, self.seats, self.bots))
        self.side.show_turn(st, self.selected, mine=mine, undo=self.undo_stack.canUndo())
        good: set[int] = set()
        if st.phase in (ROLL, MOVE):
            own = self.selected >= 0 and st.seat_of(self.selected) == st.active
            good = totals_with_a_move(st, [self.selected] if own else None)
        self.dice_odds.show_odds(good, st.total if st.phase == MOVE else 0)
        self.threat_label.setText(threat_text(st, self.selected))
        self.players.show_state(st, [seat_title(c, bot_word=True) for c in self.seats])

    def _draw_board(self, mine: bool) -> None:
        st = self.state
        movable: set[int] = set()
        targets: dict[int, str] = {}
        path = None
        if st.phase == MOVE and mine:
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
            trails=self.trails(),
        )

    def trails(self) -> list[tuple[list[int], str]]:
        """Each crew's last move (cells, colour), newest first (see :mod:`ui.pvp.trails`)."""
        assert self.session is not None
        return self.moves.last_moves(self.state, self.session.entries)
