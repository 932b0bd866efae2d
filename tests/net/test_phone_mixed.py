"""A mixed table (issue 38): two people at this screen, a phone, and the table screen.
The hand-off appears only between the people who share this screen: each of their
seat windows is covered outside its player's moment ("Pass the computer to ..."),
never two open at once; the phone's turns need no hand-off here."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from tests.net.qt_tables import run_in_qt_loop, until  # noqa: E402
from ui.net.lobby import HERE, OPEN, LobbyDialog  # noqa: E402


async def _mixed(qtbot: Any) -> tuple[LobbyDialog, int]:
    from tests.ui.drivers.coins import DRIVER

    host = LobbyDialog()
    qtbot.addWidget(host)
    host.game.setCurrentIndex(host.game.findData("pirate-coins"))
    host.players.setValue(3)
    for box, choice in zip(host.seat_choices, (HERE, HERE, OPEN)):
        box.setCurrentText(choice)
    host.port.setValue(0)
    host.host_name.setText("Ann")
    qtbot.mouseClick(host.host_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(host.windows) == 2 and host.screen is not None)
    port = host.screen.phones.port  # type: ignore[attr-defined]
    guards = host.guards
    assert len(guards) == 2 and all(g.covered for g in guards)
    for g in guards:  # covered means nothing of the seat shows: the cover's colour, edge to edge
        w = g.window
        w.resize(1024, 768)
        image = w.grab().toImage()
        corners = {image.pixelColor(x, y).name() for x in (5, 1018) for y in (5, 762)}
        assert corners == {"#1f2a36"}, corners

    async def phone() -> None:
        async with connect(f"ws://127.0.0.1:{port}/") as ws:
            hello = {"v": 1, "type": "join", "name": "Cy", "seat": 2, "web": True}
            await ws.send(json.dumps(hello))
            for _ in range(1000):
                msg = json.loads(await ws.recv())
                if msg["type"] == "update" and msg["over"]:
                    return
                if msg["type"] == "update" and msg.get("legal"):
                    act = {"v": 1, "type": "act", "n": msg["n"], "action": msg["legal"][-1][0]}
                    await ws.send(json.dumps(act))

    cy = asyncio.ensure_future(phone())
    await until(lambda: all(w.board is not None and w.board.seated for w in host.windows))
    handoffs = moves = 0
    moved: dict[int, int] = {}
    for _ in range(4000):  # bounded: a game of Pirate Coins is far shorter
        if cy.done() or (handoffs >= 4 and moves >= 4):
            break
        open_ones = [g for g in guards if not g.covered]
        assert len(open_ones) <= 1, "two seats open at one screen"
        for g in guards:
            w = g.window
            up = g.update or {}
            mine = up.get("to_act") == w.me and not up.get("over")
            if not g.covered:
                assert mine or up.get("n") == g.open_at, "a seat left open after its moment"
            if mine and g.covered and w.seat.have == up.get("n"):
                assert g.cover.heading.text() == f"Pass the computer to {w._name(w.me)}"
                qtbot.mouseClick(g.cover.button, Qt.MouseButton.LeftButton)
                handoffs += 1
            elif (
                mine and not g.covered and w.board.view.my_move() and moved.get(w.me) != w.seat.have
            ):
                moved[w.me] = w.seat.have  # one click per update: the next comes back
                DRIVER.human_move(w.board.view, qtbot)
                moves += 1
        await asyncio.sleep(0.005)
    assert handoffs >= 4 and moves >= 4
    cy.cancel()
    return host, port


def test_a_mixed_table_hands_off_only_between_the_people_at_this_screen(qtbot) -> None:
    host, _port = run_in_qt_loop(lambda: _mixed(qtbot), 60)
    assert host.screen is not None
    host.screen.close()


async def _one_here(qtbot: Any, web: bool) -> bool:
    """Ann at this screen, the other seat taken from a phone (``web``) or from another
    computer; whether Ann's seat was covered while it was the other's turn."""
    host = LobbyDialog()
    qtbot.addWidget(host)
    host.game.setCurrentIndex(host.game.findData("pirate-coins"))
    host.players.setValue(2)
    host.port.setValue(0)
    host.host_name.setText("Ann")
    qtbot.mouseClick(host.host_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(host.windows) == 1 and host.screen is not None)
    guard = host.guards[0]
    assert not guard.covered  # alone so far
    port = host.screen.phones.port  # type: ignore[attr-defined]
    covered_on_their_turn: list[bool] = []
    ann = guard.window
    moved = -1
    async with connect(f"ws://127.0.0.1:{port}/") as ws:
        await ws.send(json.dumps({"v": 1, "type": "join", "name": "Bo", "web": web}))
        for _ in range(1000):
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 0.01))
            except TimeoutError:
                msg = {}
            if msg.get("type") == "update" and msg.get("legal"):
                n = msg["n"]
                await until(lambda n=n: (guard.update or {}).get("n") == n)
                covered_on_their_turn.append(guard.covered)
                if len(covered_on_their_turn) >= 2:
                    break
                act = {"v": 1, "type": "act", "n": n, "action": msg["legal"][0][0]}
                await ws.send(json.dumps(act))
            up = guard.update or {}
            if up.get("to_act") == ann.me and up.get("legal") and moved != up["n"]:
                if guard.covered:  # Ann takes the screen for her moment
                    qtbot.mouseClick(guard.cover.button, Qt.MouseButton.LeftButton)
                moved = up["n"]
                ann.seat.act(up["legal"][-1][0])
    assert len(covered_on_their_turn) == 2
    host.screen.close()  # type: ignore[union-attr]
    return all(covered_on_their_turn)


def test_a_seat_alone_at_this_screen_is_covered_only_once_a_phone_looks_on(qtbot) -> None:
    assert run_in_qt_loop(lambda: _one_here(qtbot, web=True), 30)
    assert not run_in_qt_loop(lambda: _one_here(qtbot, web=False), 30)
