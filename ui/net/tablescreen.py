"""The shared table screen: the host's window when the players hold their seats on
phones. It shows only what anyone at the table may see: the table's public view
(``observation(None)`` in words), whose turn, the seats and the public log, and the
QR codes of the open seats (:mod:`ui.net.phones`). No hand-off screens: nobody's
secrets ever come here.

It is fed ``Table.update_for(None, ..., web=True)`` (the update an onlooker gets) by
:class:`ScreenFeed`, whose signal may be emitted from the server's thread."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ui.net.hostsave import HostSaves
from ui.net.phones import PhonesPanel
from ui.net.standin import stand_in_tools
from ui.net.window import seat_line
from wargame.core.registry import mode
from wargame.core.seats import seat_label
from wargame.net.server import TableServer
from wargame.plural import count


class ScreenFeed(QObject):
    """Carries the public update to the screen (queued across threads)."""

    changed = Signal(object)  # a dict (as a Python object: a seed outgrows a QVariant int)


def public_update(server: TableServer, tid: int = 0) -> dict[str, Any] | None:
    """What the table screen shows of table ``tid``: as an onlooker (seat None) sees it."""
    table = server.tables[tid] if tid < len(server.tables) else None
    if table is None:
        return None
    update = table.update_for(None, 0, web=True)
    update["title"] = table.game.title
    return update


class TableScreen(QWidget):
    """The table for everyone to see (a laptop or a TV in the middle of the table)."""

    def __init__(self, game: str, host: str, port: int, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(f"{mode(game).title} - the table")
        self.resize(1024, 700)
        self.feed = ScreenFeed(self)
        self.feed.changed.connect(self.show_update)
        self.heading = QLabel(f"<h2>{html.escape(mode(game).title)}</h2>")
        self.turn = QLabel("Waiting for the players to take their seats...")
        self.turn.setObjectName("turn")
        self.turn.setStyleSheet("font-size: 24px; font-weight: bold")
        self.turn.setWordWrap(True)
        self.board = QLabel()
        self.board.setObjectName("board")
        self.board.setWordWrap(True)
        self.board.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.board.setStyleSheet("font-size: 18px")  # read from across the table
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.board)
        self.seats = QListWidget()
        self.seats.setObjectName("seats")
        self.seats.setStyleSheet("font-size: 15px")
        self.log = QListWidget()
        self.log.setObjectName("log")
        self.log.setWordWrap(True)
        self.log.setStyleSheet("font-size: 15px")
        self.phones = PhonesPanel(host, port)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>Seats</b>"))
        right.addWidget(self.seats)
        right.addWidget(self.phones)
        right.addWidget(QLabel("<b>Log</b>"))
        right.addWidget(self.log, 2)
        body = QHBoxLayout()
        body.addWidget(scroll, 3)
        body.addLayout(right, 2)
        outer = QVBoxLayout(self)
        outer.addWidget(self.heading)
        outer.addWidget(self.turn)
        outer.addLayout(body, 1)
        self.status = QLabel("")
        self.status.setObjectName("screen-status")
        self.bottom = QHBoxLayout()
        self.bottom.addWidget(self.status, 1)
        outer.addLayout(self.bottom)
        self.last: dict[str, Any] | None = None

    def hosting(self, saves: HostSaves) -> None:
        """Nobody plays at this screen: the host's tools are here (Save the table...,
        and a bot for a seat whose phone is gone past the grace period)."""
        server = saves.server
        self.bot_choice, give = stand_in_tools(self, server)
        save = QPushButton("Save the table...")
        save.setObjectName("net-save")

        def save_table() -> None:
            ok = saves.save(parent=self)
            self.status.setText("The table is saved." if ok else (saves.problem or "Not saved."))

        save.clicked.connect(save_table)
        for w in (self.bot_choice, give, save):
            self.bottom.addWidget(w)
        self.give_button, self.save_button = give, save

    def show_update(self, update: dict[str, Any]) -> None:
        self.last = update
        seats = update.get("seats") or []
        given = list(update.get("names") or [])
        names = [seat_label(i, given) for i in range(len(seats))]
        to_act = update.get("to_act")
        open_seats = [int(s["seat"]) for s in seats if s.get("open")]
        if update.get("over"):
            self.turn.setText("The game is over.")
        elif open_seats:
            self.turn.setText(
                f"Waiting for {count(len(open_seats), 'more player', 'more players')} to take a seat."
            )
        elif isinstance(to_act, int) and 0 <= to_act < len(names):
            self.turn.setText(f"{names[to_act]} to play")
        parts = []
        for sec in update.get("words") or []:
            if sec.get("private"):
                continue  # never on this screen (an onlooker's words have none)
            lines = "".join(f"<li>{html.escape(line)}</li>" for line in sec["lines"])
            parts.append(f"<h3>{html.escape(sec['title'])}</h3><ul>{lines}</ul>")
        self.board.setText("".join(parts))
        self.seats.clear()
        self.seats.setFixedHeight(24 * max(2, len(seats)) + 8)  # one line a seat, no gap
        for i, info in enumerate(seats):
            line = seat_line({**info, "name": names[i]}, None)  # named as the log names it
            self.seats.addItem(line + (" - on a phone" if info.get("web") else ""))
        self.phones.show_open(open_seats)
        self.log.clear()
        for e in (update.get("entries") or [])[-200:]:
            line = str(e.get("t") or e.get("a") or "")
            told = [str(t) for t in e.get("told") or []]
            self.log.addItem("\n".join([line, *told]))
        self.log.scrollToBottom()

    def text(self) -> str:
        """Everything the screen shows in words (tests read it for secrets)."""
        parts = [self.turn.text(), self.board.text()]
        parts += [self.seats.item(i).text() for i in range(self.seats.count())]
        parts += [self.log.item(i).text() for i in range(self.log.count())]
        return "\n".join(parts)
