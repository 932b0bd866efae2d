"""Finding tables on the LAN with zeroconf (mDNS / DNS-SD): a host advertises its
table server as a ``_wargame._tcp`` service; Join lists what it hears."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from dataclasses import dataclass

from zeroconf import ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from wargame.net.addresses import route_address

SERVICE = "_wargame._tcp.local."


@dataclass(frozen=True)
class FoundTable:
    name: str
    host: str
    port: int
    game: str

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


def _local_address() -> str:
    return route_address()


class Advertisement:
    """A table server announced on the LAN until :meth:`close`."""

    def __init__(self, name: str, port: int, game: str) -> None:
        self.info = AsyncServiceInfo(
            SERVICE,
            f"{name}.{SERVICE}",
            addresses=[socket.inet_aton(_local_address())],
            port=port,
            properties={"game": game},
        )
        self.zc: AsyncZeroconf | None = None

    async def start(self) -> None:
        self.zc = AsyncZeroconf()
        await self.zc.async_register_service(self.info, allow_name_change=True)

    async def close(self) -> None:
        if self.zc is not None:
            await self.zc.async_unregister_service(self.info)
            await self.zc.async_close()
            self.zc = None


async def browse(seconds: float = 1.5) -> list[FoundTable]:
    """The tables announced on the LAN within ``seconds``."""
    zc = AsyncZeroconf()
    names: set[str] = set()

    def heard(zeroconf: object, service_type: str, name: str, state_change: object) -> None:
        if state_change is ServiceStateChange.Added:
            names.add(name)

    browser = AsyncServiceBrowser(zc.zeroconf, [SERVICE], handlers=[heard])
    try:
        await asyncio.sleep(seconds)
        found = []
        for name in sorted(names):
            info = AsyncServiceInfo(SERVICE, name)
            if not await info.async_request(zc.zeroconf, 1000):
                continue
            addresses = info.parsed_addresses()
            if not addresses or info.port is None:
                continue
            game = (info.properties or {}).get(b"game", b"") or b""
            found.append(
                FoundTable(name.removesuffix("." + SERVICE), addresses[0], info.port, game.decode())
            )
        return found
    finally:
        await browser.async_cancel()
        await zc.async_close()


class Listener:
    """Keeps listening for tables on the LAN (the Join tab, while it is open): calls
    ``changed`` with every table heard so far each time one comes or goes; a table
    announced while it listens shows within a second or two."""

    def __init__(self, changed: Callable[[list[FoundTable]], None]) -> None:
        self.changed = changed
        self.found: dict[str, FoundTable] = {}
        self.zc: AsyncZeroconf | None = None
        self.browser: AsyncServiceBrowser | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.zc = AsyncZeroconf()
        self.browser = AsyncServiceBrowser(self.zc.zeroconf, [SERVICE], handlers=[self._heard])

    def _heard(self, zeroconf: object, service_type: str, name: str, state_change: object) -> None:
        if state_change is ServiceStateChange.Removed:
            if self.found.pop(name, None) is not None:
                self.changed(sorted(self.found.values(), key=lambda t: t.name))
            return
        task = asyncio.ensure_future(self._resolve(name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, name: str) -> None:
        if self.zc is None:
            return
        info = AsyncServiceInfo(SERVICE, name)
        if not await info.async_request(self.zc.zeroconf, 1500):
            return
        addresses = info.parsed_addresses()
        if not addresses or info.port is None:
            return
        game = (info.properties or {}).get(b"game", b"") or b""
        self.found[name] = FoundTable(
            name.removesuffix("." + SERVICE), addresses[0], info.port, game.decode()
        )
        self.changed(sorted(self.found.values(), key=lambda t: t.name))

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self.browser is not None:
            await self.browser.async_cancel()
            self.browser = None
        if self.zc is not None:
            await self.zc.async_close()
            self.zc = None
