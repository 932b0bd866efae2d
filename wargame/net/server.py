"""The table server: :class:`~wargame.net.table.Table` s behind a websockets server.

A ``join`` takes the next open seat of the table still filling (a new table opens
when every table is full only for a headless server that plays game after game; a
``--once`` server, a resumed one and the app's host answer "the table is full"); the
``welcome`` gives the seat's code, and from then on every change sends each
connected seat its own ``update`` (:meth:`Table.update_for`), in order, through
one queue per connection. A dropped seat is kept for the grace period, after
which the headless server seats the stand-in bot of ``resources/rules/net.toml``
until its player resumes. One seat has one live connection: a resume with the
seat's code from another line tells the old one ("your seat was taken from another
computer", a ``taken`` message), closes it and ignores whatever it still sends; the
table hears a ``notice``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from wargame.core.play import game_seed
from wargame.net.protocol import (
    ProtocolError,
    Refused,
    UnknownBot,
    decode,
    encode,
    field,
    message,
)
from wargame.net.rules import NetSettings, net_settings
from wargame.net.table import FULL, Table

log = logging.getLogger(__name__)

#: What a line is told when its seat is taken back on another.
TAKEN = "your seat was taken from another computer"

#: How long a new connection has to say who it is.
HELLO_SECONDS = 10.0


class _Client:
    """One connection: its seat and its ordered outbox."""

    def __init__(self, ws: ServerConnection, tid: int, seat: int) -> None:
        self.ws = ws
        self.tid = tid
        self.seat = seat
        #: Its seat was taken back on another line: nothing it sends counts.
        self.superseded = False
        #: Log entries this client has been sent.
        self.sent = 0
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.ensure_future(self._write())

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            try:
                await self.ws.send(text)
            except ConnectionClosed:
                return

    def send(self, msg: dict[str, Any]) -> None:
        self.outbox.put_nowait(encode(msg))

    def close(self) -> None:
        self.outbox.put_nowait(None)


class TableServer:
    """Every table of one ``wargame serve`` (or of one host in the app)."""

    def __init__(
        self,
        game: str,
        *,
        players: int | None = None,
        seed: int | None = None,
        params: Mapping[str, Any] | None = None,
        scenario: Mapping[str, Any] | None = None,
        bots: Mapping[int, str] | None = None,
        once: bool = False,
        settings: NetSettings | None = None,
        saved: dict[str, Any] | None = None,
        auto_stand_in: bool = True,
        more_tables: bool | None = None,
    ) -> None:
        """``saved``: a save to play on from at the first table (re-hosting a game: each
        seat kept for its player's code); ``auto_stand_in``: when a dropped seat's grace
        period is over, seat net.toml's stand-in bot by itself (a headless server)
        rather than leave it to the host (:meth:`stand_in`, the app); ``more_tables``:
        open a new table when every seat is taken (default: a headless server of new
        games without ``once``), else a join is told the table is full."""
        self.saved = saved
        self.more_tables = (not once and saved is None) if more_tables is None else more_tables
        #: Set when the host closed the tables (a join or resume is told so).
        self.closed: str | None = None
        #: Called with each table notice (a seat taken back on another line): the host.
        self.on_notice: Callable[[int, str], None] | None = None
        self.auto_stand_in = auto_stand_in
        self.game = game
        self.players = players
        self.seed = seed
        self.params = dict(params or {})
        self.scenario = scenario
        self.bots = dict(bots or {})
        self.once = once
        self.settings = settings or net_settings()
        self.tables: list[Table | None] = []
        self.clients: dict[int, dict[int, _Client]] = {}
        #: Set when the server's work is done (``once``: its game is over).
        self.done = asyncio.Event()
        #: Called with (table id, update count) after each broadcast (benchmarks).
        self.on_broadcast: Callable[[int, int], None] | None = None
        #: How many times a seat came back with its code.
        self.resumes = 0
        #: Per table, the seats that said they have the game's end ("bye").
        self.told_end: dict[int, set[int]] = {}
        self.new_table()  # the first table is set up now: a bad game setting fails at once

    # -- tables ----------------------------------------------------------------------
    def new_table(self) -> int:
        tid = len(self.tables)
        seed = game_seed(self.seed, tid) if self.seed is not None else None
        table = Table(
            self.game,
            players=self.players,
            seed=seed,
            params=self.params,
            scenario=self.scenario,
            bots=self.bots,
            settings=self.settings,
            saved=self.saved if tid == 0 else None,
        )
        self.tables.append(table)
        self.clients[tid] = {}
        table.run_bots()  # a table of bots alone plays at once
        return tid

    def table(self, tid: int) -> Table:
        if not 0 <= tid < len(self.tables) or self.tables[tid] is None:
            raise Refused(f"there is no table {tid} on this server (its game may be over)")
        table = self.tables[tid]
        assert table is not None
        return table

    def _table_to_join(self, name: str = "") -> int:
        for tid, table in enumerate(self.tables):
            if table is not None and not table.over and table.open_seats(name):
                return tid
        if not self.more_tables:
            raise Refused(FULL)
        return self.new_table()

    # -- connections -----------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        limit = self.settings.limits.max_message_bytes
        client: _Client | None = None
        try:
            hello = decode(await asyncio.wait_for(ws.recv(), HELLO_SECONDS), limit=limit)
            client = self._greet(ws, hello)
            self.broadcast(client.tid)
            async for raw in ws:
                try:
                    self._handle(client, decode(raw, limit=limit))
                except (ProtocolError, Refused) as exc:
                    client.send(message("refused", reason=str(exc), n=self._entries(client.tid)))
        except (ProtocolError, Refused) as exc:
            said = message("error", reason=str(exc))
            if isinstance(exc, UnknownBot):
                said["option"] = "bot"
            await _say_and_close(ws, said)
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            if client is not None:
                self._gone(client)

    def _entries(self, tid: int) -> int:
        table = self.tables[tid]
        return len(table.session.entries) if table is not None else 0

    def _greet(self, ws: ServerConnection, hello: dict[str, Any]) -> _Client:
        if self.closed is not None:
            raise Refused(self.closed)
        kind = hello["type"]
        if kind == "join":
            bot = hello.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise ProtocolError("'bot' must be a bot's name")
            wanted = hello.get("seat")
            if wanted is not None and (not isinstance(wanted, int) or isinstance(wanted, bool)):
                raise ProtocolError("'seat' must be a seat number")
            name = str(hello.get("name") or "")
            tid = self._table_to_join(name)
            table = self.table(tid)
            seat = table.take_seat(name, bot, wanted).index
            have = 0
        elif kind == "resume":
            tid = field(hello, "table", int)
            seat = field(hello, "seat", int)
            table = self.table(tid)
            bot = hello.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise ProtocolError("'bot' must be a bot's name")
            table.check_bot(bot)
            have = max(0, field(hello, "have", int))  # every field read before the seat moves
            table.resume(seat, field(hello, "token", str))
            if "bot" in hello:  # who takes it back: a bot client (join --code) or a person
                table.seats[seat].client_bot = bot
            self.resumes += 1
        else:
            raise ProtocolError("the first message must be 'join' or 'resume'")
        old = self.clients[tid].pop(seat, None)
        if old is not None:  # the same seat from a new line: the old one goes
            self._take_over(old, table)
        client = _Client(ws, tid, seat)
        client.sent = have
        self.clients[tid][seat] = client
        client.send(table.welcome_for(seat, tid))
        log.info("table %d: seat %d %s", tid, seat, "joined" if kind == "join" else "is back")
        table.run_bots()
        return client

    def _take_over(self, old: _Client, table: Table) -> None:
        """The seat of ``old`` came back on another line: ``old`` is told, closed, and
        nothing it still sends counts; every other seat hears of it."""
        old.superseded = True
        old.send(message("taken", reason=TAKEN))
        old.close()
        asyncio.ensure_future(_close_after(old))
        # (the same computer back on a new line looks the same from here: say both)
        text = (
            f"{table.name(old.seat)}'s seat was taken back on a new line (from another "
            "computer, or theirs reconnecting): the old line is closed"
        )
        log.info("table %d: seat %d taken back on a new line", old.tid, old.seat)
        for other in self.clients[old.tid].values():
            other.send(message("notice", text=text))
        if self.on_notice is not None:
            self.on_notice(old.tid, text)

    def _handle(self, client: _Client, msg: dict[str, Any]) -> None:
        if client.superseded:
            raise Refused(TAKEN)
        table = self.table(client.tid)
        kind = msg["type"]
        if kind == "act":
            table.act(client.seat, field(msg, "n", int), field(msg, "action", str))
            table.run_bots()
            self.broadcast(client.tid)
        elif kind == "bye":  # the seat has the game's end
            if table.over:
                self.told_end.setdefault(client.tid, set()).add(client.seat)
                client.send(message("bye"))
        elif kind == "chat":
            line = table.chat(client.seat, field(msg, "text", str))
            for other in self.clients[client.tid].values():
                other.send(line)
        else:
            raise ProtocolError(f"unknown message type {str(kind)[:20]!r}")

    def _gone(self, client: _Client) -> None:
        client.close()
        seats = self.clients.get(client.tid, {})
        if seats.get(client.seat) is not client:
            return  # replaced by a newer line for the same seat
        del seats[client.seat]
        table = self.tables[client.tid]
        if table is None:
            return
        if table.over:
            if not seats and self.told(client.tid):
                self.tables[client.tid] = None  # everyone has the end: forget it
                self.told_end.pop(client.tid, None)
            return
        table.drop(client.seat)
        log.info("table %d: seat %d dropped", client.tid, client.seat)
        grace = self.settings.seats.grace_seconds
        asyncio.get_running_loop().call_later(grace, self._grace_over, client.tid, client.seat)
        self.broadcast(client.tid)

    def _grace_over(self, tid: int, seat: int) -> None:
        table = self.tables[tid]
        bot = self.settings.seats.stand_in_bot
        if table is None or table.over or not bot or table.grace_left(seat) != 0:
            return
        if table.seats[seat].bot is not None:
            return
        self.broadcast(tid)  # the grace is over: every seat's list says so
        if not self.auto_stand_in:
            return  # the host chooses
        try:
            self.stand_in(tid, seat, bot)
        except Refused:
            return

    def close_tables(self, save: str | None = None) -> str:
        """The host closes its tables: every seat is told ("the host closed the table",
        with the save's name when it was saved), never "the line dropped", and the
        server stops. What they were told."""
        said = "the host closed the table" + (f" (saved as {save})" if save else "")
        self.closed = said
        for seats in self.clients.values():
            for client in seats.values():
                client.send(message("closed", reason=said, save=save))
        log.info("the host closed the tables")
        self.done.set()
        return said

    def offer(self, tid: int, seat: int, name: str) -> None:
        """The host gives ``seat`` (nobody at it) to a newcomer called ``name``; the
        seat's old code no longer takes it."""
        self.table(tid).offer(seat, name)
        log.info("table %d: seat %d kept for a newcomer", tid, seat)
        self.broadcast(tid)

    def keep_waiting_seats(self) -> None:
        """A resumed table's seats wait for their players from now: when the grace
        period is over, as for a dropped seat (a headless server's stand-in)."""
        loop = asyncio.get_running_loop()
        grace = self.settings.seats.grace_seconds
        for tid, table in enumerate(self.tables):
            for s in table.seats if table is not None else ():
                if s.held and not s.connected and s.dropped_at is not None:
                    loop.call_later(grace, self._grace_over, tid, s.index)

    def stand_in(self, tid: int, seat: int, bot: str) -> None:
        """Seat ``bot`` for the player of ``seat`` gone longer than the grace period (the
        host's choice, or the headless server's); the player takes it back by resuming.
        Refused in words while the seat is kept for its player."""
        table = self.table(tid)
        table.stand_in(seat, bot)
        log.info("table %d: a %s bot stands in for seat %d", tid, bot, seat)
        table.run_bots()
        self.broadcast(tid)

    def told(self, tid: int) -> bool:
        """Every remote seat of finished table ``tid`` said it has the end."""
        table = self.tables[tid]
        if table is None:
            return True
        people = {s.index for s in table.seats if s.held}
        return table.over and people <= self.told_end.get(tid, set())

    def everyone_told(self) -> bool:
        return all(self.told(tid) for tid, t in enumerate(self.tables) if t is not None and t.over)

    def broadcast(self, tid: int) -> None:
        """Every connected seat of table ``tid`` gets what is new for it."""
        table = self.tables[tid]
        if table is None:
            return
        for client in self.clients[tid].values():
            update = table.update_for(client.seat, client.sent)
            client.sent = update["n"]
            client.send(update)
        if self.on_broadcast is not None:
            self.on_broadcast(tid, self._entries(tid))
        if table.over and self.once:
            self.done.set()


async def _close_after(client: _Client) -> None:
    """Close a superseded line once its last message (``taken``) is out."""
    with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
        await asyncio.wait_for(asyncio.shield(client.writer), 5)
    with contextlib.suppress(ConnectionClosed):
        await client.ws.close(code=1000, reason="seat taken from another computer")


async def _say_and_close(ws: ServerConnection, msg: dict[str, Any]) -> None:
    try:
        await ws.send(encode(msg))
        await ws.close()
    except ConnectionClosed:
        pass


async def run_server(
    server: TableServer,
    host: str,
    port: int,
    *,
    ready: Callable[[int], None] | None = None,
) -> None:
    """Serve until ``server.done`` (forever unless ``once``); ``ready(port)`` once listening."""
    async with serve(
        server.handler,
        host,
        port,
        max_size=server.settings.limits.max_message_bytes,
        compression=None,
    ) as ws_server:
        sockets = list(ws_server.sockets)
        server.keep_waiting_seats()
        if ready is not None:
            ready(sockets[0].getsockname()[1] if sockets else port)
        await server.done.wait()
        # A --once server waits (at most the grace period) for every seat to have the
        # end: a client cut off just then comes back for it.
        loop = asyncio.get_running_loop()
        until = loop.time() + server.settings.seats.grace_seconds
        while loop.time() < until and not server.everyone_told():
            await asyncio.sleep(0.05)
        # the last updates out before closing
        for seats in server.clients.values():
            for client in list(seats.values()):
                client.close()
                await asyncio.wait([client.writer], timeout=5)
