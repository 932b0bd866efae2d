"""The dice log dock: every roll of every open game, with what it was for."""

from __future__ import annotations

import csv
import io
from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from ui.context import DiceHub, roll_text
from wargame.core.dice import Roll

MAX_ROWS = 2000


class DiceLogDock(QDockWidget):
    def __init__(self, hub: DiceHub, parent: QWidget | None = None) -> None:
        super().__init__("Dice log", parent)
        self.setObjectName("dice-log")
        self.table = QTableWidget(0, 5, self)
        self.table.setHorizontalHeaderLabels(["Time", "Game", "For", "Dice", "Result"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setAlternatingRowColors(True)
        self.setWidget(self.table)
        hub.rolled.connect(self.add_roll)

    def add_note(self, source: str, text: str) -> None:
        """A row that is not a roll: a die corrected ("die corrected: 3 -> 5 (...)")."""
        self._add_row([datetime.now().strftime("%H:%M:%S"), source, text, "", ""])

    def add_roll(self, source: str, roll: Roll) -> None:
        self._add_row(
            [
                datetime.now().strftime("%H:%M:%S"),
                source,
                roll.purpose,
                roll.label,
                roll_text(roll),
            ]
        )

    def _add_row(self, cells: list[str]) -> None:
        t = self.table
        if t.rowCount() >= MAX_ROWS:
            t.removeRow(0)
        row = t.rowCount()
        t.insertRow(row)
        for col, value in enumerate(cells):
            item = QTableWidgetItem(value)
            if col == 4:
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            t.setItem(row, col, item)
        t.scrollToBottom()

    def csv_text(self) -> str:
        """The log as CSV (time, game, purpose, dice, result), header first."""
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["time", "game", "for", "dice", "result"])
        writer.writerows(self.rows())
        return buf.getvalue()

    def rows(self) -> list[list[str]]:
        t = self.table
        return [[t.item(r, c).text() for c in range(t.columnCount())] for r in range(t.rowCount())]
