"""Actions: small frozen values with a readable text form both ways.

Every mode declares its actions as frozen dataclasses subclassing
:class:`Action` with a unique ``kind``::

    @action("move")
    @dataclass(frozen=True, slots=True)
    class Move(Action):
        ship: str
        to: tuple[int, int]

    Move("Revenge", (3, -2)).to_text()   ->  'move ship=Revenge to=[3,-2]'
    Action.from_text('move ship=Revenge to=[3,-2]') == Move("Revenge", (3, -2))

Values are JSON; a plain word (letters, digits, ``_ - . :``) may go unquoted.
Lists decode to tuples so decoded actions stay hashable and equal to the
originals. ``kind`` values are global: a mode prefixes its own (``naval.move``).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from wargame.errors import ActionTextError, shown

_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_.:\-]*\Z")
_KEYWORDS = {"true", "false", "null"}
_DECODER = json.JSONDecoder()

A = TypeVar("A", bound="Action")

_REGISTRY: dict[str, type[Action]] = {}


class Action:
    """Base of every action. Subclasses are frozen dataclasses registered by kind."""

    kind: ClassVar[str] = ""
    #: An action that reveals hidden information (a card, a secret vote) can't be undone.
    reveals: ClassVar[bool] = False
    #: The action's parameters are private to the seat that made it (a secret vote, a
    #: card picked from a hidden hand): the log and undo labels say only that it
    #: happened, and a save seals its text.
    secret: ClassVar[bool] = False

    def to_text(self) -> str:
        parts = [self.kind]
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            parts.append(f"{f.name}={encode_value(getattr(self, f.name))}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_text()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _plain(getattr(self, f.name))
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        if not isinstance(data, dict) or "kind" not in data:
            raise ActionTextError(f"an action must be an object with a 'kind': {data!r:.80}")
        cls = action_class(str(data["kind"]))
        kwargs = {k: _tuplify(v) for k, v in data.items() if k != "kind"}
        return _build(cls, kwargs, repr(data)[:80])

    @staticmethod
    def from_text(text: str) -> Action:
        text = text.strip()
        if not text:
            raise ActionTextError("an empty line is not an action")
        kind, _, rest = text.partition(" ")
        cls = action_class(kind)
        kwargs: dict[str, Any] = {}
        pos, n = 0, len(rest)
        while pos < n:
            while pos < n and rest[pos] == " ":
                pos += 1
            if pos >= n:
                break
            eq = rest.find("=", pos)
            if eq < 0:
                raise ActionTextError(f"{shown(text)}: expected name=value at column {pos + 1}")
            name = rest[pos:eq].strip()
            pos = eq + 1
            if pos < n and rest[pos] not in '"[{-0123456789':
                end = rest.find(" ", pos)
                end = n if end < 0 else end
                word = rest[pos:end]
                value: Any = json.loads(word) if word in _KEYWORDS else word
                pos = end
            else:
                try:
                    value, pos = _DECODER.raw_decode(rest, pos)
                except json.JSONDecodeError as exc:
                    raise ActionTextError(
                        f"{shown(text)}: bad value for {name}: {exc.msg}"
                    ) from exc
            kwargs[name] = _tuplify(value)
        return _build(cls, kwargs, text)


def _build(cls: type[A], kwargs: dict[str, Any], source: str) -> A:
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = set(kwargs) - names
    if unknown:
        raise ActionTextError(f"{source}: {cls.kind} has no field {shown(sorted(unknown)[0])}")
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ActionTextError(f"{source}: {exc}") from exc


def encode_value(value: Any) -> str:
    if isinstance(value, str) and _BARE.match(value) and value not in _KEYWORDS:
        return value
    return json.dumps(_plain(value), separators=(",", ":"), ensure_ascii=False)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if hasattr(value, "value") and not isinstance(value, int | float | str | bool):
        return value.value  # enums
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _tuplify(v)) for k, v in value.items()))
    return value


def action(kind: str) -> Callable[[type[A]], type[A]]:
    """Class decorator: register an action class under ``kind``."""

    def register(cls: type[A]) -> type[A]:
        existing = _REGISTRY.get(kind)
        if existing is not None and existing.__qualname__ != cls.__qualname__:
            raise RuntimeError(f"action kind {shown(kind)} registered twice")
        cls.kind = kind
        _REGISTRY[kind] = cls
        return cls

    return register


def action_class(kind: str) -> type[Action]:
    try:
        return _REGISTRY[kind]
    except KeyError:
        raise ActionTextError(f"unknown action {shown(kind)}") from None


def registered_kinds() -> list[str]:
    return sorted(_REGISTRY)
