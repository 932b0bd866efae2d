"""The naval battle table: the sea, the phase panel, the ship sheet, odds and the battle log."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGraphicsView,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ui.bot_thread import HARD_LEVEL, bot_move, hard_bot, level_box
from ui.mode_base import ModeView
from ui.naval.panel import PanelMixin, compass
from ui.naval.scene import PX, SeaScene, ShipItem
from ui.naval.seaview import SeaView
from ui.naval.sheet import export_pdf, sheet_html
from ui.naval.units import length
from ui.override import attach_piece_menu
from ui.remote import RemoteMode, hide_setup
from ui.session_undo import apply_action
from wargame.core.actions import Action
from wargame.core.dice import DiceService, fresh_seed
from wargame.core.game import GameSpec
from wargame.core.log import Session
from wargame.core.play import load_session, new_session
from wargame.errors import WargameError
from wargame.naval.actions import (
    EndShipTurn,
    ExtraMove,
    Fire,
    HoldFire,
    Move,
)
from wargame.naval.bots import CaptainBot
from wargame.naval.common import SIDE_NAMES
from wargame.naval.rules import Aim
from wargame.naval.scenario import campaign_losses, default_scenario
from wargame.naval.state import NavalState


class NavalView(PanelMixin, RemoteMode, ModeView):
    mode_key = "naval"
    title = "Naval battle"
    side_words = SIDE_NAMES

    def __init__(self, ctx: Any, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.session: Session[Any] | None = None
        self.scenario: dict[str, Any] = {}
        self.selected: str | None = None
        self.target: str | None = None
        self.reported = False
        self.bot_seats: set[int] = set()
        self._last_active: str | None = None
        self.hover_text = ""
        self._status = ""
        #: The move being chosen before it is made: (ship, hex, heading), or None.
        self.intent: tuple[str, tuple[int, int], int] | None = None
        self._grab: str | None = None  # "turn" or "place" while a drag chooses the move
        self._build()

    # -- layout -------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        bar = QToolBar("Naval")
        self.toolbar = bar
        self.act_setup = self._tool(bar, "Battle setup", "Ctrl+Shift+B", lambda: self.open_setup())
        self.act_setup.setToolTip(
            "Set up a battle: the sea (any map or open sea), ships from the Roster, where "
            "they start, the victory condition; save it as a scenario (Ctrl+Shift+B)"
        )
        self.act_return = self._tool(
            bar, "Return to the campaign", "Ctrl+Shift+C", self.return_to_campaign
        )
        self.act_return.setToolTip(
            "Back to the campaign this battle was fought for; its result goes onto the "
            "sheets when the battle is over (Ctrl+Shift+C)"
        )
        self.act_return.setVisible(False)
        setup_end = bar.addSeparator()  # hidden with the setup at a remote seat
        self.act_ruler = self._tool(bar, "Ruler", "R", self._toggle_ruler, checkable=True)
        self.act_end = self._tool(bar, "End ship's turn", "E", self._end_turn)
        self.act_bot = self._tool(bar, "Bot move", "B", self.bot_step)
        bots_label = bar.addWidget(QLabel("  Bots: "))
        self.bot_box = QComboBox()
        self.bot_box.addItems(["nobody", "the attacker", "the defender", "both sides"])
        self.bot_box.setToolTip("Which sides the computer commands")
        self.bot_box.currentIndexChanged.connect(self._bot_changed)
        self.level_box = level_box("naval-bot-level")
        #: What sets the table up or commands a side by bot (hidden at a remote seat).
        self.setup_actions = [
            self.act_setup,
            self.act_return,
            setup_end,
            self.act_bot,
            bots_label,
            bar.addWidget(self.bot_box),
            bar.addWidget(self.level_box),
        ]
        bar.addSeparator()
        self._tool(bar, "Fit table", "0", self.sea_view_fit)
        self._tool(bar, "Zoom in", "+", lambda: self._zoom(1.25))
        self._tool(bar, "Zoom out", "-", lambda: self._zoom(0.8))
        self.act_all_arcs = self._tool(bar, "All arcs", "A", self._refresh, checkable=True)
        self.act_all_arcs.setToolTip("Show every ship's gun arcs, not only the selected ship's (A)")
        self.act_legend = self._tool(bar, "Legend", "L", self._toggle_legend, checkable=True)
        self.act_legend.setChecked(True)
        self.act_inches = self._tool(bar, "Inches", "I", self._toggle_inches, checkable=True)
        self.act_inches.setToolTip(
            "Show inches beside cm on the ruler, the arcs, the hover and the odds (I); "
            "the rules still measure in cm"
        )
        self.act_coords = self._tool(bar, "Coordinates", "C", self._toggle_coords, checkable=True)
        self.act_coords.setToolTip(
            "Show each hex's (column, row) on the sea, as the log and the status bar name them (C)"
        )
        bar.addSeparator()
        self._tool(bar, "Sheets (PDF)", "Ctrl+P", self._export_pdf).setToolTip(
            "Export every ship's sheet as a PDF (Ctrl+P)"
        )
        self.setup_actions.append(self._tool(bar, "Roster", "Ctrl+R", self._roster))
        outer.addWidget(bar)
        # Choosing a move: the hex by a click, the heading by keys or a drag, then Enter.
        self.act_turn_left = self._key_action("Turn the chosen heading anticlockwise", "Left", -1)
        self.act_turn_right = self._key_action("Turn the chosen heading clockwise", "Right", 1)
        self.act_confirm = QAction("Sail the chosen move", self)
        self.act_confirm.setShortcuts([QKeySequence("Return"), QKeySequence("Enter")])
        self.act_confirm.triggered.connect(self.confirm_intent)
        self.act_cancel = QAction("Cancel the chosen move", self)
        self.act_cancel.setShortcut(QKeySequence("Escape"))
        self.act_cancel.triggered.connect(self.cancel_intent)
        for act in (self.act_confirm, self.act_cancel):
            self.addAction(act)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.scene = SeaScene(self)
        self.sea_view = SeaView(self.scene)
        self.sea_view.clicked.connect(self._clicked)
        self.sea_view.hovered.connect(self._hovered)
        self.sea_view.grab_test = self._grab_test
        self.sea_view.grab_moved.connect(self._grab_moved)
        self.sea_view.grab_released.connect(self._grab_moved)
        self.sea_view.ruler_changed.connect(
            lambda cm: self._set_status(f"Ruler: {length(cm, inches=self.inches)}")
        )
        attach_piece_menu(self.sea_view, self, self._ship_under)  # right-click: Override...
        split.addWidget(self.sea_view)
        side = QWidget()
        side.setMinimumWidth(360)
        lay = QVBoxLayout(side)
        lay.setContentsMargins(6, 6, 6, 6)
        self.phase_label = QLabel()
        self.phase_label.setWordWrap(True)
        self.phase_label.setToolTip(
            "Point of sailing, from the wind's direction to her heading:<br>"
            "<b>running</b>: wind behind her, the fastest;<br><b>reaching</b>: wind on "
            "her quarter;<br><b>beating</b>: wind ahead at an angle, 1 hex and she must "
            "turn;<br><b>against</b>: wind in her face, she can only turn one face."
        )
        self.phase_label.setStyleSheet(
            "QLabel{background:#2b2118;color:#f3e6c8;padding:8px;border-radius:4px;font-size:13px}"
        )
        lay.addWidget(self.phase_label)
        self.buttons_box = QWidget()
        self.buttons = QGridLayout(self.buttons_box)
        self.buttons.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.buttons_box)
        fire = QGroupBox("Fire")
        fl = QGridLayout(fire)
        self.battery_box = QComboBox()
        self.aim_box = QComboBox()
        self.aim_box.addItems([a.value for a in Aim])
        self.side_box = QComboBox()
        self.fire_button = QPushButton("Fire!  (F)")
        self.fire_button.setShortcut(QKeySequence("F"))
        self.fire_button.clicked.connect(self._fire)
        self.target_label = QLabel("Target: click an enemy ship")
        self.target_label.setWordWrap(True)
        fl.addWidget(self.target_label, 0, 0, 1, 2)
        fl.addWidget(QLabel("Battery"), 1, 0)
        fl.addWidget(self.battery_box, 1, 1)
        fl.addWidget(QLabel("Aim at"), 2, 0)
        fl.addWidget(self.aim_box, 2, 1)
        fl.addWidget(QLabel("Raking: damage side"), 3, 0)
        fl.addWidget(self.side_box, 3, 1)
        self.odds_label = QLabel()
        self.odds_label.setWordWrap(True)
        self.odds_label.setTextFormat(Qt.TextFormat.RichText)
        fl.addWidget(self.odds_label, 4, 0, 1, 2)
        fl.addWidget(self.fire_button, 5, 0, 1, 2)
        for box in (self.battery_box, self.aim_box, self.side_box):
            box.currentIndexChanged.connect(self._update_odds)
        self.fire_group = fire
        lay.addWidget(fire)
        # The ship sheet and the battle log share what height is left in a splitter:
        # they shrink together on a small screen and never draw over each other.
        info = QSplitter(Qt.Orientation.Vertical)
        info.setChildrenCollapsible(False)
        self.sheet = QTextBrowser()
        self.sheet.setMinimumHeight(90)
        info.addWidget(self.sheet)
        log_box = QWidget()
        log_lay = QVBoxLayout(log_box)
        log_lay.setContentsMargins(0, 4, 0, 0)
        log_lay.addWidget(QLabel("<b>Battle log</b>"))
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setMinimumHeight(48)
        log_lay.addWidget(self.log, 1)
        info.addWidget(log_box)
        info.setStretchFactor(0, 2)
        info.setStretchFactor(1, 1)
        lay.addWidget(info, 1)
        # On a low screen the whole panel scrolls rather than squeezing its parts.
        side_scroll = QScrollArea()
        side_scroll.setWidgetResizable(True)
        side_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side_scroll.setWidget(side)
        side_scroll.setMinimumWidth(372)
        split.addWidget(side_scroll)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([900, 380])
        outer.addWidget(split)
        self.bot_timer = QTimer(self)
        self.bot_timer.setInterval(350)
        self.bot_timer.timeout.connect(self._bot_tick)

    def _tool(
        self, bar: QToolBar, text: str, key: str, slot: Any, *, checkable: bool = False
    ) -> QAction:
        act = QAction(f"{text}", self)
        act.setShortcut(QKeySequence(key))
        act.setToolTip(f"{text} ({key})")
        act.setCheckable(checkable)
        act.triggered.connect(slot)
        bar.addAction(act)
        self.addAction(act)
        return act

    def _key_action(self, text: str, key: str, step: int) -> QAction:
        act = QAction(text, self)
        act.setShortcut(QKeySequence(key))
        act.triggered.connect(lambda: self.turn_intent(step))
        self.addAction(act)
        return act

    # -- documents -------------------------------------------------------------------------
    @property
    def state(self) -> NavalState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def load_default(self) -> None:
        self.load_scenario_data(default_scenario(), None)

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        if data.get("format") == "wargame-map":  # a map as the sea: its default battle
            from wargame.naval.setup import battle_on_map

            data = battle_on_map(data, where=str(path or "map"))
        if (
            path is not None
            and "map_file" in data
            and not Path(str(data["map_file"])).is_absolute()
        ):
            data = dict(data)
            data["map_file"] = str(path.parent / str(data["map_file"]))
        session = new_session(
            GameSpec("naval", 2, scenario=data), self.ctx.make_dice(None, "Naval")
        )
        self._start(session, data)
        self.document_name = str(data.get("name", "Sea fight"))
        self.document_changed.emit()

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        # The save's sealed generator state goes into the table's dice: it rolls on.
        session = load_session(data, self.ctx.make_dice(None, "Naval"))
        scenario = (data.get("header") or {}).get("scenario") or {}
        self._start(session, scenario)
        self.document_name = str(scenario.get("name", "Sea fight"))
        self.document_changed.emit()

    def save_json(self) -> dict[str, Any]:
        """The session (its generator state sealed in it, so a resumed battle rolls on)."""
        assert self.session is not None
        return self.session.to_json()

    def _start(self, session: Session[Any], scenario: dict[str, Any]) -> None:
        # a new battle starts with the players in command: the last one's bots stay behind
        self.bot_box.setCurrentIndex(0)
        self.session = session
        self.scenario = scenario
        self.reported = False
        self.act_return.setVisible(isinstance(scenario.get("campaign_link"), dict))
        self.undo_stack.clear()
        self.selected = None
        self.target = None
        self.intent = None
        self.scene.build(self.state)
        self.scene.show_coords(self.act_coords.isChecked())
        self._refresh()
        self.sea_view.fit()

    def seat_remote(self, session: Session[Any], seat: int, send: Callable[[Action], None]) -> None:
        """One side of a battle across computers (ui/remote.py): nothing hidden, so the
        copy's state is drawn as it is; no bots, setup or undo here."""
        self.go_remote(seat, send)
        self._start(session, dict(session.header.get("scenario") or {}))
        self.document_name = str(self.scenario.get("name", "Sea fight"))

    def quiet_setup(self) -> None:
        hide_setup(self.setup_actions, self.sea_view)

    def remote_changed(self) -> None:
        self._refresh()

    def status_text(self) -> str:
        return self._status or self.title

    @property
    def inches(self) -> bool:
        return self.act_inches.isChecked()

    def _toggle_inches(self) -> None:
        self.scene.inches = self.inches
        self._refresh()

    def _toggle_coords(self) -> None:
        self.scene.show_coords(self.act_coords.isChecked())

    def _toggle_legend(self) -> None:
        self.sea_view.legend.setVisible(self.act_legend.isChecked())

    def history_changed(self) -> None:
        self._refresh()

    def _ship_under(self, pos: Any) -> str | None:
        """The ship under a point of the sea view (for the right-click menu)."""
        return next((i.name for i in self.sea_view.items(pos) if isinstance(i, ShipItem)), None)

    def print_source(self) -> Any:
        """The sea with its hexes, their coordinates and islands, without ships, at the
        scenario's hex size (ui/naval/printing.py); it can be printed saving ink."""
        from ui.naval.printing import print_scene, save_ink, table_rect
        from ui.print_table import PrintSource

        if self.session is None:
            return None
        scene = print_scene(self.state, self)
        title = str(self.scenario.get("name", "Sea fight")) if self.scenario else "Sea fight"
        return PrintSource(
            scene, table_rect(self.state), PX, title, ink_saver=lambda: save_ink(scene)
        )

    def _set_status(self, text: str) -> None:
        self._status = text
        self.status_changed.emit(text)

    # -- acting ----------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Apply one action through the undo stack; a refusal is shown with its reason."""
        assert self.session is not None
        if self.route is not None:  # a seat across computers: the server plays it
            return self.send_to_table(action)
        try:
            text = self.state.describe(action)
            apply_action(self.undo_stack, self.session, action, self._refresh, text=text)
        except WargameError as exc:
            self.show_error(str(exc))
            return False
        self.autosave()
        return True

    def legal(self) -> list[Action]:
        """The moves this screen may make now (none on another computer's turn)."""
        if self.session is None or self.played_elsewhere(self.state.current_player()):
            return []
        return list(self.state.legal_actions())

    def _clicked(self, point: QPointF) -> None:
        if self.session is None or self.sea_view.ruler_mode:
            return
        st = self.state
        hex_ = st.sea.hex_at(point.x() / PX, point.y() / PX)
        ship = next(
            (
                s
                for s in st.ships.values()
                if s.hex == hex_ and s.status.value in ("afloat", "surrendered")
            ),
            None,
        )
        moves = self._moves_to(hex_)
        if moves and (ship is None or ship.name == self._active_name()):
            if ship is not None and self.selected != ship.name:
                self.select(ship.name)  # the first click on her own hex selects her
                return
            if self.intent is not None and self.intent[1] == hex_:
                self.confirm_intent()  # a second click on the chosen hex sails there
                return
            self.choose_hex(hex_)
            return
        if ship is not None:
            active = self.state.active
            if active is not None and ship.side != active.side and self.selected == active.name:
                self.target = ship.name
                self._refresh()
                return
            self.select(ship.name)
            return
        if self._active_name() and self.selected == self._active_name():
            reason = self._why_not_here(hex_)
            if reason:
                self.show_error(reason)

    # -- choosing a move: hex, then heading (keys or drag), then Enter ------------------------
    def _moves_to(self, hex_: tuple[int, int]) -> list[Move | ExtraMove]:
        """The selected ship's legal moves ending on ``hex_`` (one per heading)."""
        if self.session is None or self.selected is None:
            return []
        return [
            a
            for a in self.legal()
            if isinstance(a, Move | ExtraMove) and a.ship == self.selected and tuple(a.to) == hex_
        ]

    def _headings_at(self, hex_: tuple[int, int]) -> list[int]:
        """Legal headings on ``hex_``, in clockwise order on the screen."""
        sea = self.state.sea
        return sorted({a.heading for a in self._moves_to(hex_)}, key=sea.heading_angle)

    def choose_hex(self, hex_: tuple[int, int]) -> None:
        """Make ``hex_`` the chosen end of the move: she keeps her heading if she may,
        else the legal heading nearest to it. Nothing moves until it is confirmed."""
        headings = self._headings_at(hex_)
        if not headings or self.selected is None or self.replaying:
            return
        ship = self.state.ships[self.selected]
        keep = self.intent[2] if self.intent is not None else ship.heading
        if keep not in headings:
            keep = min(headings, key=lambda h: min((h - ship.heading) % 6, (ship.heading - h) % 6))
        self._set_intent((ship.name, hex_, keep))

    def turn_intent(self, step: int) -> None:
        """Left / Right: the chosen heading turns to the next legal one that way."""
        if self.intent is None:
            return
        name, hex_, heading = self.intent
        headings = self._headings_at(hex_)
        if not headings:
            return
        i = headings.index(heading) if heading in headings else 0
        self._set_intent((name, hex_, headings[(i + step) % len(headings)]))

    def confirm_intent(self) -> None:
        if self.intent is None:
            return
        name, hex_, heading = self.intent
        move = next((a for a in self._moves_to(hex_) if a.heading == heading), None)
        self._set_intent(None)
        if move is not None:
            self.act(move)

    def cancel_intent(self) -> None:
        self._set_intent(None)

    def _set_intent(self, intent: tuple[str, tuple[int, int], int] | None) -> None:
        self.intent = intent
        for act in (self.act_turn_left, self.act_turn_right, self.act_confirm, self.act_cancel):
            act.setEnabled(intent is not None)
        if intent is None:
            self.scene.clear_intent()
            return
        name, hex_, heading = intent
        self.scene.show_intent(self.state.ships[name], hex_, heading)
        facing = self.state.sea.facing_name(heading)
        col, row = self.state.sea.to_offset(hex_)
        self._set_status(
            f"{name} to ({col}, {row}) facing {facing}: Left/Right turn her, Enter sails, "
            "Esc cancels."
        )

    def _grab_test(self, point: QPointF) -> bool:
        """A drag from the chosen hex turns the heading; a drag from the ship to move
        places the chosen hex. Any other drag pans the sea."""
        self._grab = None
        if self.session is None:
            return False
        st = self.state
        hex_ = st.sea.hex_at(point.x() / PX, point.y() / PX)
        if self.intent is not None and self.intent[1] == hex_:
            self._grab = "turn"
        elif (
            self.selected is not None
            and self.selected == (self._active_name() or "")
            and st.ships[self.selected].hex == hex_
            and any(isinstance(a, Move | ExtraMove) for a in self.legal())
        ):
            self._grab = "place"
        return self._grab is not None

    def _grab_moved(self, point: QPointF) -> None:
        st = self.state
        if self._grab == "place":
            hex_ = st.sea.hex_at(point.x() / PX, point.y() / PX)
            here = self.state.ships[self.selected].hex if self.selected else None
            if hex_ != here and self._moves_to(hex_):
                self.choose_hex(hex_)
                self._grab = "turn"  # dragging on from there turns her
                return
            if here is None or not self._moves_to(here):
                return
            # not over another green hex: she turns where she stands, towards the drag
            if self.intent is None or self.intent[1] != here:
                self.choose_hex(here)
        elif self._grab != "turn":
            return
        if self.intent is None:
            return
        name, hex_, heading = self.intent
        cx, cy = st.sea.centre(hex_)
        dx, dy = point.x() / PX - cx, point.y() / PX - cy
        if math.hypot(dx, dy) < st.sea.hex_cm * 0.2:
            return  # too near the middle to tell a direction
        angle = math.degrees(math.atan2(dy, dx))

        def off(h: int) -> float:
            d = (st.sea.heading_angle(h) - angle) % 360
            return min(d, 360 - d)

        best = min(self._headings_at(hex_), key=off, default=heading)
        if best != heading:
            self._set_intent((name, hex_, best))

    def _hovered(self, point: QPointF) -> None:
        """The status bar names the hex under the pointer and its range from the selected ship."""
        if self.session is None or self.sea_view.ruler_mode:
            return
        st = self.state
        hex_ = st.sea.hex_at(point.x() / PX, point.y() / PX)
        if hex_ not in st.sea.hexes:
            return
        col, row = st.sea.to_offset(hex_)
        text = f"Hex ({col}, {row}){' - land' if hex_ in st.sea.land else ''}"
        if self.selected and st.ships[self.selected].in_play:
            cm = st.sea.distance_cm(st.ships[self.selected].hex, hex_)
            text += f" - {length(cm, inches=self.inches)} from {self.selected}"
        self.hover_text = text
        self._set_status(f"{text}.  {self._phase_text().splitlines()[-1]}")

    def _why_not_here(self, hex_: tuple[int, int]) -> str | None:
        st = self.state
        if st.ts is None or st.ts.step not in ("move", "extra_move"):
            return None
        ship = st.active
        assert ship is not None
        if st.ts.step == "extra_move":
            return f"{ship.name}'s extra hex must be the hex ahead (12. Movement)"
        return st.why_not_reachable(ship, hex_) + " (12. Movement)"

    def _active_name(self) -> str | None:
        st = self.state
        return st.ts.ship if st.phase == "ship" and st.ts is not None else None

    def select(self, name: str | None) -> None:
        self.selected = name
        self.intent = None
        self.target = None
        self._refresh()

    def _fire(self) -> None:
        a = self._chosen_fire()
        if a is None:
            self.show_error(
                "No battery of the selected ship bears on that target in range (19. Firing guns)"
            )
            return
        self.act(a)

    def _chosen_fire(self) -> Fire | None:
        if self.session is None:
            return None
        ship = self._firing_ship()
        if ship is None or self.target is None:
            return None
        pos = self.battery_box.currentData()
        aim = self.aim_box.currentText()
        side = self.side_box.currentText() if self.side_applies() else ""
        for a in self.legal():
            if (
                isinstance(a, Fire)
                and a.ship == ship
                and a.target == self.target
                and a.battery == pos
                and a.aim == aim
                and a.side == side
            ):
                return a
        return None

    def _firing_ship(self) -> str | None:
        st = self.state
        if st.phase == "return" and st.ret is not None:
            return st.ret[0]
        return self._active_name()

    def _end_turn(self) -> None:
        for a in self.legal():
            if isinstance(a, EndShipTurn | HoldFire):
                self.act(a)
                return
        self.show_error("There is no ship turn to end now: " + self._phase_text())

    def sea_view_fit(self) -> None:
        self.sea_view.fit()

    def _zoom(self, factor: float) -> None:
        self.sea_view.auto_fit = False
        self.sea_view.zoom(factor)

    def _toggle_ruler(self, on: bool) -> None:
        self.sea_view.ruler_mode = on
        self.sea_view.setDragMode(
            QGraphicsView.DragMode.NoDrag if on else QGraphicsView.DragMode.ScrollHandDrag
        )
        if not on:
            self.scene.clear_ruler()
        self._set_status("Ruler: drag between any two points" if on else self._phase_text())

    def measure_ships(self, a: str, b: str) -> float:
        """The ruler from ship to ship (centre to centre), in table cm."""
        st = self.state
        pa, pb = st.ships[a].hex, st.ships[b].hex
        ca, cb = st.sea.centre(pa), st.sea.centre(pb)
        cm = self.scene.show_ruler(QPointF(ca[0] * PX, ca[1] * PX), QPointF(cb[0] * PX, cb[1] * PX))
        self._set_status(f"Ruler: {a} to {b} is {length(cm, inches=self.inches)}")
        return cm

    # -- bots -------------------------------------------------------------------------------
    def _bot_changed(self, index: int) -> None:
        self.bot_seats = [set(), {0}, {1}, {0, 1}][index]
        if self.bot_seats:
            self.bot_timer.start()
        else:
            self.bot_timer.stop()

    def _bot_tick(self) -> None:
        if self.session is None or self.state.is_terminal() or self.replaying:
            return
        seat = self.state.current_player()
        if seat in self.bot_seats:
            self.bot_step()

    def bot_step(self) -> None:
        if self.session is None or self.state.is_terminal() or self.route is not None:
            return
        seat = self.state.current_player()
        assert seat is not None
        if self.level_box.currentData() == HARD_LEVEL:  # thinks off the UI thread
            who = ("The attacker", "The defender")[seat]
            bot_move(self, seat, self.act, bot=hard_bot(self, seat), who=who)
            return
        # the bot's own choices never ask the player for dice: a plain seeded service
        bot = CaptainBot(DiceService.seeded(fresh_seed()))
        self.act(bot.choose(self.state, seat))

    # -- PDF and roster -------------------------------------------------------------------------
    def _export_pdf(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Export ship sheets", "ships.pdf", "PDF (*.pdf)"
        )
        if path:
            self.export_pdf(path)

    def export_pdf(self, path: str) -> int:
        n = export_pdf(self.state, path)
        self._set_status(f"Exported {n} ship sheets to {path}")
        return n

    def open_setup(self, data: dict[str, Any] | None = None) -> Any:
        """The battle setup screen, from ``data`` (the battle on the table if None;
        open sea if the table shows a campaign fight)."""
        from ui.naval.setup import BattleSetupDialog

        if data is None and self.scenario and "campaign_link" not in self.scenario:
            data = self.scenario
        try:
            dialog = BattleSetupDialog(self.ctx, self, data)
        except WargameError:  # a scenario the setup cannot show: start from open sea
            dialog = BattleSetupDialog(self.ctx, self, None)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if self.window() is not self:
            dialog.close_with(self.window())
        dialog.show()  # a window of its own: the table behind it stays usable
        return dialog

    def return_to_campaign(self) -> None:
        """Show the campaign (it picks up the result of a battle that is over)."""
        show_mode = getattr(self.window(), "show_mode", None)
        if show_mode is not None:
            show_mode("campaign")

    def _roster(self) -> None:
        from ui.naval.roster import RosterDialog
        from ui.qtcompat import run_modal

        run_modal(RosterDialog(self.ctx.db, self))

    # -- refreshing -----------------------------------------------------------------------------
    def _refresh(self) -> None:
        if self.session is None:
            return
        st = self.state
        self.scene.sync(st)
        active = self._active_name() or self._firing_ship()
        if self.selected is None or self.selected not in st.ships or active != self._last_active:
            self.selected = active
            self.target = None
        self._last_active = active
        if st.phase == "return" and st.ret is not None:
            self.selected, self.target = st.ret[0], st.ret[1]
        chooser = st.choice_ship()
        if chooser is not None:
            self.selected = chooser.name  # show the sheet of the ship the choice is about
        self.scene.select(self.selected)
        self.scene.clear_overlay()
        legal = self.legal()
        ends: dict[tuple[int, int], list[int]] = {}
        for a in legal:
            if isinstance(a, Move | ExtraMove) and self.selected == a.ship:
                ends.setdefault(tuple(a.to), []).append(a.heading)
        if ends:
            self.scene.show_destinations(st.sea, ends)
        if self.intent is not None and not any(
            a.heading == self.intent[2] for a in self._moves_to(self.intent[1])
        ):
            self.intent = None
        if not st.is_terminal():  # once the battle is over no gun bears on anything
            if self.act_all_arcs.isChecked():
                for ship in st.ships.values():
                    if ship.in_play and ship.name != self.selected:
                        self.scene.show_arcs(st, ship, reach=False)
            if self.selected is not None and st.ships[self.selected].in_play:
                self.scene.show_arcs(st, st.ships[self.selected])
        self.phase_label.setText(self._phase_text())
        self._fill_buttons(legal)
        self._fill_fire(legal)
        if self.selected:
            self.sheet.setHtml(sheet_html(st.ships[self.selected], st))
        self.log.setPlainText("\n".join(st.events))
        self.log.verticalScrollBar().setValue(self.log.verticalScrollBar().maximum())
        self.sea_view.wind_angle = st.sea.heading_angle(st.wind)
        self.sea_view.wind_text = f"wind: {compass(self.sea_view.wind_angle)}"
        self.sea_view.viewport().update()
        self.act_end.setEnabled(any(isinstance(a, EndShipTurn | HoldFire) for a in legal))
        self._set_status(self._phase_text().replace("\n", " "))
        self._set_intent(self.intent)
        self._maybe_report()

    def _maybe_report(self) -> None:
        st = self.state
        link = self.scenario.get("campaign_link") if isinstance(self.scenario, dict) else None
        if not st.is_terminal() or self.reported or not isinstance(link, dict):
            return
        out = st.outcome()
        assert out is not None
        sc = st.scores()
        self.reported = True
        self.ctx.report_result(
            link,
            {
                "winner": out.winner,
                "battle_score": {"0": sc[0], "1": sc[1]},
                "victory_points": {"0": sc[0], "1": sc[1]},
                "losses": campaign_losses(st),
                "summary": self._phase_text(),
            },
        )
