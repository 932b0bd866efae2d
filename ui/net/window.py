"""The table as one seat sees it across computers: the seats (names, connected or
not), whose turn, the log, this seat's own view, its choices, and a short chat.
No hand-off screens: nobody else looks at this screen's seat."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ui.net.seat import NetSeat
from wargame.core.registry import mode
from wargame.core.seats import seat_label

CONNECTED, DROPPED = "\u25cf", "\u25cb"  # ● ○


def seat_line(info: dict[str, Any], me: int | None) -> str:
    """One seat in the list: the mark, its name, what plays it."""
    seat = int(info["seat"])
    name = seat_label(seat, [str(info.get("name") or "")] * (seat + 1))
    mark = CONNECTED if info.get("connected") else DROPPED
    parts = [f"{mark} {name}"]
    if seat == me:
        parts.append("(you)")
    if info.get("open"):
        parts.append("- open")
    elif info.get("stand_in"):
        parts.append(f"- a {info.get('bot')} bot sits in")
    elif info.get("bot"):
        parts.append(f"- {info.get('bot')} bot")
    if "grace_left" in info and not info.get("connected"):
        parts.append(f"- dropped, kept {info['grace_left']:.0f} s")
    return " ".join(parts)


class NetTableWindow(QWidget):
    """A top-level window for one seat played at this screen."""

    def __init__(self, seat: NetSeat, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.seat = seat
        self.me: int | None = None
        self.names: list[str] = []
        self.setWindowTitle("Table across computers - connecting...")
        self.resize(900, 620)
        self.heading = QLabel("Connecting...")
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.turn = QLabel("")
        self.turn.setObjectName("turn")
        self.status = QLabel("")
        self.seats = QListWidget()
        self.log = QListWidget()
        self.view = QPlainTextEdit()
        self.view.setReadOnly(True)
        self.choices = QListWidget()
        self.play = QPushButton("Play")
        self.play.setEnabled(False)
        self.chat = QListWidget()
        self.chat_line = QLineEdit()
        self.chat_line.setPlaceholderText("Say something to the table (Enter)")

        left = QVBoxLayout()
        left.addWidget(QLabel("<b>Seats</b>"))
        left.addWidget(self.seats, 1)
        left.addWidget(QLabel("<b>Chat</b>"))
        left.addWidget(self.chat, 2)
        left.addWidget(self.chat_line)
        lw = QWidget()
        lw.setLayout(left)
        middle = QVBoxLayout()
        middle.addWidget(self.turn)
        middle.addWidget(QLabel("<b>Your choices</b>"))
        middle.addWidget(self.choices, 2)
        middle.addWidget(self.play)
        middle.addWidget(QLabel("<b>Log</b>"))
        middle.addWidget(self.log, 3)
        mw = QWidget()
        mw.setLayout(middle)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>The table from your seat</b>"))
        right.addWidget(self.view, 1)
        rw = QWidget()
        rw.setLayout(right)
        split = QSplitter()
        for w in (lw, mw, rw):
            split.addWidget(w)
        outer = QVBoxLayout(self)
        outer.addWidget(self.heading)
        outer.addWidget(split, 1)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        outer.addLayout(row)

        self.play.clicked.connect(self.play_selected)
        self.choices.itemDoubleClicked.connect(lambda _item: self.play_selected())
        self.choices.currentRowChanged.connect(lambda row: self.play.setEnabled(row >= 0))
        self.chat_line.returnPressed.connect(self.send_chat)
        seat.welcomed.connect(self.on_welcome)
        seat.updated.connect(self.on_update)
        seat.chatted.connect(self.on_chat)
        seat.said.connect(self.status.setText)
        seat.failed.connect(self.on_failed)

    # -- from the table ---------------------------------------------------------------
    def on_welcome(self, welcome: dict[str, Any]) -> None:
        self.me = int(welcome["seat"])
        title = mode(str(welcome["game"])).title
        self.setWindowTitle(f"{title} across computers - seat {self.me + 1}")
        self.heading.setText(
            f"<b>{title}</b>, {welcome['players']} players: you play seat {self.me + 1}. "
            f"Your seat's code (to take it back from anywhere): <tt>{self.seat.code}</tt>"
        )
        self.status.setText(f"connected to {self.seat.address}")

    def on_update(self, update: dict[str, Any]) -> None:
        infos = update.get("seats") or []
        self.names = [
            seat_label(int(i["seat"]), [str(i.get("name") or "")] * (int(i["seat"]) + 1))
            for i in infos
        ]
        self.seats.clear()
        for info in infos:
            self.seats.addItem(seat_line(info, self.me))
        start = int(update["start"])
        while self.log.count() > start:  # a resend from a resume: keep one copy
            self.log.takeItem(self.log.count() - 1)
        for entry in update.get("entries") or []:
            lines = [str(entry.get("t", ""))] + [f"   {t}" for t in entry.get("told") or ()]
            item = QListWidgetItem("\n".join(lines))
            self.log.addItem(item)
        self.log.scrollToBottom()
        self.view.setPlainText(json.dumps(update.get("view"), indent=1, ensure_ascii=False))
        self.choices.clear()
        for text, label in update.get("legal") or ():
            item = QListWidgetItem(str(label))
            item.setData(Qt.ItemDataRole.UserRole, text)
            self.choices.addItem(item)
        self.play.setEnabled(False)
        self.turn.setText(self.turn_text(update))

    def turn_text(self, update: dict[str, Any]) -> str:
        if update.get("over"):
            result = update.get("result") or {}
            won = [self._name(int(s)) for s in result.get("winners") or ()]
            return f"Game over: {result.get('end', '')}. Won by {', '.join(won) or 'nobody'}."
        to_act = update.get("to_act")
        if to_act is None:
            return "Waiting for every seat to be taken..."
        if to_act == self.me:
            return "Your turn"
        return f"Waiting for {self._name(int(to_act))}"

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Pirate {seat + 1}"

    def on_chat(self, msg: dict[str, Any]) -> None:
        self.chat.addItem(f"{msg.get('name')}: {msg.get('text')}")
        self.chat.scrollToBottom()

    def on_failed(self, reason: str) -> None:
        self.status.setText(reason)
        self.turn.setText("Not at the table")
        self.choices.clear()

    # -- to the table -----------------------------------------------------------------
    def play_selected(self) -> None:
        item = self.choices.currentItem()
        if item is None:
            return
        self.seat.act(str(item.data(Qt.ItemDataRole.UserRole)))
        self.choices.clear()
        self.play.setEnabled(False)

    def send_chat(self) -> None:
        text = self.chat_line.text().strip()
        if text:
            self.seat.say(text)
        self.chat_line.clear()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        self.seat.close()
        super().closeEvent(event)
