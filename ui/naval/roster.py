"""The roster: ships and ship types, created, edited, copied and deleted in the database.

Stored as documents of kind ``naval-ship`` and ``naval-ship-type``: each one a
ship sheet (name, type, warship, quality, fighting points, sailing gear, hull
points per side, guns per position) that a scenario's ship list accepts.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from wargame.errors import WargameError
from wargame.naval.rules import POSITIONS, Quality, ShipType, Weight, naval_rules
from wargame.persistence.db import Database

KINDS = ("naval-ship", "naval-ship-type")


def type_defaults(stype: str) -> dict[str, Any]:
    """A ship type's default sheet (the ruling in resources/rules/naval.toml)."""
    base = naval_rules().ship_types[ShipType(stype)]
    return {
        "type": stype,
        "warship": base.warship,
        "quality": "able",
        "fighting_points": base.fighting_points,
        "sailing_gear": base.sailing_gear,
        "hull_per_side": base.hull_per_side,
        "guns": {p.value: [n, w.value] for p, (n, w) in base.guns.items()},
    }


class RosterDialog(QDialog):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.setWindowTitle("Ship roster")
        self.resize(720, 480)
        self.kind = KINDS[0]
        self.current_id: int | None = None
        lay = QVBoxLayout(self)
        self.tabs = QTabBar()
        self.tabs.addTab("Ships")
        self.tabs.addTab("Ship types")
        self.tabs.currentChanged.connect(self._kind_changed)
        lay.addWidget(self.tabs)
        row = QHBoxLayout()
        lay.addLayout(row)
        left = QVBoxLayout()
        self.list = QListWidget()
        self.list.currentItemChanged.connect(self._load)
        left.addWidget(self.list)
        btns = QHBoxLayout()
        for text, slot in (("New", self.new), ("Copy", self.copy), ("Delete", self.delete)):
            b = QPushButton(text)
            b.setObjectName(text.lower())
            b.clicked.connect(slot)
            btns.addWidget(b)
        left.addLayout(btns)
        row.addLayout(left, 1)
        form = QFormLayout()
        self.name = QLineEdit()
        self.type = QComboBox()
        self.type.addItems([t.value for t in ShipType])
        self.type.activated.connect(self._type_picked)
        self.warship = QCheckBox("warship (moves first)")
        self.quality = QComboBox()
        self.quality.addItems([q.value for q in Quality])
        self.fp = QSpinBox()
        self.fp.setRange(0, 10)
        self.gear = QSpinBox()
        self.gear.setRange(0, 60)
        self.hull = QSpinBox()
        self.hull.setRange(1, 60)
        form.addRow("Name", self.name)
        form.addRow("Type", self.type)
        self.preset = QComboBox()
        self.preset.setToolTip("Fill the sheet from one of your ship types")
        self.preset.activated.connect(self._preset_picked)
        form.addRow("From ship type", self.preset)
        form.addRow("", self.warship)
        form.addRow("Crew quality", self.quality)
        form.addRow("Fighting points", self.fp)
        form.addRow("Sailing gear points", self.gear)
        form.addRow("Hull points per side", self.hull)
        self.guns: dict[str, tuple[QSpinBox, QComboBox]] = {}
        for p in POSITIONS:
            n = QSpinBox()
            n.setRange(0, 40)
            w = QComboBox()
            w.addItems([x.value for x in Weight])
            box = QHBoxLayout()
            box.addWidget(n)
            box.addWidget(w)
            form.addRow(f"{p.value.capitalize()} guns", box)
            self.guns[p.value] = (n, w)
        save = QPushButton("Save")
        save.setObjectName("save")
        save.clicked.connect(self.save)
        form.addRow(save)
        row.addLayout(form, 2)
        battle = QHBoxLayout()
        self.forces: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
        for side, text in ((0, "Add to attacker"), (1, "Add to defender")):
            b = QPushButton(text)
            b.setObjectName(f"add{side}")
            b.clicked.connect(lambda _=False, k=side: self.add_to_force(k))
            battle.addWidget(b)
        self.forces_label = QLabel("Battle: pick ships for each side")
        self.forces_label.setWordWrap(True)
        battle.addWidget(self.forces_label, 1)
        start = QPushButton("Start battle")
        start.setObjectName("start")
        start.clicked.connect(self.start_battle)
        battle.addWidget(start)
        setup = QPushButton("Set up battle...")
        setup.setObjectName("setup")
        setup.setToolTip(
            "These ships in the Battle setup: choose the sea, where they start, the victory"
        )
        setup.clicked.connect(self.set_up_battle)
        battle.addWidget(setup)
        lay.addLayout(battle)
        self.battle_started: dict[str, Any] | None = None
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        lay.addWidget(close)
        self.refresh()
        self._fill(dict(type_defaults("small"), name=""))

    def _kind_changed(self, i: int) -> None:
        self.kind = KINDS[i]
        self.refresh()

    def refresh_presets(self) -> None:
        self.preset.clear()
        self.preset.addItem("(rules defaults)", None)
        for doc_id, name in self.db.list_documents("naval-ship-type"):
            self.preset.addItem(name, doc_id)

    def _preset_picked(self, index: int) -> None:
        doc_id = self.preset.itemData(index)
        if doc_id is None:
            self._type_picked(0)
            return
        _kind, _name, data = self.db.get_document(int(doc_id))
        keep = self.name.text()
        self._fill(dict(data, name=keep))

    def refresh(self, select: int | None = None) -> None:
        self.refresh_presets()
        self.list.blockSignals(True)
        self.list.clear()
        for doc_id, name in self.db.list_documents(self.kind):
            item = QListWidgetItem(name)
            item.setData(256, doc_id)
            self.list.addItem(item)
            if doc_id == select:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)

    def _load(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        doc_id = int(item.data(256))
        _kind, name, data = self.db.get_document(doc_id)
        self.current_id = doc_id
        self._fill(dict(data, name=name))

    def _fill(self, d: dict[str, Any]) -> None:
        self.name.setText(str(d.get("name", "")))
        self.type.setCurrentText(str(d.get("type", "small")))
        self.warship.setChecked(bool(d.get("warship", True)))
        self.quality.setCurrentText(str(d.get("quality", "able")))
        self.fp.setValue(int(d.get("fighting_points", 0)))
        self.gear.setValue(int(d.get("sailing_gear", 0)))
        self.hull.setValue(int(d.get("hull_per_side", 1)))
        for p, (n, w) in self.guns.items():
            count, weight = d.get("guns", {}).get(p, [0, "light"])
            n.setValue(int(count))
            w.setCurrentText(str(weight))

    def _type_picked(self, _i: int) -> None:
        self._fill(dict(type_defaults(self.type.currentText()), name=self.name.text()))

    def sheet(self) -> dict[str, Any]:
        return {
            "name": self.name.text().strip(),
            "type": self.type.currentText(),
            "warship": self.warship.isChecked(),
            "quality": self.quality.currentText(),
            "fighting_points": self.fp.value(),
            "sailing_gear": self.gear.value(),
            "hull_per_side": self.hull.value(),
            "guns": {p: [n.value(), w.currentText()] for p, (n, w) in self.guns.items()},
        }

    def new(self) -> None:
        self.current_id = None
        self.list.clearSelection()
        self._fill(dict(type_defaults(self.type.currentText()), name=""))
        self.name.setFocus()

    def save(self) -> int | None:
        data = self.sheet()
        if not data["name"]:
            self._warn("A ship needs a name.")
            return None
        try:
            doc_id = self.db.put_document(self.kind, data["name"], data, doc_id=self.current_id)
        except WargameError as exc:
            self._warn(str(exc))
            return None
        self.current_id = doc_id
        self.refresh(select=doc_id)
        return doc_id

    def copy(self) -> int | None:
        if self.current_id is None:
            return None
        data = self.sheet()
        data["name"] = f"{data['name']} (copy)"
        doc_id = self.db.put_document(self.kind, data["name"], data)
        self.current_id = doc_id
        self._fill(data)
        self.refresh(select=doc_id)
        return doc_id

    def delete(self) -> None:
        if self.current_id is None:
            return
        self.db.delete_document(self.current_id)
        self.current_id = None
        self.refresh()

    def add_to_force(self, side: int) -> None:
        data = self.sheet()
        if not data["name"]:
            self._warn("Pick or make a ship first.")
            return
        taken = {d["name"] for force in self.forces for d in force}
        name, n = data["name"], 2
        while data["name"] in taken:
            data["name"] = f"{name} {n}"
            n += 1
        self.forces[side].append(data)
        self.forces_label.setText(
            "Attacker: "
            + (", ".join(d["name"] for d in self.forces[0]) or "-")
            + "  |  Defender: "
            + (", ".join(d["name"] for d in self.forces[1]) or "-")
        )

    def start_battle(self) -> None:
        from wargame.naval.scenario import battle_from_forces

        if not self.forces[0] or not self.forces[1]:
            self._warn("Both sides need at least one ship.")
            return
        data = battle_from_forces(self.forces[0], self.forces[1], name="Roster battle")
        self.battle_started = data
        view = self.parent()
        if view is not None and hasattr(view, "load_scenario_data"):
            view.load_scenario_data(data, None)
        self.accept()

    def set_up_battle(self) -> Any:
        """The forces picked here in the Battle setup (on open sea to start with)."""
        from wargame.naval.scenario import battle_from_forces

        if not self.forces[0] or not self.forces[1]:
            self._warn("Both sides need at least one ship.")
            return None
        data = battle_from_forces(self.forces[0], self.forces[1], name="Roster battle")
        view = self.parent()
        if view is None or not hasattr(view, "open_setup"):
            return None
        self.accept()
        return view.open_setup(data)

    def _warn(self, text: str) -> None:
        self.last_error = text
        if self.parent() is None or not getattr(
            getattr(self.parent(), "ctx", None), "quiet_errors", False
        ):
            QMessageBox.warning(self, "Roster", text)
