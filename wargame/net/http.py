"""The seat page for phones, served on the table's own port (``GET /`` and its files).

The websockets server hands every request that is not a websocket upgrade to
:func:`process_request`: a ``GET`` of one of the page's files (package data in
``wargame/net/web/``, read once) is answered with it and a strict
Content-Security-Policy (scripts, styles and the websocket of this same host only,
no inline code, no other host, no frames); anything else is a 404 or a 405 in
words. A websocket upgrade goes on to the table (``None``)."""

from __future__ import annotations

import re
from functools import cache
from http import HTTPStatus
from importlib import resources

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

#: The page's files: name -> content type. Nothing else is served.
FILES = {
    "index.html": "text/html; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "render.js": "text/javascript; charset=utf-8",
    "link.js": "text/javascript; charset=utf-8",
    "icon.svg": "image/svg+xml",
}

#: What the page may load or reach: this host only, no inline script or style.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self' {ws}; manifest-src 'none'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)

_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$")


@cache
def page_file(name: str) -> bytes:
    """One of the page's files, as shipped (package data)."""
    return resources.files("wargame.net.web").joinpath(name).read_bytes()


def page_weight() -> int:
    """Every byte a phone downloads for the page (its files, once)."""
    return sum(len(page_file(name)) for name in FILES)


def csp_for(host: str | None) -> str:
    """The policy, naming this host's websocket (a Host header that is not a plain
    host[:port] is left out: 'self' still covers the page's own host)."""
    ws = f"ws://{host} wss://{host}" if host and _HOST.match(host) else ""
    return CSP.format(ws=ws).replace("  ", " ")


def _headers(host: str | None, kind: str, length: int) -> Headers:
    return Headers(
        [
            ("Content-Type", kind),
            ("Content-Length", str(length)),
            ("Content-Security-Policy", csp_for(host)),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
            ("Cache-Control", "no-cache"),
            ("Connection", "close"),
        ]
    )


def respond(path: str, host: str | None) -> Response:
    """The answer to ``GET path`` (the query and fragment are the page's own)."""
    name = path.split("?", 1)[0].split("#", 1)[0].lstrip("/") or "index.html"
    if name not in FILES:
        body = f"There is no {name[:60]!r} here: open / for the seat page.\n".encode()
        status = HTTPStatus.NOT_FOUND
        return Response(
            status.value,
            status.phrase,
            _headers(host, "text/plain; charset=utf-8", len(body)),
            body,
        )
    body = page_file(name)
    return Response(200, "OK", _headers(host, FILES[name], len(body)), body)


def is_upgrade(request: Request) -> bool:
    return "websocket" in request.headers.get("Upgrade", "").lower()


def process_request(connection: ServerConnection, request: Request) -> Response | None:
    """The websockets server's ``process_request``: the page for a plain GET, the
    table for an upgrade."""
    if is_upgrade(request):
        return None
    return respond(request.path, request.headers.get("Host"))


def seat_link(host: str, port: int, seat: int) -> str:
    """The link a phone opens to take ``seat`` (0-based) of the table at host:port."""
    return f"http://{host}:{port}/?seat={seat + 1}"
