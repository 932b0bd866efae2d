"""What one connection and one address may cost a table server (``resources/rules/net.toml``,
``[limits]``; docs/network.md, "Limits").

No socket here: a :class:`Rate` is a token bucket on a clock, an :class:`Outbox` the
bounded queue of what a connection has still to be sent, and :class:`Addresses` counts
the open connections and the joins of each address. The server asks them before doing
any work for a message.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field


class Rate:
    """At most ``per_second`` events a second on average, ``burst`` at once."""

    def __init__(
        self, per_second: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_second = per_second
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.at = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Outbox:
    """The texts a connection is still to be sent, in order, at most ``limit`` bytes of
    them: :meth:`put` says False (and keeps nothing more) when a reader has fallen that
    far behind; the server then drops the connection."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.overflowed = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()

    def put(self, text: str) -> bool:
        if self.overflowed:
            return False
        cost = len(text)
        if self.size + cost > self.limit:
            self.overflowed = True
            self._queue.put_nowait(None)  # the writer stops at once
            return False
        self.size += cost
        self._queue.put_nowait(text)
        return True

    def end(self) -> None:
        self._queue.put_nowait(None)

    async def get(self) -> str | None:
        text = await self._queue.get()
        if text is not None:
            self.size -= len(text)
        return text


@dataclass
class _Address:
    connections: int = 0
    joins: Rate | None = None
    seen: float = field(default=0.0)


class Addresses:
    """Open connections and joins (or resumes) per address. Forgets an address with no
    connection whose joins have refilled, so the book stays small."""

    def __init__(
        self,
        connections: int,
        joins_per_second: float,
        join_burst: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_connections = connections
        self.joins_per_second = joins_per_second
        self.join_burst = join_burst
        self.clock = clock
        self._book: dict[str, _Address] = {}

    def _get(self, address: str) -> _Address:
        entry = self._book.get(address)
        if entry is None:
            if len(self._book) > 4096:
                self._forget()
            entry = self._book[address] = _Address(
                joins=Rate(self.joins_per_second, self.join_burst, self.clock)
            )
        entry.seen = self.clock()
        return entry

    def _forget(self) -> None:
        full = self.join_burst / max(self.joins_per_second, 1e-9)
        now = self.clock()
        for address in [
            a for a, e in self._book.items() if e.connections == 0 and now - e.seen > full
        ]:
            del self._book[address]

    def open(self, address: str) -> bool:
        """A new connection from ``address``; False when it has its most already."""
        entry = self._get(address)
        if entry.connections >= self.max_connections:
            return False
        entry.connections += 1
        return True

    def close(self, address: str) -> None:
        entry = self._book.get(address)
        if entry is not None:
            entry.connections = max(0, entry.connections - 1)

    def join(self, address: str) -> bool:
        """A join or resume from ``address``; False when it comes too fast."""
        rate = self._get(address).joins
        assert rate is not None
        return rate.allow()

    def connections(self, address: str) -> int:
        entry = self._book.get(address)
        return entry.connections if entry is not None else 0
