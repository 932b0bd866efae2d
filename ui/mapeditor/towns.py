"""After an import: what was dropped or guessed, and choosing which land areas are towns.

Real map files rarely say where the towns are, so the editor asks right after an
import: every land area is listed with a tick box (the importer's towns ticked),
and OK applies the choice as one undoable step.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wargame.maps.model import Area, Change, MapDoc


def town_change(doc: MapDoc, towns: set[str]) -> Change:
    """The change marking exactly the land areas ``towns`` as towns."""
    out: list[tuple[str, Area | None]] = []
    for a in doc.areas:
        want = a.kind == "land" and a.id in towns
        if a.town != want:
            out.append((a.id, replace(a, town=want, harbour=a.harbour and want)))
    return Change(areas=tuple(out))


class TownsDialog(QDialog):
    """Warnings of the import, and a tick list of the land areas to choose the towns."""

    def __init__(self, doc: MapDoc, warnings: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Imported map: choose the towns")
        self.setObjectName("towns-dialog")
        layout = QVBoxLayout(self)
        self.warnings = QLabel(
            "\n".join(f"\u26a0 {w}" for w in warnings) if warnings else "Imported with no warnings."
        )
        self.warnings.setObjectName("import-warnings")
        self.warnings.setWordWrap(True)
        self.warnings.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.warnings)
        layout.addWidget(QLabel("Tick the land areas that hold a town (ports can be set later):"))
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter by name")
        self.filter.textChanged.connect(self._filter)
        layout.addWidget(self.filter)
        self.list = QListWidget()
        self.list.setObjectName("town-list")
        names = {i.id: i.name for i in doc.islands}
        for a in sorted((a for a in doc.areas if a.kind == "land"), key=lambda a: a.name):
            island = names.get(a.island or "", "")
            label = a.name if not island or island == a.name else f"{a.name} ({island})"
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, a.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if a.town else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        layout.addWidget(self.list)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(460, 520)

    def _filter(self, text: str) -> None:
        low = text.strip().lower()
        for k in range(self.list.count()):
            item = self.list.item(k)
            item.setHidden(bool(low) and low not in item.text().lower())

    def set_town(self, area_id: str, town: bool) -> None:
        for k in range(self.list.count()):
            item = self.list.item(k)
            if item.data(Qt.ItemDataRole.UserRole) == area_id:
                item.setCheckState(Qt.CheckState.Checked if town else Qt.CheckState.Unchecked)

    def towns(self) -> set[str]:
        return {
            self.list.item(k).data(Qt.ItemDataRole.UserRole)
            for k in range(self.list.count())
            if self.list.item(k).checkState() == Qt.CheckState.Checked
        }
