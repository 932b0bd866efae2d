"""The orders of the land raid. Squares are ``(col, row)``; units are named by id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from wargame.core.actions import Action, action

ActionT = TypeVar("ActionT", bound=Action)

Sq = tuple[int, int]


@action("raid.initiative")
@dataclass(frozen=True, slots=True)
class RollInitiative(Action):
    """1. Both sides roll a d6 to see who moves first (+1 pirates)."""


@action("raid.withdraw")
@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """The pirates run for their boats: the raid ends now."""


@action("raid.rouse")
@dataclass(frozen=True, slots=True)
class RouseOfficers(Action):
    """22.13: the defender rolls a d6 for every officer not yet alarmed (5,6 = may move)."""


@action("raid.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: Sq
    escort: tuple[str, ...] = ()


@action("raid.done")
@dataclass(frozen=True, slots=True)
class Done(Action):
    """End this side's part of the current phase."""


@action("raid.shoot")
@dataclass(frozen=True, slots=True)
class Shoot(Action):
    unit: str
    at: Sq


@action("raid.attack")
@dataclass(frozen=True, slots=True)
class Attack(Action):
    frm: Sq
    at: Sq


@action("raid.choose")
@dataclass(frozen=True, slots=True)
class ChooseCasualty(Action):
    unit: str


@action("raid.retreat")
@dataclass(frozen=True, slots=True)
class RetreatOfficer(Action):
    to: Sq


@action("raid.morale")
@dataclass(frozen=True, slots=True)
class RollMorale(Action):
    """5. One test per dead group or officer."""


@action("raid.ignite")
@dataclass(frozen=True, slots=True)
class Ignite(Action):
    unit: str
    at: Sq


@action("raid.burn")
@dataclass(frozen=True, slots=True)
class BurnTown(Action):
    """6. Fires spread and burn the figures in them."""


@action("raid.ransack")
@dataclass(frozen=True, slots=True)
class Ransack(Action):
    units: tuple[str, ...]
    at: Sq


@action("raid.spike")
@dataclass(frozen=True, slots=True)
class SpikeGun(Action):
    unit: str
    gun: str


@action("raid.alarm")
@dataclass(frozen=True, slots=True)
class RollAlarm(Action):
    """8. The defender rolls 2d6 on the alarm table."""


@action("raid.pick")
@dataclass(frozen=True, slots=True)
class PickSquare(Action):
    """Choose the square an alarm result (desertion, getting lost) falls on."""

    at: Sq


@action("raid.place")
@dataclass(frozen=True, slots=True)
class PlaceRaised(Action):
    """Place a group or officer raised from the dead."""

    unit: str
    at: Sq


_MADE: dict[tuple[object, ...], Action] = {}


def made(cls: type[ActionT], *args: object) -> ActionT:
    """``cls(*args)``, made once and shared: orders are immutable values, and the lists
    of them are asked for after every order (a frozen dataclass costs ten look-ups)."""
    key = (cls, *args)
    got = _MADE.get(key)
    if got is None:
        if len(_MADE) > 100_000:
            _MADE.clear()
        got = _MADE[key] = cls(*args)
    return got  # type: ignore[return-value]
