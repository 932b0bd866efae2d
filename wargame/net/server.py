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

Every line and address is bounded (``[limits]`` of net.toml, :mod:`wargame.net.limits`):
what waits to be sent to a line, its messages, chats and refusals a second, the lines
and joins of an address, how often a seat comes back, the tables open. The server's
bots think off the event loop (:mod:`wargame.net.botrun`); finished and abandoned
tables are forgotten. A game begins only when every held seat is here; a seat whose
line drops before that is given up after net.toml's ``pre_start_grace_seconds`` (a
saved table's seats and the host's own never are), and one address holds at most
``seats_per_address_before_start`` seats at tables not yet begun, so join-and-leave
lines neither seat a newcomer with absent players nor fill the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from wargame.net.botrun import BotRunner
from wargame.net.http import process_request
from wargame.net.limits import Addresses, Holdings, Outbox, Rate
from wargame.net.protocol import (
    Busy,
    ProtocolError,
    Refused,
    UnknownBot,
    decode,
    encode,
    field,
    message,
)
from wargame.net.rules import NetSettings, net_settings
from wargame.net.seeds import table_seed
from wargame.net.table import FULL, Table

log = logging.getLogger(__name__)

#: What a line is told when its seat is taken back on another.
TAKEN = "your seat was taken from another computer"

#: How long a new connection has to say who it is.
HELLO_SECONDS = 10.0
#: How long a line closed for flooding has to answer the close before it is cut.
CLOSE_SECONDS = 1.0


