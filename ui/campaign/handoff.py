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
    #: A new player chose their passphrase (typed twice): passphrase, again.
    chose = Signal(str, str)
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
        #: True while a new player chooses a passphrase (not unlocking a sheet).
        self.choosing = False
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
        self.repeat = QLineEdit()
        self.repeat.setObjectName("passphrase-again")
        self.repeat.setEchoMode(QLineEdit.EchoMode.Password)
        self.repeat.setPlaceholderText("the same again")
        self.repeat.returnPressed.connect(self._go)
        self.repeat.hide()
        row.addWidget(self.repeat)
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
        self.choosing = False
        self.repeat.hide()
        self.cancel_button.show()
        self.go_button.setText("Show my sheet")
        self.heading.setText(f"Pass the computer to {name} of {country}")
        self.blurb.setText(
            f"{why}\nEveryone else, look away: {name}'s secret forces will be on the screen. "
            f"{name}, type your passphrase."
        )
        self.passphrase.clear()
        self.message.clear()
        self.passphrase.setFocus()

    def prepare_new(self, name: str, country: str, min_length: int) -> None:
        """A player of a new campaign chooses their passphrase, alone at the computer."""
        self.seat = None
        self.choosing = True
        self.heading.setText(f"Pass the computer to {name} of {country}")
        self.blurb.setText(
            f"{name}, choose your passphrase: it keeps your forces secret and is never stored. "
            f"At least {min_length} characters, typed twice.\nEveryone else, look away."
        )
        self.passphrase.clear()
        self.repeat.clear()
        self.repeat.show()
        self.cancel_button.hide()
        self.go_button.setText("Set my passphrase")
        self.message.clear()
        self.passphrase.setFocus()

    def refuse(self, message: str) -> None:
        self.message.setText(message)
        self.passphrase.selectAll()
        self.passphrase.setFocus()

    def _go(self) -> None:
        if self.choosing:
            phrase, again = self.passphrase.text(), self.repeat.text()
            self.passphrase.clear()
            self.repeat.clear()
            self.chose.emit(phrase, again)
            return
        if self.seat is not None:
            phrase = self.passphrase.text()
            self.passphrase.clear()
            self.unlock.emit(self.seat, phrase)

    def _cancel(self) -> None:
        self.passphrase.clear()
        self.cancelled.emit()
