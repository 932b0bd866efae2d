"""The hot-seat hand-off screen: the sheets are hidden until the named player
has the computer and types their passphrase."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class HandOffPage(QFrame):
    """ "Pass the computer to X": nothing of any sheet is on screen here."""

    unlock = Signal(int, str)  # seat, passphrase
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handoff")
        self.setStyleSheet(
            "QFrame#handoff { background: #1f2a36; }"
            "QFrame#handoff QLabel { color: #f3ead3; }"
            "QLineEdit { font-size: 16px; padding: 6px; min-width: 280px; }"
            "QPushButton { font-size: 14px; padding: 8px 18px; }"
        )
        self.seat: int | None = None
        outer = QVBoxLayout(self)
        outer.addStretch(2)
        self.heading = QLabel()
        self.heading.setObjectName("handoff-heading")
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.heading.setStyleSheet("font-size: 30px; font-weight: bold; font-family: serif;")
        outer.addWidget(self.heading)
        self.blurb = QLabel()
        self.blurb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.blurb.setWordWrap(True)
        self.blurb.setStyleSheet("font-size: 15px;")
        outer.addWidget(self.blurb)
        row = QHBoxLayout()
        row.addStretch(1)
        self.passphrase = QLineEdit()
        self.passphrase.setObjectName("passphrase")
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setPlaceholderText("passphrase")
        self.passphrase.returnPressed.connect(self._go)
        row.addWidget(self.passphrase)
        self.go_button = QPushButton("Show my sheet")
        self.go_button.setObjectName("handoff-go")
        self.go_button.setDefault(True)
        self.go_button.clicked.connect(self._go)
        row.addWidget(self.go_button)
        self.cancel_button = QPushButton("Back to the table")
        self.cancel_button.setObjectName("handoff-cancel")
        self.cancel_button.clicked.connect(self._cancel)
        row.addWidget(self.cancel_button)
        row.addStretch(1)
        outer.addLayout(row)
        self.message = QLabel()
        self.message.setObjectName("handoff-message")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setStyleSheet("color: #ffb4a0; font-size: 14px;")
        outer.addWidget(self.message)
        outer.addStretch(3)

    def prepare(self, seat: int, name: str, country: str, why: str) -> None:
        self.seat = seat
        self.heading.setText(f"Pass the computer to {name} of {country}")
        self.blurb.setText(
            f"{why}\nEveryone else, look away: {name}'s secret forces will be on the screen. "
            f"{name}, type your passphrase."
        )
        self.passphrase.clear()
        self.message.clear()
        self.passphrase.setFocus()

    def refuse(self, message: str) -> None:
        self.message.setText(message)
        self.passphrase.selectAll()
        self.passphrase.setFocus()

    def _go(self) -> None:
        if self.seat is not None:
            phrase = self.passphrase.text()
            self.passphrase.clear()
            self.unlock.emit(self.seat, phrase)

    def _cancel(self) -> None:
        self.passphrase.clear()
        self.cancelled.emit()
