"""Host a game or join one across computers (File > Play across computers...).

Host: choose the game and, for each seat, this screen, a bot, or open for a
remote player; the table server runs inside the app (in Qt's event loop) and is
announced on the LAN. Join: a table heard on the LAN, or an address; with a
seat's code, take that seat back. Each seat played here gets its own window."""

from __future__ import annotations

import contextlib
import errno
import logging
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ui.context import AppContext
from ui.net.board import net_context
from ui.net.hostsave import HostSaves
from ui.net.loop import spawn
from ui.net.seat import NetSeat
from ui.net.window import NetTableWindow
from wargame.core.play import bot_factories
from wargame.core.registry import available_games, game_class, mode
from wargame.errors import WargameError
from wargame.net.identity import SeatRecord, read_net
from wargame.net.myseats import KeptSeat, SeatBook, seat_code
from wargame.net.server import TableServer, run_server

log = logging.getLogger(__name__)

TRUST = (
    "Whoever runs the server could read hidden parts from its memory; use a neutral "
    "<tt>wargame serve</tt> host for competitive games."
)
HERE, OPEN = "This screen", "Open: a phone or another computer"
#: A saved table's seat kept for its player's code (Host a saved game...).
KEEP = "Kept for {name} (their code)"
#: Windows and servers live as long as the app (nothing else holds them).
_KEEP: list[object] = []


class LobbyDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, ctx: AppContext | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx or net_context(parent)
        #: The seats this computer holds (its data folder): the Join tab's "Your seats".
        self.book = SeatBook(self.ctx.data_dir)
        self.setWindowTitle("Play across computers")
        self.resize(560, 480)
        self.windows: list[NetTableWindow] = []
        self.server: TableServer | None = None
        #: The shared table screen (a table with seats for phones), once hosting.
        self.screen: QWidget | None = None
        #: The covers of the seats played here when people share this screen.
        self.guards: list[QObject] = []
        self.saves: HostSaves | None = None
        #: A save to host again (Host a saved game...), else None: a new game.
        self.saved: dict[str, object] | None = None
        #: The saved table's seats (who holds each), when it keeps them.
        self.records: list[SeatRecord] | None = None
        tabs = QTabWidget()
        tabs.addTab(self._host_tab(), "Host a game")
        tabs.addTab(self._join_tab(), "Join a game")
        self.tabs = tabs
        self.listener: Any = None
        tabs.currentChanged.connect(self._tab_changed)
        trust = QLabel(TRUST)
        trust.setWordWrap(True)
        trust.setObjectName("trust")
        self.status = QLabel("")
        self.status.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(tabs, 1)
        lay.addWidget(trust)
        lay.addWidget(self.status)

    # -- host ---------------------------------------------------------------------------
    def _host_tab(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        self.game = QComboBox()
        for name in available_games():
            self.game.addItem(mode(name).title, name)
        self.players = QSpinBox()
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setValue(8765)
        self.port.setToolTip("0: any free port")
        self.host_name = QLineEdit()
        self.host_name.setPlaceholderText("your name at the table")
        self.seat_box = QVBoxLayout()
        self.seat_choices: list[QComboBox] = []
        seats = QWidget()
        seats.setLayout(self.seat_box)
        self.host_button = QPushButton("Host")
        self.saved_button = QPushButton("Host a saved game...")
        self.saved_button.setToolTip(
            "Serve a game saved at one screen or by a host, from where it is"
        )
        self.saved_button.clicked.connect(lambda: self.pick_saved())
        self.address = QLabel("")
        self.address.setWordWrap(True)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy_address = QPushButton("Copy")
        self.copy_address.setObjectName("net-copy-address")
        self.copy_address.setToolTip("Copy the address players join, to send it to them")
        self.copy_address.hide()
        self.copy_address.clicked.connect(self._copy_address)
        form.addRow("Game", self.game)
        form.addRow("Players", self.players)
        form.addRow("Seats", seats)
        form.addRow("Your name", self.host_name)
        form.addRow("Port", self.port)
        form.addRow(self.host_button)
        form.addRow(self.saved_button)
        row = QHBoxLayout()
        row.addWidget(self.address, 1)
        row.addWidget(self.copy_address)
        form.addRow(row)
        self.game.currentIndexChanged.connect(self._game_changed)
        self.players.valueChanged.connect(self._seats_changed)
        self.host_button.clicked.connect(self.host)
        self._game_changed()
        return w

    def _game_changed(self) -> None:
        cls = game_class(str(self.game.currentData()))
        self.players.blockSignals(True)
        self.players.setRange(cls.min_players, cls.max_players)
        self.players.setValue(cls(None).default_players())
        self.players.blockSignals(False)
        self._seats_changed()

    def _seats_changed(self) -> None:
        for box in self.seat_choices:  # gone at once (not only at the next event loop)
            box.hide()
            self.seat_box.removeWidget(box)
            box.deleteLater()
        self.seat_choices = []
        game = game_class(str(self.game.currentData()))()
        bots = [f"Bot: {name}" for name in bot_factories(game)]
        records = (
            self.records if self.records and len(self.records) == self.players.value() else None
        )
        for seat in range(self.players.value()):
            box = QComboBox()
            rec = records[seat] if records is not None else None
            if rec is not None and rec.code is not None and not rec.here:
                box.addItem(KEEP.format(name=rec.name or f"seat {seat + 1}"))
            box.addItems([HERE, OPEN, *bots])
            if rec is None:
                box.setCurrentIndex(0 if seat == 0 else 1)
            elif rec.here:
                box.setCurrentText(HERE)
            elif rec.server_bot:
                box.setCurrentText(f"Bot: {rec.server_bot}")
            elif rec.code is None:
                box.setCurrentText(OPEN)
            box.setAccessibleName(f"Seat {seat + 1}")
            self.seat_box.addWidget(box)
            self.seat_choices.append(box)

    def host(self) -> None:
        """Start the table server here, announce it, and open this screen's seats."""
        game = str(self.game.currentData())
        choices = [b.currentText() for b in self.seat_choices]
        bots = {s: c.removeprefix("Bot: ") for s, c in enumerate(choices) if c.startswith("Bot: ")}
        try:
            server = TableServer(
                game,
                players=self.players.value(),
                bots=bots,
                saved=self.saved,
                auto_stand_in=False,  # the host gives a dropped seat to a bot (its window)
                more_tables=False,  # a full table says so: no second game behind the host
            )
            table = server.tables[0]
            assert table is not None
            codes = {}
            for seat, choice in enumerate(choices):
                if choice == HERE:  # this screen's seats: a code of the host's own
                    codes[seat] = table.claim_here(seat, self.host_name.text())
                elif choice == OPEN and table.seats[seat].taken:
                    table.open_seat(seat)  # the host opens a saved seat to anyone
        except WargameError as exc:
            self.status.setText(str(exc))
            return
        self.server = server
        self.saves = HostSaves(self.ctx, server)
        server.on_broadcast = self.saves.autosave  # the host's game, autosaved as it goes
        self.host_button.setEnabled(False)

        def ready(port: int, taken: int | None = None) -> None:
            from wargame.net.addresses import lan_addresses

            where = [f"{a}:{port}" for a in lan_addresses()]
            note = f" (port {taken} was taken: this one instead)" if taken else ""
            shared = len(codes) < len(choices) - len(bots)  # seats for phones, other computers
            self.address.setText(
                f"Hosting on port {port}{note}. Players join <b>{where[0]}</b>"
                + (f" (or {', '.join(where[1:])})" if len(where) > 1 else "")
                + (". Phones: scan a seat's code on the table screen." if shared else "")
            )
            self.copy_address.setProperty("address", where[0])
            self.copy_address.show()
            if shared:
                self.open_screen(server, game, port, hosting=not codes)
            for seat, token in codes.items():
                window = self.open_seat(
                    f"127.0.0.1:{port}", code=seat_code(0, seat, token), keep=False
                )
                if window is not None and self.saves is not None:
                    window.hosting(self.saves)
                if window is not None and (shared or len(codes) > 1):
                    # people share this screen: each seat covered outside its moment
                    from ui.net.guard import ScreenGuard

                    self.guards.append(ScreenGuard(window, always=len(codes) > 1))
            spawn(_announce(server, port, game))

        task = spawn(_serve(server, self.port.value(), ready))
        task.add_done_callback(self._host_ended)
        _KEEP.append(task)

    def open_screen(self, server: TableServer, game: str, port: int, *, hosting: bool) -> None:
        """The shared table screen: the public table and a QR code per open seat (a
        phone's link on this computer's LAN address). ``hosting``: nobody plays at this
        screen, so the host's tools are there."""
        from ui.net.tablescreen import TableScreen, public_update
        from wargame.net.addresses import lan_addresses

        screen = TableScreen(game, lan_addresses()[0], port)
        saves = self.saves
        if hosting and saves is not None:
            screen.hosting(saves)

        def changed(tid: int, n: int) -> None:
            if saves is not None:
                saves.autosave(tid, n)
            update = public_update(server, tid) if tid == 0 else None
            if update is not None:
                screen.feed.changed.emit(update)

        server.on_broadcast = changed
        first = public_update(server)
        if first is not None:
            screen.show_update(first)
        self.screen = screen
        _KEEP.append(screen)
        screen.show()

    def _copy_address(self) -> None:
        from PySide6.QtWidgets import QApplication

        address = str(self.copy_address.property("address") or "")
        QApplication.clipboard().setText(address)
        self.status.setText(f"Copied {address}: send it to the players.")

    def pick_saved(self, path: str | None = None) -> bool:
        """Choose a saved game to host: the game and players come from it."""
        from PySide6.QtWidgets import QFileDialog

        from wargame.persistence.files import read_json_file

        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Host a saved game", "", "Saves (*.json)")
            if not path:
                return False
        try:
            data = read_json_file(path)
            header = data.get("header") if isinstance(data, dict) else None
            game = header.get("game") if isinstance(header, dict) else None
            i = self.game.findData(game)
            if i < 0:
                raise WargameError(f"{path} is not a saved board game or battle")
        except WargameError as exc:
            self.status.setText(str(exc))
            return False
        players = int(header.get("players") or self.players.value())
        try:
            kept = read_net(header, players)
        except WargameError as exc:
            self.status.setText(f"{path}: {exc}")
            return False
        self.records = kept[0] if kept is not None else None
        mine = [r.name for r in self.records or () if r.here and r.name]
        if mine and not self.host_name.text().strip():
            self.host_name.setText(mine[0])  # the host's name at that table
        self.game.setCurrentIndex(i)
        self.players.setValue(players)
        self._seats_changed()  # the seats as the save keeps them
        self.saved = data
        self.status.setText(f"Hosting {path} from where it was saved: choose the seats, then Host.")
        return True

    def _host_ended(self, task: object) -> None:
        if getattr(task, "cancelled", lambda: False)():
            return
        exc = getattr(task, "exception", lambda: None)()
        if exc is not None:
            said = getattr(exc, "strerror", None) or str(exc)
            self.status.setText(f"cannot host: {said}")
            self.host_button.setEnabled(True)

    # -- join ---------------------------------------------------------------------------
    def _join_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.addWidget(QLabel("Tables on this network:"))
        self.lan = QListWidget()
        lay.addWidget(self.lan, 1)
        self.refresh = QPushButton("Look again")
        row = QHBoxLayout()
        row.addWidget(self.refresh)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addWidget(QLabel("Your seats (take one back with its code):"))
        self.my_seats = QListWidget()
        self.my_seats.setObjectName("net-my-seats")
        self.my_seats.setMaximumHeight(110)
        lay.addWidget(self.my_seats)
        self.take_back = QPushButton("Take this seat back")
        self.take_back.setObjectName("net-take-back")
        self.take_back.clicked.connect(self.take_seat_back)
        self.my_seats.itemDoubleClicked.connect(lambda _i: self.take_seat_back())
        lay.addWidget(self.take_back)
        self.show_my_seats()
        form = QFormLayout()
        self.join_address = QLineEdit()
        self.join_address.setPlaceholderText("HOST:PORT, or wss://... behind a proxy")
        self.join_code = QLineEdit()
        self.join_code.setPlaceholderText(
            "your seat's code, to take it back (else: the next open seat)"
        )
        self.join_name = QLineEdit()
        form.addRow("Address", self.join_address)
        form.addRow("Seat code", self.join_code)
        form.addRow("Your name", self.join_name)
        lay.addLayout(form)
        self.join_button = QPushButton("Join")
        lay.addWidget(self.join_button)
        self.lan.currentItemChanged.connect(self._lan_picked)
        self.refresh.clicked.connect(self.look)
        self.join_button.clicked.connect(self.join)
        return w

    def look(self) -> None:
        """Listen for the tables announced on the LAN (zeroconf) while the Join tab is
        open: a table shows as soon as it is heard (Look again starts afresh)."""
        self.lan.clear()
        self.lan.addItem("listening for tables on this network...")
        spawn(self._listen())

    async def _listen(self) -> None:
        from wargame.net.discovery import Listener

        await self._stop_listening()
        listener = Listener(self._show_found)
        self.listener = listener
        try:
            await listener.start()
        except Exception as exc:  # noqa: BLE001 - no multicast here: say so, go on
            self.lan.clear()
            self.lan.addItem(f"cannot listen on this network ({exc}); type an address")
            self.listener = None

    async def _stop_listening(self) -> None:
        listener, self.listener = getattr(self, "listener", None), None
        if listener is not None:
            with contextlib.suppress(Exception):
                await listener.close()

    def _show_found(self, found: list[Any]) -> None:
        picked = self.join_address.text()
        self.lan.clear()
        for t in found:
            title = mode(t.game).title if t.game in available_games() else t.game
            text = (
                f"{t.name} ({t.address})"
                if title in t.name
                else f"{t.name} - {title} ({t.address})"
            )
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, t.address)
            self.lan.addItem(item)
            if t.address == picked:
                self.lan.setCurrentItem(item)
        if not found:
            self.lan.addItem("listening for tables on this network...")

    def _tab_changed(self, index: int) -> None:
        if index == 1 and getattr(self, "listener", None) is None:
            self.look()

    def stop_listening(self) -> None:
        if self.listener is not None:
            with contextlib.suppress(RuntimeError):  # the loop already closed: nothing to stop
                spawn(self._stop_listening())

    def done(self, result: int) -> None:  # noqa: D102 - closing the lobby stops listening
        self.stop_listening()
        super().done(result)

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        self.stop_listening()
        super().closeEvent(event)

    def _lan_picked(self, item: QListWidgetItem | None) -> None:
        address = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if address:
            self.join_address.setText(str(address))

    def join(self) -> None:
        address = self.join_address.text().strip()
        if not address:
            self.status.setText("Type the table's address (HOST:PORT) or pick one above.")
            return
        self.open_seat(address, name=self.join_name.text(), code=self.join_code.text().strip())

    def show_my_seats(self) -> None:
        """The seats this computer holds, newest first (its data folder)."""
        self.my_seats.clear()
        for kept in self.book.seats():
            title = mode(kept.game).title if kept.game in available_games() else kept.game
            who = f"{kept.name}, " if kept.name else ""
            item = QListWidgetItem(f"{title}: {who}seat {kept.seat + 1} at {kept.address}")
            item.setData(Qt.ItemDataRole.UserRole, kept.code)
            item.setData(Qt.ItemDataRole.UserRole + 1, kept.address)
            item.setToolTip(f"Seat code {kept.code}")
            self.my_seats.addItem(item)
        self.take_back.setEnabled(self.my_seats.count() > 0)

    def take_seat_back(self) -> NetTableWindow | None:
        """Take the chosen seat of "Your seats" back with its code."""
        item = self.my_seats.currentItem() or self.my_seats.item(0)
        if item is None:
            self.status.setText("You hold no seat at a table across computers yet.")
            return None
        address = str(item.data(Qt.ItemDataRole.UserRole + 1))
        return self.open_seat(address, code=str(item.data(Qt.ItemDataRole.UserRole)))

    def open_seat(
        self,
        address: str,
        *,
        seat: int | None = None,
        name: str = "",
        code: str = "",
        keep: bool = True,
    ) -> NetTableWindow | None:
        """A window for a seat: joined, or taken back with ``code``; ``keep``: its code
        goes to Your seats (not the host's own: hosting the save again gives it anew)."""
        try:
            net = NetSeat(address, name=name, seat=seat, code=code or None)
        except (WargameError, ValueError) as exc:
            self.status.setText(str(exc))
            return None
        window = NetTableWindow(net, ctx=self.ctx)

        def keep_seat(welcome: dict[str, object], at: str = address, who: str = name) -> None:
            self.book.keep(
                KeptSeat(
                    at,
                    int(str(welcome["table"])),
                    int(str(welcome["seat"])),
                    str(welcome["token"]),
                    str(welcome["game"]),
                    who,
                )
            )
            self.show_my_seats()

        if keep:
            net.welcomed.connect(keep_seat)

        def seated(_welcome: object, w: NetTableWindow = window) -> None:
            if not w.isVisible():
                w.show()

        def turned_away(reason: str, w: NetTableWindow = window) -> None:
            if w.seat.welcome is None:  # never seated: no empty table window
                self.status.setText(reason)
                if w in self.windows:
                    self.windows.remove(w)
                w.close()

        net.welcomed.connect(seated)
        net.failed.connect(turned_away)
        self.windows.append(window)
        _KEEP.append(window)
        net.start()
        return window


