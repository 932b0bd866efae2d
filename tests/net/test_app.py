"""The app across computers: host in one window, join from another, play a whole
game by clicking; the window stays responsive (Qt's loop runs the network)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path

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


async def _host_join_and_play(
    qtbot: object, tmp_path: Path
) -> tuple[NetTableWindow, NetTableWindow, LobbyDialog]:
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

    # both play on the game's own board (Pirate Coins), clicking as at one screen
    from tests.ui.drivers.coins import DRIVER

    await until(lambda: ann.board is not None and bea.board is not None and ann.board.seated)
    assert not ann.view.isVisible() and ann.board.view.isVisible()  # no text view
    clicked: dict[int, int] = {}
    clicks = 0
    for _ in range(3000):  # bounded: a game of Pirate Coins is far shorter
        if all(w.turn.text().startswith("Game over") for w in (ann, bea)):
            break
        for w in (ann, bea):
            view = w.board.view
            have = w.seat.have
            if w.turn.text() == "Your turn" and view.my_move() and clicked.get(w.me) != have:
                clicked[w.me] = have  # one click per update: the next comes back from the table
                DRIVER.human_move(view, qtbot)
                clicks += 1
        await asyncio.sleep(0.005)
    assert clicks > 5
    assert ann.turn.text().startswith("Game over") and bea.turn.text().startswith("Game over")
    assert (
        ann.board.mirror.have
        == bea.board.mirror.have
        == host.server.tables[0].session.entries.__len__()
    )
    assert ann.board.view.log.count() == bea.board.view.log.count() > clicks
    assert not ann.board.view.handoff.isVisible() and not bea.board.view.handoff.isVisible()

    # the host saves the table: a sealed save with the same log
    from wargame.core.play import load_session
    from wargame.persistence.files import read_json_file

    assert host.saves is not None and ann.save_button.isVisible()
    path = tmp_path / "table.json"
    assert host.saves.save(path) or "database" in str(host.saves.problem)
    saved = load_session(read_json_file(path))
    assert [e.label for e in saved.entries] == [e.label for e in ann.board.mirror.session.entries]
    return ann, bea, host


def test_host_in_one_window_join_from_another_and_play_by_clicking(
    qtbot: object, tmp_path: Path
) -> None:
    app = QApplication.instance()
    # a window an earlier test closed may have asked the app to quit (the last window
    # closed): that request is consumed here, not by this test's loop
    app.processEvents()
    quits = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    try:
        ann, bea, host = loop.run_until_complete(
            asyncio.wait_for(_host_join_and_play(qtbot, tmp_path), 90)
        )
        for w in (ann, bea):
            w.close()
        assert host.server is not None
        for task in asyncio.all_tasks(loop):
            task.cancel()
        loop.run_until_complete(asyncio.sleep(0.05))
    finally:
        loop.close()
        asyncio.set_event_loop(None)
        app.setQuitOnLastWindowClosed(quits)
