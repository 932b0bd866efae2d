"""Finding tables on the LAN with zeroconf (mDNS / DNS-SD): a host advertises its
table server as a ``_wargame._tcp`` service; Join lists what it hears."""

from __future__ import annotations

import asyncio
import socket
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
