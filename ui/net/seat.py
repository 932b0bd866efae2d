"""One seat played at this screen across computers: a websockets client running in
Qt's event loop, as signals the table window listens to. It comes back by itself
with its seat's code when the line drops."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from PySide6.QtCore import QObject, Signal
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ui.net.loop import spawn
from wargame.net.client import MAX_MESSAGE, address_uri, why
from wargame.net.myseats import parse_code, seat_code
from wargame.net.protocol import ProtocolError, decode, encode, message
from wargame.net.rules import net_settings

#: How long the window keeps trying to get back to a table that went away, counted
#: from the moment the line dropped (a table keeps the seat for its code: the host may
#: take minutes to come back): net.toml's ``come_back_seconds``.
GIVE_UP_SECONDS = net_settings().seats.come_back_seconds

__all__ = ["GIVE_UP_SECONDS", "NetSeat", "SeatTaken", "parse_code", "seat_code"]


class SeatTaken(Exception):  # noqa: N818 - what happened, said to the player
    """This seat's code was used on another line, or the host closed the table: this
    window is no longer at the table and does not try to come back."""


class NetSeat(QObject):
    welcomed = Signal(object)  # a message (a dict: Signal(dict) would squeeze big ints)
    updated = Signal(object)  # a message (a dict: Signal(dict) would squeeze big ints)
    chatted = Signal(object)  # a message (a dict: Signal(dict) would squeeze big ints)
    #: A sentence for the window's status line (a refusal, the line dropped, back).
    said = Signal(str)
    #: The seat is lost for good (the table refused it or is gone).
    failed = Signal(str)
    #: A line for the whole table (a seat taken back from another computer).
    noticed = Signal(str)

    def __init__(
        self,
        address: str,
        *,
        name: str = "",
        seat: int | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__()
        self.address = address
        self.uri = address_uri(address)
        self.name = name
        self.wanted = seat
        self.resume = parse_code(code) if code else None
        self.welcome: dict[str, Any] | None = None
        self.last: dict[str, Any] | None = None
        self.have = 0
        self._ws: ClientConnection | None = None
        self._task: asyncio.Task[object] | None = None
        self._wake: asyncio.Event | None = None
        #: When the line dropped (the loop's clock; None: connected, or never was).
        self.dropped_at: float | None = None

    @property
    def code(self) -> str:
        if self.resume is None:
            return ""
        return seat_code(*self.resume)

    def start(self) -> None:
        self._task = spawn(self._run())

    def try_now(self) -> None:
        """Try to get back to the table at once (Try now), not after the pause."""
        if self._wake is not None:
            self._wake.set()

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def act(self, text: str) -> None:
        self._send(message("act", n=self.have, action=text))

    def say(self, text: str) -> None:
        self._send(message("chat", text=text))

    def _send(self, msg: dict[str, Any]) -> None:
        ws = self._ws
        if ws is None:
            self.said.emit("not connected: trying to get back to the table")
            return

        async def send() -> None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode(msg))

        spawn(send())

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        pause = 0.2
        while True:
            try:
                async with connect(
                    self.uri, max_size=MAX_MESSAGE, compression=None, proxy=None
                ) as ws:
                    await self._hello(ws)
                    self._ws = ws
                    self.dropped_at = None
                    pause = 0.2
                    async for raw in ws:
                        self._read(decode(raw, limit=MAX_MESSAGE))
            except (OSError, ConnectionClosed, TimeoutError, InvalidHandshake) as exc:
                self._ws = None
                if self.resume is None:
                    self.failed.emit(f"cannot reach a table at {self.address}: {why(exc)}")
                    return
                if self.last is not None and self.last.get("over"):
                    return
                if self.dropped_at is None:  # the patience counts from the drop
                    self.dropped_at = loop.time()
                if loop.time() - self.dropped_at > GIVE_UP_SECONDS:
                    self.failed.emit(
                        f"the table at {self.address} is gone (no answer for "
                        f"{GIVE_UP_SECONDS / 60:.0f} minutes): take the seat back from "
                        "Your seats when it is hosted again"
                    )
                    return
            except (ProtocolError, InvalidURI, ValueError, SeatTaken) as exc:
                self._ws = None
                self.failed.emit(str(exc))
                return
            self._ws = None
            await self._pause(pause)
            pause = min(pause * 2, 5.0)

    async def _pause(self, seconds: float) -> None:
        """Wait ``seconds`` before trying again (or until Try now), saying each second
        how long the seat is still worth trying for."""
        assert self._wake is not None
        loop = asyncio.get_running_loop()
        self._wake.clear()
        end = loop.time() + seconds
        while loop.time() < end and not self._wake.is_set():
            if self.dropped_at is not None:
                left = max(0.0, GIVE_UP_SECONDS - (loop.time() - self.dropped_at))
                self.said.emit(
                    f"the line dropped: getting back to the table (trying for "
                    f"{left // 60:.0f}:{left % 60:02.0f} more)..."
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), min(1.0, end - loop.time()))

    async def _hello(self, ws: ClientConnection) -> None:
        if self.resume is None:
            hello = message("join", name=self.name, bot=None, seat=self.wanted)
        else:
            table, seat, token = self.resume
            hello = message("resume", table=table, seat=seat, token=token, have=self.have, bot=None)
        await ws.send(encode(hello))
        welcome = decode(await asyncio.wait_for(ws.recv(), 30), limit=MAX_MESSAGE)
        if welcome["type"] == "error":
            if welcome.get("retry") is True and self.resume is not None:
                raise OSError(f"the table says: {welcome.get('reason')}")  # tried again
            raise ValueError(f"the table says: {welcome.get('reason')}")
        if welcome["type"] != "welcome":
            raise ProtocolError("the table did not welcome this seat")
        self.resume = (int(welcome["table"]), int(welcome["seat"]), str(welcome["token"]))
        self.welcome = welcome
        self.welcomed.emit(welcome)

    def _read(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "update":
            self.have = int(msg["n"])
            self.last = msg
            self.updated.emit(msg)
            if msg.get("over"):
                self._send(message("bye"))  # the table may close once everyone has the end
        elif kind == "chat":
            self.chatted.emit(msg)
        elif kind == "refused":
            self.said.emit(f"refused: {msg.get('reason')}")
        elif kind == "notice":
            self.noticed.emit(str(msg.get("text", "")))
        elif kind == "closed":  # the host closed the table: nothing to come back to
            raise SeatTaken(str(msg.get("reason") or "the host closed the table"))
        elif kind == "taken":  # the seat is played on another line now: never come back
            raise SeatTaken(str(msg.get("reason") or "your seat was taken from another computer"))
