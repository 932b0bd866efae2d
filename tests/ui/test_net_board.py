"""A seat across computers sees the game's real board (ui/net/board.py): whole
stretches of play where every person sits at their own screen (bots of the server
between them), each screen checked after every move with the hot-seat secrecy drivers
(tests/ui/drivers): nothing its seat may not see, never a hand-off, always its own
seat's view, the log the server's. Clicks go to the table (in memory here: no
sockets) as the action's text."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.tables import click, drivers
from ui.net.board import NetBoard, net_context
from wargame.core.play import bot_factories, game_seed
from wargame.core.registry import available_games, game_class
from wargame.net.protocol import Refused
from wargame.net.table import Table

STEPS = 80
CASES = [
    pytest.param(d, seats, id=f"{mode}-{'-'.join(seats)}")
    for mode, d in drivers().items()
    for seats in d.seatings[:1]
]


def seat_boards(qtbot: Any, game: str, seats: tuple[str, ...], seed: int) -> Any:
    bots = {s: who for s, who in enumerate(seats) if who != "human"}
    table = Table(game, players=len(seats), seed=game_seed(seed, 0), bots=bots)
    people = [s for s, who in enumerate(seats) if who == "human"]
    taken = [table.take_seat(name=f"P{s + 1}", seat_no=s) for s in people]
    boards: dict[int, NetBoard] = {}
    refusals: list[str] = []

    def tell_everyone() -> None:
        for s, b in boards.items():
            b.take(table.update_for(s, b.mirror.have))

    def sender(seat: int) -> Any:
        def send(text: str) -> None:
            try:
                table.act(seat, boards[seat].mirror.have, text)
            except Refused as exc:
                refusals.append(str(exc))
                return
            table.run_bots()
            tell_everyone()

        return send

    ctx = net_context(None)
    for s in taken:
        board = NetBoard(table.welcome_for(s.index), ctx, sender(s.index))
        qtbot.addWidget(board.view)
        board.view.resize(1280, 800)
        board.view.show()
        boards[s.index] = board
    table.run_bots()
    tell_everyone()
    return table, boards, refusals


def check(driver: Any, table: Table, boards: dict[int, NetBoard]) -> None:
    for seat, b in boards.items():
        view = b.view
        assert not view.handoff.isVisible(), "a hand-off at a seat across computers"
        assert view.viewer == (seat if view.has_secrets else None), "another seat's view"
        assert view.undo_stack.count() == 0, "undo across computers"
        assert [e.label for e in b.mirror.session.entries] == [
            e.label for e in table.session.entries
        ]
        leaks = driver.leaks(view)
        assert not leaks, (seat, leaks)


@pytest.mark.parametrize(("driver", "seats"), CASES)
def test_a_seat_across_computers_sees_the_real_board_and_nothing_more(
    qtbot: Any, driver: Any, seats: tuple[str, ...]
) -> None:
    table, boards, refusals = seat_boards(qtbot, driver.mode, seats, len(seats))
    check(driver, table, boards)
    moves = 0
    for _ in range(STEPS):
        if table.over:
            break
        seat = table.to_act()
        view = boards[seat].view
        before = len(table.session.entries)
        if view.bot_acts(seat):  # a chore the table does for the seat by itself
            view.run_bots(limit=1)
        else:
            button = driver.carry_on(view)
            if button is not None:
                click(qtbot, button)
            else:
                driver.human_move(view, qtbot)
        assert len(table.session.entries) > before or table.over, refusals
        moves += 1
        check(driver, table, boards)
    assert moves > 10
    assert all(b.view.log.count() > 5 for b in boards.values())
    assert not refusals


def test_the_hosts_save_of_a_table_reopens_at_one_screen_with_the_same_log(
    main_window: Any, qtbot: Any, tmp_path: Any
) -> None:
    from wargame.persistence.files import write_json_atomic

    driver = drivers()["tortuga-1667"]
    table, boards, _ = seat_boards(qtbot, driver.mode, ("human", "strong", "human"), 3)
    for _ in range(12):
        view = boards[table.to_act()].view
        driver.human_move(view, qtbot)
    path = tmp_path / "table.json"
    write_json_atomic(path, table.save_json())
    view = main_window.open_path(path)  # File > Open
    assert view is main_window.show_mode("tortuga-1667")
    assert [e.label for e in view.session.entries] == [e.label for e in table.session.entries]
    assert view.seats == ["human", "normal", "human"] and view.route is None
    assert view.state.observation(0) == table.state.observation(0)


def test_the_hosts_window_gives_a_dropped_seat_to_the_bot_chosen(qtbot: Any) -> None:
    from ui.net.hostsave import HostSaves
    from ui.net.seat import NetSeat
    from ui.net.window import NetTableWindow
    from wargame.net.rules import net_settings
    from wargame.net.server import TableServer

    server = TableServer("pirate-coins", players=2, seed=5, auto_stand_in=False)
    table = server.tables[0]
    assert table is not None
    ann, bea = table.take_seat(name="Ann"), table.take_seat(name="Bea")
    window = NetTableWindow(NetSeat("127.0.0.1:1", seat=0))
    qtbot.addWidget(window)
    window.on_welcome(table.welcome_for(ann.index))
    window.hosting(HostSaves(net_context(None), server))
    window.show()
    assert window.board is not None and window.give_button.isVisible()
    assert "hard" not in [window.bot_choice.itemText(i) for i in range(window.bot_choice.count())]
    table.drop(bea.index)
    window.on_update(table.update_for(ann.index, 0))
    window.seats.setCurrentRow(bea.index)
    click(qtbot, window.give_button)
    assert "kept for its player" in window.status.text() and table.seats[bea.index].bot is None
    s = net_settings()
    table.settings = s.model_copy(update={"seats": s.seats.model_copy(update={"grace_seconds": 0})})
    window.bot_choice.setCurrentText("strong")
    click(qtbot, window.give_button)
    assert table.seats[bea.index].bot_name == "strong" and table.seats[bea.index].stand_in
    assert "strong bot plays seat 2" in window.status.text()


def test_the_lobby_hosts_a_saved_game_from_where_it_stopped(qtbot: Any, tmp_path: Any) -> None:
    from ui.net.lobby import LobbyDialog
    from wargame.net.server import TableServer
    from wargame.persistence.files import write_json_atomic

    table = Table("pirate-coins", players=3, seed=6, bots={0: "random", 1: "random", 2: "random"})
    table.run_bots(limit=12)
    path = tmp_path / "coins.json"
    write_json_atomic(path, table.save_json())
    lobby = LobbyDialog()
    qtbot.addWidget(lobby)
    assert lobby.pick_saved(str(path))
    assert lobby.game.currentData() == "pirate-coins" and lobby.players.value() == 3
    # the save keeps who played each seat: its bots are seated again (and play on)
    assert [b.currentText() for b in lobby.seat_choices] == ["Bot: random"] * 3
    server = TableServer("pirate-coins", players=3, saved=lobby.saved)  # what Host makes
    again = server.tables[0]
    assert again is not None and len(again.session.entries) >= 12
    assert [e.label for e in again.session.entries[:12]] == [
        e.label for e in table.session.entries[:12]
    ]
    assert again.open_seats() == [] and [s.bot_name for s in again.seats] == ["random"] * 3
    (tmp_path / "bad.json").write_text('{"header": {"game": "chess"}}')
    assert not lobby.pick_saved(str(tmp_path / "bad.json"))
    assert "is not a saved board game" in lobby.status.text()


@pytest.mark.parametrize("game", available_games())
def test_a_seat_window_fits_1024_by_768_with_the_seats_readable(qtbot: Any, game: str) -> None:
    """Every game's seat window (the real view beside the seats and chat) fits a
    1024x768 screen: a long prompt in the status line (the naval battle's) does not
    widen it, and the seats column keeps room for the seats' names beside the board."""
    from ui.net.seat import NetSeat
    from ui.net.window import NetTableWindow

    n = game_class(game)(None).default_players()
    bot = next(iter(bot_factories(game_class(game)(None))))
    table = Table(game, players=n, seed=7, bots={s: bot for s in range(n - 1)})
    person = table.take_seat(name="Bea")
    code = f"12.{person.index}.{'X' * 22}"  # as long as a real seat code
    window = NetTableWindow(NetSeat("127.0.0.1:1", seat=person.index, code=code))
    qtbot.addWidget(window)
    window.on_welcome(table.welcome_for(person.index))
    table.run_bots(limit=40)
    window.on_update(table.update_for(person.index, 0))
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    assert window.board is not None and window.board.view.isVisible()
    hint = window.minimumSizeHint()
    assert hint.width() <= 1024 and hint.height() <= 768, hint
    assert window.width() <= 1024
    seats = window.seats
    for i in range(seats.count()):  # every seat's line is whole beside the board
        text = seats.item(i).text()
        assert seats.fontMetrics().horizontalAdvance(text) < seats.viewport().width(), text
    assert f"you play seat {person.index + 1}" in window.heading.text()
    assert code in window.heading.text()  # the seat's code shows, whole
    turn = window.turn.text()
    assert turn == "Your turn" or turn.startswith(("Waiting for", "Game over")), turn


@pytest.mark.parametrize("game", ["naval", "raid"])
def test_naval_and_raid_hide_nothing_so_a_seat_draws_its_copy_whole(game: str) -> None:
    """NavalView and RaidView draw their copy's state, not an observation: right only
    while neither game keeps anything from a seat (else they must draw ``seen()`` as
    the board games do). The copy, replayed from the server's log, is the table."""
    from wargame.net.mirror import Mirror
    from wargame.net.worlds import has_hidden

    bot = next(iter(bot_factories(game_class(game)(None))))
    table = Table(game, players=2, seed=11, bots={0: bot})
    seat = table.take_seat(name="Bea")
    for _ in range(30):  # Bea plays the first legal move, the bot the rest
        table.run_bots(limit=20)
        if table.over:
            break
        first = table.state.legal_actions()[0]
        table.act(seat.index, len(table.session.entries), first.to_text())
    state = table.state
    assert not has_hidden(state)
    assert state.observation(0) == state.observation(1) == state.to_json()
    mirror = Mirror(table.welcome_for(seat.index))
    mirror.take(table.update_for(seat.index, 0))
    assert mirror.state.to_json() == state.to_json()
