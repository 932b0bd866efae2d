"""Driving tables in the tests: in memory (no sockets) and over 127.0.0.1."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from wargame.core.dice import DiceService
from wargame.core.play import game_seed, simulate
from wargame.net.client import join_in_seat_order
from wargame.net.faults import FaultProxy
from wargame.net.player import BotPlayer
from wargame.net.server import TableServer, run_server
from wargame.net.table import Table

Watch = Callable[[Table, int, dict[str, Any]], None]


def simulated(game: str, players: int, seed: int, bots: Sequence[str]) -> dict[str, Any]:
    return simulate(game, players=players, games=1, seed=seed, bots=list(bots))["games"][0]


def seat_bots(
    game: str, players: int, seed: int, bots: Sequence[str]
) -> tuple[Table, list[BotPlayer]]:
    table = Table(game, players=players, seed=game_seed(seed, 0))
    seats = [table.take_seat(bot=b) for b in bots]
    return table, [BotPlayer(table.welcome_for(s.index)) for s in seats]


def play_in_memory(
    table: Table,
    players: list[BotPlayer],
    *,
    faults: DiceService | None = None,
    watch: Watch | None = None,
    max_rounds: int = 100_000,
) -> dict[str, Any]:
    """Every seat reads its update and answers, round after round. With ``faults``:
    an update is lost now and then, an action lost or sent twice, a seat dropped and
    resumed with its code."""
    for _ in range(max_rounds):
        for p in players:
            if faults is not None and faults.randint(0, 9, "lose the update") == 0:
                continue
            if faults is not None and faults.randint(0, 19, "drop") == 0:
                table.drop(p.seat)
                table.resume(p.seat, p.token)
            if p.have == len(table.session.entries) and table.to_act() != p.seat:
                continue  # nothing new for this seat
            update = table.update_for(p.seat, p.have)
            if watch is not None:
                watch(table, p.seat, update)
            act = p.take(update)
            if act is None:
                continue
            sends = 1
            if faults is not None:
                sends = (1, 1, 1, 0, 2)[faults.randint(0, 4, "send")]
            for _ in range(sends):
                try:
                    table.act(p.seat, act["n"], act["action"])
                    table.run_bots()
                except Exception as exc:  # only a stale resend may be refused
                    assert str(exc).startswith("stale"), exc
        if table.over:
            for p in players:
                update = table.update_for(p.seat, p.have)
                if watch is not None:
                    watch(table, p.seat, update)
                p.take(update)
            results = [p.result for p in players]
            assert all(r == results[0] for r in results)
            assert results[0] is not None
            return results[0]
    raise AssertionError(f"no end after {max_rounds} rounds")


async def serve_and_join(
    game: str,
    players: int,
    seed: int,
    bots: Sequence[str],
    *,
    proxy: dict[str, Any] | None = None,
    timeout: float = 30.0,
) -> tuple[list[dict[str, Any]], TableServer, FaultProxy | None]:
    """A ``--once`` server on 127.0.0.1 joined by bot clients in seat order (through
    a fault proxy when ``proxy`` gives its settings)."""
    server = TableServer(game, players=players, seed=seed, once=True)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    serving = asyncio.ensure_future(run_server(server, "127.0.0.1", 0, ready=ready.set_result))
    port = await asyncio.wait_for(ready, 10)
    fault: FaultProxy | None = None
    if proxy is not None:
        fault = FaultProxy(port, **proxy)
        port = await fault.start()
    clients: list[asyncio.Task[dict[str, Any]]] = []
    try:
        clients = await join_in_seat_order(f"127.0.0.1:{port}", list(bots), give_up=timeout)
        if fault is not None:
            fault.arm()
        results = await asyncio.wait_for(asyncio.gather(*clients), timeout)
        await asyncio.wait_for(serving, 10)
    finally:
        for c in clients:
            c.cancel()
        serving.cancel()
        if fault is not None:
            await fault.close()
    return list(results), server, fault
