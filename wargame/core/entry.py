"""A log entry: one applied action with its rolls, its public sentence, and the
two parts a save keeps of it (readable, and sealed)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import Roll
from wargame.core.override import is_override
from wargame.errors import FileFormatError, shown


def public_roll(roll: Roll) -> list[Any]:
    """A roll as everyone may read it: a hidden roll shows its die and count, no values."""
    if not roll.hidden:
        return roll.to_json()
    return [roll.low, roll.high, len(roll.values), roll.purpose, 1]


@dataclass(frozen=True, slots=True)
class Entry:
    """One applied action with the rolls it drew and its public sentence."""

    action: Action
    rolls: tuple[Roll, ...] = ()
    barrier: bool = False
    seat: int | None = None
    #: What the log and undo labels show (public by construction).
    text: str = ""
    #: The action's parameters are private to ``seat``: the save seals its text.
    secret: bool = False
    #: The public sentences of what the action did, reported by the engine after
    #: applying it (``GameState.tell``: dice, a fight's or vote's result, the end);
    #: None for an entry read from a save made before they were kept (the session
    #: fills them in when it replays the entry).
    told: tuple[str, ...] | None = None

    @property
    def override(self) -> bool:
        """A table override (outside the rules, on the table's say-so)."""
        return is_override(self.action)

    @property
    def label(self) -> str:
        return self.text or ("a secret choice" if self.secret else self.action.to_text())

    @property
    def lines(self) -> tuple[str, ...]:
        """What the game log shows for this entry: its label, then what it did."""
        return (self.label, *(self.told or ()))

    def to_json(self) -> dict[str, Any]:
        """The whole entry in plain text (version-1 form; never written to a save)."""
        out: dict[str, Any] = {"a": self.action.to_text()}
        if self.rolls:
            out["r"] = [r.to_json() for r in self.rolls]
        if self.barrier:
            out["b"] = 1
        if self.seat is not None:
            out["p"] = self.seat
        return out

    def public_json(self) -> dict[str, Any]:
        """What a save shows of this entry to anyone who opens it."""
        out: dict[str, Any] = {}
        if self.secret:
            out["x"] = 1
        else:
            out["a"] = self.action.to_text()
        if self.text and self.text != out.get("a"):
            out["t"] = self.text
        if self.rolls:
            out["r"] = [public_roll(r) for r in self.rolls]
        if self.barrier:
            out["b"] = 1
        if self.seat is not None:
            out["p"] = self.seat
        if self.override:
            out["override"] = True
        if self.told:
            out["told"] = list(self.told)
        return out

    def private_json(self) -> dict[str, Any] | None:
        """What a save seals: a secret action's text, hidden roll values."""
        out: dict[str, Any] = {}
        if self.secret:
            out["a"] = self.action.to_text()
        if any(r.hidden for r in self.rolls):
            out["r"] = [r.to_json() for r in self.rolls]
        return out or None

    @classmethod
    def from_json(cls, data: Mapping[str, Any], parse: Callable[[str], Action]) -> Entry:
        """A version-1 entry (everything in plain text; its sentence is made on replay)."""
        entry = cls.from_parts(data, None, parse)
        return cls(entry.action, entry.rolls, entry.barrier, entry.seat)

    @classmethod
    def from_parts(
        cls,
        public: Mapping[str, Any],
        private: Mapping[str, Any] | None,
        parse: Callable[[str], Action],
    ) -> Entry:
        if not isinstance(public, Mapping):
            raise FileFormatError(f"a log entry is {shown(public)}, not an object")
        private = private if isinstance(private, Mapping) else {}
        text = private.get("a", public.get("a"))
        if not isinstance(text, str):
            raise FileFormatError("a log entry has no action text 'a'")
        raw_rolls = private.get("r", public.get("r", ()))
        if not isinstance(raw_rolls, (list, tuple)):  # noqa: UP038 - the faster form
            raise FileFormatError("a log entry's dice 'r' must be a list")
        rolls = tuple(Roll.from_json(r) for r in raw_rolls)
        seat = public.get("p")
        said = public.get("t", public.get("a", ""))  # no "t": the sentence is the text
        return cls(
            parse(text),
            rolls,
            bool(public.get("b")),
            None if seat is None else int(seat),
            str(said) if isinstance(said, str) else "",
            bool(public.get("x")),
            _told(public),
        )


def _told(public: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The saved ``told`` sentences; None when the save has none (told on replay)."""
    told = public.get("told")
    if told is None:
        return None
    if not isinstance(told, list) or not all(isinstance(t, str) for t in told):
        raise FileFormatError(f"log entry {public!r:.60}: 'told' must be a list of sentences")
    return tuple(told)
