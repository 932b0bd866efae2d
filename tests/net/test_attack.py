"""Issue 42: the table server under attack from 127.0.0.1. Each break the attack found,
as a test that failed on the code before the fix: lines that never read, floods of
chat, joins and refused moves, broken characters and over-long numbers, bots that
freeze the loop, tables never forgotten. Every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from wargame import logs
from wargame.core.play import game_seed
from wargame.net.client import join_in_seat_order
from wargame.net.protocol import ProtocolError, Refused, decode, encode, message
from wargame.net.rules import NetSettings, net_settings
from wargame.net.server import TableServer, run_server


def tuned(**changes: Any) -> NetSettings:
    """net.toml's settings with some seat or limit values changed."""
    s = net_settings()
    seats = {k: v for k, v in changes.items() if k in type(s.seats).model_fields}
    limits = {k: v for k, v in changes.items() if k in type(s.limits).model_fields}
    return s.model_copy(
        update={
            "seats": s.seats.model_copy(update=seats),
            "limits": s.limits.model_copy(update=limits),
        }
    )


@asynccontextmanager
async def serving(server: TableServer) -> AsyncIterator[str]:
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.ensure_future(run_server(server, "127.0.0.1", 0, ready=ready.set_result))
    port = await asyncio.wait_for(ready, 10)
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        server.done.set()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def joined(uri: str, **hello: Any) -> tuple[ClientConnection, dict[str, Any]]:
    ws = await connect(uri, max_size=None)
    try:
        await ws.send(encode(message("join", **hello)))
    except ConnectionClosed:
        pass  # refused before it spoke: what it was told is still to be read
    return ws, json.loads(await asyncio.wait_for(ws.recv(), 10))


