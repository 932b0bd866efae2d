"""Table override for the sea fight (:mod:`wargame.core.override`).

Every ship: her place (the hex as the log and hover name it, ``[col, row]``),
heading, both hull sides, fighting crew, sailing gear, the guns at each
position, fire, captain and status. The table: the wind and the countdown
coins. Everything in a sea fight is public, so every ship can be overridden.
"""

from __future__ import annotations

from typing import Any

from wargame.core.actions import Action
from wargame.core.override import (
    Counter,
    OverrideMove,
    OverrideRefused,
    OverrideSet,
    Target,
    check_counter,
    describe_override,
    find_target,
)
from wargame.naval.rules import Position
from wargame.naval.ship import Ship, Status

TABLE = "table"
YES_NO = ("yes", "no")
STATUS_WORDS = tuple(s.value for s in Status)
#: The most guns an override may put at one position (a first rate's broadside).
MAX_GUNS = 60
MAX_COINS = 60


def _facings(state: Any) -> tuple[str, ...]:
    return tuple(state.sea.facing_name(h) for h in range(6))


def _ship_counters(state: Any, s: Ship) -> tuple[Counter, ...]:
    out = [
        Counter("heading", "heading", state.sea.facing_name(s.heading), choices=_facings(state)),
        Counter("hull_larboard", "larboard hull", s.hull[Position.LARBOARD], 0, s.hull_start),
        Counter("hull_starboard", "starboard hull", s.hull[Position.STARBOARD], 0, s.hull_start),
        Counter("crew", "fighting crew", s.fighting_points, 0, min(10, s.fighting_start)),
        Counter("sails", "sailing gear", s.gear, 0, s.gear_start),
    ]
    for p, b in s.batteries.items():
        out.append(Counter(f"guns_{p.value}", f"{p.value} guns", b.guns, 0, MAX_GUNS))
    out += [
        Counter("fire", "on fire", "yes" if s.fire else "no", choices=YES_NO),
        Counter("captain", "captain alive", "yes" if s.captain_alive else "no", choices=YES_NO),
        Counter("status", "status", s.status.value, choices=STATUS_WORDS),
    ]
    return tuple(out)


def targets(state: Any) -> list[Target]:
    out = [
        Target(
            s.name,
            s.name,
            _ship_counters(state, s),
            position=list(state.sea.to_offset(s.hex)),
            movable=True,
            grid="hex",
        )
        for s in state.ships.values()
    ]
    out.append(
        Target(
            TABLE,
            "the table",
            (
                Counter("wind", "wind", state.sea.facing_name(state.wind), choices=_facings(state)),
                Counter("coins", "countdown coins", state.coins, 0, MAX_COINS),
            ),
        )
    )
    return out


def _hex(state: Any, to: Any) -> tuple[int, int]:
    """The axial hex named ``[col, row]`` (the player's coordinates), checked."""
    if (
        not isinstance(to, tuple | list)
        or len(to) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in to)
    ):
        raise OverrideRefused(f"a hex is written [column, row], not {to!r}")
    col, row = to
    if not (0 <= col < state.sea.cols and 0 <= row < state.sea.rows):
        raise OverrideRefused(
            f"hex ({col}, {row}) is off the sea: columns go 0 to {state.sea.cols - 1}, "
            f"rows 0 to {state.sea.rows - 1}"
        )
    a = state.sea.from_offset(col, row)
    if not state.sea.is_sea(a):
        raise OverrideRefused(f"hex ({col}, {row}) is land, not open sea")
    return a


def _in_turn(state: Any, name: str) -> bool:
    ts = state.ts
    return ts is not None and ts.ship == name


def check(state: Any, action: Action) -> str:
    a: Any = action
    target = find_target(state, a.piece)
    if isinstance(action, OverrideMove):
        if a.piece == TABLE:
            raise OverrideRefused("the table itself can't be moved")
        ship = state.ships[a.piece]
        dest = _hex(state, a.to)
        for other in state.ships.values():
            if other is not ship and other.status in (Status.AFLOAT, Status.SURRENDERED):
                if other.hex == dest:
                    raise OverrideRefused(
                        f"hex {tuple(a.to)} already holds {other.name}: one ship to a hex"
                    )
        was = tuple(target.position)
        cut = " (her grapples are cut)" if ship.grappled else ""
        return f"{ship.name} moved to {tuple(a.to)} (was at {was}){cut}"
    if not isinstance(action, OverrideSet):
        raise OverrideRefused(f"{action.kind} is not a table override")
    counter = check_counter(target, a.field, a.value)
    if a.piece != TABLE and a.field == "status" and a.value != counter.value:
        if _in_turn(state, a.piece) and a.value != Status.AFLOAT.value:
            raise OverrideRefused(
                f"it is {a.piece}'s turn: end her turn before taking her out of the fight"
            )
    owner = "The table's" if a.piece == TABLE else f"{a.piece}'s"
    return f"{owner} {counter.label} set to {a.value} (was {counter.value})"


def _release(state: Any, ship: Ship) -> None:
    for n in ship.grappled:
        other = state.ships[n]
        other.grappled = tuple(x for x in other.grappled if x != ship.name)
    ship.grappled = ()


def apply(state: Any, action: Action) -> None:
    state.events.append(describe_override(state, action))  # the battle log shows it
    a: Any = action
    if isinstance(action, OverrideMove):
        ship = state.ships[a.piece]
        _release(state, ship)
        ship.hex = _hex(state, a.to)
        return
    value = a.value
    if a.piece == TABLE:
        if a.field == "wind":
            state.wind = _facings(state).index(value)
        else:
            state.coins = value
        return
    s: Ship = state.ships[a.piece]
    f = a.field
    if f == "heading":
        s.heading = _facings(state).index(value)
    elif f == "hull_larboard":
        s.hull[Position.LARBOARD] = value
    elif f == "hull_starboard":
        s.hull[Position.STARBOARD] = value
    elif f == "crew":
        s.fighting_points = value
    elif f == "sails":
        s.gear = value
    elif f.startswith("guns_"):
        s.batteries[Position(f[5:])].guns = value
    elif f == "fire":
        s.fire = value == "yes"
    elif f == "captain":
        s.captain_alive = value == "yes"
    elif f == "status":
        new = Status(value)
        if new is not s.status:
            if new is not Status.AFLOAT:
                _release(state, s)
            else:
                s.captured_by = None
                s.driven_off = False
            s.status = new
