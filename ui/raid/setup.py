"""The force builder and the town editor panels of the raid table."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ui.raid.board import SQUARE_COLOURS
from wargame.raid.rules import GROUP_KINDS, OFFICER_KINDS, QUALITIES, RaidRules


def swatch(colour: str, size: int = 14) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(QColor(colour))
    return QIcon(pm)


def entries_from_units(units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Scenario figures back as force-builder entries (runs of like groups counted)."""
    out: list[dict[str, Any]] = []
    for u in units:
        if "officer" in u:
            out.append({"officer": u["officer"], "name": u.get("name", "")})
            continue
        last = out[-1] if out else None
        if last and last.get("kind") == u["kind"] and last.get("quality") == u.get("quality"):
            last["count"] += 1
        else:
            out.append({"kind": u["kind"], "quality": u.get("quality", "able"), "count": 1})
    return out


def entry_text(e: dict[str, Any]) -> str:
    if "officer" in e:
        return f"{e['officer'].title()}: {e.get('name') or '(no name)'}"
    return f"{e['count']} x {e['quality']} {e['kind']}"


class SideForces(QGroupBox):
    changed = Signal()

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        lay = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setMaximumHeight(120)
        lay.addWidget(self.list)
        row = QHBoxLayout()
        self.kind = QComboBox()
        self.kind.addItems([*GROUP_KINDS, *OFFICER_KINDS])
        self.quality = QComboBox()
        self.quality.addItems(list(QUALITIES))
        self.quality.setCurrentText("able")
        self.count = QSpinBox()
        self.count.setRange(1, 20)
        self.name = QLineEdit()
        self.name.setPlaceholderText("officer's name")
        self.kind.currentTextChanged.connect(self._kind_changed)
        for w in (self.kind, self.quality, self.count, self.name):
            row.addWidget(w)
        lay.addLayout(row)
        buttons = QHBoxLayout()
        self.add_btn = QPushButton("Add")
        self.add_btn.clicked.connect(self.add_current)
        self.remove_btn = QPushButton("Remove")
        self.remove_btn.clicked.connect(self.remove_selected)
        buttons.addWidget(self.add_btn)
        buttons.addWidget(self.remove_btn)
        buttons.addStretch(1)
        lay.addLayout(buttons)
        self._entries: list[dict[str, Any]] = []
        self._kind_changed(self.kind.currentText())

    def _kind_changed(self, kind: str) -> None:
        officer = kind in OFFICER_KINDS
        self.quality.setEnabled(not officer)
        self.count.setEnabled(not officer)
        self.name.setEnabled(officer)

    def add_current(self) -> None:
        kind = self.kind.currentText()
        if kind in OFFICER_KINDS:
            e: dict[str, Any] = {"officer": kind, "name": self.name.text().strip() or kind.title()}
        else:
            e = {"kind": kind, "quality": self.quality.currentText(), "count": self.count.value()}
        self._entries.append(e)
        self._fill()
        self.changed.emit()

    def remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._entries):
            del self._entries[row]
            self._fill()
            self.changed.emit()

    def entries(self) -> list[dict[str, Any]]:
        return [dict(e) for e in self._entries]

    def set_entries(self, entries: list[dict[str, Any]]) -> None:
        self._entries = [dict(e) for e in entries]
        self._fill()

    def _fill(self) -> None:
        self.list.clear()
        for e in self._entries:
            self.list.addItem(entry_text(e))


class ForceBuilder(QWidget):
    """Set up both sides; build places them on the town; a click then moves a figure."""

    build_requested = Signal()
    start_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Raid:"))
        self.raid_name = QLineEdit("A raid")
        row.addWidget(self.raid_name)
        lay.addLayout(row)
        self.attacker = SideForces("Pirates")
        self.defender = SideForces("Defenders")
        self.garrison = QCheckBox("Use the town's own garrison")
        self.garrison.toggled.connect(self.defender.setDisabled)
        lay.addWidget(self.attacker)
        lay.addWidget(self.garrison)
        lay.addWidget(self.defender)
        self.build_btn = QPushButton("Place both forces on the town")
        self.build_btn.clicked.connect(self.build_requested)
        lay.addWidget(self.build_btn)
        hint = QLabel(
            "Then click a figure on the table and a square to move it there. "
            "Start the raid when both sides stand where you want them."
        )
        hint.setWordWrap(True)
        lay.addWidget(hint)
        self.start_btn = QPushButton("Start the raid")
        self.start_btn.setStyleSheet("font-weight: bold")
        self.start_btn.clicked.connect(self.start_requested)
        lay.addWidget(self.start_btn)
        lay.addStretch(1)

    def load(self, scenario: dict[str, Any]) -> None:
        self.raid_name.setText(str(scenario.get("name", "A raid")))
        self.attacker.set_entries(entries_from_units(scenario["attacker"]["units"]))
        self.defender.set_entries(entries_from_units(scenario["defender"]["units"]))