async def next_of(ws: ClientConnection, kind: str, seconds: float = 5.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        if msg["type"] == kind:
            return msg


async def until(what: Callable[[], bool], seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < end, "waited too long"
        await asyncio.sleep(0.02)


def run(coro: Any) -> Any:  # noqa: ANN401
    return asyncio.run(asyncio.wait_for(coro, 30))


# -- 1. what a line may cost -----------------------------------------------------------


def test_a_line_that_never_reads_is_cut_past_its_backlog() -> None:
    """A seated client sends chat and never reads: what waits for it stays under the
    backlog limit, and the line is cut (before: 39 MB -> 2 GiB, never cut)."""
    limit = 65536
    server = TableServer(
        "pirate-coins",
        players=2,
        settings=tuned(
            max_backlog_bytes=limit,
            chats_per_second=1e6,
            chat_burst=10**6,
            messages_per_second=1e6,
            message_burst=10**6,
        ),
    )

    async def attack() -> tuple[bool, int]:
        async with serving(server) as uri:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", int(uri.rsplit(":", 1)[1])))
            ws = await connect(uri, sock=sock, max_queue=1)
            await ws.send(encode(message("join", name="sink")))
            line = encode(message("chat", text="x" * 200))
            most, cut = 0, False
            for _ in range(40_000):
                try:
                    await ws.send(line)
                except ConnectionClosed:
                    cut = True
                    break
                for seats in server.clients.values():
                    sizes = [getattr(c.outbox, "size", 0) for c in seats.values()]
                    most = max([most, *sizes])
                if not any(server.clients.values()) and most:
                    cut = True
                    break
            ws.transport.abort()
            return cut, most

    cut, most = run(attack())
    assert cut
    assert most <= limit


def test_a_chat_flood_is_refused_in_words_and_then_closed() -> None:
    server = TableServer("pirate-coins", players=2)

    async def flood() -> tuple[list[str], int | None]:
        async with serving(server) as uri:
            ws, welcome = await joined(uri, name="loud")
            assert welcome["type"] == "welcome"
            for i in range(200):
                try:
                    await ws.send(encode(message("chat", text=f"hello {i}")))
                except ConnectionClosed:
                    break
            reasons = []
            try:
                async for raw in ws:
                    msg = json.loads(raw)
                    if msg["type"] == "refused":
                        reasons.append(msg["reason"])
            except ConnectionClosed:
                pass
            await ws.wait_closed()
            return reasons, ws.close_code

    reasons, code = run(flood())
    assert reasons and "too many chat lines" in reasons[0]
    assert code == 1008  # closed, saying why, once it kept on


def test_a_flood_of_illegal_moves_closes_the_line() -> None:
    server = TableServer("pirate-coins", players=2)

    async def flood() -> int | None:
        async with serving(server) as uri:
            ws, _ = await joined(uri, name="a")
            other, _ = await joined(uri, name="b")
            for _ in range(300):
                try:
                    await ws.send(encode(message("act", n=0, action="coins.nonsense")))
                except ConnectionClosed:
                    break
            try:
                async for _raw in ws:
                    pass
            except ConnectionClosed:
                pass
            again, said = await joined(uri, name="a again")  # at once: the address waits
            await again.close()
            await other.close()
            return ws.close_code, said

    code, said = run(flood())
    assert code == 1008
    assert said["type"] == "error" and "too many joins" in said["reason"] and said["retry"]


# -- 2. and 9. broken characters and long numbers: refused in words, the line kept -----


def test_a_chat_line_with_a_lone_surrogate_is_refused_and_the_table_goes_on() -> None:
    """Before: the line could not be encoded on the way out and every line at the
    table dropped with no close frame."""
    server = TableServer("pirate-coins", players=2)

    async def chat() -> tuple[dict[str, Any], dict[str, Any]]:
        async with serving(server) as uri:
            a, _ = await joined(uri, name="a")
            b, _ = await joined(uri, name="b")
            await a.send('{"v":1,"type":"chat","text":"ahoy \\ud800"}')
            refused = await next_of(a, "refused")
            await a.send(encode(message("chat", text="still here")))
            said = await next_of(b, "chat")
            await a.close()
            await b.close()
            return refused, said

    refused, said = run(chat())
    assert "broken character" in refused["reason"] and "'text'" in refused["reason"]
    assert said["text"] == "still here"


def test_a_move_with_a_lone_surrogate_or_a_4300_digit_number_is_refused_in_words() -> None:
    """Before: a lone surrogate after a valid move name cut the sender's line, and a
    4,300-digit seat closed it with 1011 and no words."""
    server = TableServer("pirate-coins", players=2)

    async def moves() -> tuple[list[str], dict[str, Any]]:
        async with serving(server) as uri:
            a, _ = await joined(uri, name="a")
            b, _ = await joined(uri, name="b")
            reasons = []
            for raw in (
                '{"v":1,"type":"act","n":0,"action":"coins.decide choice=\\udc80"}',
                '{"v":1,"type":"act","n":' + "9" * 4300 + ',"action":"coins.draw"}',
            ):
                await a.send(raw)
                reasons.append((await next_of(a, "refused"))["reason"])
            await a.send(encode(message("chat", text="ok")))
            said = await next_of(b, "chat")
            bad, error = await joined(uri, seat=int("9" * 4300))
            await bad.wait_closed()
            await a.close()
            await b.close()
            return [*reasons, error.get("reason", ""), str(bad.close_code)], said

    (surrogate, digits, join_error, close_code), said = run(moves())
    assert "broken character" in surrogate
    assert "4300 digits" in digits
    assert "4300 digits" in join_error and close_code != "1011"
    assert said["text"] == "ok"


# -- 3. join-and-leave floods ------------------------------------------------------------


def test_joins_from_one_address_are_limited_a_second() -> None:
    """Past its burst an address is told once why its lines are refused; lines that
    keep coming are cut at once, which costs the server least."""
    server = TableServer("pirate-coins", players=2, settings=tuned(join_burst=5))

    async def flood() -> tuple[int, list[str], int]:
        async with serving(server) as uri:
            welcomed, errors, cut = 0, [], 0
            for _ in range(12):
                try:
                    ws, said = await joined(uri, name="x")
                except (WebSocketException, OSError):  # cut before or after its handshake
                    cut += 1
                    continue
                if said["type"] == "welcome":
                    welcomed += 1
                else:
                    errors.append(said["reason"])
                await ws.close()
            return welcomed, errors, cut

    welcomed, errors, cut = run(flood())
    assert welcomed == 5
    assert len(errors) == 1 and "too many joins" in errors[0]
    assert cut == 6


def test_a_game_nobody_is_at_is_not_played_out_by_stand_ins_and_is_forgotten() -> None:
    """Before: stand-in bots played every abandoned game to its end inside the event
    loop (the whole server froze 15-19 s) and the tables stayed in memory."""
    server = TableServer(
        "pirate-coins", players=2, settings=tuned(grace_seconds=0.1, abandoned_seconds=1.0)
    )

    async def leave() -> tuple[int, int, bool]:
        async with serving(server) as uri:
            a, _ = await joined(uri, name="a")
            b, _ = await joined(uri, name="b")
            await next_of(a, "update")
            table = server.tables[0]
            assert table is not None and table.started
            start = len(table.session.entries)
            await a.close()
            await b.close()
            await asyncio.sleep(0.6)
            after = len(table.session.entries)
            await until(lambda: server.tables[0] is None, 5)
            return start, after, table.over

    start, after, over = run(leave())
    assert after == start and not over


def test_a_bot_thinking_leaves_the_server_answering() -> None:
    """The server's bots think on a worker thread: a bot taking a second to choose
    does not hold up a join at another table."""
    server = TableServer("pirate-coins", players=2, bots={1: "random"})
    table = server.tables[0]
    assert table is not None
    real = table.seats[1].bot
    assert real is not None

    class Slow:
        armed = False
        done_at = float("inf")

        def choose(self, state: Any, seat: int) -> Any:  # noqa: ANN401
            if self.armed:
                time.sleep(1.0)
                self.done_at = time.monotonic()
            return real.choose(state, seat)

    slow = Slow()

    table.seats[1].bot = slow  # type: ignore[assignment]

    async def play() -> float:
        async with serving(server) as uri:
            a, _ = await joined(uri, name="a")
            update = await next_of(a, "update")
            while update.get("to_act") != 0:
                update = await next_of(a, "update")
            slow.armed = True
            await a.send(encode(message("act", n=update["n"], action=update["legal"][0][0])))
            await asyncio.sleep(0.1)  # the bot is thinking now (the same loop: before, it froze)
            b, welcome = await joined(uri, name="b")
            welcomed = time.monotonic()
            assert welcome["type"] == "welcome" and welcome["table"] == 1
            await a.close()
            await b.close()
            return welcomed

    welcomed = run(play())
    assert welcomed < slow.done_at  # welcomed while the bot was still thinking


def test_the_tables_open_at_once_are_bounded() -> None:
    server = TableServer(
        "pirate-coins", players=2, bots={1: "random"}, settings=tuned(max_tables=2)
    )

    async def fill() -> list[dict[str, Any]]:
        async with serving(server) as uri:
            lines, said = [], []
            for _ in range(3):
                ws, hello = await joined(uri, name="p")
                lines.append(ws)
                said.append(hello)
            for ws in lines:
                await ws.close()
            return said

    said = run(fill())
    assert [s["type"] for s in said[:2]] == ["welcome", "welcome"]
    assert said[2]["type"] == "error" and "most tables" in said[2]["reason"]


# -- 4. serve --seed: one table tells nothing of another ----------------------------------


def test_the_tables_of_one_seed_are_unlinkable_and_the_first_is_simulates() -> None:
    seed = 20_260_815
    server = TableServer("pirate-coins", players=2, seed=seed)
    server.new_table()
    server.new_table()
    seeds = [t.seed for t in server.tables if t is not None]
    assert seeds[0] == game_seed(seed, 0)  # simulate --games 1 --seed S
    for i in (1, 2):
        assert seeds[i] != game_seed(seed, i)
        assert seeds[i] - seeds[i - 1] not in (7_919, 7_919 - 2**63)
    # table 0's seed is S's own: its result would give S, so it is withheld on a server
    # of many tables (and told on a --once server, which has no other table)
    tables = [t for t in server.tables if t is not None]
    assert [t.seed_shown for t in tables] == [False, True, True]
    once = TableServer("pirate-coins", players=2, seed=seed, once=True)
    assert once.tables[0] is not None and once.tables[0].seed_shown


def test_serve_help_says_the_seed_replays_every_table() -> None:
    import argparse

    from wargame.net.cli import add_commands

    parser = argparse.ArgumentParser()
    add_commands(parser.add_subparsers(dest="command"), argparse.ArgumentParser)
    serve = parser._subparsers._group_actions[0].choices["serve"]  # noqa: SLF001
    text = " ".join(serve.format_help().split()).lower()
    assert "whoever knows" in text and "hidden" in text


# -- 9. the message parser, fuzzed -------------------------------------------------------


class _Line:
    """A seated line with no socket: what the server sends it, as bytes on the wire."""

    def __init__(self, tid: int, seat: int) -> None:
        self.tid, self.seat, self.sent = tid, seat, 0
        self.superseded = False
        self.out: list[bytes] = []

    def send(self, msg: dict[str, Any]) -> None:
        self.out.append(encode(msg).encode("utf-8"))  # a broken character would raise here

    def close(self) -> None:
        pass


_TEXT = st.text(max_size=12) | st.sampled_from(["\ud800", "a\udfff", "\x00", "x" * 300])
_MOVES = st.sampled_from(["coins.decide choice=", "coins.draw", "coins.decide ", ""])
_VALUES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**17, max_value=10**40)
    | st.floats()
    | _TEXT
    | st.builds(lambda a, b: a + b, _MOVES, _TEXT)
    | st.lists(st.integers(), max_size=3)
)
_MESSAGES = st.fixed_dictionaries(
    {"v": st.just(1) | st.integers(0, 2), "type": st.sampled_from(["act", "chat", "bye", "x"])},
    optional={"n": _VALUES, "action": _VALUES, "text": _VALUES, "seat": _VALUES},
)


