"""The look of the Tortuga table: its style sheet and two layout helpers."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

STYLE = """
TortugaView { background: #e9e2cf; }
QFrame#tortuga-place { background: #fbf6ea; border: 2px solid #8a6d35; border-radius: 8px; }
QLabel#place-title { font-weight: bold; font-size: 14px; color: #2b2114; }
QFrame#tortuga-secrets { background: #fff7dc; border: 2px solid #c0392b; border-radius: 8px; }
QFrame#tortuga-prompt { background: #fbf6ea; border: 2px solid #8a6d35; border-radius: 8px; }
QFrame#tortuga-vote { background: #f3ecdc; border: 2px solid #5b4a2e; border-radius: 8px; }
QLabel#row-title { font-weight: bold; color: #4a3c26; }
QLabel#tortuga-galleon { background: #f6e7c1; border: 1px solid #b08d3c; padding: 4px; }
QLabel#tortuga-boat-0, QLabel#tortuga-boat-1 { background: #dfe9ee; padding: 3px; }
QPushButton { padding: 4px 10px; }
QPushButton[legal="false"] { color: #8d8371; }
QPushButton[legal="true"] { font-weight: bold; }
QListWidget#tortuga-log { background: #fbf6ea; border: 1px solid #b9a57a; font-size: 12px; }
"""


def title_row(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("row-title")
    label.setWordWrap(True)
    return label


def scroller(widget: QWidget) -> QScrollArea:
    """``widget`` in a scroll area that scrolls down only (it is as wide as the area)."""
    area = QScrollArea(widgetResizable=True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(widget)
    return area