class _Client:
    """One connection: its seat and its ordered outbox, bounded: a reader that falls
    ``backlog`` bytes behind is cut (it resumes with its code)."""

    def __init__(
        self, ws: ServerConnection, tid: int, seat: int, backlog: int, web: bool = False
    ) -> None:
        self.ws = ws
        self.tid = tid
        self.seat = seat
        #: A browser's seat (the phone page): never sent a world.
        self.web = web
        #: Its seat was taken back on another line: nothing it sends counts.
        self.superseded = False
        #: Log entries this client has been sent.
        self.sent = 0
        self.outbox = Outbox(backlog)
        self.writer = asyncio.ensure_future(self._write())

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                if self.outbox.overflowed:
                    log.info("table %d: seat %d cut: it reads too slowly", self.tid, self.seat)
                    self.ws.transport.abort()
                return
            try:
                await self.ws.send(text)
            except ConnectionClosed:
                return

    def send(self, msg: dict[str, Any]) -> None:
        self.outbox.put(encode(msg))

    def close(self) -> None:
        self.outbox.end()


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
        self.once = once
        self.settings = settings or net_settings()
        limits = self.settings.limits
        self.addresses = Addresses(
            limits.connections_per_address, limits.joins_per_second, limits.join_burst
        )
        #: Lines open now, in all.
        self.connections = 0
        #: When each table last had nobody connected (for ``abandoned_seconds``).
        self.empty_since: dict[int, float] = {}
        #: Who joined each seat of a game not yet begun (``seats_per_address_before_start``).
        self.holdings = Holdings(limits.seats_per_address_before_start)
        #: Per table and seat, how often it may come back.
        self.resume_rates: dict[int, dict[int, Rate]] = {}
        self.bots = dict(bots or {})
        self.runner = BotRunner(self)
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
        open_now = sum(t is not None for t in self.tables)
        if open_now >= self.settings.limits.max_tables:
            raise Busy(
                f"this server has its most tables ({open_now}) open: try again when one ends"
            )
        tid = len(self.tables)
        seed = table_seed(self.seed, tid) if self.seed is not None else None
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
        # table 0's seed is S's own (simulate's): told, it would foretell the next tables
        table.seed_shown = self.once or self.seed is None or tid > 0
        self.tables.append(table)
        self.clients[tid] = {}
        self.runner.kick(tid)  # a table of bots alone plays at once
        return tid

    def forget(self, tid: int) -> None:
        """Table ``tid`` is done with: its memory goes."""
        self.tables[tid] = None
        self.told_end.pop(tid, None)
        self.empty_since.pop(tid, None)
        self.resume_rates.pop(tid, None)
        self.holdings.forget(tid)
        for client in self.clients.pop(tid, {}).values():
            client.close()
        self.clients[tid] = {}
        log.info("table %d: forgotten", tid)

    def sweep(self, now: float) -> None:
        """Forget a finished table nobody is at, and a game nobody has been at for
        ``abandoned_seconds`` (every remote seat gone)."""
        grace = self.settings.seats.grace_seconds
        for tid, table in enumerate(self.tables):
            if table is None or self.clients.get(tid) or self.saved is not None and tid == 0:
                self.empty_since.pop(tid, None)
                continue
            if not any(s.token is not None for s in table.seats):
                continue  # a table of the server's bots, or not joined yet
            since = self.empty_since.setdefault(tid, now)
            if table.over and (self.told(tid) or now - since >= grace):
                self.forget(tid)
            elif now - since >= self.settings.limits.abandoned_seconds:
                self.forget(tid)

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
        limits = self.settings.limits
        address = _address(ws)
        why = "too many lines open: try again later"
        if self.connections < limits.max_connections:
            why = self.addresses.open(address) or ""
        if why:
            if self.addresses.tell(address):
                await _say_and_close(ws, message("error", reason=why, retry=True))
            else:
                ws.transport.abort()
            return
        self.connections += 1
        client: _Client | None = None
        try:
            hello = decode(
                await asyncio.wait_for(ws.recv(), HELLO_SECONDS),
                limit=limits.max_message_bytes,
                client=True,
            )
            client = self._greet(ws, hello)
            self.broadcast(client.tid)
            await self._serve_line(client)
        except (ProtocolError, Refused) as exc:
            said = message("error", reason=str(exc))
            if isinstance(exc, UnknownBot):
                said["option"] = "bot"
            if isinstance(exc, Busy):
                said["retry"] = True
            await _say_and_close(ws, said)
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            self.connections -= 1
            self.addresses.close(address)
            if client is not None:
                self._gone(client)

    async def _serve_line(self, client: _Client) -> None:
        """A seated line's messages, each refused in words when it cannot be done; a line
        past its rate of messages or refusals is closed (1008, with the reason)."""
        limits = self.settings.limits
        messages = Rate(limits.messages_per_second, limits.message_burst)
        refusals = Rate(limits.refusals_per_second, limits.refusal_burst)
        chats = Rate(limits.chats_per_second, limits.chat_burst)
        async for raw in client.ws:
            why = "" if messages.allow() else "too many messages a second"
            try:
                if why:
                    raise Refused(why)
                msg = decode(raw, limit=limits.max_message_bytes, client=True)
                if msg["type"] == "chat" and not chats.allow():
                    raise Refused(
                        f"too many chat lines: at most {limits.chats_per_second:g} a second"
                    )
                self._handle(client, msg)
            except (ProtocolError, Refused) as exc:
                if not refusals.allow():
                    why = why or "too many refused messages"
                if why:
                    log.info("table %d: seat %d closed: %s", client.tid, client.seat, why)
                    address = _address(client.ws)
                    self.addresses.penalize(address, limits.flood_penalty_seconds)
                    # Nothing more is read from it: a flood behind the close frame is
                    # not parsed, and a peer that does not answer is cut after a second.
                    client.close()  # what it was told goes out first
                    await asyncio.wait([client.writer], timeout=CLOSE_SECONDS)
                    client.ws.close_timeout = CLOSE_SECONDS
                    await client.ws.close(1008, why)
                    return
                client.send(message("refused", reason=str(exc), n=self._entries(client.tid)))

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
            address = _address(ws)
            self._check_holdings(address)
            tid = self._table_to_join(name)
            table = self.table(tid)
            taken = table.take_seat(name, bot, wanted)
            seat = taken.index
            if not table.started:
                self.holdings.add(tid, seat, address, taken.code_hash)
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
            rate = self._resume_rate(tid, seat, table.players)
            if rate is not None and not rate.ready():  # asked before the seat moves
                raise Busy(f"seat {seat + 1} comes back too often: wait a moment")
            table.resume(seat, field(hello, "token", str))
            if rate is not None:
                rate.allow()  # only a right code counts: a wrong one cannot lock a seat out
            if "bot" in hello:  # who takes it back: a bot client (join --code) or a person
                table.seats[seat].client_bot = bot
            self.resumes += 1
        else:
            raise ProtocolError("the first message must be 'join' or 'resume'")
        old = self.clients[tid].pop(seat, None)
        if old is not None:  # the same seat from a new line: the old one goes
            self._take_over(old, table)
        client = _Client(
            ws, tid, seat, self.settings.limits.max_backlog_bytes, web=hello.get("web") is True
        )
        table.seats[seat].web = client.web
        client.sent = have
        self.clients[tid][seat] = client
        client.send(table.welcome_for(seat, tid))
        log.info("table %d: seat %d %s", tid, seat, "joined" if kind == "join" else "is back")
        self.empty_since.pop(tid, None)
        self.runner.kick(tid)
        return client

    def _still_held(self, tid: int, seat: int, code: str | None) -> bool:
        """Seat ``seat`` of table ``tid`` is held before its game began with ``code``."""
        table = self.tables[tid] if tid < len(self.tables) else None
        return table is not None and not table.started and table.seats[seat].code_hash == code

    def _check_holdings(self, address: str) -> None:
        if self.holdings.full(address, self._still_held):
            raise Refused(
                f"this computer already holds {self.holdings.most} seats at games that have "
                "not begun (the most one address may): play or leave those first"
            )

    def _resume_rate(self, tid: int, seat: int, players: int) -> Rate | None:
        """How often a seat may come back (a rejoin loop sends every other seat its
        news each time); None for a seat the table does not have."""
        if not 0 <= seat < players:
            return None
        rates = self.resume_rates.setdefault(tid, {})
        if seat not in rates:
            limits = self.settings.limits
            rates[seat] = Rate(limits.resumes_per_second, limits.resume_burst)
        return rates[seat]

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
            if self.runner.busy(client.tid):
                raise Refused(f"stale: the log has moved on from {field(msg, 'n', int)} entries")
            table.act(client.seat, field(msg, "n", int), field(msg, "action", str))
            self.broadcast(client.tid)
            self.runner.kick(client.tid)
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
                self.forget(client.tid)  # everyone has the end
            return
        began = table.started  # (read before the drop: the game may begin only now)
        table.drop(client.seat)
        log.info("table %d: seat %d dropped", client.tid, client.seat)
        loop = asyncio.get_running_loop()
        grace = self.settings.seats.grace_seconds
        loop.call_later(grace, self._grace_over, client.tid, client.seat)
        if not began and table.may_give_up(client.seat):
            loop.call_later(
                self.settings.seats.pre_start_grace_seconds,
                self._pre_start_over,
                client.tid,
                client.seat,
                table.seats[client.seat].dropped_at,
            )
        self.broadcast(client.tid)

    def _pre_start_over(self, tid: int, seat: int, dropped_at: float | None) -> None:
        """The pre-start grace of a seat dropped at ``dropped_at`` is over: given up
        unless its player came back (or dropped again since: that drop's timer counts)."""
        table = self.tables[tid]
        if table is None or table.seats[seat].dropped_at != dropped_at:
            return
        self.give_up(tid, seat)

    def give_up(self, tid: int, seat: int) -> bool:
        """Give up ``seat`` of table ``tid`` dropped before its game began (see
        :meth:`Table.give_up`): whether it was."""
        table = self.table(tid)
        if not table.may_give_up(seat):
            return False
        table.give_up(seat)
        self.holdings.forget(tid, seat)
        log.info("table %d: seat %d given up before the start", tid, seat)
        self.broadcast(tid)
        return True

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
        self.broadcast(tid)
        self.runner.kick(tid)

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
        """Every connected seat of table ``tid`` gets what is new for it (once a bot
        thinking on another thread has moved)."""
        table = self.tables[tid]
        if table is None or self.runner.busy(tid):
            return
        for client in self.clients[tid].values():
            update = table.update_for(client.seat, client.sent, web=client.web)
            client.sent = update["n"]
            client.send(update)
        if self.on_broadcast is not None:
            self.on_broadcast(tid, self._entries(tid))
        if table.over and self.once:
            self.done.set()


class _Guarded(ServerConnection):
    """A line cut before its handshake when its address is over its limits and has
    been told so (a flood of lines then costs the server next to nothing)."""

    addresses: Addresses

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        if peer and self.addresses.hopeless(str(peer[0])):
            transport.abort()


def _address(ws: Any) -> str:  # noqa: ANN401 - a websocket, or a test's stand-in
    return str((getattr(ws, "remote_address", None) or ("?",))[0])


async def _sweep(server: TableServer, every: float = 1.0) -> None:
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        server.sweep(loop.time())


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
        create_connection=type("Guarded", (_Guarded,), {"addresses": server.addresses}),
        process_request=process_request,  # GET /: the seat page for phones (net/web)
    ) as ws_server:
        sockets = list(ws_server.sockets)
        server.keep_waiting_seats()
        if ready is not None:
            ready(sockets[0].getsockname()[1] if sockets else port)
        sweeper = asyncio.ensure_future(_sweep(server))
        try:
            await server.done.wait()
        finally:
            sweeper.cancel()
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
