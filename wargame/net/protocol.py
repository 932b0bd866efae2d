"""The messages between a table server and its clients: small JSON objects, each
with the protocol version ``"v"`` and a ``"type"`` (docs/network.md lists them)."""

from __future__ import annotations

import json
import re
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


class Busy(Refused):
    """A join or resume turned down for now by the server's limits: try again in a
    moment (the ``error`` says ``"retry": true``)."""


class UnknownBot(Refused):
    """A join naming a bot the game does not have (the client's option is wrong)."""


def message(kind: str, **fields: Any) -> dict[str, Any]:
    return {"v": VERSION, "type": kind, **fields}


#: The longest whole number a message may hold, in digits (a seat, a log length).
MAX_DIGITS = 18
#: A lone half of a UTF-16 pair: JSON can write one (``"\\ud800"``), UTF-8 cannot.
_SURROGATE = re.compile("[\ud800-\udfff]")


def encode(msg: dict[str, Any]) -> str:
    """The message as sent. Never fails to go out as UTF-8: a lone surrogate that got
    this far (the table refuses them on the way in) is sent as U+FFFD."""
    text = json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ProtocolError(
            f"a number of {len(digits.lstrip('-'))} digits in a message: at most {MAX_DIGITS}"
        )
    return int(digits)


def _broken_text(value: Any) -> str | None:
    """The first field (by name) of ``value`` whose text holds a lone surrogate."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return where or "the message"
        elif isinstance(item, dict):
            for key, v in item.items():
                if _SURROGATE.search(key):
                    return "a field's name"
                stack.append((where or str(key), v))
        elif isinstance(item, list):
            stack.extend((where, v) for v in item)
    return None


def decode(text: str | bytes, *, limit: int, client: bool = False) -> dict[str, Any]:
    """A received message checked for its form: an object of this version with a type
    and its texts whole characters (a lone surrogate, ``"\\ud800"``, could not be sent
    on to anyone); a ``client``'s (what a server reads) has numbers of at most
    :data:`MAX_DIGITS` digits."""
    if len(text) > limit:
        raise ProtocolError(f"a message of {len(text)} bytes is over the limit of {limit}")
    try:
        msg = json.loads(text, parse_int=_whole_number if client else int)
    except ProtocolError:
        raise
    except (ValueError, RecursionError):
        raise ProtocolError("a message is not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object")
    broken = _broken_text(msg)
    if broken is not None:
        raise ProtocolError(
            f"'{broken[:20]}' holds a broken character (a lone UTF-16 surrogate): "
            "only whole characters can be sent on"
        )
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
