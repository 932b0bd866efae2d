"""Hosting for phones in the app: with every seat open, the shared table screen opens
with a QR code per open seat (the seat's link on this computer's LAN address) and the
host's tools; phone seats (web clients, as the page joins) play the game to its end
while the screen shows only the public table."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from tests.net.qt_tables import run_in_qt_loop, until  # noqa: E402
from ui.net.lobby import OPEN, LobbyDialog  # noqa: E402
from ui.net.tablescreen import TableScreen  # noqa: E402
from wargame.net.addresses import lan_addresses  # noqa: E402


async def _host_for_phones(qtbot: object) -> tuple[LobbyDialog, TableScreen, int]:
    host = LobbyDialog()
    qtbot.addWidget(host)  # type: ignore[attr-defined]
    host.game.setCurrentIndex(host.game.findData("pirate-coins"))
    host.players.setValue(2)
    for box in host.seat_choices:
        box.setCurrentText(OPEN)
    host.port.setValue(0)
    qtbot.mouseClick(host.host_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    await until(lambda: host.screen is not None and "port" in host.address.text())
    screen = host.screen
    assert isinstance(screen, TableScreen) and screen.isVisible()
    port = screen.phones.port
    lan = lan_addresses()[0]
    assert screen.phones.links == {
        0: f"http://{lan}:{port}/?seat=1",
        1: f"http://{lan}:{port}/?seat=2",
    }
    assert screen.save_button.isVisible() and screen.give_button.isVisible()  # nobody here
    assert not host.windows  # no seat window: nobody plays at this screen

    async def phone(seat: int) -> None:
        async with connect(f"ws://127.0.0.1:{port}/") as ws:
            await ws.send(
                json.dumps({"v": 1, "type": "join", "name": f"P{seat}", "seat": seat, "web": True})
            )
            for _ in range(2000):
                msg = json.loads(await ws.recv())
                assert "world" not in msg
                if msg["type"] != "update":
                    continue
                assert "words" in msg
                if msg["over"]:
                    return
                if msg.get("legal"):
                    # plunder at once: short rounds, a short game
                    texts = [row[0] for row in msg["legal"]]
                    action = next((t for t in texts if "plunder" in t), texts[0])
                    act = {"v": 1, "type": "act", "n": msg["n"], "action": action}
                    await ws.send(json.dumps(act))

    import asyncio

    first = asyncio.ensure_future(phone(0))
    await until(lambda: screen.phones.open == (1,))
    assert list(screen.phones.links) == [1]  # the taken seat's code is gone from the screen
    await asyncio.wait_for(asyncio.gather(first, phone(1)), 30)
    await until(lambda: "over" in screen.turn.text())
    return host, screen, port


def test_a_table_of_phones_gets_the_shared_screen_with_a_code_per_open_seat(qtbot) -> None:
    host, screen, _port = run_in_qt_loop(lambda: _host_for_phones(qtbot), 60)
    shown = screen.text()
    assert "Your secret decision" not in shown and "Revealed under" in shown
    screen.close()
