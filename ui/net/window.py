"""The table as one seat sees it across computers: the seats (names, connected or
not), whose turn, and a short chat beside the game's own view drawn from this seat
(:mod:`ui.net.board`, every game: the four board games, the naval battle, the raid;
its log is the one the server sends). A table its view cannot draw (the copy refused
the welcome) falls back to the seat's view as text, the log and a list of choices.
No hand-off screens: nobody else looks at this screen's seat."""

from __future__ import annotations

import json
import time
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication
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

from ui.context import AppContext
from ui.fixed_lines import FixedLinesLabel
from ui.net.board import NetBoard, has_board, net_context
from ui.net.hostsave import HostSaves
from ui.net.seat import NetSeat
from ui.net.standin import stand_in_tools
from wargame.core.registry import mode
from wargame.core.seats import seat_label
from wargame.errors import WargameError
from wargame.net.server import TAKEN
from wargame.plural import count

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
    elif info.get("offered_to"):
        parts.append("- kept for a newcomer")
    elif info.get("stand_in"):
        parts.append(f"- a {info.get('bot')} bot sits in")
    elif info.get("bot") and name != f"{info.get('bot')} bot":  # a server bot is named so
        parts.append(f"- {info.get('bot')} bot")
    if "grace_left" in info and not info.get("connected"):
        if info.get("before_start"):  # given up, not kept, once its time is out
            parts.append(f"- dropped before the start, open again in {info['grace_left']:.0f} s")
        else:
            parts.append(f"- dropped, kept {info['grace_left']:.0f} s")
    return " ".join(parts)


