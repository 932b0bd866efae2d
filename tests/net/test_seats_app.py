"""Seats that hold (issue 37) in the app, over 127.0.0.1 with three app windows: a
saved table hosted again gives each seat back to its own player only, in whatever
order they come back; a full table says so and opens no window; the same seat's code
from a second window takes the seat only after the first is told and dropped, and
the first one's clicks no longer count."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402

from tests.net.qt_tables import run_in_qt_loop, until  # noqa: E402
from ui.context import AppContext  # noqa: E402
from ui.net.board import _no_database  # noqa: E402
from ui.net.lobby import HERE, KEEP, OPEN, LobbyDialog  # noqa: E402
from ui.net.window import NetTableWindow  # noqa: E402
from wargame.net.table import Table  # noqa: E402

SHOTS = Path(__file__).resolve().parent.parent.parent / "build" / "shots" / "seats"


def computer(qtbot: Any, folder: Path) -> LobbyDialog:
    """One player's app: its own data folder (where it keeps its seats)."""
    ctx = AppContext(_no_database, folder)
    ctx.quiet_errors = True
    lobby = LobbyDialog(ctx=ctx)
    qtbot.addWidget(lobby)
    return lobby


async def host(qtbot: Any, lobby: LobbyDialog, port: int = 0) -> int:
    lobby.port.setValue(port)
    qtbot.mouseClick(lobby.host_button, Qt.MouseButton.LeftButton)
    await until(lambda: lobby.windows and "port" in lobby.address.text())
    return int(re.search(r"port (\d+)", lobby.address.text()).group(1))  # type: ignore[union-attr]


async def join(qtbot: Any, lobby: LobbyDialog, port: int, name: str) -> NetTableWindow:
    lobby.tabs.setCurrentIndex(1)
    lobby.join_address.setText(f"127.0.0.1:{port}")
    lobby.join_name.setText(name)
    before = len(lobby.windows)
    qtbot.mouseClick(lobby.join_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(lobby.windows) > before and lobby.windows[-1].me is not None)
    return lobby.windows[-1]


def hand_of(window: NetTableWindow) -> list[int]:
    """The hand this window's board draws (Pieces of Eight)."""
    assert window.board is not None and window.board.seated
    seen = window.board.view.seen()
    return list(seen["pirates"][window.me]["hand"])


def assert_own_seat_and_hand(window: NetTableWindow, table: Table, name: str) -> None:
    me = window.me
    assert me is not None and table.seats[me].name == name
    assert hand_of(window) == table.state.observation(me)["pirates"][me]["hand"]
    # nobody else's hand is in this window's copy: the others' are counts
    seen = window.board.view.seen()  # type: ignore[union-attr]
    assert all(isinstance(p["hand"], int) for p in seen["pirates"] if p["seat"] != me)
    assert window.board.view.hand_row.title.text().startswith(f"{name}'s hand")  # type: ignore[union-attr]


def kill(server: Any) -> None:
    """The host dies at once (as kill -9): every line cut with no close, the server gone."""
    for seats in server.clients.values():
        for client in seats.values():
            client.ws.transport.abort()
    for task in asyncio.all_tasks():
        if task.get_coro().__qualname__.startswith("_serve"):  # type: ignore[union-attr]
            task.cancel()


