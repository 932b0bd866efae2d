"""The messages between a table server and its clients: small JSON objects, each
with the protocol version ``"v"`` and a ``"type"`` (docs/network.md lists them)."""

from __future__ import annotations

import json
from typing import Any

from wargame.core.entry import Entry
from wargame.errors import WargameError

#: The protocol version; a message of another version is refused with a reason.
VERSION = 1

#: What a client may send.
CLIENT_TYPES = ("join", "resume", "act", "chat", "bye")


class ProtocolError(WargameError):
    """A message that is not one of the protocol's (said back to the sender)."""


class Refused(WargameError):
    """A request the table turns down (a stale or illegal action, a wrong code)."""


class UnknownBot(Refused):
    """A join naming a bot the game does not have (the client's option is wrong)."""


def message(kind: str, **fields: Any) -> dict[str, Any]:
    return {"v": VERSION, "type": kind, **fields}


def encode(msg: dict[str, Any]) -> str:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def decode(text: str | bytes, *, limit: int) -> dict[str, Any]:
    """A received message checked for its form: an object of this version with a type."""
    if len(text) > limit:
        raise ProtocolError(f"a message of {len(text)} bytes is over the limit of {limit}")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("a message is not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object")
    if msg.get("v") != VERSION:
        raise ProtocolError(
            f"this table speaks protocol version {VERSION}, not {str(msg.get('v'))[:10]}"
        )
    if not isinstance(msg.get("type"), str):
        raise ProtocolError("a message has no 'type'")
    return msg


def field(msg: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """``msg[name]`` of type ``kind`` (bool is never an int here)."""
    value = msg.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError(f"a '{msg.get('type')}' message needs '{name}'")
    return value


def entry_for(entry: Entry, seat: int | None) -> dict[str, Any]:
    """One log entry as ``seat`` may read it: as a save shows it to anyone (its sentence,
    the action's text unless secret, the dice without hidden values, what it did), and
    the text of its own secret action."""
    out = entry.public_json()
    out["t"] = entry.label
    if entry.secret and seat is not None and entry.seat == seat:
        del out["x"]
        out["a"] = entry.action.to_text()
    return out
