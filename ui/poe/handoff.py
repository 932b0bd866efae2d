"""The hot-seat hand-off: covers the table until the named pirate has the computer."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget


class HandOff(QFrame):
    """'Pass the computer to Pirate N': no hand is on screen while this shows."""

    ready = Signal(int)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("poe-handoff")
        self.setStyleSheet(
            "QFrame#poe-handoff { background: #1f2a36; }"
            "QFrame#poe-handoff QLabel { color: #f3ead3; }"
            "QPushButton { font-size: 16px; padding: 10px 24px; }"
        )
        self.seat = -1
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        self.heading = QLabel()
        self.heading.setObjectName("poe-handoff-heading")
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.heading.setStyleSheet("font-size: 30px; font-weight: bold; font-family: serif;")
        lay.addWidget(self.heading)
        self.blurb = QLabel()
        self.blurb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.blurb.setWordWrap(True)
        self.blurb.setStyleSheet("font-size: 15px;")
        lay.addWidget(self.blurb)
        self.button = QPushButton()
        self.button.setObjectName("poe-handoff-go")
        self.button.clicked.connect(lambda: self.ready.emit(self.seat))
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        lay.addStretch(3)

    def show_for(self, seat: int, name: str, reason: str) -> None:
        self.seat = seat
        self.heading.setText(f"Pass the computer to {name}")
        self.blurb.setText(f"{reason}\nEveryone else, look away: {name}'s hand will be shown.")
        self.button.setText(f"I am {name}: show my hand")
        self.show()
        self.raise_()
