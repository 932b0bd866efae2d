"""Actions of the sea fight in plain words (the undo menu, the log)."""

from __future__ import annotations

from typing import Any

from wargame.core.actions import Action
from wargame.naval.actions import (
    Board,
    ChooseGun,
    CutFree,
    EndShipTurn,
    ExtraMove,
    Fire,
    FireSide,
    GearCheck,
    Grapple,
    HoldFire,
    Move,
    ReduceSail,
    RollExtra,
    TurnCount,
    WindChange,
)
from wargame.naval.common import SIDE_NAMES
from wargame.naval.movement import exit_of, exit_phrase, is_off_table
from wargame.naval.sea import Sea


def describe_action(sea: Sea, action: Action) -> str:
    """A short sentence for the undo menu and the log."""
    a: Any = action
    if isinstance(action, Move | ExtraMove):
        if is_off_table(tuple(a.to)):
            way = exit_of(tuple(a.to))
            if way is None:
                return f"{a.ship} sails off the table"
            return f"{a.ship} sails off the table by the {exit_phrase(way)}"
        where = sea.to_offset(tuple(a.to))
        return f"{a.ship} sails to {where}, heading {sea.facing_name(a.heading)}"
    if isinstance(action, Fire):
        side = f" ({a.side})" if a.side else ""
        return f"{a.ship} fires {a.battery} guns at {a.target}'s {a.aim}{side}"
    if isinstance(action, Grapple):
        return f"{a.ship} grapples {a.target} with {a.points} fighting points"
    if isinstance(action, Board):
        return f"{a.ship} boards {a.target}{' led by her captain' if a.captain else ''}"
    if isinstance(action, ChooseGun):
        return f"{a.ship}'s owner gives up a {a.position} gun"
    if isinstance(action, FireSide):
        return f"{a.ship}'s owner lets the fire burn her {a.side} side"
    if isinstance(action, TurnCount | WindChange):
        who = SIDE_NAMES[a.side].capitalize()
        return f"{who}: {a.choice} ({'countdown' if isinstance(action, TurnCount) else 'wind'})"
    words = {
        ReduceSail: "reduces sail",
        GearCheck: "rolls to move with damaged gear",
        RollExtra: "rolls for an extra hex",
        CutFree: "tries to cut free",
        HoldFire: "holds her fire",
        EndShipTurn: "ends her turn",
    }
    return f"{a.ship} {words.get(type(action), action.kind)}"
