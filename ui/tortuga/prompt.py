"""The prompt of the Tortuga table: what the seat on screen is asked, the main-action
buttons (grey ones say why they are not allowed) and the buttons of a decision.

Only widgets: the view words the prompt and says what each button does.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ui.tortuga.board import clear_layout
from ui.tortuga.texts import CATEGORIES

#: A decision button's text wraps at this many characters (El Dorado's two cards, a
#: Letter of Marque's pawn and ship), so the side column is never wider than 1024 px allow.
WRAP = 42


class PromptPanel(QFrame):
    """The prompt text, the main actions as a grid of buttons, a column of choices."""

    category = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tortuga-prompt")
        # never squeezed below its text and buttons: the side column scrolls instead
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        lay = QVBoxLayout(self)
        self.label = QLabel()
        self.label.setObjectName("tortuga-prompt-text")
        self.label.setWordWrap(True)
        lay.addWidget(self.label)
        self.main_buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        for i, (key, text, short, _classes) in enumerate(CATEGORIES):
            b = QPushButton(f"{text} ({short})")
            b.setObjectName(f"tortuga-btn-{key}")
            b.setShortcut(QKeySequence(short))
            b.clicked.connect(lambda _=False, k=key: self.category.emit(k))
            grid.addWidget(b, i // 2, i % 2)
            self.main_buttons[key] = b
        self.main_box = QWidget()
        self.main_box.setLayout(grid)
        lay.addWidget(self.main_box)
        keys = QLabel(
            "Keys: the letters on the buttons; 1-5 reveal an event card; U undo; F1 rules (Help menu)."
        )
        keys.setObjectName("tortuga-keys")
        keys.setWordWrap(True)
        keys.setStyleSheet("color: #5b4a2e; font-size: 11px;")
        lay.addWidget(keys)
        self.choice_box = QVBoxLayout()
        self.choice_box.setContentsMargins(0, 0, 0, 0)
        self.choice_holder = QWidget()
        self.choice_holder.setLayout(self.choice_box)
        lay.addWidget(self.choice_holder)

    def say(self, text: str, *, main: bool = False) -> None:
        """Ask ``text``; ``main``: the main-action buttons show (else none at all)."""
        clear_layout(self.choice_box)
        self.label.setText(text)
        self.main_box.setVisible(main)
        self.choice_holder.hide()

    def add_choice(self, text: str, chosen: Callable[[], None], name: str) -> QPushButton:
        b = QPushButton("\n".join(textwrap.wrap(text, WRAP)) or text)
        b.setObjectName(name)
        b.setToolTip(text)
        b.clicked.connect(lambda _=False: chosen())
        self.choice_box.addWidget(b)
        self.choice_holder.show()
        b.show()  # now, not when the layout next runs: the screen is whole at once
        return b

    def mark(self, key: str, ok: bool, tip: str) -> None:
        """A main-action button: bold when allowed, grey with the reason when not."""
        b = self.main_buttons[key]
        b.setProperty("legal", "true" if ok else "false")
        b.setToolTip(tip)
        b.style().unpolish(b)
        b.style().polish(b)

    def choice_buttons(self) -> list[QPushButton]:
        found = (self.choice_box.itemAt(i).widget() for i in range(self.choice_box.count()))
        return [w for w in found if isinstance(w, QPushButton)]
