"""The Tortuga table as widgets: the galleon, the event row, two ships, Tortuga, rowboats.

Everything here is public; the event row shows what the seat on screen has viewed.
Nations are told apart by name as well as colour.
"""

from __future__ import annotations

import textwrap
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ui.tortuga.texts import event_odds_text
from wargame.plural import count
from wargame.tortuga.rules import TITLES

BRITISH = "#a3231f"
FRENCH = "#1f4c9c"
SHIP_TITLES = ("Flying Dutchman", "Jolly Roger")


def ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def rank_name(i: int, size: int, *, tortuga: bool = False) -> str:
    """The rank of the ``i``-th pawn of a line of ``size`` (captain first)."""
    if tortuga:
        return "Governor" if i == 0 else f"{ordinal(i + 1)} in line"
    if i == 0:
        name = "Captain"
    elif i == 1:
        name = "First mate"
    else:
        name = f"{ordinal(i + 1)} in line"
    if i == size - 1:
        name += " & cabin boy"
    return name


def clear_layout(layout: QLayout) -> None:
    """Take every widget out of ``layout`` (and delete it)."""
    while layout.count():
        item = layout.takeAt(0)
        w = item.widget()
        if w is not None:
            w.hide()
            w.setParent(None)
            w.deleteLater()


def chip(text: str, colour: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(
        f"background: {colour}; color: white; border-radius: 6px; padding: 3px 8px;"
        " font-weight: bold;"
    )
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return label


class PlaceBox(QFrame):
    """A ship or Tortuga: its name, its two holds (or areas) and its ranked line."""

    def __init__(self, title: str, hold_word: str, *, tortuga: bool = False) -> None:
        super().__init__()
        self.setObjectName("tortuga-place")
        self.tortuga = tortuga
        self.title = title
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        lay.setSpacing(4)
        self.heading = QLabel(title)
        self.heading.setObjectName("place-title")
        self.heading.setWordWrap(True)
        lay.addWidget(self.heading)
        holds = QVBoxLayout()
        holds.setSpacing(3)
        self.british = chip("", BRITISH)
        self.french = chip("", FRENCH)
        self.hold_word = hold_word
        self.british.setToolTip(f"Treasure in the British {hold_word}: counts for the British")
        self.french.setToolTip(f"Treasure in the French {hold_word}: counts for the French")
        holds.addWidget(self.british)
        holds.addWidget(self.french)
        lay.addLayout(holds)
        self.line = QLabel()
        self.line.setObjectName("place-line")
        self.line.setTextFormat(Qt.TextFormat.RichText)
        self.line.setWordWrap(True)
        self.line.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(self.line, 1)

    def show_place(
        self, line: list[int], holds: list[int], names: list[str], viewer: int | None, cap: int
    ) -> None:
        self.british.setText(f"British {self.hold_word}: {holds[0]}")
        self.french.setText(f"French {self.hold_word}: {holds[1]}")
        count = f"{len(line)}" if self.tortuga else f"{len(line)}/{cap}"
        self.heading.setText(f"{self.title}  ({count} aboard)" if not self.tortuga
                             else f"{self.title}  ({count} ashore)")  # fmt: skip
        if not line:
            empty = "nobody ashore" if self.tortuga else "empty: the next to board is captain"
            self.line.setText(f"<i>{empty}</i>")
            return
        rows = []
        for i, s in enumerate(line):
            who = names[s] + (" (you)" if s == viewer else "")
            rows.append(f"<b>{rank_name(i, len(line), tortuga=self.tortuga)}</b>: {who}")
        if not self.tortuga:
            rows += [f"<span style='color:#9a8f7a'>{ordinal(i + 1)}: free space</span>"
                     for i in range(len(line), cap)]  # fmt: skip
        self.line.setText("<br>".join(rows))


class Board(QWidget):
    """The whole public table."""

    slot_clicked = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tortuga-board")
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 4, 4, 4)
        grid.setSpacing(6)
        self.galleon = QLabel()
        self.galleon.setObjectName("tortuga-galleon")
        self.galleon.setWordWrap(True)
        self.galleon.setToolTip(
            "A won attack takes one chest from the galleon; once it is empty, from the "
            "other ship's holds."
        )
        grid.addWidget(self.galleon, 0, 0)
        self.counts = QLabel()
        self.counts.setObjectName("tortuga-counts")
        self.counts.setWordWrap(True)
        grid.addWidget(self.counts, 0, 1, 1, 2)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        self.slots: list[QPushButton] = []
        for i in range(5):
            b = QPushButton()
            b.setObjectName(f"tortuga-slot-{i}")
            b.setMinimumHeight(84)  # room for a viewed card's title on three lines
            b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            b.clicked.connect(lambda _=False, k=i: self.slot_clicked.emit(k))
            row.addWidget(b)
            self.slots.append(b)
        events = QWidget()
        events.setLayout(row)
        grid.addWidget(events, 1, 0, 1, 3)
        self.ships = [PlaceBox(SHIP_TITLES[0], "hold"), PlaceBox(SHIP_TITLES[1], "hold")]
        self.tortuga = PlaceBox("Tortuga", "area", tortuga=True)
        grid.addWidget(self.ships[0], 2, 0)
        grid.addWidget(self.tortuga, 2, 1)
        grid.addWidget(self.ships[1], 2, 2)
        boats = QHBoxLayout()
        boats.setContentsMargins(0, 0, 0, 0)
        self.boats = [QLabel(), QLabel()]
        for b, label in enumerate(self.boats):
            label.setObjectName(f"tortuga-boat-{b}")
            label.setWordWrap(True)
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setToolTip("A rowboat holds one pawn; a pawn on it does not vote.")
            boats.addWidget(label, 1)
        holder = QWidget()
        holder.setLayout(boats)
        grid.addWidget(holder, 3, 0, 1, 3)
        for c in range(3):
            grid.setColumnStretch(c, 1)
        grid.setRowStretch(2, 1)

    def show_state(self, obs: dict[str, Any], names: list[str], viewer: int | None) -> None:
        cap = obs.get("capacity", 6)
        for p in (0, 1):
            self.ships[p].show_place(obs["lines"][p], obs["holds"][p], names, viewer, cap)
        self.tortuga.show_place(obs["lines"][2], obs["holds"][2], names, viewer, cap)
        self.galleon.setText(
            f"<b>Spanish galleon</b><br>{count(obs['galleon'], 'chest', 'chests')}"
        )
        for b, label in enumerate(self.boats):
            where = ("Flying Dutchman", "Jolly Roger")[b]
            s = obs["boats"][b]
            if obs["blown"][b]:
                text = "blown up (Black Powder)"
            elif s >= 0:
                text = names[s] + (" (you)" if s == viewer else "")
            else:
                text = "empty"
            label.setText(f"Rowboat {where} ↔ Tortuga:<br><b>{text}</b>")
        viewed = obs["viewed"]
        odds = event_odds_text(obs)  # the same for every face-down card not viewed
        for i, b in enumerate(self.slots):
            state = obs["row"][i] if i < len(obs["row"]) else None
            if state is None:
                b.setText(f"Event {i + 1}\n(empty)")
                b.setToolTip("No card here: the last cards are no longer replaced.")
            elif str(i) in viewed:
                kind = viewed[str(i)]
                title = "\n".join(textwrap.wrap(TITLES[kind], 12))  # fits a slot at 1024 px
                b.setText(f"Event {i + 1}\nyou saw:\n{title}")
                b.setToolTip(f"You viewed this card: {TITLES[kind]}. Press {i + 1} to reveal it.")
            else:
                b.setText(f"Event {i + 1}\nface down")
                b.setToolTip(
                    f"A face-down event card. Press {i + 1} to reveal it."
                    + (f"\n{odds}" if odds else "")
                )
        b_total, f_total = obs["totals"]
        armada = (
            "the Spanish Armada lies under the deck" if not obs["final"] and not obs["sudden"]
            else "the Armada is among the last cards" if not obs["sudden"]
            else "sudden death: the first nation to lead wins"
        )  # fmt: skip
        self.counts.setText(
            f"Event deck {obs['deck']} · discard {len(obs['discard'])} · {armada}.<br>"
            f"<b>Treasure: <span style='color:{BRITISH}'>British {b_total}</span> — "
            f"<span style='color:{FRENCH}'>French {f_total}</span></b>"
        )
