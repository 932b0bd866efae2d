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

    def ready(self) -> bool:
        """Whether :meth:`allow` would say yes now (nothing taken)."""
        return self.tokens + (self.clock() - self.at) * self.per_second >= 1

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Outbox:
    """The texts a connection is still to be sent, in order, at most ``limit`` characters
    of them (about bytes: the JSON is mostly ASCII): :meth:`put` says False (and keeps nothing more) when a reader has fallen that
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
    told: float = field(default=float("-inf"))


class Addresses:
    """Open connections and new ones (joins, resumes) a second per address. Forgets an address with no
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

    def open(self, address: str) -> str | None:
        """A new line from ``address`` (every line counts as a join): why it may not
        open, or None."""
        entry = self._get(address)
        if entry.connections >= self.max_connections:
            return "too many lines open from this address: try again later"
        assert entry.joins is not None
        if not entry.joins.allow():
            return "too many joins from this address: wait a moment and try again"
        entry.connections += 1
        return None

    def penalize(self, address: str, seconds: float) -> None:
        """``address`` flooded a line: no new line from it for ``seconds``."""
        rate = self._get(address).joins
        assert rate is not None
        rate.allow()  # brought up to now
        rate.tokens = min(rate.tokens, 0.0) - seconds * rate.per_second

    def hopeless(self, address: str) -> bool:
        """A line from ``address`` would be refused, and it was told why within the last
        second: cut before its handshake (nothing is counted or taken)."""
        entry = self._book.get(address)
        if entry is None or entry.joins is None or self.clock() - entry.told >= 1.0:
            return False
        return entry.connections >= self.max_connections or not entry.joins.ready()

    def tell(self, address: str) -> bool:
        """Whether a refused line from ``address`` is told why (once a second: past
        that it is cut at once, which costs the server least)."""
        entry = self._get(address)
        if entry.seen - entry.told >= 1.0:
            entry.told = entry.seen
            return True
        return False

    def close(self, address: str) -> None:
        entry = self._book.get(address)
        if entry is not None:
            entry.connections = max(0, entry.connections - 1)

    def connections(self, address: str) -> int:
        entry = self._book.get(address)
        return entry.connections if entry is not None else 0