def shot(window: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    window.resize(1024, 768)
    window.grab().save(str(SHOTS / f"{name}.png"))


async def _save_kill_host_again(qtbot: Any, tmp_path: Path) -> None:
    anne, ben, cleo = (computer(qtbot, tmp_path / n) for n in ("anne", "ben", "cleo"))
    anne.game.setCurrentIndex(anne.game.findData("pieces-of-eight"))
    anne.players.setValue(4)
    for box, choice in zip(anne.seat_choices, [HERE, OPEN, OPEN, "Bot: random"], strict=True):
        box.setCurrentText(choice)
    anne.host_name.setText("Anne")
    port = await host(qtbot, anne)
    bw = await join(qtbot, ben, port, "Ben")
    cw = await join(qtbot, cleo, port, "Cleo")
    assert (bw.me, cw.me) == (1, 2)
    server = anne.server
    assert server is not None
    table = server.tables[0]
    assert table is not None
    await until(lambda: bw.board is not None and bw.board.seated and cw.board.seated)
    cw.chat_line.setText("fair winds")
    qtbot.keyClick(cw.chat_line, Qt.Key.Key_Return)
    await until(lambda: anne.windows[0].chat.count() == 1)
    path = tmp_path / "table.json"
    assert anne.saves is not None
    anne.saves.save(path)
    assert path.exists()
    assert "Ben" in path.read_text() and bw.seat.code.split(".")[2] not in path.read_text()

    # the host is killed: its server and window go; the players close theirs too
    kill(server)
    await asyncio.sleep(0.2)
    for w in (*anne.windows, bw, cw):
        w.close()

    # hosted again from the save, on the same port: the seats are kept for their codes
    again = computer(qtbot, tmp_path / "anne")
    assert again.pick_saved(str(path))
    kept = [b.currentText() for b in again.seat_choices]
    assert kept == [
        HERE,
        KEEP.format(name="Ben"),
        KEEP.format(name="Cleo"),
        "Bot: random",
    ]
    shot(again, "lobby-rehost")
    await host(qtbot, again, port)
    server2 = again.server
    assert server2 is not None and server2 is not server
    table2 = server2.tables[0]
    assert table2 is not None
    assert [s.name for s in table2.seats] == ["Anne", "Ben", "Cleo", "random bot"]
    await until(lambda: again.windows[0].board is not None and again.windows[0].board.seated)

    # Cleo first, and with a plain Join: the table is full, and no window opens
    cleo2 = computer(qtbot, tmp_path / "cleo")
    cleo2.tabs.setCurrentIndex(1)
    cleo2.join_address.setText(f"127.0.0.1:{port}")
    cleo2.join_name.setText("Cleo")
    qtbot.mouseClick(cleo2.join_button, Qt.MouseButton.LeftButton)
    await until(lambda: "the table is full" in cleo2.status.text())
    assert not cleo2.windows and table2.seats[1].name == "Ben"

    # then Cleo takes her seat back from "Your seats", before Ben: her seat, her hand
    assert cleo2.my_seats.count() == 1 and "seat 3" in cleo2.my_seats.item(0).text()
    qtbot.mouseClick(cleo2.take_back, Qt.MouseButton.LeftButton)
    await until(lambda: cleo2.windows and cleo2.windows[0].board and cleo2.windows[0].board.seated)
    c2 = cleo2.windows[0]
    assert c2.me == 2
    assert_own_seat_and_hand(c2, table2, "Cleo")
    assert [c2.chat.item(i).text() for i in range(c2.chat.count())] == ["Cleo: fair winds"]

    ben2 = computer(qtbot, tmp_path / "ben")
    ben2.tabs.setCurrentIndex(1)
    qtbot.mouseClick(ben2.take_back, Qt.MouseButton.LeftButton)
    await until(lambda: ben2.windows and ben2.windows[0].board and ben2.windows[0].board.seated)
    b2 = ben2.windows[0]
    assert b2.me == 1
    assert_own_seat_and_hand(b2, table2, "Ben")
    a2 = again.windows[0]
    assert_own_seat_and_hand(a2, table2, "Anne")
    await until(lambda: a2.turn.text() and not a2.turn.text().startswith("Waiting for every"))
    for w, name in ((a2, "host"), (b2, "ben"), (c2, "cleo")):
        shot(w, f"rehosted-{name}")


def test_a_saved_table_hosted_again_gives_each_player_their_own_seat_in_any_order(
    qtbot: Any, tmp_path: Path
) -> None:
    run_in_qt_loop(lambda: _save_kill_host_again(qtbot, tmp_path), 90)


async def _second_window_takes_the_seat(qtbot: Any, tmp_path: Path) -> None:
    anne, ben, ben_phone = (computer(qtbot, tmp_path / n) for n in ("anne", "ben", "phone"))
    anne.game.setCurrentIndex(anne.game.findData("pirate-coins"))
    anne.players.setValue(2)
    anne.host_name.setText("Anne")
    port = await host(qtbot, anne)
    bw = await join(qtbot, ben, port, "Ben")
    server = anne.server
    assert server is not None
    table = server.tables[0]
    assert table is not None
    aw = anne.windows[0]
    await until(lambda: bw.board is not None and bw.board.seated)

    # the same code from another computer: the first window is told and dropped
    ben_phone.tabs.setCurrentIndex(1)
    ben_phone.join_address.setText(f"127.0.0.1:{port}")
    ben_phone.join_code.setText(bw.seat.code)
    qtbot.mouseClick(ben_phone.join_button, Qt.MouseButton.LeftButton)
    await until(lambda: ben_phone.windows and ben_phone.windows[0].me == 1)
    await until(lambda: "your seat was taken from another computer" in bw.status.text())
    assert bw.turn.text() == "Not at the table"
    assert not bw.board.view.isVisible()  # type: ignore[union-attr] # its secrets went with it
    await until(lambda: any("taken back" in aw.chat.item(i).text() for i in range(aw.chat.count())))
    assert "taken back" in aw.status.text() or aw.chat.count() > 0

    # the old window does not come back by itself (no tug of war over the seat)
    phone = ben_phone.windows[0]
    resumes = server.resumes
    await asyncio.sleep(1.0)
    assert bw.seat._ws is None and phone.seat._ws is not None  # noqa: SLF001
    assert server.resumes == resumes and table.seats[1].connected
    for w, name in ((aw, "host"), (bw, "ben-dropped"), (phone, "ben-phone")):
        shot(w, f"taken-{name}")


def test_the_same_code_from_a_second_window_tells_and_drops_the_first(
    qtbot: Any, tmp_path: Path
) -> None:
    run_in_qt_loop(lambda: _second_window_takes_the_seat(qtbot, tmp_path), 60)


async def _patient_after_a_quiet_table(qtbot: Any, tmp_path: Path) -> None:
    anne, bea = (computer(qtbot, tmp_path / n) for n in ("anne", "bea"))
    anne.game.setCurrentIndex(anne.game.findData("pirate-versus-pirate"))
    anne.players.setValue(2)
    port = await host(qtbot, anne)
    bw = await join(qtbot, bea, port, "Bea")
    await asyncio.sleep(1.6)  # a quiet table: nothing said for longer than the patience
    assert anne.server is not None
    kill(anne.server)
    for w in anne.windows:
        w.close()
    await until(lambda: bw.seat.dropped_at is not None, 5)
    await asyncio.sleep(0.7)
    # still trying after the drop (the table was quiet longer), counting down, Try now
    assert bw.turn.text() != "Not at the table"
    assert "trying for" in bw.status.text() and bw.try_now.isVisible()
    shot(bw, "dropped-bea")
    await until(lambda: bw.turn.text() == "Not at the table", 5)  # then, and only then
    assert "Your seats" in bw.status.text()


def test_a_dropped_window_is_patient_from_the_drop_not_from_the_last_message(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.net.seat

    monkeypatch.setattr(ui.net.seat, "GIVE_UP_SECONDS", 1.3)
    run_in_qt_loop(lambda: _patient_after_a_quiet_table(qtbot, tmp_path), 30)


async def _closing_says_what_it_does(qtbot: Any, tmp_path: Path, asked: list[str]) -> None:
    from ui.net import leave_tables

    anne, bea = (computer(qtbot, tmp_path / n) for n in ("anne", "bea"))
    anne.game.setCurrentIndex(anne.game.findData("pirate-coins"))
    anne.players.setValue(2)
    anne.host_name.setText("Anne")
    port = await host(qtbot, anne)
    bw = await join(qtbot, bea, port, "Bea")
    aw = anne.windows[0]
    await until(lambda: "Bea" in aw.seats.item(1).text())

    # Quit asks once, listing the tables it ends or leaves; Cancel keeps everything
    aw.ctx.quiet_errors = False  # a player's app: it asks
    assert not leave_tables(aw)
    assert "Pirate Coins: you host it; the game ends for Bea" in asked[-1]
    assert f"Pirate Coins at 127.0.0.1:{port}: you leave seat 2" in asked[-1]
    assert aw.isVisible() and bw.isVisible()

    # the host closing its window asks first; Cancel keeps the table
    assert anne.saves is not None
    anne.saves.save(tmp_path / "coins.json")  # (the test's app has no database: a file)
    assert anne.saves.saved_as == "coins.json"
    aw.close()
    assert aw.isVisible() and "closes the table for Bea" in asked[-1]
    asked.append("close")
    aw.close()
    assert not aw.isVisible()
    # the player reads that the host closed it (and its save's name), not "the line dropped"
    await until(lambda: bw.turn.text() == "Not at the table", 10)
    assert bw.status.text() == "the host closed the table (saved as coins.json)"
    await asyncio.sleep(0.5)
    assert "dropped" not in bw.status.text() and not bw.try_now.isVisible()
    shot(bw, "host-closed-bea")


def test_quit_and_the_host_closing_say_what_they_do(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    asked: list[str] = []

    def question(_parent: Any, _title: str, text: str, *_a: Any) -> Any:
        answer = (
            QMessageBox.StandardButton.Close
            if asked and asked[-1] == "close"
            else QMessageBox.StandardButton.Cancel
        )
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    run_in_qt_loop(lambda: _closing_says_what_it_does(qtbot, tmp_path, asked), 40)


def test_a_remote_seat_cannot_change_the_tables_options_but_keeps_its_own(qtbot: Any) -> None:
    """Variants (Pieces of Eight) and Options (Pirate Coins) on a joined seat: the game's
    choices are the host's (greyed), the seat's own preferences stay its own."""
    from PySide6.QtGui import QAction, QActionGroup

    from ui.net.seat import NetSeat

    for game in ("pieces-of-eight", "pirate-coins"):
        table = Table(game, players=3, seed=3, bots={0: "random", 1: "random"})
        person = table.take_seat(name="Bea")
        window = NetTableWindow(NetSeat("127.0.0.1:1", code=f"0.{person.index}.{'X' * 22}"))
        qtbot.addWidget(window)
        window.on_welcome(table.welcome_for(person.index))
        window.on_update(table.update_for(person.index, 0))
        view = window.board.view  # type: ignore[union-attr]
        groups = view.findChildren(QActionGroup)
        assert groups and all(not a.isEnabled() for g in groups for a in g.actions())
        own = [
            a
            for a in view.findChildren(QAction)
            if a.text().startswith(("Ask humans", "Do the starting pirate's chores"))
        ]
        assert own and all(a.isEnabled() for a in own)
        friendly = view.findChild(QAction, "poe-friendly-undo")
        assert friendly is None or not friendly.isEnabled()


async def _words_not_errors(qtbot: Any, tmp_path: Path) -> None:
    import socket

    from PySide6.QtWidgets import QApplication

    anne, bea = (computer(qtbot, tmp_path / n) for n in ("anne", "bea"))
    with socket.socket() as held:  # another program holds the port
        held.bind(("0.0.0.0", 0))  # noqa: S104 - as the host listens
        held.listen()
        taken = held.getsockname()[1]
        anne.game.setCurrentIndex(anne.game.findData("pirate-coins"))
        anne.players.setValue(2)
        port = await host(qtbot, anne, taken)
    assert port != taken and f"port {taken} was taken" in anne.address.text()
    assert re.search(rf"Players join <b>[\d.]+:{port}</b>", anne.address.text())
    qtbot.mouseClick(anne.copy_address, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text().endswith(f":{port}")

    # nobody there: words, and no table window
    bea.tabs.setCurrentIndex(1)
    bea.join_address.setText(f"127.0.0.1:{taken}")
    qtbot.mouseClick(bea.join_button, Qt.MouseButton.LeftButton)
    await until(lambda: "cannot reach a table" in bea.status.text())
    assert "nobody is serving there" in bea.status.text() and not bea.windows
    # a wrong code: words, and no table window
    bea.join_address.setText(f"127.0.0.1:{port}")
    bea.join_code.setText("0.1." + "Y" * 22)
    qtbot.mouseClick(bea.join_button, Qt.MouseButton.LeftButton)
    await until(lambda: "not the code of seat 2" in bea.status.text())
    assert not bea.windows
    shot(anne, "lobby-host")
    shot(bea, "lobby-join")


def test_port_taken_nobody_there_and_a_wrong_code_are_said_in_words(
    qtbot: Any, tmp_path: Path
) -> None:
    run_in_qt_loop(lambda: _words_not_errors(qtbot, tmp_path), 30)


async def _lan_list(qtbot: Any, tmp_path: Path) -> None:
    anne, bea = (computer(qtbot, tmp_path / n) for n in ("anne", "bea"))
    bea.tabs.setCurrentIndex(1)  # the Join tab open: it listens from now on
    await until(lambda: bea.lan.count() > 0, 5)
    if "cannot listen" in bea.lan.item(0).text():
        pytest.skip("no multicast on this machine's network")
    await until(lambda: bea.listener is not None and bea.listener.zc is not None, 5)
    anne.game.setCurrentIndex(anne.game.findData("tortuga-1667"))
    anne.players.setValue(2)
    port = await host(qtbot, anne)
    loop = asyncio.get_running_loop()
    start = loop.time()
    await until(
        lambda: any(f":{port})" in bea.lan.item(i).text() for i in range(bea.lan.count())), 5
    )
    heard = loop.time() - start
    text = next(
        bea.lan.item(i).text()
        for i in range(bea.lan.count())
        if f":{port}" in bea.lan.item(i).text()
    )
    assert "Tortuga 1667" in text and "tortuga-1667" not in text
    assert heard < 2.0, f"heard after {heard:.1f} s"
    bea.close()


def test_the_join_tab_keeps_listening_and_shows_a_new_table_within_2_s_by_its_games_name(
    qtbot: Any, tmp_path: Path
) -> None:
    run_in_qt_loop(lambda: _lan_list(qtbot, tmp_path), 30)


def test_pirate_coins_across_computers_waits_for_a_player_to_decide_on_their_computer(
    qtbot: Any,
) -> None:
    from PySide6.QtWidgets import QLabel

    from ui.net.seat import NetSeat

    table = Table("pirate-coins", players=2, seed=4)
    ann, bea = table.take_seat(name="Ann"), table.take_seat(name="Bea")
    for _ in range(200):  # the first secret decision that is Ann's
        if table.state.observation(None)["phase"] == "decide" and table.to_act() == ann.index:
            break
        seat = table.to_act()
        assert seat is not None
        table.act(seat, len(table.session.entries), table.state.legal_actions()[0].to_text())
    window = NetTableWindow(NetSeat("127.0.0.1:1", code=f"0.{bea.index}.{'X' * 22}"))
    qtbot.addWidget(window)
    window.on_welcome(table.welcome_for(bea.index))
    window.on_update(table.update_for(bea.index, 0))
    texts = [w.text() for w in window.board.view.findChildren(QLabel)]  # type: ignore[union-attr]
    assert any("Waiting for Ann to decide on their computer" in t for t in texts)
    assert not any("take the computer" in t for t in texts)


def test_the_first_log_line_names_a_player_who_joined_after_it_was_told(qtbot: Any) -> None:
    from ui.net.seat import NetSeat

    for seed in range(60):  # a deal where the die makes seat 2 (the late joiner) start
        table = Table("pieces-of-eight", players=3, seed=seed, bots={2: "random"})
        rolls = [r for r in table.session.setup_rolls if r.purpose.startswith("Who starts")]
        if rolls and rolls[0].values[0] == 2:
            break
    else:
        raise AssertionError("no seed where seat 2 starts")
    anne = table.take_seat(name="Anne")
    window = NetTableWindow(NetSeat("127.0.0.1:1", code=f"0.{anne.index}.{'X' * 22}"))
    qtbot.addWidget(window)
    window.on_welcome(table.welcome_for(anne.index))
    window.on_update(table.update_for(anne.index, 0))
    log = window.board.view.log  # type: ignore[union-attr]
    assert log.item(0).text().startswith("Pirate 2 starts")
    table.take_seat(name="Ben")  # Ben joins: the table starts
    window.on_update(table.update_for(anne.index, 0))
    assert log.item(0).text().startswith("Ben starts (the die for who starts showed 2)")


async def _quit_from_the_main_window(
    qtbot: Any, main_window: Any, tmp_path: Path, asked: list[str]
) -> None:
    anne = LobbyDialog(main_window)  # File > Play across computers...
    anne.show()
    anne.game.setCurrentIndex(anne.game.findData("pirate-coins"))
    anne.players.setValue(2)
    anne.host_name.setText("Anne")
    port = await host(qtbot, anne)
    bea = computer(qtbot, tmp_path / "bea")
    bw = await join(qtbot, bea, port, "Bea")
    aw = anne.windows[0]
    await until(lambda: "Bea" in aw.seats.item(1).text())
    main_window.ctx.quiet_errors = False  # File > Quit asks, as for a player
    main_window.close()  # Cancel: nothing closes
    assert main_window.isVisible() and aw.isVisible() and bw.isVisible() and anne.isVisible()
    assert "Pirate Coins: you host it; the game ends for Bea" in asked[-1]
    asked.append("yes")
    main_window.close()  # Quit: every window of the app, one question
    assert not main_window.isVisible()
    assert not aw.isVisible() and not bw.isVisible() and not anne.isVisible()
    assert anne.server is not None and anne.server.closed == "the host closed the table"
    main_window.ctx.quiet_errors = True


def test_quit_in_the_main_window_asks_once_and_closes_every_window_of_the_app(
    qtbot: Any, main_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    asked: list[str] = []

    def question(_parent: Any, _title: str, text: str, *_a: Any) -> Any:
        yes = bool(asked) and asked[-1] == "yes"
        asked.append(text)
        return QMessageBox.StandardButton.Yes if yes else QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    run_in_qt_loop(lambda: _quit_from_the_main_window(qtbot, main_window, tmp_path, asked), 40)


@pytest.mark.parametrize("game", ["pieces-of-eight", "naval"])
def test_a_seat_window_opens_no_larger_than_its_screen(qtbot: Any, game: str) -> None:
    """It opened at 1280x800 whatever the screen (cut off at 1024x768); now at most the
    screen's room (the offscreen test screen is 800 wide)."""
    from ui.net.seat import NetSeat
    from wargame.core.play import bot_factories
    from wargame.core.registry import game_class

    n = game_class(game)(None).default_players()
    bot = next(iter(bot_factories(game_class(game)(None))))
    table = Table(game, players=n, seed=2, bots={s: bot for s in range(n - 1)})
    person = table.take_seat(name="Bea")
    window = NetTableWindow(NetSeat("127.0.0.1:1", code=f"0.{person.index}.{'X' * 22}"))
    qtbot.addWidget(window)
    window.on_welcome(table.welcome_for(person.index))
    room = window.screen().availableGeometry()
    assert window.width() <= room.width() and window.height() <= room.height()


def test_the_grace_countdown_ticks_every_second_on_every_screen(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.net.window as net_window
    from ui.net.seat import NetSeat

    now = [1000.0]
    monkeypatch.setattr(net_window.time, "monotonic", lambda: now[0])
    table = Table("pirate-coins", players=2, seed=2, clock=lambda: now[0])
    ann, bea = table.take_seat(name="Ann"), table.take_seat(name="Bea")
    table.drop(bea.index)
    window = NetTableWindow(NetSeat("127.0.0.1:1", code=f"0.{ann.index}.{'X' * 22}"))
    qtbot.addWidget(window)
    window.on_welcome(table.welcome_for(ann.index))
    window.on_update(table.update_for(ann.index, 0))
    assert window.seats.item(1).text().endswith("dropped, kept 60 s")
    assert window.ticker.isActive() and window.ticker.interval() == 1000
    now[0] += 3.0
    window.ticker.timeout.emit()  # a second's tick, with no message from the table
    assert window.seats.item(1).text().endswith("dropped, kept 57 s")


async def _newcomer_by_name(qtbot: Any, tmp_path: Path) -> None:
    anne, bea, eve, dee = (computer(qtbot, tmp_path / n) for n in ("anne", "bea", "eve", "dee"))
    anne.game.setCurrentIndex(anne.game.findData("pirate-coins"))
    anne.players.setValue(2)
    anne.host_name.setText("Anne")
    port = await host(qtbot, anne)
    bw = await join(qtbot, bea, port, "Bea")
    aw = anne.windows[0]
    bw.close()  # Bea leaves for good
    await until(lambda: "dropped" in aw.seats.item(1).text())
    assert anne.server is not None
    table = anne.server.tables[0]
    assert table is not None

    # a stranger is told the table is full; the host gives the seat to Dee, by name
    eve.tabs.setCurrentIndex(1)
    eve.join_address.setText(f"127.0.0.1:{port}")
    eve.join_name.setText("Eve")
    qtbot.mouseClick(eve.join_button, Qt.MouseButton.LeftButton)
    await until(lambda: "the table is full" in eve.status.text())
    aw.seats.setCurrentRow(1)
    aw.newcomer.setText("Dee")
    qtbot.mouseClick(aw.findChild(object, "net-offer"), Qt.MouseButton.LeftButton)
    assert "kept for Dee" in aw.status.text()
    await until(lambda: "kept for a newcomer" in aw.seats.item(1).text())
    qtbot.mouseClick(eve.join_button, Qt.MouseButton.LeftButton)  # still not Eve's
    await until(lambda: eve.status.text().count("full") and not eve.windows)
    dw = await join(qtbot, dee, port, "Dee")
    assert dw.me == 1 and table.seats[1].name == "Dee" and not eve.windows
    shot(aw, "newcomer-host")
    shot(dw, "newcomer-dee")


def test_a_seat_nobody_is_at_goes_to_a_newcomer_only_by_the_hosts_word_and_name(
    qtbot: Any, tmp_path: Path
) -> None:
    run_in_qt_loop(lambda: _newcomer_by_name(qtbot, tmp_path), 40)
