"""Who holds each seat of a table across computers, as the table's save keeps it.

A seat's code is a random token the player keeps (``secrets``, 128 bits). The table
keeps only a salted hash of it (SHA-256 over a per-seat salt and the token: the token
is random, so a slow hash adds nothing), so a save names each seat's player and can
check their code without holding it. The records go in the save's header under
``"net"`` (authenticated with the rest of the head: an altered record is refused with
the save), with the table's last chat lines, so hosting the save again gives every
seat back to its own player (issue 37, "Seats that hold").
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wargame.errors import BadInput

#: The header key of a table's seats and chat.
NET_KEY = "net"
#: How many chat lines a save keeps at most (net.toml's ``chat_kept`` says how many).
CHAT_KEPT = 500


def new_code() -> str:
    """A fresh seat code (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def new_salt() -> str:
    return secrets.token_hex(8)


def code_hash(token: str, salt: str) -> str:
    """The salted hash a table keeps of a seat's code."""
    return hashlib.sha256(f"{salt}:{token}".encode("utf-8", "surrogatepass")).hexdigest()


def code_matches(token: str, salt: str, digest: str | None) -> bool:
    """``token`` is the code whose hash is ``digest`` (compared in constant time)."""
    if digest is None or not isinstance(token, str):
        return False
    return secrets.compare_digest(code_hash(token, salt), digest)


@dataclass
class SeatRecord:
    """One seat as a save keeps it."""

    name: str = ""
    #: The salted hash of the player's code (None: nobody holds the seat).
    code: str | None = None
    salt: str = ""
    #: The bot a client plays the seat with (None: a person).
    client_bot: str | None = None
    #: A bot of the server playing the seat from the start ("": none).
    server_bot: str = ""
    #: Played at the host's own screen.
    here: bool = False
    #: Kept by the host for a newcomer of this name (None: not offered).
    offered_to: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "code": self.code,
            "salt": self.salt,
            "client_bot": self.client_bot,
            "server_bot": self.server_bot,
            "here": self.here,
            "offered_to": self.offered_to,
        }

    @classmethod
    def from_json(cls, data: Any, seat: int) -> SeatRecord:
        where = f"the saved table's seat {seat + 1}"
        if not isinstance(data, Mapping):
            raise BadInput(f"{where} is not an object")

        def text(key: str, *, optional: bool = False, limit: int = 200) -> Any:
            value = data.get(key)
            if value is None and optional:
                return None
            if not isinstance(value, str) or len(value) > limit:
                raise BadInput(f"{where}: '{key}' is not a short text")
            return value

        code = text("code", optional=True)
        if code is not None and (len(code) != 64 or any(c not in "0123456789abcdef" for c in code)):
            raise BadInput(f"{where}: 'code' is not a code's hash")
        return cls(
            name=text("name", limit=100),
            code=code,
            salt=text("salt", limit=64),
            client_bot=text("client_bot", optional=True, limit=64),
            server_bot=text("server_bot", limit=64),
            here=bool(data.get("here")),
            offered_to=text("offered_to", optional=True, limit=100),
        )


def read_net(
    header: Mapping[str, Any], players: int
) -> tuple[list[SeatRecord], list[dict[str, Any]]] | None:
    """The seats and chat a save of a table keeps (None: a save without them, e.g. one
    made at one screen); BadInput naming what is wrong."""
    net = header.get(NET_KEY)
    if net is None:
        return None
    if not isinstance(net, Mapping):
        raise BadInput("the saved table's seats are not an object")
    rows = net.get("seats")
    if not isinstance(rows, list) or len(rows) != players:
        raise BadInput(f"the saved table should list {players} seats")
    seats = [SeatRecord.from_json(row, i) for i, row in enumerate(rows)]
    chat = []
    for line in net.get("chat") or ():
        if (
            isinstance(line, Mapping)
            and isinstance(line.get("name"), str)
            and isinstance(line.get("text"), str)
        ):
            seat = line.get("seat")
            chat.append(
                {
                    "seat": seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
                    "name": str(line["name"])[:100],
                    "text": str(line["text"])[:500],
                }
            )
    return seats, chat[-CHAT_KEPT:]


def net_json(
    seats: Sequence[SeatRecord], chat: Sequence[Mapping[str, Any]], kept: int = 50
) -> dict[str, Any]:
    lines = list(chat)[-min(kept, CHAT_KEPT) :] if kept > 0 else []
    return {"seats": [s.to_json() for s in seats], "chat": [dict(c) for c in lines]}
