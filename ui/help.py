"""Help > Rules quick reference (F1: the current mode's page, any mode's from the box),
Help > Saves and secrets and Help > Keyboard shortcuts."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ui.modes import entries, help_page
from wargame.help import quick_reference, saves_and_secrets


class RulesDialog(QDialog):
    """One mode's rules quick reference: the turn in order and the tables, in our own
    words, every number from the rules data in use."""

    def __init__(self, page: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules quick reference")
        self.resize(760, 620)
        lay = QVBoxLayout(self)
        self.modes = QComboBox()
        for m in entries():  # each mode's page, as it registered (ui/modes.py)
            self.modes.addItem(m.title, help_page(m.key))
        self.modes.setToolTip("Which game's rules to show")
        lay.addWidget(self.modes)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        lay.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.modes.currentIndexChanged.connect(self._show)
        index = max(0, self.modes.findData(page))
        self.modes.setCurrentIndex(index)
        self._show()

    def _show(self) -> None:
        key = self.modes.currentData()
        self.text.setMarkdown(quick_reference(str(key)))


class SavesDialog(QDialog):
    """What sealing protects (saves moved or edited) and what it cannot (a player who
    opens the data folder of the computer the game runs on)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Saves and secrets")
        self.resize(620, 560)
        lay = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setMarkdown(saves_and_secrets())
        lay.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)


def shortcut_rows(window: QWidget) -> list[tuple[str, str]]:
    """``(what, keys)`` for every action and shortcut the window and its views offer."""
    rows: dict[tuple[str, str], None] = {}
    for act in window.findChildren(QAction):
        keys = ", ".join(
            k.toString(QKeySequence.SequenceFormat.NativeText) for k in act.shortcuts()
        )
        name = act.text().replace("&", "").rstrip(".").strip()
        if keys and name:
            rows[(name, keys)] = None
    for button in window.findChildren(QAbstractButton):
        keys = button.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        name = (button.text() or button.toolTip()).replace("&", "").strip()
        if keys and name:
            rows[(name, keys)] = None
    for sc in window.findChildren(QShortcut):
        keys = sc.key().toString(QKeySequence.SequenceFormat.NativeText)
        name = sc.whatsThis() or sc.objectName() or ""
        if keys and name:
            rows[(name, keys)] = None
    return sorted(rows, key=lambda r: r[0].lower())


class ShortcutsDialog(QDialog):
    """Every keyboard shortcut, named as the menus name it."""

    def __init__(self, window: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(520, 560)
        lay = QVBoxLayout(self)
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels(["Command", "Keys"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, (name, keys) in enumerate(rows):
            self.table.setItem(r, 0, QTableWidgetItem(name))
            self.table.setItem(r, 1, QTableWidgetItem(keys))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        lay.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
