"""A scenario's victory condition (docs/scenario-format.md, rulings "Victory conditions").

Three kinds: ``sink-or-take`` (the battle score decides: the default), ``escort`` (a
ship to bring off the table by an edge; scored in ``NavalState.scores``) and ``hold``
(a side must hold a harbour hex for N game turns in a row). This module reads the
``victory`` field and judges who holds the harbour (the count is kept by ``steps_turn``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wargame.errors import BadInput, shown
from wargame.naval.common import hex_distance
from wargame.naval.fields import VICTORY_FIELDS, refuse_unknown
from wargame.naval.rules import NavalRules
from wargame.naval.sea import Axial, Sea
from wargame.naval.ship import Ship, Status

KINDS = ("sink-or-take", "escort", "hold")
EDGES = ("north", "south", "east", "west")


@dataclass(frozen=True)
class Hold:
    """``side`` wins by holding the hex ``harbour`` for ``turns`` game turns in a row."""

    side: int
    harbour: Axial
    turns: int
    radius: int


@dataclass(frozen=True)
class Victory:
    kind: str = "sink-or-take"
    escort: str | None = None
    edge: str | None = None
    hold: Hold | None = None


def victory_from_scenario(
    data: dict[str, Any], names: set[str], sea: Sea, rules: NavalRules
) -> Victory:
    victory = data.get("victory")
    if victory is None:
        return Victory()
    if not isinstance(victory, dict):
        raise BadInput("scenario: key 'victory' must be an object (docs/scenario-format.md)")
    refuse_unknown(victory, VICTORY_FIELDS, "scenario: victory")
    kind = victory.get("kind", "escort" if "escort" in victory else "sink-or-take")
    if kind not in KINDS:
        raise BadInput(
            f"scenario: victory: kind must be one of {', '.join(KINDS)}, not {shown(kind)}"
        )
    if kind == "sink-or-take":
        return Victory()
    if kind == "escort":
        escort = victory.get("escort")
        if not isinstance(escort, str):
            raise BadInput('scenario: victory: an escort needs "escort": "ship name"')
        if escort not in names:
            raise BadInput(f"scenario: victory: no ship is named {shown(escort)}")
        edge = victory.get("edge")
        if edge is not None and edge not in EDGES:
            raise BadInput(
                f"scenario: victory: edge must be one of {', '.join(EDGES)}, not {shown(edge)}"
            )
        return Victory("escort", escort=escort, edge=edge)
    side = victory.get("side", 0)
    if isinstance(side, str):
        side = {"attacker": 0, "defender": 1}.get(side, side)
    if side not in (0, 1) or isinstance(side, bool):
        raise BadInput(
            f"scenario: victory: side must be 0 (attacker) or 1 (defender), not {shown(side)}"
        )
    at = victory.get("harbour")
    if not isinstance(at, list) or len(at) != 2 or not all(isinstance(v, int) for v in at):
        raise BadInput("scenario: victory: harbour must be [col, row], the hex to hold")
    hex_ = sea.from_offset(at[0], at[1])
    if not sea.is_sea(hex_):
        raise BadInput(f"scenario: victory: the harbour {at} is not open sea on this table")
    turns = victory.get("turns", rules.victory.hold_turns)
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 50:
        raise BadInput(
            f"scenario: victory: turns must be a whole number from 1 to 50, not {shown(turns)}"
        )
    return Victory("hold", hold=Hold(side, hex_, turns, rules.victory.hold_radius_hexes))


def holds(ships: Iterable[Ship], hold: Hold, side: int) -> bool:
    """Whether ``side`` has a ship afloat at (or within the radius of) the harbour."""
    return any(
        s.side == side
        and s.status is Status.AFLOAT
        and hex_distance(s.hex, hold.harbour) <= hold.radius
        for s in ships
    )


def hold_winner(ships: Iterable[Ship], hold: Hold, held: int) -> int:
    """The winner of a finished hold battle: the holder if it held the harbour or the
    enemy has no ship left in the fight, else the enemy (it kept the harbour)."""
    if held >= hold.turns:
        return hold.side
    enemy_afloat = any(s.side != hold.side and s.status is Status.AFLOAT for s in ships)
    return 1 - hold.side if enemy_afloat else hold.side
