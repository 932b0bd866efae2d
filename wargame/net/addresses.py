"""This computer's addresses as players on the LAN reach it (the host's window shows
them, with the port, so nobody has to look them up)."""

from __future__ import annotations

import socket


def route_address() -> str:
    """The address a route to the outside would use (nothing is sent); 127.0.0.1 when
    there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses others on the LAN may reach, the likeliest first
    (never empty: 127.0.0.1 at least, for players on this computer)."""
    found = [route_address()]
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if address not in found:
            found.append(address)
    outside = [a for a in found if not a.startswith("127.")]
    return outside or ["127.0.0.1"]
