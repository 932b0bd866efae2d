"""The battle setup screen: the sea (open, or any map), its size and hex size, the wind,
the countdown, the ships of each side from the Roster, where they start, the victory
condition; "Save as scenario" and "Start battle".

Every change goes through :class:`wargame.naval.draft.BattleDraft`; the sea is the
battle table's own scene (ui/naval/scene.py), redrawn from the draft after each change.
A ship is placed by dragging her, turned with Left / Right (or the turn buttons);
what the engine would refuse is listed under the ships, naming each ship and why.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ui.fixed_lines import FixedLinesLabel
from ui.naval.panel import compass
from ui.naval.scene import PX, SeaScene
from ui.naval.seaview import SeaView
from ui.naval.setup_victory import SIDES, VictoryMixin
from wargame.errors import BadInput, WargameError
from wargame.naval.draft import BattleDraft, open_sea_scenario
from wargame.naval.rules import ShipType, naval_rules
from wargame.naval.setup import roster_ships
from wargame.naval.ship import Status
from wargame.persistence.files import write_user_file

#: Keys that turn the chosen ship: a step of +1 is a face anticlockwise.
TURN_KEYS = {Qt.Key.Key_Left: 1, Qt.Key.Key_Right: -1}


class BattleSetupDialog(VictoryMixin, QDialog):
    """Set up a sea fight; ``data`` is the scenario to start from (open sea if None)."""

    def __init__(
        self, ctx: Any, parent: QWidget | None = None, data: dict[str, Any] | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setWindowTitle("Battle setup")
        self.setObjectName("naval-battle-setup")
        self.draft = BattleDraft(data if data is not None else open_sea_scenario())
        self.selected: str | None = None
        self._dragging: str | None = None
        self._filling = False
        self.last_error = ""
        self.last_notice = ""
        self.saved_id: int | None = None
        self.started: dict[str, Any] | None = None
        self._build()
        self._fill_from_draft()
        self.redraw()

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        split = QSplitter(Qt.Orientation.Horizontal)
        controls = QWidget()
        form = QVBoxLayout(controls)
        form.setContentsMargins(4, 4, 4, 4)
        # the scenario's own words: a saved scenario never keeps another's title (issue 40)
        about = QFormLayout()
        about.setContentsMargins(0, 0, 0, 0)
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("setup-title")
        self.name_edit.setPlaceholderText("The battle's name")
        self.name_edit.textEdited.connect(self._renamed)
        about.addRow("Title", self.name_edit)
        self.description_edit = QPlainTextEdit()
        self.description_edit.setObjectName("setup-description")
        self.description_edit.setPlaceholderText("What the battle is about (shown when it opens)")
        self.description_edit.setTabChangesFocus(True)
        self.description_edit.setFixedHeight(3 * self.fontMetrics().lineSpacing() + 12)
        self.description_edit.textChanged.connect(self._described)
        about.addRow("Description", self.description_edit)
        form.addLayout(about)
        form.addWidget(self._sea_group())
        form.addWidget(self._ships_group())
        form.addWidget(self._victory_group())
        form.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(controls)
        scroll.setMinimumWidth(340)
        split.addWidget(scroll)
        self.scene = SeaScene(self)
        self.sea_view = SeaView(self.scene)
        self.sea_view.legend.hide()
        self.sea_view.grab_test = self._grab_test
        self.sea_view.grab_moved.connect(self._drag_moved)
        self.sea_view.grab_released.connect(self._drag_released)
        self.sea_view.clicked.connect(self._clicked)
        split.addWidget(self.sea_view)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setSizes([360, 640])
        outer.addWidget(split, 1)
        # two lines high whatever it says: a notice never pushes the sea up
        self.hint = FixedLinesLabel(2)
        self.hint.setText(
            "Drag a ship to place her; Left / Right turn the chosen ship. "
            "Ships start on water, one to a hex, inside the sea."
        )
        outer.addWidget(self.hint)
        # what stops the battle, always in sight beside the buttons it disables
        self.problems_label = QLabel()
        self.problems_label.setObjectName("setup-problems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextFormat(Qt.TextFormat.RichText)
        row = QHBoxLayout()
        row.addWidget(self.problems_label, 1)
        self.save_button = QPushButton("Save as scenario...")
        self.save_button.clicked.connect(self._save_clicked)
        self.start_button = QPushButton("Start battle")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start_battle)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        for b in (self.save_button, self.start_button, close):
            row.addWidget(b)
        outer.addLayout(row)
        # Left / Right turn the chosen ship where ships are chosen (the sea and the two
        # lists), never in the text and number fields
        for w in (self.sea_view, self.sea_view.viewport(), *self.lists):
            w.installEventFilter(self)
        self.resize(1000, 700)

    def close_with(self, window: QWidget) -> None:
        """Close this screen when ``window`` (the app's main window) closes."""
        self._owner = window
        window.installEventFilter(self)

    def eventFilter(self, watched: Any, event: Any) -> bool:  # noqa: N802 - Qt API
        if watched is getattr(self, "_owner", None):
            if event.type() == QEvent.Type.Close:
                self.close()
            return False
        if event.type() == QEvent.Type.KeyPress and event.key() in TURN_KEYS:
            self.turn_selected(TURN_KEYS[event.key()])
            return True
        return super().eventFilter(watched, event)

    def _sea_group(self) -> QGroupBox:
        box = QGroupBox("The sea")
        lay = QFormLayout(box)
        self.sea_box = QComboBox()
        self.sea_box.setToolTip("Open sea, a map of the database (map editor, imports), or a file")
        self.sea_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self._list_seas()
        self.sea_box.activated.connect(self._sea_chosen)
        lay.addRow("Sea", self.sea_box)
        size = QHBoxLayout()
        self.cols_spin, self.rows_spin = QSpinBox(), QSpinBox()
        for spin in (self.cols_spin, self.rows_spin):
            spin.setRange(4, 200)
            spin.valueChanged.connect(self._size_changed)
        size.addWidget(self.cols_spin)
        size.addWidget(QLabel("x"))
        size.addWidget(self.rows_spin)
        size.addWidget(QLabel("hexes"))
        lay.addRow("Size", size)
        self.hex_spin = QDoubleSpinBox()
        self.hex_spin.setRange(0.5, 50.0)
        self.hex_spin.setSingleStep(0.5)
        self.hex_spin.setSuffix(" cm")
        self.hex_spin.setToolTip("A hex across the flats; the printed mat follows it")
        self.hex_spin.valueChanged.connect(self._hex_changed)
        lay.addRow("Hex size", self.hex_spin)
        self.wind_box = QComboBox()
        self.wind_box.currentIndexChanged.connect(self._wind_changed)
        lay.addRow("Wind", self.wind_box)
        self.coins_spin = QSpinBox()
        self.coins_spin.setRange(1, 40)
        self.coins_spin.setToolTip("Coins on the countdown: one comes off each game turn")
        self.coins_spin.valueChanged.connect(self._coins_changed)
        lay.addRow("Countdown coins", self.coins_spin)
        return box

    def _ships_group(self) -> QGroupBox:
        box = QGroupBox("Ships")
        grid = QGridLayout(box)
        self.lists: list[QListWidget] = []
        for side, word in enumerate(SIDES):
            grid.addWidget(QLabel(f"<b>{word.capitalize()}</b>"), 0, side)
            lst = QListWidget()
            # a fixed height: adding or removing a ship never moves the buttons below
            # under the pointer (issue 40: they jumped 40 px)
            lst.setFixedHeight(96)
            lst.currentTextChanged.connect(self._list_picked)
            grid.addWidget(lst, 1, side)
            self.lists.append(lst)
        self.roster_box = QComboBox()
        self.roster_box.setToolTip("Ships of the Roster, the default roster and each ship type")
        self._list_roster()
        grid.addWidget(self.roster_box, 2, 0, 1, 2)
        buttons = (
            ("Add to attacker", lambda: self.add_ship(0)),
            ("Add to defender", lambda: self.add_ship(1)),
            ("Duplicate", self.duplicate_selected),
            ("Remove", self.remove_selected),
            ("Turn \u27f2", lambda: self.turn_selected(1)),
            ("Turn \u27f3", lambda: self.turn_selected(-1)),
        )
        self.ship_buttons: dict[str, QPushButton] = {}
        for i, (text, slot) in enumerate(buttons):
            b = QPushButton(text)
            b.clicked.connect(slot)
            grid.addWidget(b, 3 + i // 2, i % 2)
            self.ship_buttons[text] = b
        place = QPushButton("Place every ship at her edge")
        place.clicked.connect(self.place_all)
        grid.addWidget(place, 6, 0, 1, 2)
        return box

    # -- lists of seas and ships -------------------------------------------------------
    def _list_seas(self) -> None:
        self.sea_box.clear()
        self.sea_box.addItem("Open sea", ("open", 0))
        db = getattr(self.ctx, "db", None)
        if db is not None:
            for sid, _mode, name in db.list_scenarios("map-editor"):
                self.sea_box.addItem(f"Map: {name}", ("scenario", sid))
            for info in db.list_saves(mode="map-editor", limit=None):
                if not info.damaged and not info.autosave:
                    self.sea_box.addItem(f"Map: {info.name} (saved)", ("save", info.id))
        self.sea_box.addItem("A map file...", ("file", 0))

    def _list_roster(self) -> None:
        rules = naval_rules()
        self.roster_box.clear()
        db = getattr(self.ctx, "db", None)
        if db is not None:
            for doc_id, name in db.list_documents("naval-ship"):
                try:
                    _kind, _n, sheet = db.get_document(doc_id)
                except WargameError:
                    continue
                self.roster_box.addItem(f"Roster: {name}", dict(sheet, name=name))
        for side in (0, 1):
            count = len(rules.setup.attacker if side == 0 else rules.setup.defender)
            for sheet in roster_ships(side, count, rules):
                self.roster_box.addItem(f"{sheet['name']} ({sheet['type']})", sheet)
        for stype in ShipType:
            title = rules.ship_types[stype].title
            self.roster_box.addItem(f"A new {title.lower()}", {"name": title, "type": stype.value})

    # -- showing the draft -------------------------------------------------------------
    def _fill_from_draft(self) -> None:
        self._filling = True
        try:
            data = self.draft.data
            sea = data.get("sea", {})
            rules = naval_rules()
            self.name_edit.setText(str(data.get("name", "")))
            if self.description_edit.toPlainText() != str(data.get("description", "")):
                self.description_edit.setPlainText(str(data.get("description", "")))
            self.cols_spin.setValue(int(sea.get("cols", 20)))
            self.rows_spin.setValue(int(sea.get("rows", 14)))
            self.hex_spin.setValue(float(sea.get("hex_cm", rules.table.hex_cm)))
            self.coins_spin.setValue(int(data.get("coins", rules.table.countdown_coins)))
            self.wind_box.clear()
            try:
                s = self.draft.sea()
                self.wind_box.addItems([f"towards the {s.facing_name(h)}" for h in range(6)])
            except BadInput:
                self.wind_box.addItems([f"facing {h}" for h in range(6)])
            self.wind_box.setCurrentIndex(int(data.get("wind", 5)))
            self._show_sea_choice()
            self._fill_victory(data.get("victory") or {})
        finally:
            self._filling = False
        self._fill_escorts(str((data.get("victory") or {}).get("escort", "")))
        self._show_victory_fields()

    def _show_sea_choice(self) -> None:
        """The list shows the sea in use: open sea, the map picked, or the battle's own
        map (a scenario's, a file's) as a line of its own."""
        mine = self.sea_box.findData(("current", 0))
        kind = (self.sea_box.currentData() or ("open", 0))[0]
        mapdata = self.draft.map
        if mapdata is None:
            if mine >= 0:
                self.sea_box.removeItem(mine)
            self.sea_box.setCurrentIndex(0)
            return
        if kind in ("scenario", "save"):
            return
        label = f"Map: {mapdata.get('name') or 'untitled'} (in use)"
        if mine < 0:
            self.sea_box.insertItem(1, label, ("current", 0))
            mine = 1
        self.sea_box.setItemText(mine, label)
        self.sea_box.setCurrentIndex(mine)

    def redraw(self) -> None:
        """The sea, the ships, the lists and the problems, from the draft."""
        for side, lst in enumerate(self.lists):
            lst.blockSignals(True)
            lst.clear()
            lst.addItems(self.draft.side_ships(side))
            if self.selected in self.draft.side_ships(side):
                lst.setCurrentRow(self.draft.side_ships(side).index(self.selected))
            lst.blockSignals(False)
        try:
            state = self.draft.state()
        except BadInput as exc:
            self._show_problems([f"The sea: {exc}"])
            return
        self.scene.build(state)
        for item in self.scene.ship_items.values():
            item.setVisible(True)
        self._mark_harbour(state)
        if self.selected in state.ships:
            self.scene.select(self.selected)
        self.sea_view.fit()
        self._show_wind()
        self._show_problems(self.draft.problems())

    def _show_problems(self, problems: list[str]) -> None:
        self.problems = problems
        if problems:
            shown = problems[:3] + ([f"and {len(problems) - 3} more"] if len(problems) > 3 else [])
            self.problems_label.setText(
                "<span style='color:#b00020'><b>Not ready:</b> " + "; ".join(shown) + "</span>"
            )
        else:
            self.problems_label.setText("<span style='color:#1b5e20'><b>Ready to sail.</b></span>")
        self.start_button.setEnabled(not problems)
        self.save_button.setEnabled(not problems)

    def _error(self, text: str) -> None:
        self.last_error = text
        if not getattr(self.ctx, "quiet_errors", False):
            QMessageBox.warning(self, "Battle setup", text)

    # -- the sea ------------------------------------------------------------------------
    def _sea_chosen(self, index: int) -> None:
        kind, ref = self.sea_box.itemData(index)
        try:
            if kind == "current":
                return
            if kind == "open":
                self.draft.set_map(None)
            elif kind == "file":
                path, _ = QFileDialog.getOpenFileName(
                    self, "A map for the sea", "", "Maps (*.json)"
                )
                if not path:
                    return
                self.choose_map_file(path)
                return
            else:
                self.draft.set_map(self._map_data(kind, ref), where=self.sea_box.itemText(index))
        except WargameError as exc:
            self._error(str(exc))
            return
        self._fill_from_draft()
        self.redraw()

    def _map_data(self, kind: str, ref: int) -> dict[str, Any]:
        if kind == "scenario":
            return self.ctx.db.get_scenario(ref)
        _info, data = self.ctx.db.load_game(ref)
        return data

    def choose_map(self, label: str) -> None:
        """Choose the sea by its line in the list ("Open sea", "Map: The Caribbean")."""
        index = self.sea_box.findText(label)
        if index < 0:
            raise BadInput(f"no sea is listed as {label!r}")
        self.sea_box.setCurrentIndex(index)
        self._sea_chosen(index)

    def choose_map_file(self, path: str | Path) -> bool:
        from wargame.maps.model import MAX_MAP_BYTES
        from wargame.persistence.files import parse_json, read_regular_text

        try:
            data = parse_json(read_regular_text(path, max_bytes=MAX_MAP_BYTES), str(path))
            self.draft.set_map(data, where=str(path))
        except WargameError as exc:
            self._error(str(exc))
            return False
        self._fill_from_draft()
        self.redraw()
        return True

    def _size_changed(self) -> None:
        if self._filling:
            return
        self.draft.set_size(self.cols_spin.value(), self.rows_spin.value())
        self.redraw()

    def _hex_changed(self, value: float) -> None:
        if self._filling:
            return
        self.draft.set_hex_cm(value)
        self._fill_from_draft()
        self.redraw()

    def _wind_changed(self, index: int) -> None:
        if not self._filling and index >= 0:
            self.draft.set_wind(index)
            self._show_wind()

    def _show_wind(self) -> None:
        """The preview's wind rose follows the wind chosen (it pointed south)."""
        try:
            sea = self.draft.sea()
        except BadInput:
            return
        angle = sea.heading_angle(int(self.draft.data.get("wind", 5)) % 6)
        self.sea_view.wind_angle = angle
        self.sea_view.wind_text = f"wind: {compass(angle)}"
        self.sea_view.viewport().update()

    def _coins_changed(self, value: int) -> None:
        if not self._filling:
            self.draft.set_coins(value)

    def _renamed(self, text: str) -> None:
        self.draft.data["name"] = text.strip() or "Sea fight"

    def _described(self) -> None:
        if not self._filling:
            self.draft.data["description"] = self.description_edit.toPlainText().strip()

    def set_title(self, title: str, description: str | None = None) -> None:
        """Type the scenario's title (and description) as a player would."""
        self.name_edit.setText(title)
        self._renamed(title)
        if description is not None:
            self.description_edit.setPlainText(description)

    def tell(self, text: str) -> None:
        """Say what the screen changed by itself, where the hint is (in sight of the
        buttons); tests read :attr:`last_notice`."""
        self.last_notice = text
        self.hint.setText(text)
        self.hint.setStyleSheet("font-weight: bold")

    # -- ships ----------------------------------------------------------------------------
    def add_ship(self, side: int) -> str | None:
        sheet = self.roster_box.currentData()
        return self._added(lambda: self.draft.add_ship(side, sheet))

    def duplicate_selected(self) -> str | None:
        chosen = self.selected
        if chosen is None:
            return None
        return self._added(lambda: self.draft.duplicate_ship(chosen))

    def _added(self, add: Any) -> str | None:
        """Make a ship (``add`` returns her name): she is the chosen ship after."""
        try:
            name = str(add())
        except WargameError as exc:
            self._error(str(exc))
            return None
        self.selected = name
        self._fill_escorts(self.escort_box.currentText())
        self.redraw()
        return name

    def remove_selected(self) -> None:
        if self.selected is None:
            return
        victory = self.draft.data.get("victory") or {}
        escorted = isinstance(victory, dict) and victory.get("escort") == self.selected
        self.draft.remove_ship(self.selected)
        if escorted:  # the condition goes with her: said, never silently
            self.tell(
                f"{self.selected} was the ship to escort: Victory is now "
                '"Sink or take". Choose another ship to escort under Victory.'
            )
        self.selected = None
        self._fill_escorts(self.escort_box.currentText())
        self._fill_from_draft()
        self.redraw()

    def turn_selected(self, step: int) -> None:
        if self.selected is None:
            return
        self.draft.turn_ship(self.selected, step)
        self.redraw()

    def place_all(self) -> None:
        try:
            self.draft.place_all()
        except WargameError as exc:
            self._error(str(exc))
        self.redraw()

    def select(self, name: str | None) -> None:
        self.selected = name
        self.redraw()

    def _list_picked(self, text: str) -> None:
        if text and text != self.selected:
            self.select(text)

    # -- the mouse on the sea ------------------------------------------------------------
    def _ship_under(self, point: QPointF) -> str | None:
        state = self.scene.state
        if state is None:
            return None
        hex_ = state.sea.hex_at(point.x() / PX, point.y() / PX)
        for name, s in state.ships.items():
            if s.hex == hex_ and s.status is Status.AFLOAT:
                return name
        return None

    def _grab_test(self, point: QPointF) -> bool:
        self._dragging = self._ship_under(point)
        return self._dragging is not None

    def _drag_moved(self, point: QPointF) -> None:
        if self._dragging is not None:
            self.scene.ship_items[self._dragging].setPos(point)

    def _drag_released(self, point: QPointF) -> None:
        name, self._dragging = self._dragging, None
        if name is None:
            return
        self.drop_ship(name, point)

    def drop_ship(self, name: str, point: QPointF) -> None:
        """Put ``name`` in the hex under ``point`` (scene units)."""
        sea = self.draft.sea()
        col, row = sea.to_offset(sea.hex_at(point.x() / PX, point.y() / PX))
        self.draft.move_ship(name, col, row)
        self.selected = name
        self.redraw()

    def _clicked(self, point: QPointF) -> None:
        name = self._ship_under(point)
        if name is not None:
            self.select(name)

    # -- the file and the battle ----------------------------------------------------------
    def _save_clicked(self) -> None:
        name = str(self.draft.data.get("name") or "battle")
        stem = "".join(c if c.isalnum() else "_" for c in name.lower()).strip("_") or "battle"
        path, _ = QFileDialog.getSaveFileName(
            self, "Save as scenario", f"{stem}.json", "Scenarios (*.json)"
        )
        if path:
            self.save_scenario(path)

    def save_scenario(self, path: str | Path) -> int | None:
        """Write the scenario file and add it to the home screen's list; its id there."""
        if self.draft.problems():
            self._error("The battle is not ready: " + "; ".join(self.draft.problems()))
            return None
        data = self.draft.scenario()
        try:
            write_user_file(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n", "file")
            self.saved_id = self.ctx.db.put_scenario("naval", str(data.get("name")), data)
        except WargameError as exc:
            self._error(str(exc))
            return None
        return self.saved_id

    def start_battle(self) -> None:
        if self.draft.problems():
            self._error("The battle is not ready: " + "; ".join(self.draft.problems()))
            return
        self.started = self.draft.scenario()
        view = self.parent()
        if view is not None and hasattr(view, "load_scenario_data"):
            try:
                view.load_scenario_data(self.started, None)
            except WargameError as exc:
                self._error(str(exc))
                return
        self.accept()