async def _serve(server: TableServer, port: int, ready: Any) -> None:
    """Serve on ``port``; a port another program holds: any free one, and say so."""
    try:
        await run_server(server, "0.0.0.0", port, ready=ready)  # noqa: S104 - a LAN game
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE or port == 0:
            raise
        await run_server(server, "0.0.0.0", 0, ready=lambda p: ready(p, taken=port))  # noqa: S104


async def _announce(server: TableServer, port: int, game: str) -> None:
    """Tell the LAN (best effort: a network without multicast just isn't told)."""
    import socket

    from wargame.net.discovery import Advertisement

    ad = Advertisement(f"{mode(game).title} at {socket.gethostname()}", port, game)
    try:
        await ad.start()
    except Exception as exc:  # noqa: BLE001
        log.info("not announced on the LAN: %s", exc)
        return
    try:
        await server.done.wait()
    finally:
        with contextlib.suppress(Exception):
            await ad.close()


def _windows() -> list[NetTableWindow]:
    return [w for w in _KEEP if isinstance(w, NetTableWindow) and w.isVisible()]


def table_lines() -> list[str]:
    """One line per table this app hosts or sits at (see :func:`ui.net.open_tables`)."""
    windows = [w for w in _windows() if w.at_table]
    hosts = [w for w in windows if getattr(w, "host_saves", None) is not None]
    lines = []
    seen: set[int] = set()
    for w in hosts:
        if id(w.host_saves.server) not in seen:
            seen.add(id(w.host_saves.server))
            lines.append(w.table_line())
    for w in windows:
        if w not in hosts:
            lines.append(w.table_line())
    return lines


def close_everything() -> None:
    """Every table window (a hosted table closed for its players) and every lobby."""
    for w in _windows():
        w.quitting = True
        w.close()
    from PySide6.QtWidgets import QApplication

    for w in QApplication.topLevelWidgets():
        if isinstance(w, LobbyDialog) and w.isVisible():
            w.close()
