"""Saving a networked game at the host: the table's session, sealed as at one screen;
reopened locally it plays on at one screen, or is hosted again, with the same log."""

from __future__ import annotations

import asyncio
import json

from tests.net.helpers import play_in_memory, seat_bots
from wargame.core.play import load_session
from wargame.net.client import play_remote
from wargame.net.server import TableServer, run_server
from wargame.net.table import Table


def _labels(session) -> list[str]:  # noqa: ANN001
    return [e.label for e in session.entries]


def test_a_saved_table_reopens_with_the_same_log_and_sealed_secrets() -> None:
    table = Table("tortuga-1667", players=3, seed=4, bots={2: "strong"})
    for s in range(2):
        table.take_seat(name=f"P{s + 1}", bot="random")
    table.run_bots()
    from wargame.net.player import BotPlayer

    players = [BotPlayer(table.welcome_for(s)) for s in range(2)]
    for _ in range(40):  # some moves, not the whole game
        for p in players:
            act = p.take(table.update_for(p.seat, p.have))
            if act is not None:
                table.act(p.seat, act["n"], act["action"])
                table.run_bots()
    assert len(table.session.entries) > 20
    data = json.loads(json.dumps(table.save_json()))  # as written to a file
    assert data["header"]["seats"] == ["human", "human", "strong"]
    assert "seed" not in data["header"] and "P1" in json.dumps(data["header"])
    text = json.dumps(data)
    assert all(f'"{e.action.to_text()}"' not in text for e in table.session.entries if e.secret)
    again = load_session(data)
    assert _labels(again) == _labels(table.session)
    assert again.state.to_json() == table.state.to_json()


def test_a_saved_table_is_hosted_again_and_played_to_the_end() -> None:
    table, players = seat_bots("pirate-coins", 2, 3, ["random", "random"])
    for _ in range(6):
        for p in players:
            act = p.take(table.update_for(p.seat, p.have))
            if act is not None:
                table.act(p.seat, act["n"], act["action"])
    saved = table.save_json()
    before = _labels(table.session)
    again = Table("pirate-coins", saved=saved)
    assert _labels(again.session) == before and again.state.to_json() == table.state.to_json()
    # every seat is kept for its player: a newcomer is told the table is full, and each
    # player takes back their own seat with their code (in any order)
    import pytest

    from wargame.net.protocol import Refused

    with pytest.raises(Refused, match="the table is full"):
        again.take_seat(bot="random")
    with pytest.raises(Refused, match="not the code of seat 1"):
        again.resume(0, players[1].token)
    for p in reversed(players):
        again.resume(p.seat, p.token)
    from wargame.net.player import BotPlayer

    result = play_in_memory(again, [BotPlayer(again.welcome_for(p.seat)) for p in players])
    assert result["actions"] > len(before)
    assert _labels(again.session)[: len(before)] == before


def test_the_host_saves_a_game_played_over_loopback_and_it_reopens_the_same() -> None:
    async def run() -> tuple[dict, list[str]]:
        server = TableServer("pirate-versus-pirate", players=2, seed=8, once=True)
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        serving = asyncio.ensure_future(run_server(server, "127.0.0.1", 0, ready=ready.set_result))
        port = await asyncio.wait_for(ready, 10)
        clients = [
            asyncio.ensure_future(play_remote(f"127.0.0.1:{port}", "random", give_up=10))
            for _ in range(2)
        ]
        table = server.tables[0]
        assert table is not None
        loop = asyncio.get_running_loop()
        end = loop.time() + 20
        while len(table.session.entries) < 12 and loop.time() < end:  # some moves
            await asyncio.sleep(0.005)
        saved = table.save_json()  # between two messages: nothing moves meanwhile
        labels = _labels(table.session)
        for c in clients:  # the rest of the game is not this test's
            c.cancel()
        server.done.set()
        await asyncio.gather(*clients, return_exceptions=True)
        serving.cancel()
        return saved, labels

    saved, labels = asyncio.run(run())
    assert len(labels) >= 12
    assert _labels(load_session(saved)) == labels


def test_the_host_gives_a_dropped_seat_to_a_bot_after_the_grace_and_the_player_takes_it_back() -> (
    None
):
    from wargame.net.protocol import Refused
    from wargame.net.rules import net_settings

    settings = net_settings()
    server = TableServer("pirate-coins", players=2, seed=2, auto_stand_in=False)
    table = server.tables[0]
    assert table is not None
    a, b = table.take_seat(name="Ann"), table.take_seat(name="Bea")
    table.drop(a.index)
    try:
        server.stand_in(0, a.index, "strong")
        raise AssertionError("a seat kept for its player was given away")
    except Refused as exc:
        assert "kept for its player" in str(exc)
    table.settings = settings.model_copy(
        update={"seats": settings.seats.model_copy(update={"grace_seconds": 0})}
    )
    server._grace_over(0, a.index)  # noqa: SLF001 - the app's host: nothing by itself
    assert table.seats[a.index].bot is None
    server.stand_in(0, a.index, "strong")
    assert (
        table.seat_list()[a.index]["stand_in"] is True and table.seats[a.index].bot_name == "strong"
    )
    assert table.to_act() != a.index  # the bot plays the seat's turns at once
    table.resume(a.index, a.token)  # the player is back with their code
    assert table.seats[a.index].bot is None and "stand_in" not in table.seat_list()[a.index]
    assert b.index != a.index