@settings(max_examples=150, deadline=None)
@given(msgs=st.lists(_MESSAGES, min_size=1, max_size=4))
def test_any_message_of_a_seated_line_is_done_or_refused_in_words(
    msgs: list[dict[str, Any]],
) -> None:
    """Fuzzed with broken characters, huge and odd numbers, move names followed by
    anything: each message is done or refused in words, and everything the server
    sends on can be sent (before: a lone surrogate or a 4,300-digit number cut lines)."""
    server = TableServer("pirate-coins", players=2)
    table = server.tables[0]
    assert table is not None
    lines = [_Line(0, table.take_seat(name=n).index) for n in ("a", "b")]
    server.clients[0] = {line.seat: line for line in lines}  # type: ignore[misc]
    for msg in msgs:
        raw = json.dumps(msg)  # ASCII: a lone surrogate travels as its escape
        try:
            server._handle(lines[0], decode(raw, limit=65536, client=True))  # noqa: SLF001
        except (ProtocolError, Refused) as exc:
            assert str(exc) and encode(message("refused", reason=str(exc))).encode("utf-8")
    assert all(isinstance(b, bytes) for line in lines for b in line.out)


# -- 5. the log at debug level --------------------------------------------------------


def test_a_debug_log_of_served_games_holds_no_secret(tmp_path: Any) -> None:
    """A Pirate Coins and a Tortuga game served and played by bot clients with the log
    at debug level: no secret choice, vote, hidden card or roll in the file (before:
    websockets logged every frame, 17 ``coins.decide choice=...`` a game)."""
    from tests.core.test_log_secrecy import check_log, session_secrets

    logs.setup_logging(tmp_path, "debug")
    found: set[str] = set()
    try:
        for game, bots in (
            ("pirate-coins", ["strong", "random"]),
            ("tortuga-1667", ["random"] * 3),
        ):
            server = TableServer(game, players=len(bots), seed=918_273_645, once=True)
            table = server.tables[0]
            assert table is not None

            async def play(server: TableServer = server, bots: list[str] = bots) -> None:
                async with serving(server) as uri:
                    clients = await join_in_seat_order(uri.removeprefix("ws://"), bots)
                    await asyncio.gather(*clients)

            run(play())
            assert table.over
            found |= session_secrets(table.session)
            found |= {e.action.to_text() for e in table.session.entries if e.secret}
        assert any(s.startswith("coins.decide") for s in found)
        logging_text = check_log(tmp_path, found)
        assert "table 0: seat 1 joined" in logging_text  # the server did log, at debug
    finally:
        logs.stop_logging()


def test_a_seat_that_comes_back_too_often_is_told_to_wait_and_its_client_tries_again() -> None:
    """A rejoin loop sent every other seat its news each time (22 KiB a loop); now a
    seat comes back at most resume_burst times at once, and a real client that is told
    to wait tries again rather than give up."""
    server = TableServer("pirate-coins", players=2, settings=tuned(resume_burst=3))

    async def loop() -> list[dict[str, Any]]:
        async with serving(server) as uri:
            a, welcome = await joined(uri, name="a")
            b, _ = await joined(uri, name="b")
            said = []
            for _ in range(5):
                await a.close()
                hello = {"table": 0, "seat": welcome["seat"], "token": welcome["token"], "have": 0}
                a = await connect(uri)
                await a.send(encode(message("resume", **hello)))
                said.append(json.loads(await asyncio.wait_for(a.recv(), 10)))
            await a.close()
            await b.close()
            return said

    said = run(loop())
    assert [m["type"] for m in said[:4]] == ["welcome"] * 3 + ["error"]
    assert "comes back too often" in said[3]["reason"] and said[3]["retry"] is True
