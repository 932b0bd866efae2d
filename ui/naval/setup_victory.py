"""The battle setup's Victory box (ui/naval/setup.py): sink or take, escort a ship
off an edge, or hold a harbour, each condition's fields on one page of a stack as tall
as the tallest, so changing the condition moves nothing under the pointer."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ui.naval.labels import mark_harbour
from wargame.naval.rules import naval_rules

VICTORIES = (
    ("sink-or-take", "Sink or take: the battle score decides"),
    ("escort", "Escort a ship off an edge"),
    ("hold", "Hold a harbour for N turns"),
)
EDGES = ("any edge", "north", "south", "east", "west")
SIDES = ("attacker", "defender")


class VictoryMixin:
    """The Victory box of :class:`ui.naval.setup.BattleSetupDialog`."""

    # provided by the dialog
    draft: Any
    scene: Any
    _filling: bool

    def _victory_group(self) -> QGroupBox:
        box = QGroupBox("Victory")
        outer = QVBoxLayout(box)
        self.victory_box = QComboBox()
        for key, text in VICTORIES:
            self.victory_box.addItem(text, key)
        self.victory_box.currentIndexChanged.connect(self._victory_changed)
        outer.addWidget(self.victory_box)
        self.escort_box = QComboBox()
        self.edge_box = QComboBox()
        self.edge_box.addItems(EDGES)
        self.hold_side_box = QComboBox()
        self.hold_side_box.addItems(SIDES)
        self.harbour_col, self.harbour_row, self.hold_turns = QSpinBox(), QSpinBox(), QSpinBox()
        self.harbour_col.setRange(0, 199)
        self.harbour_row.setRange(0, 199)
        self.hold_turns.setRange(1, 50)
        self.hold_turns.setValue(naval_rules().victory.hold_turns)
        harbour = QHBoxLayout()
        harbour.addWidget(self.harbour_col)
        harbour.addWidget(self.harbour_row)
        # Each condition's fields on a page of one stack, as tall as the tallest page:
        # changing the condition (or losing the escorted ship) moves nothing below it
        # and nothing above it (issue 40: the ship buttons jumped 40 px).
        self.victory_pages = QStackedWidget()
        score = QLabel("The battle score decides: ships sunk or taken, and damage.")
        score.setWordWrap(True)
        score.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.victory_pages.addWidget(score)
        escort_page, hold_page = QWidget(), QWidget()
        escort_form, hold_form = QFormLayout(escort_page), QFormLayout(hold_page)
        for form in (escort_form, hold_form):
            form.setContentsMargins(0, 0, 0, 0)
        escort_form.addRow("Ship", self.escort_box)
        escort_form.addRow("Off the", self.edge_box)
        hold_form.addRow("Side", self.hold_side_box)
        self.harbour_label = QLabel("Harbour (col, row)")
        hold_form.addRow(self.harbour_label, harbour)
        hold_form.addRow("Turns", self.hold_turns)
        self.victory_pages.addWidget(escort_page)
        self.victory_pages.addWidget(hold_page)
        outer.addWidget(self.victory_pages)
        for w in (self.escort_box, self.edge_box, self.hold_side_box):
            w.currentIndexChanged.connect(self._victory_changed)
        for w in (self.harbour_col, self.harbour_row, self.hold_turns):
            w.valueChanged.connect(self._victory_changed)
        return box

    def _fill_victory(self, v: dict[str, Any]) -> None:
        """Show the draft's victory condition (while the dialog fills its fields)."""
        kind = v.get("kind", "escort" if "escort" in v else "sink-or-take")
        self.victory_box.setCurrentIndex([k for k, _ in VICTORIES].index(kind))
        if kind == "hold":
            side = v.get("side", 0)
            self.hold_side_box.setCurrentIndex(SIDES.index(side) if side in SIDES else int(side))
            self.harbour_col.setValue(int(v["harbour"][0]))
            self.harbour_row.setValue(int(v["harbour"][1]))
            self.hold_turns.setValue(int(v.get("turns", naval_rules().victory.hold_turns)))
        if kind == "escort":
            self.edge_box.setCurrentText(v.get("edge") or "any edge")

    def _fill_escorts(self, chosen: str = "") -> None:
        was = self._filling
        self._filling = True
        self.escort_box.clear()
        self.escort_box.addItems([str(s["name"]) for s in self.draft.ships])
        if chosen:
            self.escort_box.setCurrentText(chosen)
        self._filling = was

    def _show_victory_fields(self) -> None:
        kind = self.victory_box.currentData()
        self.victory_pages.setCurrentIndex([k for k, _ in VICTORIES].index(kind))

    def _mark_harbour(self, state: Any) -> None:
        v = self.draft.data.get("victory") or {}
        at = v.get("harbour") if v.get("kind") == "hold" else None
        if isinstance(at, list) and len(at) == 2 and all(isinstance(c, int) for c in at):
            mark_harbour(self.scene, state.sea, state.sea.from_offset(at[0], at[1]))

    def _victory_changed(self) -> None:
        self._show_victory_fields()
        if self._filling:
            return
        kind = self.victory_box.currentData()
        if kind == "escort":
            edge = self.edge_box.currentText()
            victory: dict[str, Any] | None = {
                "kind": "escort",
                "escort": self.escort_box.currentText(),
            }
            if edge in ("north", "south", "east", "west"):
                victory["edge"] = edge  # type: ignore[index]
        elif kind == "hold":
            victory = {
                "kind": "hold",
                "side": self.hold_side_box.currentText(),
                "harbour": [self.harbour_col.value(), self.harbour_row.value()],
                "turns": self.hold_turns.value(),
            }
        else:
            victory = None
        self.draft.set_victory(victory)
        self.redraw()


__all__ = ["EDGES", "SIDES", "VICTORIES", "VictoryMixin"]
