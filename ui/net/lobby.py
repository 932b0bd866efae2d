"""Host a game or join one across computers (File > Play across computers...).

Host: choose the game and, for each seat, this screen, a bot, or open for a
remote player; the table server runs inside the app (in Qt's event loop) and is
announced on the LAN. Join: a table heard on the LAN, or an address; with a
seat's code, take that seat back. Each seat played here gets its own window."""

from __future__ import annotations

import contextlib
import logging

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

from ui.net.board import net_context
from ui.net.hostsave import HostSaves
from ui.net.loop import spawn
from ui.net.seat import NetSeat
from ui.net.window import NetTableWindow
from wargame.core.play import bot_factories
from wargame.core.registry import available_games, game_class, mode
from wargame.errors import WargameError
from wargame.net.server import TableServer, run_server

log = logging.getLogger(__name__)

TRUST = (
    "Whoever runs the server could read hidden parts from its memory; use a neutral "
    "<tt>wargame serve</tt> host for competitive games."
)
HERE, OPEN = "This screen", "Open: a phone or another computer"
#: Windows and servers live as long as the app (nothing else holds them).
_KEEP: list[object] = []


class LobbyDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
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
        tabs = QTabWidget()
        tabs.addTab(self._host_tab(), "Host a game")
        tabs.addTab(self._join_tab(), "Join a game")
        self.tabs = tabs
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
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form.addRow("Game", self.game)
        form.addRow("Players", self.players)
        form.addRow("Seats", seats)
        form.addRow("Your name", self.host_name)
        form.addRow("Port", self.port)
        form.addRow(self.host_button)
        form.addRow(self.saved_button)
        form.addRow(self.address)
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
        for box in self.seat_choices:
            box.deleteLater()
        self.seat_choices = []
        game = game_class(str(self.game.currentData()))()
        bots = [f"Bot: {name}" for name in bot_factories(game)]
        for seat in range(self.players.value()):
            box = QComboBox()
            box.addItems([HERE, OPEN, *bots])
            box.setCurrentIndex(0 if seat == 0 else 1)
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
            )
        except WargameError as exc:
            self.status.setText(str(exc))
            return
        self.server = server
        self.saves = HostSaves(net_context(self.parentWidget()), server)
        server.on_broadcast = self.saves.autosave  # the host's game, autosaved as it goes
        self.host_button.setEnabled(False)
        here = [s for s, c in enumerate(choices) if c == HERE]

        def ready(port: int) -> None:
            shared = len(here) < len(choices) - len(bots)  # seats for phones, other computers
            self.address.setText(
                f"Hosting on port {port}: players join this computer's address with port {port}."
                + (" Phones: scan a seat's code on the table screen." if shared else "")
            )
            if shared:
                self.open_screen(server, game, port, hosting=not here)
            for seat in here:
                window = self.open_seat(f"127.0.0.1:{port}", seat=seat, name=self.host_name.text())
                if window is not None and self.saves is not None:
                    window.hosting(self.saves)
                if window is not None and (shared or len(here) > 1):
                    # people share this screen: each seat covered outside its moment
                    from ui.net.guard import ScreenGuard

                    self.guards.append(ScreenGuard(window, always=len(here) > 1))
            spawn(_announce(server, port, game))

        task = spawn(_serve(server, self.port.value(), ready))
        task.add_done_callback(self._host_ended)
        _KEEP.append(task)

    def open_screen(self, server: TableServer, game: str, port: int, *, hosting: bool) -> None:
        """The shared table screen: the public table and a QR code per open seat (a
        phone's link on this computer's LAN address). ``hosting``: nobody plays at this
        screen, so the host's tools are there."""
        from ui.net.tablescreen import TableScreen, public_update
        from wargame.net.http import lan_address

        screen = TableScreen(game, lan_address(), port)
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
        self.game.setCurrentIndex(i)
        self.players.setValue(int(header.get("players") or self.players.value()))
        self.saved = data
        self.status.setText(f"Hosting {path} from where it was saved: choose the seats, then Host.")
        return True

    def _host_ended(self, task: object) -> None:
        exc = getattr(task, "exception", lambda: None)()
        if exc is not None:
            self.status.setText(f"cannot host: {exc}")
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
        """List the tables announced on the LAN (zeroconf)."""
        self.lan.clear()
        self.lan.addItem("looking...")
        spawn(self._look())

    async def _look(self) -> None:
        from wargame.net.discovery import browse

        try:
            found = await browse()
        except Exception as exc:  # noqa: BLE001 - no multicast here: say so, go on
            self.lan.clear()
            self.lan.addItem(f"cannot look on this network ({exc}); type an address")
            return
        self.lan.clear()
        for t in found:
            item = QListWidgetItem(f"{t.name} - {t.game} at {t.address}")
            item.setData(Qt.ItemDataRole.UserRole, t.address)
            self.lan.addItem(item)
        if not found:
            self.lan.addItem("no table heard; type an address")

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

    def open_seat(
        self, address: str, *, seat: int | None = None, name: str = "", code: str = ""
    ) -> NetTableWindow | None:
        try:
            net = NetSeat(address, name=name, seat=seat, code=code or None)
        except (WargameError, ValueError) as exc:
            self.status.setText(str(exc))
            return None
        window = NetTableWindow(net, ctx=net_context(self.parentWidget()))
        self.windows.append(window)
        _KEEP.append(window)
        window.show()
        net.start()
        return window


async def _serve(server: TableServer, port: int, ready: object) -> None:
    await run_server(server, "0.0.0.0", port, ready=ready)  # noqa: S104 - a LAN game


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
