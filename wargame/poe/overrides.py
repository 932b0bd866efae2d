"""Table override for Pieces of Eight (:mod:`wargame.core.override`).

What every pirate sees on the board can be overridden: where each pirate
stands (a captain moves with their crew, a ship's master takes the ship along
to another sea area). Hands, the deck and buried cards are hidden from some
seat and are never overridden; victory points follow the burials they were
scored from, so they are not a free counter either (docs/rulings.md, "Table
override").
"""

from __future__ import annotations

from typing import Any

from wargame.core.actions import Action
from wargame.core.override import OverrideMove, OverrideRefused, Target, find_target


def _piece(s: int) -> str:
    return f"pirate{s + 1}"


def targets(state: Any) -> list[Target]:
    b = state.board
    names = dict(zip(b.ids, b.names, strict=True))
    return [
        Target(
            _piece(s),
            state.name(s),
            position=b.ids[state.area[s]] if state.area[s] >= 0 else None,
            places=tuple(b.ids),
            movable=True,
            grid="place",
            extra={"place_names": names},
            note=(
                "A captain moves with their crew and their ship. Hands, cards and points "
                "can't be overridden: they are hidden or scored from the burials."
            ),
        )
        for s in range(state.n)
    ]


def _seat(state: Any, piece: str) -> int:
    find_target(state, piece)
    return int(piece[len("pirate") :]) - 1


def check(state: Any, action: Action) -> str:
    a: Any = action
    if not isinstance(action, OverrideMove):
        raise OverrideRefused("in Pieces of Eight the table can only move pirates")
    s = _seat(state, a.piece)
    b = state.board
    if not isinstance(a.to, str) or not b.has(a.to):
        raise OverrideRefused(f"{a.to!r} is not an area of the map {b.name}")
    if state.stack:
        raise OverrideRefused(
            "a card, a fight or an answer is being settled: finish it before moving a pirate"
        )
    who = state.name(s)
    if state.captain[s] >= 0:
        raise OverrideRefused(
            f"{who} sails in {state.name(state.captain[s])}'s crew: move their captain"
        )
    dest = b.index(a.to)
    if state.ship[s] >= 0 and not b.sea[dest]:
        raise OverrideRefused(f"{who} is master of a ship: a ship goes only on sea areas")
    for o in range(state.n):
        if o != s and state.captain[o] < 0 and state.area[o] == dest:
            raise OverrideRefused(f"{state.name(o)} already stands there: one captain to an area")
    was = b.names[state.area[s]] if state.area[s] >= 0 else "off the board"
    crew = [o for o in range(state.n) if state.captain[o] == s]
    along = f" with {', '.join(state.name(o) for o in crew)}" if crew else ""
    ship = " and their ship" if state.ship[s] >= 0 else ""
    return f"{who}{along}{ship} moved to {b.names[dest]} (was at {was})"


def apply(state: Any, action: Action) -> None:
    a: Any = action
    s = _seat(state, a.piece)
    dest = state.board.index(a.to)
    state.area[s] = dest
    for o in range(state.n):
        if state.captain[o] == s:
            state.area[o] = dest
    if state.ship[s] >= 0:
        state.ship_area[state.ship[s]] = dest
    state._legal = None
