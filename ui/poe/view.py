"""The Pieces of Eight table: board, players, the current player's hand, prompts, log."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtWidgets import (
    QFileDialog,
    QWidget,
)

from ui.context import AppContext
from ui.poe.acting import PoeClicks
from ui.poe.drawing import PoeLog, TableDrawing
from ui.poe.layout import STYLE, PoeLayout
from ui.poe.panels import frame_title
from ui.poe.windows import ASK_KEY, PoeWindows
from ui.table.base import TableView
from ui.table.seats import level_of
from wargame.core.game import GameSpec
from wargame.core.log import Session
from wargame.errors import FileFormatError, WargameError
from wargame.paths import scenarios_dir
from wargame.persistence.files import read_json_file
from wargame.plural import count
from wargame.poe.game import table_params
from wargame.poe.maps import board_for, map_for
from wargame.poe.state import PHASE_TITLES, PoeState


class PiecesOfEightView(PoeLayout, PoeClicks, PoeWindows, PoeLog, TableDrawing, TableView):
    mode_key: ClassVar[str] = "pieces-of-eight"
    title: ClassVar[str] = "Pieces of Eight"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setStyleSheet(STYLE)
        self.map_doc: Any = None
        self.scenario: dict[str, Any] | None = None
        self._build()

    # -- documents ------------------------------------------------------------------------
    def load_default(self) -> None:
        self.new_game(["human", "normal", "normal", "normal"], scenario=None)
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
        if isinstance(seats, list):
            seats = [level_of(s) if isinstance(s, str) else s for s in seats]
        if not isinstance(seats, list) or not all(s in self.controllers for s in seats):
            n = int(data.get("players", 4)) if isinstance(data.get("players", 4), int) else 4
            seats = ["human"] + ["normal"] * (n - 1)
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
            names = [str(st.name(w)) for w in o.winners]
            if len(names) > 1:
                who = f"a shared win: {', '.join(names[:-1])} and {names[-1]}"
            else:
                who = f"{names[0]} wins" if names else "nobody wins"
            return f"Game over ({st.end_reason}): {who}"
        seat = st.current_player()
        assert seat is not None
        return f"Round {st.round}, {st.name(st.active)}'s turn ({PHASE_TITLES[st.phase]}); asking {st.name(seat)}"

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
            f"(it has run out {count(st.exhaustions, 'time', 'times')})."
        )

    def handoff_reason(self, seat: int) -> str:
        st = self.state
        if st.stack:
            return frame_title(st, st.stack[-1])
        return f"It is {st.name(st.active)}'s turn."
