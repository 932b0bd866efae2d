"""The end-of-game score table, with Rematch."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


class ScoreTable(QFrame):
    """Who scored what, the winners first marked; Rematch starts the same table again."""

    rematch = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("table-scores")
        self.setStyleSheet(
            "QFrame#table-scores { background: #fbf6ea; border: 3px solid #8a6d35;"
            " border-radius: 10px; }"
        )
        lay = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("table-scores-heading")
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-size: 18px; font-weight: bold; color: #2b2114;")
        lay.addWidget(self.heading)
        self.grid = QTableWidget(0, 3)
        self.grid.setObjectName("table-scores-grid")
        self.grid.setHorizontalHeaderLabels(["Player", "Score", ""])
        self.grid.verticalHeader().hide()
        head = self.grid.horizontalHeader()
        fit, fill = QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.Stretch
        for c, mode in enumerate((fit, fit, fill)):  # a heading is never cut short
            head.setSectionResizeMode(c, mode)
        self.grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        lay.addWidget(self.grid)
        row = QHBoxLayout()
        self.again = QPushButton("Rematch")
        self.again.setObjectName("table-rematch")
        self.again.setToolTip("A new game with the same players and settings")
        self.again.clicked.connect(self.rematch.emit)
        row.addWidget(self.again)
        close = QPushButton("Look at the table")
        close.setObjectName("table-scores-close")
        close.clicked.connect(self.hide)
        row.addWidget(close)
        lay.addLayout(row)
        self.hide()

    def show_scores(self, heading: str, rows: Sequence[tuple[str, str, bool]]) -> None:
        """``rows``: (player, score, won) in the order to list them."""
        self.heading.setText(heading)
        self.grid.setRowCount(len(rows))
        for r, (name, score, won) in enumerate(rows):
            for c, text in enumerate((name, score, "winner" if won else "")):
                self.grid.setItem(r, c, QTableWidgetItem(text))
        self.grid.resizeColumnsToContents()
        height = self.grid.horizontalHeader().height() + sum(
            self.grid.rowHeight(r) for r in range(len(rows))
        )
        self.grid.setFixedHeight(height + 4)
        self.adjustSize()
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        """Centred across the table, a third of the way down (again when it resizes)."""
        parent = self.parentWidget()
        w = max(self.sizeHint().width(), 320)
        h = self.sizeHint().height()
        self.setGeometry((parent.width() - w) // 2, (parent.height() - h) // 3, w, h)
