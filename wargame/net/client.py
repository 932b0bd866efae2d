"""A bot client: ``wargame join HOST:PORT --bot NAME`` plays one seat to the end.

It joins, then answers every update through :class:`~wargame.net.player.BotPlayer`.
When the line drops it resumes with its seat's code and the number of log
entries it has (the table sends exactly the missing ones), trying again with a
growing pause for as long as ``give_up`` seconds allow.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from wargame.errors import BadInput, WargameError, shown
from wargame.net.player import BotPlayer
from wargame.net.protocol import ProtocolError, decode, encode, message

#: The largest message a client reads (a world or an update of a long log).
MAX_MESSAGE = 8 * 1024 * 1024


def address_uri(address: str) -> str:
    """``HOST:PORT`` (or a ``ws://`` / ``wss://`` address, e.g. behind a TLS proxy)
    as the address to connect to; BadInput naming what is wrong."""
    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        return text
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise BadInput(f"{shown(address)} is not an address: write HOST:PORT, e.g. 127.0.0.1:8765")
    if ":" in host:
        host = f"[{host}]"
    return f"ws://{host}:{port}"


class TableGone(WargameError):
    """The server could not be reached, or stayed away longer than allowed."""


class TableBusy(OSError):
    """The server's limits turned a join or resume down for now: tried again."""


class Killed(Exception):  # noqa: N818 - what happened to the client, not an error of the table
    """A client killed on purpose (the fault tests): its line aborted with no close,
    its state gone. ``code`` is what its player kept: (table, seat, token)."""

    def __init__(self, code: tuple[int, int, str], have: int) -> None:
        super().__init__(f"killed at seat {code[1]} after {have} entries")
        self.code = code
        self.have = have


#: Asked when a client has its action ready and not yet sent: True kills it there.
KillSwitch = Callable[[BotPlayer], bool]


async def play_remote(
    address: str,
    bot: str,
    *,
    name: str = "",
    give_up: float = 60.0,
    on_connect: Callable[[BotPlayer], None] | None = None,
    code: tuple[int, int, str] | None = None,
    kill: KillSwitch | None = None,
) -> dict[str, Any]:
    """Join the table at ``address`` with ``bot`` and play until the game ends; the
    game's entry as ``simulate`` writes it. ``code`` (table, seat, token): take that
    seat back instead, as a new process with nothing but the seat's code (it is sent
    every entry again). ``kill``: see :class:`Killed` (raised out of here)."""
    uri = address_uri(address)
    player: BotPlayer | None = None
    pause = 0.05
    last_contact = time.monotonic()
    #: When the line dropped: the patience counts from there, not from the last message.
    dropped_at: float | None = None
    while True:
        try:
            async with connect(
                uri, max_size=MAX_MESSAGE, compression=None, proxy=None, open_timeout=10
            ) as ws:
                player = await _hello(ws, player, bot, name, code)
                if on_connect is not None:
                    on_connect(player)
                pause = 0.05
                last_contact = time.monotonic()
                dropped_at = None
                result = await _play(ws, player, kill)
                if result is not None:
                    return result
                dropped_at = time.monotonic()
        except (OSError, ConnectionClosed, TimeoutError, InvalidHandshake) as exc:
            if player is not None and player.result is not None:
                if not isinstance(exc, ConnectionClosed):
                    return player.result  # the end is known and the table has closed
            # A first join that fails is told at once; a seat taken back with its code
            # (a new process after a crash) keeps trying, as a dropped seat does: its
            # first line may be cut as any other (the fault proxy found it).
            if player is not None and dropped_at is None:
                dropped_at = time.monotonic()
            if player is None:
                if code is None or time.monotonic() - last_contact > give_up:
                    raise TableGone(f"cannot reach a table at {address}: {why(exc)}") from None
            elif time.monotonic() - (dropped_at or time.monotonic()) > give_up:
                raise TableGone(
                    f"the table at {address} is gone (no answer for {give_up:.0f} s)"
                ) from None
        except InvalidURI:
            raise BadInput(f"{shown(address)} is not an address") from None
        except WargameError:
            if player is not None and player.result is not None:
                return player.result  # back for the end the table no longer keeps
            raise
        await asyncio.sleep(pause)
        pause = min(pause * 2, 2.0)


def why(exc: BaseException) -> str:
    """Why a line could not be opened, in words."""
    if isinstance(exc, ConnectionRefusedError):
        return "nobody is serving there (connection refused)"
    if isinstance(exc, TimeoutError):
        return "no answer in time"
    if isinstance(exc, socket.gaierror):
        return "no computer of that name"
    if isinstance(exc, InvalidHandshake):
        return "what answers there is not a table server"
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


async def _hello(
    ws: ClientConnection,
    player: BotPlayer | None,
    bot: str,
    name: str,
    code: tuple[int, int, str] | None = None,
) -> BotPlayer:
    if player is None and code is not None:  # a new process with the seat's code
        table, seat, token = code
        hello = message("resume", table=table, seat=seat, token=token, have=0, bot=bot)
        await ws.send(encode(hello))
    elif player is None:
        await ws.send(encode(message("join", bot=bot, name=name)))
    else:
        hello = message(
            "resume", table=player.table, seat=player.seat, token=player.token, have=player.have
        )
        await ws.send(encode(hello))
    welcome = decode(await asyncio.wait_for(ws.recv(), 30), limit=MAX_MESSAGE)
    if welcome["type"] == "error":
        if welcome.get("retry") is True:  # the server's limits: try again in a moment
            raise TableBusy(str(welcome.get("reason")))
        if welcome.get("option") == "bot":
            raise BadInput(f"--bot: {welcome.get('reason')}")
        raise WargameError(f"the table says: {welcome.get('reason')}")
    if welcome["type"] != "welcome":
        raise ProtocolError(f"the table answered {str(welcome['type'])[:20]!r}, not 'welcome'")
    return player if player is not None else BotPlayer(welcome)


async def _play(
    ws: ClientConnection, player: BotPlayer, kill: KillSwitch | None = None
) -> dict[str, Any] | None:
    """Answer updates until the game ends (its result) or the line drops (None)."""
    async for raw in ws:
        player.seen_at = time.monotonic()
        msg = decode(raw, limit=MAX_MESSAGE)
        if msg["type"] == "update":
            act = player.take(msg)
            if player.result is not None:
                # Say so, and wait for the table to have heard it (else resume, say again).
                await ws.send(encode(message("bye")))
                async for raw_ack in ws:
                    if decode(raw_ack, limit=MAX_MESSAGE)["type"] == "bye":
                        return player.result
                return None
            if act is not None and kill is not None and kill(player):
                ws.transport.abort()  # dies with its turn in hand: no action, no close
                raise Killed((player.table, player.seat, player.token), player.have)
            if act is not None:
                await ws.send(encode(act))
        elif msg["type"] == "refused":
            reason = str(msg.get("reason"))
            if not reason.startswith("stale"):  # a resend overtaken by the table: harmless
                raise WargameError(f"the table refused this bot's action: {reason}")
        elif msg["type"] in ("error", "taken", "closed"):  # taken: on another line now
            raise WargameError(f"the table says: {msg.get('reason')}")
    return None


async def join_in_seat_order(
    address: str,
    bots: list[str],
    *,
    give_up: float = 60.0,
    kills: dict[int, KillSwitch] | None = None,
) -> list[asyncio.Task[dict[str, Any]]]:
    """One client per bot, each started once the one before has its seat (so the bots
    sit in the order given); the tasks, each ending with the game's entry (``kills``:
    the seats whose client is killed mid-turn, see :class:`Killed`)."""
    clients = []
    for seat, bot in enumerate(bots):
        seated = asyncio.Event()
        clients.append(
            asyncio.ensure_future(
                play_remote(
                    address,
                    bot,
                    give_up=give_up,
                    on_connect=lambda _p, e=seated: e.set(),
                    kill=(kills or {}).get(seat),
                )
            )
        )
        await asyncio.wait_for(seated.wait(), 60)
    return clients
