"""Table override for Pirate Versus Pirate (:mod:`wargame.core.override`).

Everything is on the board for all to see: each pirate's triangle (named by its
label, ``B12``; a pirate carrying a coin takes it along; an eliminated pirate
put back on a triangle is back in the game) and the side it turns its back to,
and each coin still in play (put on a free triangle; a carried coin is taken
from its carrier). A delivered coin stays delivered: the score is counted from
it.
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


def targets(state: Any) -> list[Target]:
    b = state.board
    labels = tuple(b.labels)
    out = [
        Target(
            name,
            f"pirate {name}",
            (Counter("back", "back side", state.back[p], 0, 2),) if state.pos[p] >= 0 else (),
            position=labels[state.pos[p]] if state.pos[p] >= 0 else None,
            places=labels,
            movable=True,
            grid="place",
        )
        for p, name in enumerate(state.pnames)
    ]
    for j, name in enumerate(b.coin_names):
        if state.coin_home[j] < 0:
            cell = state.coin_cell[j]
            out.append(
                Target(
                    name,
                    f"the {name} coin",
                    position=labels[cell] if cell >= 0 else None,
                    places=labels,
                    movable=True,
                    grid="place",
                )
            )
    return out


def _cell(state: Any, to: Any) -> int:
    b = state.board
    if not isinstance(to, str) or to not in b.label_index:
        raise OverrideRefused(f"{to!r} is not a triangle of the board {b.name}")
    return b.label_index[to]


def check(state: Any, action: Action) -> str:
    a: Any = action
    target = find_target(state, a.piece)
    coins = state.board.coin_names
    if isinstance(action, OverrideSet):
        counter = check_counter(target, a.field, a.value)
        return f"{target.label}'s {counter.label} set to {a.value} (was {counter.value})"
    if not isinstance(action, OverrideMove):
        raise OverrideRefused(f"{action.kind} is not a table override")
    cell = _cell(state, a.to)
    if a.piece in coins:
        j = coins.index(a.piece)
        if state.occ[cell] >= 0:
            raise OverrideRefused(f"{a.to} holds a pirate: put the coin on a free triangle")
        if any(c == cell for k, c in enumerate(state.coin_cell) if k != j):
            raise OverrideRefused(f"{a.to} already holds a coin")
        holder = state.coin_holder[j]
        was = f"carried by {state.pnames[holder]}" if holder >= 0 else f"was on {target.position}"
        return f"the {a.piece} coin put on {a.to} ({was})"
    p = state.pirate_index(a.piece)
    if state.occ[cell] >= 0 and state.occ[cell] != p:
        raise OverrideRefused(f"{a.to} already holds {state.pnames[state.occ[cell]]}")
    if state.cmask & (1 << cell):
        raise OverrideRefused(f"{a.to} holds a coin: a pirate picks coins up by the rules")
    was = f"was on {target.position}" if state.pos[p] >= 0 else "was out of the game"
    along = f" with the {coins[state.carry[p]]} coin" if state.carry[p] >= 0 else ""
    return f"pirate {a.piece}{along} moved to {a.to} ({was})"


def apply(state: Any, action: Action) -> None:
    a: Any = action
    coins = state.board.coin_names
    if isinstance(action, OverrideSet):
        state.back[state.pirate_index(a.piece)] = a.value
        state._legal = None
        return
    cell = state.board.label_index[a.to]
    if a.piece in coins:
        j = coins.index(a.piece)
        old = state.coin_cell[j]
        if old >= 0:
            state.cmask &= ~(1 << old)
        holder = state.coin_holder[j]
        if holder >= 0:
            state.carry[holder] = -1
            state.coin_holder[j] = -1
        state.coin_cell[j] = cell
        state.cmask |= 1 << cell
    else:
        p = state.pirate_index(a.piece)
        old = state.pos[p]
        if old >= 0:
            state.occ[old] = -1
            state.pmask &= ~(1 << old)
        else:
            state.alive_n[p // state.opts.pirates] += 1
        state.pos[p] = cell
        state.occ[cell] = p
        state.pmask |= 1 << cell
    state._legal = None
