"""Victory points for a burial, the burial limit, the mutiny bonus. Pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

from wargame.poe.rules import Card, PoeRules


@dataclass(frozen=True, slots=True)
class BurialScore:
    spots: int
    same_type: int
    different_types: int
    types: tuple[str, ...]  # the type each card counted as, in order

    @property
    def total(self) -> int:
        return self.spots + self.same_type + self.different_types


def burial_limit(cards: Sequence[Card], rules: PoeRules) -> int:
    """5 cards, 6 if they include a 4-value treasure, 7 with a 5-value one."""
    limit = rules.bury.base_limit
    for c in cards:
        if c.named:
            limit = max(limit, rules.bury.limit_with_value.get(str(c.value), limit))
    return limit


def score_burial(cards: Sequence[Card], rules: PoeRules, *, fools_gold: int = 0) -> BurialScore:
    """The best score of burying ``cards`` together.

    Named treasures count as any type; each Fool's Gold lets one more typed card
    count as another type. The types are chosen to give the most points, as a
    player would choose them.
    """
    spots = sum(c.value for c in cards)
    types = rules.bury.types
    fixed = [types.index(c.type) for c in cards if c.type is not None]
    wild = len(cards) - len(fixed)
    free = min(fools_gold, len(fixed))
    best = _best(
        tuple(sorted(fixed)),
        wild,
        free,
        len(types),
        tuple(sorted((int(k), v) for k, v in rules.bury.same_type_bonus.items())),
        tuple(sorted((int(k), v) for k, v in rules.bury.different_types_bonus.items())),
    )
    same, diff, assignment = best
    # Name the type each card counted as: typed cards keep theirs unless re-typed.
    counts = list(assignment)
    out: list[str] = []
    fixed_counts = [0] * len(types)
    for t in fixed:
        fixed_counts[t] += 1
    keep = [min(fixed_counts[i], counts[i]) for i in range(len(types))]
    spare = [counts[i] - keep[i] for i in range(len(types))]
    for c in cards:
        if c.type is not None:
            t = types.index(c.type)
            if keep[t] > 0:
                keep[t] -= 1
                out.append(c.type)
                continue
        j = next(i for i in range(len(types)) if spare[i] > 0)
        spare[j] -= 1
        out.append(types[j])
    return BurialScore(spots, same, diff, tuple(out))


def _bonus(table: tuple[tuple[int, int], ...], n: int) -> int:
    best = 0
    for k, v in table:
        if n >= k:
            best = v
    return best


@cache
def _best(
    fixed: tuple[int, ...],
    wild: int,
    free: int,
    ntypes: int,
    same_table: tuple[tuple[int, int], ...],
    diff_table: tuple[tuple[int, int], ...],
) -> tuple[int, int, tuple[int, ...]]:
    """(same-type bonus, different-types bonus, type counts) maximising the bonuses."""
    base = [0] * ntypes
    for t in fixed:
        base[t] += 1
    best: tuple[int, int, tuple[int, ...]] | None = None
    # Fool's Gold: up to ``free`` typed cards may be taken off their type first.
    removals: list[tuple[int, ...]] = [()]
    for k in range(1, free + 1):
        removals.extend(combinations_with_replacement(range(ntypes), k))
    for rem in removals:
        counts = list(base)
        ok = True
        for t in rem:
            counts[t] -= 1
            if counts[t] < 0:
                ok = False
        if not ok:
            continue
        extra = wild + len(rem)
        for add in combinations_with_replacement(range(ntypes), extra):
            c = list(counts)
            for t in add:
                c[t] += 1
            same = sum(_bonus(same_table, n) for n in c)
            diff = _bonus(diff_table, sum(1 for n in c if n))
            if best is None or same + diff > best[0] + best[1]:
                best = (same, diff, tuple(c))
    assert best is not None
    return best


def mutiny_bonus(captain_spots: int, mutineer_spots: int, *, rounding: str = "down") -> int:
    """(captain's face-up spots above the mutineer's) / (mutineer's spots, or 1 if none).

    >>> mutiny_bonus(6, 3), mutiny_bonus(6, 1)
    (1, 5)
    """
    more = captain_spots - mutineer_spots
    if more <= 0:
        return 0
    div = mutineer_spots if mutineer_spots > 0 else 1
    if rounding == "up":
        return -(-more // div)
    if rounding == "nearest":
        return (2 * more + div) // (2 * div)
    return more // div
