"""The table override: house rules and mistakes, as VASSAL and Tabletop Simulator allow.

Players at a real table sometimes move a piece the rules would not move, or put
a counter right after a slip. An override is an :class:`Action` like any other
(``override.set piece=Revenge field=hull value=9``, ``override.move
piece=Revenge to=[3,-2]``), so it is logged, undone, redone, saved and replayed
with the rest of the game, but:

* it is never among the legal actions: a :class:`~wargame.core.log.Session`
  applies it only through the explicit ``Session.override(action)``;
* it is marked as such everywhere a player sees it: its sentence starts with
  "Table override:", the save entry carries ``"override": true``;
* it touches only what every seat sees. The mode's own ``overrides`` module
  (``wargame/<mode>/overrides.py``) lists the pieces and counters that can be
  overridden (:class:`Target`) and checks the values; here every override is
  tried on a copy first and refused unless the game's invariants still hold, the
  legal actions can still be listed, and every seat's observation changed in the
  same way (nothing hidden from some seat was changed or revealed);
* it draws no dice, so undoing it never passes a roll: the dice barriers hold.

A mode's ``overrides`` module provides ``targets(state) -> list[Target]``,
``check(state, action) -> str`` (BadInput in the player's words for an
impossible value; else the sentence, e.g. "Revenge's hull set to 9 (was 7)")
and ``apply(state, action) -> None`` (after ``check``; clears the state's
caches). Each game's ``apply`` hands an override to :func:`apply_override`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from wargame.core.actions import Action, action
from wargame.errors import BadInput, WargameError

PREFIX = "Table override: "


class OverrideRefused(BadInput):
    """A table override the game can't take (an impossible value, a hidden piece)."""


class Override(Action):
    """Base of the override actions: outside the rules, on the table's say-so."""


@action("override.set")
@dataclass(frozen=True, slots=True)
class OverrideSet(Override):
    """Put one counter of one piece (or of the table) at ``value``."""

    piece: str
    field: str
    value: Any


@action("override.move")
@dataclass(frozen=True, slots=True)
class OverrideMove(Override):
    """Put one piece at ``to`` (a hex or square as ``[x, y]``, or a place's name)."""

    piece: str
    to: Any


def is_override(act: Action) -> bool:
    return isinstance(act, Override)


@dataclass(frozen=True)
class Counter:
    """One value a player may override: a number in ``low..high`` or one of
    ``choices`` (words). ``value`` is its current value."""

    name: str
    label: str
    value: Any
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()

    @property
    def numeric(self) -> bool:
        return not self.choices


@dataclass(frozen=True)
class Target:
    """A piece (or the table itself) with what can be overridden on it.

    ``position`` is its current place (``[x, y]`` or a place name, None if it has
    none); ``places`` the named places it may be put on (empty: coordinates,
    checked by the mode)."""

    piece: str
    label: str
    counters: tuple[Counter, ...] = ()
    position: Any = None
    places: tuple[str, ...] = ()
    movable: bool = False
    #: How a position is typed in the dialog: "hex", "square", "place" or "".
    grid: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: A sentence for the player: where changed counts come from, what can't change.
    note: str = ""

    def counter(self, name: str) -> Counter | None:
        return next((c for c in self.counters if c.name == name), None)


def overrides_module(state: Any) -> ModuleType:
    """The mode's ``overrides`` module (next to its state's module)."""
    package = type(state).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.overrides")
    except ModuleNotFoundError:
        raise OverrideRefused("this game has no table override") from None


def supports_override(state: Any) -> bool:
    try:
        overrides_module(state)
    except OverrideRefused:
        return False
    return True


def targets(state: Any) -> list[Target]:
    """What the table may override now: every public piece and counter."""
    if _over(state):
        return []
    return list(overrides_module(state).targets(state))


def find_target(state: Any, piece: str) -> Target:
    """The target named ``piece``; OverrideRefused naming the known ones if none."""
    found = {t.piece: t for t in overrides_module(state).targets(state)}
    if piece not in found:
        known = ", ".join(sorted(found)) or "none"
        raise OverrideRefused(
            f"there is no piece or counter {piece!r} that the table can override "
            f"(it can override: {known})"
        )
    return found[piece]


