"""What the sea-fight state and its step modules share: rule names, the ship turn, helpers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wargame.core.actions import Action
from wargame.errors import IllegalAction
from wargame.naval.rules import Aim, Position

SIDE_NAMES = ("attacker", "defender")
SHIP_STEPS = ("move", "extra", "extra_move", "fire", "grapple", "board")
R_MOVE = "12. Movement"
R_FIRE = "19. Firing guns"
R_GRAPPLE = "17.2 Grappling"
R_BOARD = "17.4 Boarding actions"
R_TURN = "10.3 Sea fight turn sequence"
MANY_TURNS = 99


@dataclass
class ShipTurn:
    """What the active ship has done in its ship turn."""

    ship: str
    start_heading: int
    step: str = "move"
    sail_point: str = "running"
    gear_checked: bool = False
    gear_ok: bool = True
    moved: bool = False
    full_move: bool = False
    turns_used: int = 0
    extra_rolls: int = 0
    cut_tried: bool = False
    fired: list[str] = field(default_factory=list)
    fp_used: int = 0
    grappled: bool = False
    boarded: bool = False

    def copy(self) -> ShipTurn:
        c = ShipTurn(**self.__dict__)
        c.fired = list(self.fired)
        return c


ACTIONS: dict[tuple[Any, ...], Action] = {}


def make_action(cls: type[Action], *args: Any) -> Action:
    """Actions are immutable values: make each one once and reuse it (legal_actions is hot)."""
    key = (cls, *args)
    got = ACTIONS.get(key)
    if got is None:
        if len(ACTIONS) > 100_000:
            ACTIONS.clear()
        got = ACTIONS[key] = cls(*args)
    return got


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def as_position(value: Any) -> Position:
    try:
        return Position(value)
    except ValueError:
        raise IllegalAction(f"{value!r} is not a gun position", rule=R_FIRE) from None


def as_aim(value: Any) -> Aim:
    try:
        return Aim(value)
    except ValueError:
        raise IllegalAction(f"{value!r} is not hull, gear or crew", rule=R_FIRE) from None
