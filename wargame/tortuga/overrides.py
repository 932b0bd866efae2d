"""Table override for Tortuga 1667 (:mod:`wargame.core.override`).

Public pieces only: each pirate's pawn (put at the back of a ship's or
Tortuga's line, or on an empty rowboat that is not blown up) and the treasure
chests in the holds of the two ships and of Tortuga. Every chest stays in the
game: a hold overridden up takes chests from the Spanish galleon, one
overridden down gives them back to it. Loyalties, vote cards and face-down
event cards are hidden from some seat and are never overridden
(docs/rulings.md, "Table override").
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
    find_target,
)
from wargame.tortuga.actions import HOLD_NAMES, PLACE_NAMES

TABLE = "treasure"
PLACES = ("flying-dutchman", "jolly-roger", "tortuga", "dutchman-rowboat", "roger-rowboat")
AREAS = ("flying-dutchman", "jolly-roger", "tortuga")


def _piece(s: int) -> str:
    return f"pirate{s + 1}"


def _hold_field(area: int, side: int) -> str:
    return f"{AREAS[area]}_{HOLD_NAMES[side].lower()}"


def targets(state: Any) -> list[Target]:
    names = dict(zip(PLACES, PLACE_NAMES, strict=True))
    out = [
        Target(
            _piece(s),
            state.name(s),
            position=PLACES[state.loc[s]],
            places=PLACES,
            movable=True,
            grid="place",
            extra={"place_names": names},
        )
        for s in range(state.n)
    ]
    counters = tuple(
        Counter(
            _hold_field(area, side),
            f"{HOLD_NAMES[side]} chests on {PLACE_NAMES[area]}",
            state.holds[area][side],
            0,
            state.holds[area][side] + state.galleon,
        )
        for area in range(3)
        for side in range(2)
    )
    note = (
        "A hold gains chests from the Spanish galleon and gives them back to it "
        f"(the galleon holds {state.galleon} now)."
    )
    out.append(Target(TABLE, "the treasure", counters, note=note))
    return out


def _quiet(state: Any) -> None:
    if state.pending or state.vote is not None or state.in_action:
        raise OverrideRefused(
            "a vote, a card or a choice is being settled: finish it before the override"
        )


def check(state: Any, action: Action) -> str:
    a: Any = action
    target = find_target(state, a.piece)
    _quiet(state)
    if isinstance(action, OverrideSet):
        counter = check_counter(target, a.field, a.value)
        d = a.value - counter.value
        where = (
            f" ({d} from the galleon)" if d > 0 else f" ({-d} back to the galleon)" if d < 0 else ""
        )
        return f"The {counter.label} set to {a.value} (was {counter.value}){where}"
    if not isinstance(action, OverrideMove) or a.piece == TABLE:
        raise OverrideRefused("only a pirate's pawn can be moved")
    if a.to not in PLACES:
        raise OverrideRefused(f"{a.to!r} is not a place: choose one of {', '.join(PLACES)}")
    s = int(a.piece[len("pirate") :]) - 1
    to = PLACES.index(a.to)
    if to == state.loc[s]:
        raise OverrideRefused(f"{state.name(s)} is already on {PLACE_NAMES[to]}")
    if to >= 3:
        b = to - 3
        if state.blown[b]:
            raise OverrideRefused(f"{PLACE_NAMES[to]} was blown up")
        if state.boat[b] >= 0:
            raise OverrideRefused(f"{PLACE_NAMES[to]} already carries {state.name(state.boat[b])}")
    elif to < 2 and len(state.lines[to]) >= state.data.rules.board.ship_capacity:
        raise OverrideRefused(f"{PLACE_NAMES[to]} is full")
    return f"{state.name(s)} moved to {PLACE_NAMES[to]} (was on {PLACE_NAMES[state.loc[s]]})"


def apply(state: Any, action: Action) -> None:
    a: Any = action
    if isinstance(action, OverrideSet):
        area = next(x for x in range(3) for y in range(2) if _hold_field(x, y) == a.field)
        side = next(y for y in range(2) if _hold_field(area, y) == a.field)
        d = a.value - state.holds[area][side]
        state.holds[area][side] += d
        state.galleon -= d
    else:
        s = int(a.piece[len("pirate") :]) - 1
        old = state.loc[s]
        if old >= 3:
            state.boat[old - 3] = -1
        else:
            state.lines[old].remove(s)
        to = PLACES.index(a.to)
        if to >= 3:
            state.boat[to - 3] = s
        else:
            state.lines[to].append(s)
        state.loc[s] = to
    state._legal = None
