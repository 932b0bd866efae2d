"""Table override for the land raid (:mod:`wargame.core.override`).

Every figure (group or officer): its square (``[col, row]`` as the log names
it) and its status (on the table, dead, fled, captured...; a casualty taken off
the table or a figure put back on a square). The table: the alarm level. A raid
hides nothing, so every figure can be overridden. The coins stay with the loot
ledger (they are scored from it); fires and looting follow the rules.
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
from wargame.raid.model import READY, STATUSES, Unit

TABLE = "table"
ALARM_LEVELS = ("none", "hardened", "full")


def targets(state: Any) -> list[Target]:
    out = [
        Target(
            u.id,
            u.label(),
            (Counter("status", "status", u.status, choices=_statuses(u)),),
            position=list(u.sq) if u.sq is not None else None,
            movable=True,
            grid="square",
        )
        for u in state.units
    ]
    out.append(
        Target(TABLE, "the town", (Counter("alarm", "alarm", state.alarm, choices=ALARM_LEVELS),))
    )
    return out


def _statuses(u: Unit) -> tuple[str, ...]:
    """The statuses this figure can have (only guns are spiked, only officers captured)."""
    return tuple(
        s
        for s in STATUSES
        if not (s == "spiked" and u.kind != "guns") and not (s == "captured" and not u.is_officer)
    )


def _square(state: Any, to: Any, u: Unit) -> tuple[int, int]:
    if (
        not isinstance(to, tuple | list)
        or len(to) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in to)
    ):
        raise OverrideRefused(f"a square is written [column, row], not {to!r}")
    sq = (int(to[0]), int(to[1]))
    town = state.town
    if not town.contains(sq):
        raise OverrideRefused(
            f"square {sq} is off the town: columns go 0 to {town.cols - 1}, "
            f"rows 0 to {town.rows - 1}"
        )
    others = [o for o in state.at(sq) if o is not u]
    if any(o.side != u.side for o in others):
        raise OverrideRefused(f"square {sq} holds the other side's figures")
    cap = state.rules.movement.square_capacity
    if len(others) >= cap:
        raise OverrideRefused(f"square {sq} is full: {cap} figures to a square")
    return sq


def check(state: Any, action: Action) -> str:
    a: Any = action
    target = find_target(state, a.piece)
    if isinstance(action, OverrideMove):
        if a.piece == TABLE:
            raise OverrideRefused("the town itself can't be moved")
        u = state.units[state.by_id[a.piece]]
        _not_pending(state)
        sq = _square(state, a.to, u)
        was = f"was at {u.sq}" if u.sq is not None else f"was {u.status}"
        back = "" if u.status == READY else " and back in the fight"
        return f"{u.label()} put on square {sq}{back} ({was})"
    if not isinstance(action, OverrideSet):
        raise OverrideRefused(f"{action.kind} is not a table override")
    counter = check_counter(target, a.field, a.value)
    if a.piece == TABLE:
        return f"The town's alarm set to {a.value} (was {counter.value})"
    u = state.units[state.by_id[a.piece]]
    if a.value == READY and u.status != READY:
        raise OverrideRefused(
            f"to put {u.label()} back on the table, move it to a square (Move to)"
        )
    if a.value != u.status:
        _not_pending(state)
    return f"{u.label()} set to {a.value} (was {counter.value})"


def _not_pending(state: Any) -> None:
    if state.pending is not None:
        raise OverrideRefused(
            "a fight or test is waiting for an answer: settle it before moving figures "
            "or taking them off the table"
        )


def apply(state: Any, action: Action) -> None:
    state.log.append(describe_override(state, action))  # the raid log shows it
    a: Any = action
    if a.piece == TABLE:
        state.alarm = a.value
        if a.value != "none" and state.alarm_turn is None:
            state.alarm_turn = state.turn_no
        return
    u = state.units[state.by_id[a.piece]]
    if isinstance(action, OverrideMove):
        u.sq = (int(a.to[0]), int(a.to[1]))
        u.status = READY
    else:
        u.status = a.value
        if a.value != READY:
            u.sq = None
    state._occ = None
    if hasattr(state, "_legal"):
        state._legal = None
