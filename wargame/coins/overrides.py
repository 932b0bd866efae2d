"""Table override for Pirate Coins (:mod:`wargame.core.override`).

The public counters are each pirate's booty, coin by coin type. Every coin of
the game stays somewhere (the pouch, the round stack, the pile, the monster
pool, a booty), so an overridden booty count takes coins from the pile on the
table or puts them back there: a booty of a kind can go from 0 to what the
pirate holds plus what the pile holds. The pouch and the round stack are
hidden and never touched (docs/rulings.md, "Table override").
"""

from __future__ import annotations

from typing import Any

from wargame.core.actions import Action
from wargame.core.override import (
    Counter,
    OverrideRefused,
    OverrideSet,
    Target,
    check_counter,
    find_target,
)


def _piece(s: int) -> str:
    return f"pirate{s + 1}"


def targets(state: Any) -> list[Target]:
    c = state.coins
    return [
        Target(
            _piece(s),
            state.name(s),
            tuple(
                Counter(
                    c.coin_name(t),
                    f"{c.coin_name(t)} coins",
                    state.booty[s][t],
                    0,
                    state.booty[s][t] + state.pile[t],
                )
                for t in range(c.types)
            ),
            note=(
                "A booty grows only by coins taken from the pile on the table and shrinks by "
                "coins put back there; the pouch and the round stack are hidden."
            ),
        )
        for s in range(state.n)
    ]


def check(state: Any, action: Action) -> str:
    a: Any = action
    if not isinstance(action, OverrideSet):
        raise OverrideRefused("in Pirate Coins the table can only change a booty")
    target = find_target(state, a.piece)
    counter = check_counter(target, a.field, a.value)
    d = a.value - counter.value
    where = f" ({d} from the pile)" if d > 0 else f" ({-d} back to the pile)" if d < 0 else ""
    return f"{target.label}'s {counter.label} set to {a.value} (was {counter.value}){where}"


def apply(state: Any, action: Action) -> None:
    a: Any = action
    s = int(a.piece[len("pirate") :]) - 1
    c = state.coins
    t = next(t for t in range(c.types) if c.coin_name(t) == a.field)
    d = a.value - state.booty[s][t]
    state.booty[s][t] += d
    state.pile[t] -= d
    state.worth[s] += d * c.type_value[t]
