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
from wargame.net.client import MAX_MESSAGE, address_uri
from wargame.net.protocol import ProtocolError, decode, encode, message

#: How long the window keeps trying to get back to a table that went away.
GIVE_UP_SECONDS = 120.0


def seat_code(table: int, seat: int, token: str) -> str:
    """What a player keeps to take the seat back from another computer."""
    return f"{table}.{seat}.{token}"


def parse_code(code: str) -> tuple[int, int, str]:
    parts = code.strip().split(".")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit() or not parts[2]:
        raise ValueError("a seat code looks like 0.2.Xy7..., as its table window shows it")
    return int(parts[0]), int(parts[1]), parts[2]


class NetSeat(QObject):
    welcomed = Signal(object)  # a message (a dict: Signal(dict) would squeeze big ints)
    updated = Signal(object)  # a message (a dict: Signal(dict) would squeeze big ints)
    chatted = Signal(object)  # a message (a dict: Signal(dict) would squeeze big ints)
    #: A sentence for the window's status line (a refusal, the line dropped, back).
    said = Signal(str)
    #: The seat is lost for good (the table refused it or is gone).
    failed = Signal(str)

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

    @property
    def code(self) -> str:
        if self.resume is None:
            return ""
        return seat_code(*self.resume)

    def start(self) -> None:
        self._task = spawn(self._run())

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
        last_contact = loop.time()
        pause = 0.2
        while True:
            try:
                async with connect(
                    self.uri, max_size=MAX_MESSAGE, compression=None, proxy=None
                ) as ws:
                    await self._hello(ws)
                    self._ws = ws
                    pause = 0.2
                    async for raw in ws:
                        last_contact = loop.time()
                        self._read(decode(raw, limit=MAX_MESSAGE))
            except (OSError, ConnectionClosed, TimeoutError, InvalidHandshake) as exc:
                self._ws = None
                if self.resume is None:
                    self.failed.emit(f"cannot reach a table at {self.address}: {exc}")
                    return
                if self.last is not None and self.last.get("over"):
                    return
                if loop.time() - last_contact > GIVE_UP_SECONDS:
                    self.failed.emit(f"the table at {self.address} is gone")
                    return
                self.said.emit("the line dropped: getting back to the table...")
            except (ProtocolError, InvalidURI, ValueError) as exc:
                self.failed.emit(str(exc))
                return
            self._ws = None
            await asyncio.sleep(pause)
            pause = min(pause * 2, 3.0)

    async def _hello(self, ws: ClientConnection) -> None:
        if self.resume is None:
            hello = message("join", name=self.name, bot=None, seat=self.wanted)
        else:
            table, seat, token = self.resume
            hello = message("resume", table=table, seat=seat, token=token, have=self.have)
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
