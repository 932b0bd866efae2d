"""The sea fight's actions: small frozen values with a text form both ways."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from wargame.core.actions import Action, action
from wargame.naval.rules import Aim, Position


class TurnRoll(StrEnum):
    ADD = "add"
    DEDUCT = "deduct"
    PASS = "pass"  # noqa: S105 - a choice, not a password


class WindTry(StrEnum):
    CLOCKWISE = "cw"
    ANTICLOCKWISE = "ccw"
    PASS = "pass"  # noqa: S105 - a choice, not a password


@action("naval.reduce_sail")
@dataclass(frozen=True, slots=True)
class ReduceSail(Action):
    ship: str


@action("naval.gear_check")
@dataclass(frozen=True, slots=True)
class GearCheck(Action):
    ship: str


@action("naval.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """The basic movement of section 12 to ``to`` (axial q, r), facing ``heading``."""

    ship: str
    to: tuple[int, int]
    heading: int


@action("naval.roll_extra")
@dataclass(frozen=True, slots=True)
class RollExtra(Action):
    ship: str


@action("naval.extra_move")
@dataclass(frozen=True, slots=True)
class ExtraMove(Action):
    ship: str
    to: tuple[int, int]
    heading: int


@action("naval.cut_free")
@dataclass(frozen=True, slots=True)
class CutFree(Action):
    ship: str


@action("naval.fire")
@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Fire the guns at ``battery`` at ``target``, aimed at hull, sailing gear or crew.
    ``side`` is the hull side to damage when the shot rakes (the firer's choice), else ""."""

    ship: str
    battery: Position
    target: str
    aim: Aim
    side: str = ""


@action("naval.hold_fire")
@dataclass(frozen=True, slots=True)
class HoldFire(Action):
    """Decline the return fire won on a 5,6."""

    ship: str


@action("naval.grapple")
@dataclass(frozen=True, slots=True)
class Grapple(Action):
    ship: str
    target: str
    points: int


@action("naval.board")
@dataclass(frozen=True, slots=True)
class Board(Action):
    ship: str
    target: str
    captain: bool


@action("naval.end_ship_turn")
@dataclass(frozen=True, slots=True)
class EndShipTurn(Action):
    ship: str


@action("naval.turn_roll")
@dataclass(frozen=True, slots=True)
class TurnCount(Action):
    """Roll to add a turn (6) or deduct one (4,5,6), or pass."""

    side: int
    choice: TurnRoll


@action("naval.wind")
@dataclass(frozen=True, slots=True)
class WindChange(Action):
    side: int
    choice: WindTry


@action("naval.choose_gun")
@dataclass(frozen=True, slots=True)
class ChooseGun(Action):
    """The owner's choice (19, crew hits 3,4): which position loses a gun and its crew."""

    ship: str
    position: Position


@action("naval.fire_side")
@dataclass(frozen=True, slots=True)
class FireSide(Action):
    """The owner's choice (19, fire): which hull side burns this turn."""

    ship: str
    side: Position
