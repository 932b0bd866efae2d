"""A *world*: the table as one seat's bot may be shown it across computers.

A bot decides on a whole game state (``choose(state, seat)``), but a client may
learn only its seat's view. The server therefore sends a bot seat, on its turn,
a state it cannot tell from the real one: everything hidden from it redrawn at
random (``resample_hidden`` through the server's own private dice, never the
table's), and then *scrubbed* of what the redraw leaves alone but other seats
know privately (the cards another seat viewed, the loyalties it learnt, the
cards of its burials). What reaches the client is a function of the seat's view
and of dice that have nothing to do with the game: it names nothing hidden.
A game without hidden information sends no world; its clients replay the log.

The state travels as its attributes in a small tagged JSON form (no pickle):
shared rules data (the board, the card list, the rules), which a client builds
itself from the same game settings, is left out; the classes a world may hold
are only those of the game's own package.
"""

from __future__ import annotations

import importlib
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.errors import WargameError

_PRIMITIVE = (type(None), bool, int, float, str)


class WorldError(WargameError):
    """A world that cannot be sent or read (a game this form does not cover)."""


def has_hidden(state: GameState) -> bool:
    """Whether the game keeps anything from some seat (it redraws hidden parts)."""
    return type(state).resample_hidden is not GameState.resample_hidden


def _attrs(obj: Any) -> list[str]:
    names: list[str] = []
    for cls in reversed(type(obj).__mro__):
        for name in getattr(cls, "__slots__", ()):
            if name not in names and name != "__weakref__" and hasattr(obj, name):
                names.append(name)
    names.extend(k for k in getattr(obj, "__dict__", {}) if k not in names)
    return names


def _plain(value: Any) -> bool:
    if isinstance(value, _PRIMITIVE):
        return True
    if isinstance(value, list | tuple | set | frozenset):
        return _flat(value) or all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_plain(k) and _plain(v) for k, v in value.items())
    return False


_FLAT = frozenset(_PRIMITIVE)


def _flat(items: Any) -> bool:
    """A list or tuple of plain values only (the common case, checked in C)."""
    return set(map(type, items)) <= _FLAT


def _encode(value: Any, package: str) -> Any:
    if isinstance(value, _PRIMITIVE):
        return value
    if isinstance(value, list):
        return list(value) if _flat(value) else [_encode(v, package) for v in value]
    if isinstance(value, tuple):
        return {"t": list(value) if _flat(value) else [_encode(v, package) for v in value]}
    if isinstance(value, dict):
        return {"d": [[_encode(k, package), _encode(v, package)] for k, v in value.items()]}
    if isinstance(value, frozenset | set):
        tag = "f" if isinstance(value, frozenset) else "s"
        return {tag: [_encode(v, package) for v in sorted(value)]}
    if isinstance(value, Action):
        return {"A": value.to_text()}
    cls = type(value)
    if not cls.__module__.startswith(package + "."):
        raise WorldError(f"a {cls.__qualname__} cannot be sent in a world")
    return {
        "o": f"{cls.__module__}:{cls.__qualname__}",
        "a": {name: _encode(getattr(value, name), package) for name in _attrs(value)},
    }


def _decode(data: Any, package: str) -> Any:
    if isinstance(data, _PRIMITIVE):
        return data
    if isinstance(data, list):
        return list(data) if _flat(data) else [_decode(v, package) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise WorldError("a world holds a value of unknown form")
    if "t" in data:
        items = data["t"]
        return tuple(items) if _flat(items) else tuple(_decode(v, package) for v in items)
    if "d" in data:
        return {_decode(k, package): _decode(v, package) for k, v in data["d"]}
    if "s" in data:
        return {_decode(v, package) for v in data["s"]}
    if "f" in data:
        return frozenset(_decode(v, package) for v in data["f"])
    if "A" in data:
        return Action.from_text(str(data["A"]))
    where = str(data.get("o", ""))
    module, _, name = where.partition(":")
    if not module.startswith(package + ".") or "." in name or not name.isidentifier():
        raise WorldError(f"a world names a class it may not hold: {where[:60]}")
    cls = getattr(importlib.import_module(module), name, None)
    if not isinstance(cls, type) or issubclass(cls, GameState):
        raise WorldError(f"a world names a class it may not hold: {where[:60]}")
    obj = object.__new__(cls)
    for attr, v in dict(data.get("a", {})).items():
        setattr(obj, str(attr), _decode(v, package))
    return obj


def _package(state: GameState) -> str:
    return ".".join(type(state).__module__.split(".")[:2])


def make_world(state: GameState, seat: int, dice: DiceService) -> dict[str, Any]:
    """The world ``seat`` is shown (see the module): a redraw of ``state`` through
    ``dice`` (the server's private dice), scrubbed, as plain data. Checked: the world
    looks exactly like the real table to ``seat``."""
    package = _package(state)
    world = state.resample_hidden(seat, dice)
    world.scrub_private(seat)  # the game's own: what other seats know privately goes
    if world.observation(seat) != state.observation(seat):
        raise WorldError("the redrawn table would look different to its seat")
    shared = state.clone()
    out: dict[str, Any] = {}
    for name in _attrs(world):
        if name.startswith("_"):
            continue  # caches (a legal list): the client works them out afresh
        value = getattr(world, name)
        if (
            not isinstance(value, _PRIMITIVE)
            and getattr(shared, name, None) is getattr(state, name, None)
            and not _plain(value)
        ):
            continue  # rules data every copy shares: the client has its own
        out[name] = _encode(value, package)
    return out


def read_world(template: GameState, data: dict[str, Any]) -> GameState:
    """The state a client's bot plays on: ``template`` (a table set up from the same
    game settings) with the world's attributes."""
    package = _package(template)
    world = template.clone()
    for name, value in data.items():
        if not isinstance(name, str) or name.startswith("_") or not hasattr(world, name):
            raise WorldError(f"a world names an unknown part {str(name)[:40]!r}")
        setattr(world, name, _decode(value, package))
    for name in _attrs(world):
        if name.startswith("_"):
            setattr(world, name, None)  # the template's caches: worked out afresh
    return world