def fitted(width: int, height: int, window: QWidget) -> tuple[int, int]:
    """``width`` x ``height``, made to fit the screen the window opens on (1024x768 and
    up: the seat window never opens cut off)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return width, height
    room = screen.availableGeometry()
    return min(width, max(640, room.width())), min(height, max(480, room.height()))


class NetTableWindow(QWidget):
    """A top-level window for one seat played at this screen."""

    def __init__(
        self, seat: NetSeat, parent: QWidget | None = None, ctx: AppContext | None = None
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.seat = seat
        self.ctx = ctx or net_context(parent)
        #: The game's own view for this seat (None: the table shown as text).
        self.board: NetBoard | None = None
        self.me: int | None = None
        self.names: list[str] = []
        self.setWindowTitle("Table across computers - connecting...")
        self.resize(900, 620)
        self.heading = QLabel("Connecting...")
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.turn = QLabel("")
        self.turn.setObjectName("turn")
        self.turn.setStyleSheet("font-weight: bold")  # whose turn, at a glance
        #: The status line: the view's prompts and refusals (two lines, cut, whole in
        #: the tooltip: a long naval prompt must not widen the window).
        self.status = FixedLinesLabel(2)
        self.seats = QListWidget()
        self.seats.setWordWrap(True)  # "Ben - dropped, kept 57 s" whole in a narrow column
        self.seats.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log = QListWidget()
        self.view = QPlainTextEdit()
        self.view.setReadOnly(True)
        self.choices = QListWidget()
        self.play = QPushButton("Play")
        self.play.setEnabled(False)
        self.chat = QListWidget()
        self.chat.setWordWrap(True)  # a narrow column: lines wrap, never scroll sideways
        self.chat.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.chat_line = QLineEdit()
        self.chat_line.setPlaceholderText("Say something to the table (Enter)")

        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 2, 0)  # the seats' names get the room (1024 px)
        left.addWidget(QLabel("<b>Seats</b>"))
        left.addWidget(self.seats, 1)
        left.addWidget(QLabel("<b>Chat</b>"))
        left.addWidget(self.chat, 2)
        left.addWidget(self.chat_line)
        lw = QWidget()
        lw.setLayout(left)
        middle = QVBoxLayout()
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
        self.text_parts = (mw, rw)
        self.right = right
        split = QSplitter()
        for w in (lw, mw, rw):
            split.addWidget(w)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.addWidget(self.heading)
        outer.addWidget(self.turn)
        outer.addWidget(split, 1)
        self.split = split
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        self.try_now = QPushButton("Try now")
        self.try_now.setObjectName("net-try-now")
        self.try_now.setToolTip("Try to get back to the table at once")
        self.try_now.clicked.connect(seat.try_now)
        self.try_now.hide()
        row.addWidget(self.try_now)
        outer.addLayout(row)
        self.bottom = row
        #: The seats as last told, and when (the grace countdown ticks from it).
        self._infos: list[dict[str, Any]] = []
        self._infos_at = time.monotonic()
        self.ticker = QTimer(self)
        self.ticker.setInterval(1000)
        self.ticker.timeout.connect(self._show_seats)
        self.ticker.start()

        self.play.clicked.connect(self.play_selected)
        self.choices.itemDoubleClicked.connect(lambda _item: self.play_selected())
        self.choices.currentRowChanged.connect(lambda row: self.play.setEnabled(row >= 0))
        self.chat_line.returnPressed.connect(self.send_chat)
        seat.welcomed.connect(self.on_welcome)
        seat.updated.connect(self.on_update)
        seat.chatted.connect(self.on_chat)
        seat.said.connect(self.on_said)
        seat.failed.connect(self.on_failed)
        seat.noticed.connect(self.on_notice)

    # -- from the table ---------------------------------------------------------------
    def on_welcome(self, welcome: dict[str, Any]) -> None:
        self.me = int(welcome["seat"])
        title = mode(str(welcome["game"])).title
        self.setWindowTitle(f"{title} across computers - seat {self.me + 1}")
        self.status.setText(f"connected to {self.seat.address}")
        self.try_now.hide()
        self.chat.clear()  # the table's chat so far (it comes with every welcome)
        for line in welcome.get("chat") or ():
            self.on_chat(line)
        game = str(welcome["game"])
        if self.board is None and has_board(game):
            try:
                self.board = NetBoard(welcome, self.ctx, self.seat.act)
            except WargameError as exc:
                self.status.setText(f"cannot draw this table here: {exc}")
            else:
                self._show_board(self.board)
        side = self.board.view.side_title(self.me) if self.board is not None else ""
        self.heading.setText(
            f"<b>{title}</b>, {count(welcome['players'], 'player', 'players')}: you play seat {self.me + 1}"
            f"{f' ({side})' if side else ''}. "
            f"Your seat's code (to take it back from anywhere): <tt>{self.seat.code}</tt>"
        )

    def _show_board(self, board: NetBoard) -> None:
        """The game's own view instead of the text parts; the seats and chat keep their
        width beside it when the window is resized."""
        for w in self.text_parts:
            w.hide()
        board.view.status_changed.connect(self.status.setText)  # its prompts, refusals
        self.split.addWidget(board.view)
        self.split.setStretchFactor(0, 0)
        self.split.setStretchFactor(self.split.indexOf(board.view), 1)
        self.split.setCollapsible(0, False)
        width, height = fitted(1280, 800, self)
        self.resize(width, height)
        self.split.setSizes([170, 0, 0, width - 170])  # seats and chat beside the board

    def on_update(self, update: dict[str, Any]) -> None:
        infos = update.get("seats") or []
        self.names = [
            seat_label(int(i["seat"]), [str(i.get("name") or "")] * (int(i["seat"]) + 1))
            for i in infos
        ]
        self._infos, self._infos_at = [dict(i) for i in infos], time.monotonic()
        self._show_seats()
        self.turn.setText(self.turn_text(update))
        if self.board is not None:
            try:
                self.board.take(update)
            except WargameError as exc:
                self.status.setText(f"this table's copy went wrong: {exc}")
            return
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

    def on_said(self, text: str) -> None:
        self.status.setText(text)
        dropped = self.seat.dropped_at is not None
        self.try_now.setVisible(dropped)
        if dropped:
            self.turn.setText("Cut off from the table: getting back (nothing is played meanwhile)")
        if dropped and any(i.get("connected") for i in self._infos):
            # cut off from the table: nobody is shown as there (the host neither)
            self._infos = [
                {k: v for k, v in i.items() if k != "grace_left"} | {"connected": False}
                for i in self._infos
            ]
            self._show_seats()

    def _show_seats(self) -> None:
        """The seat list; a dropped seat's grace counts down every second."""
        gone = time.monotonic() - self._infos_at
        current = self.seats.currentRow()
        lines = []
        for info in self._infos:
            if "grace_left" in info and not info.get("connected"):
                info = {**info, "grace_left": max(0.0, float(info["grace_left"]) - gone)}
            lines.append(seat_line(info, self.me))
        if [self.seats.item(i).text() for i in range(self.seats.count())] != lines:
            self.seats.clear()
            self.seats.addItems(lines)
            self.seats.setCurrentRow(current)

    def on_notice(self, text: str) -> None:
        self.chat.addItem(f"— {text}")
        self.chat.scrollToBottom()
        self.status.setText(text)

    def on_failed(self, reason: str) -> None:
        self.status.setText(reason)
        self.try_now.hide()
        self._infos = [
            {k: v for k, v in i.items() if k != "grace_left"} | {"connected": False}
            for i in self._infos
        ]
        self._show_seats()
        if self.board is not None:  # not at the table any more: nothing to click
            self.board.view.setEnabled(False)
            if reason == TAKEN:  # the seat is on another computer now: its secrets too
                self.board.view.hide()
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

    def hosting(self, saves: HostSaves) -> None:
        """This screen hosts the table: its Save the table... button (the game is the
        host's; autosaved as it goes), and a bot for a seat whose player is gone past
        the grace period (they take it back with their code)."""
        server = saves.server
        self.host_saves = saves
        self.bot_choice, give = stand_in_tools(self, server)
        self.bottom.addWidget(self.bot_choice)
        self.bottom.addWidget(give)
        self.give_button = give
        newcomer = QLineEdit()
        newcomer.setObjectName("net-newcomer")
        newcomer.setPlaceholderText("a newcomer's name")
        newcomer.setToolTip(
            "Give the seat picked in the list (nobody at it now) to a newcomer: their old "
            "code no longer takes it, and only a join of this name does"
        )
        offer = QPushButton("Give to a newcomer")
        offer.setObjectName("net-offer")
        offer.clicked.connect(lambda: self.offer_seat(self.seats.currentRow(), newcomer.text()))
        self.newcomer = newcomer
        extra = QHBoxLayout()
        extra.addStretch(1)
        extra.addWidget(newcomer)
        extra.addWidget(offer)
        self.layout().addLayout(extra)  # type: ignore[union-attr]
        self.server = server
        button = QPushButton("Save the table...")
        button.setObjectName("net-save")
        button.setToolTip("Save this game here (sealed): File > Open plays it on at one screen")

        def save() -> None:
            ok = saves.save(parent=self)
            self.status.setText("The table is saved." if ok else (saves.problem or "Not saved."))

        button.clicked.connect(save)
        self.bottom.addWidget(button)
        self.save_button = button

    def offer_seat(self, row: int, name: str) -> bool:
        """The host gives seat ``row`` (nobody at it now) to a newcomer called ``name``."""
        if row < 0:
            self.status.setText("Pick the seat in the list first.")
            return False
        try:
            self.server.offer(0, row, name)
        except WargameError as exc:
            self.status.setText(str(exc))
            return False
        self.status.setText(f"Seat {row + 1} is kept for {name.strip()}: they join by name.")
        return True

    def players_elsewhere(self) -> list[str]:
        """The names of the seats played on other computers (the host's window)."""
        return [
            str(i.get("name") or f"seat {int(i['seat']) + 1}")
            for i in self._infos
            if int(i["seat"]) != self.me and not i.get("open") and "bot" not in i
        ]

    def table_line(self) -> str:
        """What closing this window does, in one line (the Quit question lists them)."""
        title = self.windowTitle().split(" across computers")[0]
        if getattr(self, "host_saves", None) is not None:
            others = ", ".join(self.players_elsewhere()) or "nobody else"
            return f"{title}: you host it; the game ends for {others}"
        where = f"seat {self.me + 1} " if self.me is not None else ""
        return f"{title} at {self.seat.address}: you leave {where}(Your seats takes it back)"

    @property
    def at_table(self) -> bool:
        return self.seat.welcome is not None and self.turn.text() != "Not at the table"

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        saves = getattr(self, "host_saves", None)
        if saves is not None and saves.server.closed is None:
            if not self.quitting and not self._ask_close_table():
                event.ignore()
                return
            saves.server.close_tables(saves.saved_as)
        self.ticker.stop()
        self.seat.close()
        super().closeEvent(event)

    #: Set by Quit (it asked once for every table): close without asking again.
    quitting = False

    def _ask_close_table(self) -> bool:
        """The host closing the table: ask first (it ends the game for everyone)."""
        if self.ctx.quiet_errors:
            return True
        from PySide6.QtWidgets import QMessageBox

        saves = self.host_saves
        kept = (
            f"It is saved as {saves.saved_as}."
            if saves.saved_as
            else "It is autosaved here: Host a saved game... plays it on."
        )
        others = ", ".join(self.players_elsewhere())
        answer = QMessageBox.question(
            self,
            "Close the table?",
            f"Closing this window closes the table{f' for {others}' if others else ''}. "
            f"{kept} Close it?",
            QMessageBox.StandardButton.Close | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Close
