"""One seat, one live connection (issue 42.8, issue 37): a seat taken back with its
code on a new line tells the old line ("your seat was taken from another computer"),
closes it, and whatever the old line still sends is refused, never applied; the other
seats hear of it. Over 127.0.0.1, raw websocket lines; every wait bounded."""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.client import connect

from wargame.net.protocol import decode, encode, message
from wargame.net.server import TableServer, run_server


async def _next(ws: Any, kind: str, seconds: float = 10.0) -> dict[str, Any]:
    async with asyncio.timeout(seconds):
        while True:
            msg = decode(await ws.recv(), limit=1 << 24)
            if msg["type"] == kind:
                return msg


async def _play() -> None:
    server = TableServer("pirate-coins", players=2, seed=3, more_tables=False)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    serving = asyncio.ensure_future(run_server(server, "127.0.0.1", 0, ready=ready.set_result))
    port = await asyncio.wait_for(ready, 10)
    uri = f"ws://127.0.0.1:{port}"
    table = server.tables[0]
    assert table is not None
    try:
        async with connect(uri) as ann, connect(uri) as bea_old:
            await ann.send(encode(message("join", name="Ann", bot=None)))
            await _next(ann, "welcome")
            await bea_old.send(encode(message("join", name="Bea", bot=None)))
            welcome = await _next(bea_old, "welcome")
            bea = int(welcome["seat"])
            # play until it is Bea's turn (Ann answers hers)
            for _ in range(200):
                turn = table.to_act()
                if turn == bea:
                    break
                assert turn is not None
                act = table.state.legal_actions()[0].to_text()
                await ann.send(encode(message("act", n=len(table.session.entries), action=act)))
                await asyncio.sleep(0.02)
            assert table.to_act() == bea
            n = len(table.session.entries)
            async with connect(uri) as bea_new:
                hello = message("resume", table=0, seat=bea, token=str(welcome["token"]), have=0)
                await bea_new.send(encode(hello))
                await _next(bea_new, "welcome")
                taken = await _next(bea_old, "taken")
                assert taken["reason"] == "your seat was taken from another computer"
                notice = await _next(ann, "notice")
                assert "Bea's seat was taken back on a new line" in notice["text"]
                # the old line's move is not played, even if it still gets one out
                act = table.state.legal_actions()[0].to_text()
                try:
                    await bea_old.send(encode(message("act", n=n, action=act)))
                except Exception:  # noqa: BLE001, S110 - closed already: nothing sent
                    pass
                await asyncio.sleep(0.3)
                assert len(table.session.entries) == n and table.to_act() == bea
                assert bea_old.close_code is not None  # the server closed it
                # the new line plays the turn, once
                await bea_new.send(encode(message("act", n=n, action=act)))
                async with asyncio.timeout(10):
                    while len(table.session.entries) == n:
                        await asyncio.sleep(0.01)
                assert table.session.entries[n].seat == bea
                # a newcomer at the full table is told so; no second table opens
                async with connect(uri) as late:
                    await late.send(encode(message("join", name="Cy", bot=None)))
                    said = await _next(late, "error")
                    assert "the table is full" in said["reason"]
                assert len(server.tables) == 1
    finally:
        server.done.set()
        serving.cancel()


def test_a_seat_taken_back_on_a_new_line_drops_the_old_one_and_its_moves_count_no_more() -> None:
    asyncio.run(asyncio.wait_for(_play(), 60))
