"""Hosting and joining in the app over 127.0.0.1 for the pytest-qt tests: the lobby
clicked as a player does, run in Qt's event loop (qasync); every wait bounded."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import qasync
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui.net.lobby import HERE, OPEN, TRUST, LobbyDialog
from ui.net.window import NetTableWindow

T = TypeVar("T")


async def until(what: Callable[[], object], seconds: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not what():
        assert loop.time() < end, "waited too long"
        await asyncio.sleep(0.01)


async def host_and_join(
    qtbot: Any, game: str
) -> tuple[LobbyDialog, NetTableWindow, NetTableWindow]:
    """Ann hosts a two-seat ``game`` (seat 1 at her screen, seat 2 open) on a free port;
    Bea joins it by address from another lobby. Their windows, once both are seated."""
    host = LobbyDialog()
    qtbot.addWidget(host)
    assert "neutral" in TRUST and host.findChild(object, "trust") is not None
    host.game.setCurrentIndex(host.game.findData(game))
    host.players.setValue(2)
    assert [b.currentText() for b in host.seat_choices] == [HERE, OPEN]
    host.port.setValue(0)
    host.host_name.setText("Ann")
    qtbot.mouseClick(host.host_button, Qt.MouseButton.LeftButton)
    await until(lambda: host.windows and "port" in host.address.text())
    port = re.search(r"port (\d+)", host.address.text()).group(1)  # type: ignore[union-attr]

    guest = LobbyDialog()
    qtbot.addWidget(guest)
    guest.tabs.setCurrentIndex(1)
    guest.join_address.setText(f"127.0.0.1:{port}")
    guest.join_name.setText("Bea")
    qtbot.mouseClick(guest.join_button, Qt.MouseButton.LeftButton)
    await until(lambda: guest.windows)
    ann, bea = host.windows[0], guest.windows[0]
    await until(lambda: ann.seats.count() == 2 and "Bea" in ann.seats.item(1).text())
    await until(lambda: "seat 2" in bea.windowTitle())
    return host, ann, bea


def run_in_qt_loop(play: Callable[[], Coroutine[Any, Any, T]], seconds: float) -> T:
    """Run ``play()`` in a qasync loop on the app (bounded by ``seconds``); afterwards
    close every table window it opened and stop the network tasks."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    # a window an earlier test closed may have asked the app to quit (the last window
    # closed): that request is consumed here, not by this test's loop
    app.processEvents()
    quits = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    try:
        result = loop.run_until_complete(asyncio.wait_for(play(), seconds))
        for w in app.topLevelWidgets():
            if isinstance(w, NetTableWindow):
                w.close()
        for task in asyncio.all_tasks(loop):
            task.cancel()
        loop.run_until_complete(asyncio.sleep(0.05))
    finally:
        loop.close()
        asyncio.set_event_loop(None)
        app.setQuitOnLastWindowClosed(quits)
    return result