class TownEditor(QWidget):
    """Paint square types on the table; resize; save and load towns."""

    resize_requested = Signal(int, int)
    save_requested = Signal()
    load_requested = Signal(int)
    export_requested = Signal()

    def __init__(self, rules: RaidRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Town:"))
        self.town_name = QLineEdit()
        row.addWidget(self.town_name)
        lay.addLayout(row)
        size = QHBoxLayout()
        self.cols = QSpinBox()
        self.cols.setRange(4, 30)
        self.rows = QSpinBox()
        self.rows.setRange(4, 30)
        size.addWidget(QLabel("Columns"))
        size.addWidget(self.cols)
        size.addWidget(QLabel("Rows"))
        size.addWidget(self.rows)
        resize = QPushButton("Resize")
        resize.clicked.connect(
            lambda: self.resize_requested.emit(self.cols.value(), self.rows.value())
        )
        size.addWidget(resize)
        lay.addLayout(size)
        box = QGroupBox("Paint squares (click or drag on the table)")
        grid = QGridLayout(box)
        self.brush_group = QButtonGroup(self)
        self.brushes: dict[str, QToolButton] = {}
        for i, (kind, t) in enumerate(rules.squares.items()):
            b = QToolButton()
            b.setText(t.label)
            b.setIcon(swatch(SQUARE_COLOURS.get(kind, ("#ccc", ""))[0]))
            b.setCheckable(True)
            b.setToolButtonStyle(b.toolButtonStyle().ToolButtonTextBesideIcon)
            b.setMinimumWidth(140)
            self.brush_group.addButton(b)
            self.brushes[kind] = b
            grid.addWidget(b, i // 2, i % 2)
        self.brushes["building"].setChecked(True)
        lay.addWidget(box)
        saved = QHBoxLayout()
        self.save_btn = QPushButton("Save town")
        self.save_btn.clicked.connect(self.save_requested)
        self.export_btn = QPushButton("Save town file...")
        self.export_btn.clicked.connect(self.export_requested)
        saved.addWidget(self.save_btn)
        saved.addWidget(self.export_btn)
        lay.addLayout(saved)
        load = QHBoxLayout()
        self.saved_towns = QComboBox()
        load_btn = QPushButton("Load")
        load_btn.clicked.connect(self._load)
        load.addWidget(self.saved_towns, 1)
        load.addWidget(load_btn)
        lay.addLayout(load)
        lay.addStretch(1)

    def brush(self) -> str:
        for kind, b in self.brushes.items():
            if b.isChecked():
                return kind
        return "open"

    def set_towns(self, towns: list[tuple[int, str]]) -> None:
        self.saved_towns.clear()
        for doc_id, name in towns:
            self.saved_towns.addItem(name, doc_id)

    def _load(self) -> None:
        doc_id = self.saved_towns.currentData()
        if doc_id is not None:
            self.load_requested.emit(int(doc_id))

    def show_town(self, town: dict[str, Any]) -> None:
        self.town_name.setText(str(town.get("name", "Town")))
        self.rows.setValue(len(town["map"]))
        self.cols.setValue(len(town["map"][0]))


class Legend(QWidget):
    def __init__(self, rules: RaidRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(1)
        for i, (kind, t) in enumerate(rules.squares.items()):
            sw = QLabel()
            sw.setPixmap(swatch(SQUARE_COLOURS.get(kind, ("#ccc", ""))[0]).pixmap(12, 12))
            grid.addWidget(sw, i // 2, (i % 2) * 2)
            lab = QLabel(t.label)
            lab.setStyleSheet("font-size: 11px")
            grid.addWidget(lab, i // 2, (i % 2) * 2 + 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        tokens = QLabel(
            "<span style='font-size:11px'>Tokens: <b style='color:#2a2420'>&#9632;</b> pirates, "
            "<b style='color:#1f4e8c'>&#9632;</b> defenders; round = officer; number = fighting "
            "factor; band: <b style='color:#b8860b'>hardened</b>, able (white), "
            "<b style='color:#4f8a3a'>scurvy</b>; darkened = moved or shot. "
            "Shading: <b style='color:#3fa34d'>move</b>, <b style='color:#b59a00'>range</b>, "
            "<b style='color:#d7263d'>target</b>, <b style='color:#2e86ab'>choose</b>; "
            "<b style='color:#f26419'>flames</b> = on fire, dark hatching = burned out.</span>"
        )
        tokens.setWordWrap(True)
        grid.addWidget(tokens, (len(rules.squares) + 1) // 2, 0, 1, 4)


def list_item(text: str, data: Any) -> QListWidgetItem:
    item = QListWidgetItem(text)
    item.setData(256, data)
    return item
