"""The bar above the table: crews, who plays each, the variant, the board, New game."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

from ui.table.seats import LADDER, seat_titles

CONTROLLERS = LADDER  # who can sit at a seat: the one ladder
TITLES = seat_titles(bot_word=True)


def crew_name(view: Any, seat: int) -> str:
    """A crew's name before its players name it: its colour ("Red")."""
    session = getattr(view, "session", None)
    if session is not None and seat < len(session.state.colour):
        return str(session.state.colour[seat]).capitalize()
    return f"Crew {seat + 1}"


class SetupBar(QWidget):
    def __init__(self) -> None:
        super().__init__()
        bar = QHBoxLayout(self)
        bar.setContentsMargins(0, 0, 0, 0)
        lab = QLabel("Crews:")
        bar.addWidget(lab)
        self.player_spin = QSpinBox()
        self.player_spin.setObjectName("pvp-players-count")
        self.player_spin.setRange(2, 3)
        self.player_spin.setValue(2)
        self.player_spin.setToolTip("2 or 3 crews of six pirates")
        self.player_spin.valueChanged.connect(self._seat_boxes_visible)
        bar.addWidget(self.player_spin)
        self.seat_boxes: list[QComboBox] = []
        for s in range(3):
            box = QComboBox()
            box.setObjectName(f"pvp-seat-{s}")
            for c in CONTROLLERS:
                box.addItem(TITLES[c], c)
            box.setToolTip(f"Who plays crew {s + 1}: a human at this computer or a bot")
            box.setCurrentIndex(0 if s == 0 else 2)
            bar.addWidget(box)
            self.seat_boxes.append(box)
        self.variant_box = QComboBox()
        self.variant_box.setObjectName("pvp-variant")
        self.variant_box.addItem("Standard", "standard")
        self.variant_box.addItem("No Backstabbing", "no-backstabbing")
        self.variant_box.setToolTip(
            "No Backstabbing: every pirate faces a way; no attack may come through its back."
        )
        bar.addWidget(self.variant_box)
        self.start_box = QComboBox()
        self.start_box.setObjectName("pvp-start")
        self.start_box.addItem("Printed start", "printed")
        self.start_box.addItem("Fair start", "short-first-turn")
        self.start_box.setToolTip(
            "Fair start (a balancing variant): the first player's first roll to move is one "
            "die, not two. As printed the first player wins about 60% between equal "
            "players; see Help for the measured figures."
        )
        bar.addWidget(self.start_box)
        self.board = board = QPushButton("Board...")
        board.setObjectName("pvp-board-file")
        board.setToolTip("Play on another triangle board made in the map editor")
        bar.addWidget(board)
        self.new = new = QPushButton("New game")
        new.setObjectName("pvp-new")
        bar.addWidget(new)
        bar.addStretch(1)
        self._seat_boxes_visible(2)

    def _seat_boxes_visible(self, n: int) -> None:
        for s, box in enumerate(self.seat_boxes):
            box.setVisible(s < n)