def check_counter(target: Target, name: str, value: Any) -> Counter:
    """The counter ``name`` of ``target`` after checking ``value`` against its range."""
    counter = target.counter(name)
    if counter is None:
        names = ", ".join(c.name for c in target.counters) or "none"
        raise OverrideRefused(f"{target.label} has no counter {name!r} (it has: {names})")
    if counter.choices:
        if value not in counter.choices:
            raise OverrideRefused(
                f"{target.label}'s {counter.label} can't be {value!r}: "
                f"choose one of {', '.join(counter.choices)}"
            )
        return counter
    if isinstance(value, bool) or not isinstance(value, int):
        raise OverrideRefused(
            f"{target.label}'s {counter.label} must be a whole number, not {value!r}"
        )
    if not counter.low <= value <= counter.high:
        raise OverrideRefused(
            f"{target.label}'s {counter.label} can't be {value}: "
            f"it goes from {counter.low} to {counter.high}"
        )
    return counter


def describe_override(state: Any, act: Action) -> str:
    """The override's sentence, marked: "Table override: Revenge's hull set to 9 (was 7)"."""
    try:
        said = overrides_module(state).check(state, act)
    except WargameError:
        said = act.to_text()
    return PREFIX + said[:1].upper() + said[1:]


def apply_override(state: Any, act: Action) -> None:
    """Apply the table override ``act`` to ``state`` (each game's ``apply`` calls
    this), or raise :class:`OverrideRefused` and change nothing."""
    if not is_override(act):
        raise OverrideRefused(f"{act.kind} is not a table override")
    if _over(state):
        raise OverrideRefused("the game is over: a table override can't reopen it")
    mod = overrides_module(state)
    mod.check(state, act)
    trial = state.clone()
    mod.apply(trial, act)
    _check_sound(state, trial, act)
    mod.apply(state, act)


def _over(state: Any) -> bool:
    done = getattr(state, "is_terminal", None)
    return bool(done()) if done is not None else False


def seats(state: Any) -> int:
    n = getattr(state, "n", None)
    return n if isinstance(n, int) and not isinstance(n, bool) else 2


def _check_sound(before: Any, after: Any, act: Action) -> None:
    """Refuse an override that breaks the game or touches hidden information."""
    try:
        after.check_invariants()
    except WargameError as exc:
        raise OverrideRefused(f"that would leave the game impossible: {exc}") from None
    try:
        actions = after.legal_actions()
    except (WargameError, KeyError, IndexError, ValueError, AttributeError, TypeError) as exc:
        raise OverrideRefused(f"that would leave the game unplayable: {exc}") from None
    if not actions and not after.is_terminal():
        raise OverrideRefused("that would leave the player to act with nothing to do")
    _check_fair(before, after)


def _diff(a: Any, b: Any, path: str = "") -> list[tuple[str, str]]:
    """The paths where two JSON values differ, with the new value's text."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        out: list[tuple[str, str]] = []
        for k in sorted(set(a) | set(b), key=str):
            out += _diff(a.get(k), b.get(k), f"{path}/{k}")
        return out
    if isinstance(a, Sequence) and isinstance(b, Sequence) and not isinstance(a, str):
        if len(a) == len(b) and not isinstance(b, str):
            out = []
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                out += _diff(x, y, f"{path}/{i}")
            return out
    return [] if a == b else [(path, repr(b))]


def _check_fair(before: Any, after: Any) -> None:
    """Every seat must see the same change, and a change nobody sees is refused: an
    override may touch only what is public."""
    if not hasattr(before, "observation"):
        return
    changes = [_diff(before.observation(s), after.observation(s)) for s in range(seats(before))]
    if any(c != changes[0] for c in changes[1:]):
        raise OverrideRefused(
            "that would change something hidden from some players: "
            "the table can override only what every player sees"
        )
    if not changes[0] and before.to_json() != after.to_json():
        raise OverrideRefused(
            "that would change something hidden from the players: "
            "the table can override only what every player sees"
        )


def refused_override(state: Any, act: Action) -> str | None:
    """Why ``act`` can't be applied to ``state`` now (None: it can): for the dialog."""
    try:
        trial = state.clone()
        apply_override(trial, act)
    except WargameError as exc:
        return str(exc)
    return None
