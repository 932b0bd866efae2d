"""The hot-seat hand-off: covers the table until the named player has the computer.

Shown only where the next screen would show something the player before must not
see. While it shows, the table behind it is drawn from the public view; it tells
what happened since the player last looked (public log lines only).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget


class HandOff(QFrame):
    """'Pass the computer to Anna': nothing private is on screen while this shows."""

    ready = Signal(int)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("table-handoff")
        self.setStyleSheet(
            "QFrame#table-handoff { background: #1f2a36; }"
            "QFrame#table-handoff QLabel { color: #f3ead3; }"
            "QPushButton { font-size: 16px; padding: 10px 24px; }"
        )
        self.seat = -1
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        self.heading = QLabel()
        self.heading.setObjectName("table-handoff-heading")
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.heading.setStyleSheet("font-size: 30px; font-weight: bold; font-family: serif;")
        lay.addWidget(self.heading)
        self.blurb = QLabel()
        self.blurb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.blurb.setWordWrap(True)
        self.blurb.setStyleSheet("font-size: 15px;")
        lay.addWidget(self.blurb)
        self.recent = QLabel()
        self.recent.setObjectName("table-handoff-recent")
        self.recent.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.recent.setWordWrap(True)
        self.recent.setStyleSheet("font-size: 13px; font-style: italic;")
        lay.addWidget(self.recent)
        self.button = QPushButton()
        self.button.setObjectName("table-handoff-go")
        self.button.setShortcut(QKeySequence("Return"))
        self.button.clicked.connect(lambda: self.ready.emit(self.seat))
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        lay.addStretch(3)

    def show_for(
        self,
        seat: int,
        name: str,
        reason: str,
        *,
        shown: str = "hand",
        recent: Sequence[str] = (),
        look_away: str | None = None,
        button: str | None = None,
    ) -> None:
        """Cover the table for ``seat`` (called ``name``); ``shown``: what of theirs
        the next screen shows ("hand", "loyalty card"), ``recent``: what happened
        since (public lines, the newest last). ``look_away`` and ``button``: a game's
        own words for what the others are told and the button (None: ``shown``'s)."""
        self.seat = seat
        self.heading.setText(f"Pass the computer to {name}")
        look_away = look_away or f"{name}'s {shown} will be shown."
        self.blurb.setText(f"{reason}\nEveryone else, look away: {look_away}")
        lines = list(recent)[-5:]
        self.recent.setText("Since then:\n" + "\n".join(lines) if lines else "")
        self.recent.setVisible(bool(lines))
        self.button.setText(button or f"I am {name}: show my {shown}")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
