"""The app across computers: host in one window, join from another, play a whole
game by clicking; the window stays responsive (Qt's loop runs the network)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402

from tests.net.qt_tables import host_and_join, run_in_qt_loop, until  # noqa: E402
from ui.net.lobby import LobbyDialog  # noqa: E402
from ui.net.window import CONNECTED, NetTableWindow  # noqa: E402


async def _host_join_and_play(
    qtbot: object, tmp_path: Path
) -> tuple[NetTableWindow, NetTableWindow, LobbyDialog]:
    host, ann, bea = await host_and_join(qtbot, "pirate-coins")
    assert ann.seats.item(0).text().startswith(f"{CONNECTED} Ann (you)")

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
    ann, bea, host = run_in_qt_loop(lambda: _host_join_and_play(qtbot, tmp_path), 90)
    assert host.server is not None
