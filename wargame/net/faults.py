"""A small fault-injecting TCP proxy, for the network tests and benchmark only.

It sits between clients and a table server on 127.0.0.1 and passes the bytes on,
holding some chunks back for a while (``delay_chance`` of them, up to
``max_delay`` seconds; a line keeps its order) and cutting lines (both ends
closed) every ``cut_every`` seconds or so. Its randomness comes from the dice
service, seeded, so a run can be repeated.
"""

from __future__ import annotations

import asyncio
import contextlib

from wargame.core.dice import DiceService


class FaultProxy:
    def __init__(
        self,
        target_port: int,
        *,
        seed: int = 0,
        cut_every: float | None = None,
        delay_chance: float = 0.0,
        max_delay: float = 0.0,
        host: str = "127.0.0.1",
    ) -> None:
        self.host = host
        self.target_port = target_port
        self.dice = DiceService.seeded(seed)
        self.cut_every = cut_every
        self.delay_chance = delay_chance
        self.max_delay = max_delay
        self.cuts = 0
        self.delays = 0
        self.connections = 0
        self._lines: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self._server: asyncio.Server | None = None
        self._cutter: asyncio.Task[None] | None = None

    async def start(self) -> int:
        """Listen on a free port of ``host``; that port."""
        self._server = await asyncio.start_server(self._line, self.host, 0)
        return int(self._server.sockets[0].getsockname()[1])

    def arm(self) -> None:
        """Start cutting lines (after the players have their seats: a join cut before
        its answer leaves a seat nobody holds the code of)."""
        if self.cut_every and self._cutter is None:
            self._cutter = asyncio.ensure_future(self._cut_now_and_then())

    async def close(self) -> None:
        if self._cutter is not None:
            self._cutter.cancel()
        for a, b in self._lines:
            a.close()
            b.close()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    def _chance(self, p: float) -> bool:
        return p > 0 and self.dice.randint(0, 9999, "proxy") < p * 10_000

    async def _line(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(self.host, self.target_port)
        except OSError:
            writer.close()
            return
        self.connections += 1
        pair = (writer, up_writer)
        self._lines.append(pair)
        try:
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        except asyncio.CancelledError:
            pass  # the proxy closes
        finally:
            writer.close()
            up_writer.close()
            if pair in self._lines:
                self._lines.remove(pair)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                if self._chance(self.delay_chance):
                    self.delays += 1
                    await asyncio.sleep(self.dice.randint(0, 1000) / 1000 * self.max_delay)
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def _cut_now_and_then(self) -> None:
        assert self.cut_every
        while True:
            await asyncio.sleep(self.cut_every * self.dice.randint(50, 150) / 100)
            if self._lines:
                a, b = self._lines.pop(self.dice.randint(0, len(self._lines) - 1))
                self.cuts += 1
                a.close()
                b.close()
