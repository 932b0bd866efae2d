"""Dividing the pile of loot among the plunderers, on counts per metal.

Pure functions shared by the rules (:mod:`wargame.coins.effects`) and the odds
(:mod:`wargame.coins.odds`). Metals are indexed cheapest first (0 copper, 1 silver,
2 gold); ``values`` gives each metal's value.
"""

from __future__ import annotations

from collections.abc import Sequence


def make_change(due: int, booty: Sequence[int]) -> tuple[int, int] | None:
    """The coins (copper, silver) a pirate returns to pay back ``due`` in value from
    ``booty`` (counts per metal), copper before silver; None if it can't be paid exactly.
    Assumes copper is worth 1 and silver 2 (checked by the rules loader's ordering)."""
    for silver in range(due // 2 + 1):
        copper = due - 2 * silver
        if copper <= booty[0] and silver <= booty[1]:
            return copper, silver
    return None


def value_shares(
    pile: list[int], booties: list[list[int]], values: Sequence[int]
) -> tuple[list[list[int]], int]:
    """The seed's Copper Fortune. The total value divided by the number of plunderers
    (remainders ignored); each plunderer in order takes what is owed, gold before silver
    before copper, making change from their own booty (copper before silver) when a coin
    is worth more than is still owed, and taking less when change can't be made.

    Changes ``pile`` and each of ``booties`` in place; returns each plunderer's net
    change per metal (negative: coins returned as change) and the share owed."""
    p = len(booties)
    share = (pile[0] * values[0] + pile[1] * values[1] + pile[2] * values[2]) // p
    nets = []
    for booty in booties:
        net = [0, 0, 0]
        owed = share
        for m in (2, 1, 0):
            v = values[m]
            while owed > 0 and pile[m] > 0:
                if v <= owed:
                    pile[m] -= 1
                    booty[m] += 1
                    net[m] += 1
                    owed -= v
                    continue
                change = make_change(v - owed, booty)
                if change is None:
                    break
                pile[m] -= 1
                booty[m] += 1
                net[m] += 1
                c, s = change
                booty[0] -= c
                booty[1] -= s
                pile[0] += c
                pile[1] += s
                net[0] -= c
                net[1] -= s
                owed = 0
        nets.append(net)
    return nets, share


def equal_numbers(pile: list[int], booties: list[list[int]]) -> list[list[int]]:
    """The seed's Silver Fortune: each plunderer gets the same number of copper coins,
    then of silver, then of gold; remainders stay in the pile."""
    p = len(booties)
    each = [pile[0] // p, pile[1] // p, pile[2] // p]
    for m in range(3):
        pile[m] -= each[m] * p
    for booty in booties:
        for m in range(3):
            booty[m] += each[m]
    return [each[:] for _ in booties]


def all_or_nothing(pile: list[int], booties: list[list[int]]) -> list[list[int]]:
    """The seed's Gold Fortune: a single plunderer takes the whole pile; several get
    nothing and the pile stays."""
    if len(booties) != 1:
        return [[0, 0, 0] for _ in booties]
    taken = pile[:]
    for m in range(3):
        booties[0][m] += pile[m]
        pile[m] = 0
    return [taken]


def divide(
    division: str, pile: list[int], booties: list[list[int]], values: Sequence[int]
) -> list[list[int]]:
    """Divide ``pile`` among plunderers with ``booties`` (in plunder order) by the named
    division; changes both in place and returns each plunderer's net change per metal."""
    if not booties:
        return []
    if division == "value-shares":
        return value_shares(pile, booties, values)[0]
    if division == "equal-numbers":
        return equal_numbers(pile, booties)
    return all_or_nothing(pile, booties)
