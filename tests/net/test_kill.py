"""Fault: a client killed mid-turn (it has its turn, its action is never sent, the
line dies with no close). The table pauses with the grace period; the seat comes
back by its code from a new process, or a stand-in bot finishes it; no action is
lost or played twice. Over 127.0.0.1, through the fault proxy; every wait bounded."""

from __future__ import annotations

import asyncio
from typing import Any

from wargame.core.play import load_session
from wargame.net.client import Killed, play_remote
from wargame.net.faults import FaultProxy
from wargame.net.player import BotPlayer
from wargame.net.rules import net_settings
from wargame.net.server import TableServer, run_server
from wargame.net.table import Table


async def until(what: Any, seconds: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not what():
        assert loop.time() < end, "waited too long"
        await asyncio.sleep(0.01)


def settings(grace: float) -> Any:
    s = net_settings()
    return s.model_copy(update={"seats": s.seats.model_copy(update={"grace_seconds": grace})})


def assert_nothing_lost_or_doubled(table: Table, results: list[dict[str, Any]]) -> None:
    """Everyone has the one end; the log is whole: one entry per index, it replays from
    the host's save to the very state, and it is as long as the game's action count."""
    assert all(r == results[0] for r in results) and results[0] == table.result()
    assert results[0]["actions"] == len(table.session.entries)
    again = load_session(table.save_json())
    assert again.state.to_json() == table.state.to_json()
    assert [e.label for e in again.entries] == [e.label for e in table.session.entries]


async def _kill_one(
    game: str, players: int, grace: float, come_back: bool
) -> tuple[Table, list[dict[str, Any]], int, FaultProxy, TableServer]:
    server = TableServer(game, players=players, seed=4, once=True, settings=settings(grace))
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    serving = asyncio.ensure_future(run_server(server, "127.0.0.1", 0, ready=ready.set_result))
    port = await asyncio.wait_for(ready, 10)
    proxy = FaultProxy(port, seed=5, delay_chance=0.05, max_delay=0.05)
    address = f"127.0.0.1:{await proxy.start()}"
    table = server.tables[0]
    assert table is not None
    doomed = 1
    clients = []
    try:
        for seat in range(players):
            seated = asyncio.Event()
            kill = (lambda p: p.have >= 6) if seat == doomed else None
            clients.append(
                asyncio.ensure_future(
                    play_remote(
                        address,
                        "random",
                        give_up=20,
                        kill=kill,
                        on_connect=lambda _p, e=seated: e.set(),
                    )
                )
            )
            await asyncio.wait_for(seated.wait(), 10)
        await until(lambda: clients[doomed].done())
        exc = clients[doomed].exception()
        assert isinstance(exc, Killed), exc
        at = exc.have
        # the table pauses: the seat is dropped, its turn waits, the log stands still
        await until(lambda: not table.seats[doomed].connected)
        assert table.to_act() == doomed and len(table.session.entries) == at
        assert table.seat_list()[doomed]["grace_left"] > 0 or grace == 0
        await asyncio.sleep(0.2)
        assert len(table.session.entries) == at
        others = [c for s, c in enumerate(clients) if s != doomed]
        if come_back:  # a new process with nothing but the seat's code
            back = play_remote(address, "random", give_up=20, code=exc.code)
            results = await asyncio.wait_for(asyncio.gather(back, *others), 60)
        else:  # nobody comes back: the stand-in finishes the game
            results = await asyncio.wait_for(asyncio.gather(*others), 60)
        await asyncio.wait_for(serving, 30)
        entry = table.session.entries[at]
        assert entry.seat == doomed  # the turn it died holding was played once, later
        return table, list(results), at, proxy, server
    finally:
        for c in clients:
            c.cancel()
        serving.cancel()
        await proxy.close()


def test_a_client_killed_mid_turn_comes_back_by_its_code_and_nothing_is_lost() -> None:
    table, results, _at, proxy, server = asyncio.run(_kill_one("pirate-coins", 3, 5.0, True))
    assert server.resumes == 1 and proxy.connections == 4
    assert not table.seats[1].stand_in
    assert_nothing_lost_or_doubled(table, results)


def test_a_client_killed_mid_turn_and_gone_is_finished_by_the_stand_in() -> None:
    table, results, _at, _proxy, server = asyncio.run(
        _kill_one("tortuga-1667", 3, 0.3, come_back=False)
    )
    assert server.resumes == 0 and table.seats[1].stand_in
    assert_nothing_lost_or_doubled(table, results)


def test_a_resumed_process_reads_the_whole_log_again() -> None:
    """What the new process is sent: every entry from the start, and a fresh world."""
    table = Table("tortuga-1667", players=3, seed=2)
    seats = [table.take_seat(bot="random") for _ in range(3)]
    players = [BotPlayer(table.welcome_for(s.index)) for s in seats]
    for _ in range(10):
        for p in players:
            act = p.take(table.update_for(p.seat, p.have))
            if act is not None:
                table.act(p.seat, act["n"], act["action"])
    table.drop(1)
    table.resume(1, seats[1].token)
    fresh = BotPlayer(table.welcome_for(1))
    update = table.update_for(1, 0)
    assert update["start"] == 0 and len(update["entries"]) == len(table.session.entries)
    fresh.take(update)
    assert fresh.have == len(table.session.entries)
