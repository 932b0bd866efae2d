"""The app across computers: host in one window, join from another, play a whole
game by clicking; the window stays responsive (Qt's loop runs the network)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest

pytest.importorskip("PySide6")

import qasync  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ui.net.lobby import HERE, OPEN, TRUST, LobbyDialog  # noqa: E402
from ui.net.window import CONNECTED, NetTableWindow  # noqa: E402


async def until(what: Callable[[], object], seconds: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not what():
        assert loop.time() < end, "waited too long"
        await asyncio.sleep(0.01)


async def _host_join_and_play(qtbot: object) -> tuple[NetTableWindow, NetTableWindow, LobbyDialog]:
    host = LobbyDialog()
    qtbot.addWidget(host)  # type: ignore[attr-defined]
    assert "neutral" in TRUST and host.findChild(object, "trust") is not None
    host.game.setCurrentIndex(host.game.findData("pirate-coins"))
    host.players.setValue(2)
    assert [b.currentText() for b in host.seat_choices] == [HERE, OPEN]
    host.port.setValue(0)
    host.host_name.setText("Ann")
    qtbot.mouseClick(host.host_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    await until(lambda: host.windows and "port" in host.address.text())
    port = re.search(r"port (\d+)", host.address.text()).group(1)  # type: ignore[union-attr]

    guest = LobbyDialog()
    qtbot.addWidget(guest)  # type: ignore[attr-defined]
    guest.tabs.setCurrentIndex(1)
    guest.join_address.setText(f"127.0.0.1:{port}")
    guest.join_name.setText("Bea")
    qtbot.mouseClick(guest.join_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    await until(lambda: guest.windows)
    ann, bea = host.windows[0], guest.windows[0]
    await until(lambda: ann.seats.count() == 2 and "Bea" in ann.seats.item(1).text())
    assert ann.seats.item(0).text().startswith(f"{CONNECTED} Ann (you)")
    await until(lambda: "seat 2" in bea.windowTitle())

    # chat
    bea.chat_line.setText("ahoy")
    qtbot.keyClick(bea.chat_line, Qt.Key.Key_Return)  # type: ignore[attr-defined]
    await until(lambda: ann.chat.count() == 1)
    assert ann.chat.item(0).text() == "Bea: ahoy"

    clicks = 0
    for _ in range(3000):  # bounded: this game of Pirate Coins is far shorter
        if all(w.turn.text().startswith("Game over") for w in (ann, bea)):
            break
        for w in (ann, bea):
            if w.turn.text() == "Your turn" and w.choices.count():
                w.choices.setCurrentRow(w.choices.count() - 1)  # (stopping: a short game)
                qtbot.mouseClick(w.play, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
                clicks += 1
        await asyncio.sleep(0.005)
    assert clicks > 5
    assert ann.turn.text().startswith("Game over") and bea.turn.text().startswith("Game over")
    assert ann.log.count() == bea.log.count() == clicks
    return ann, bea, host


def test_host_in_one_window_join_from_another_and_play_by_clicking(qtbot: object) -> None:
    app = QApplication.instance()
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    try:
        ann, bea, host = loop.run_until_complete(asyncio.wait_for(_host_join_and_play(qtbot), 90))
        for w in (ann, bea):
            w.close()
        assert host.server is not None
        for task in asyncio.all_tasks(loop):
            task.cancel()
        loop.run_until_complete(asyncio.sleep(0.05))
    finally:
        loop.close()
        asyncio.set_event_loop(None)
