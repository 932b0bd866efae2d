"""The numbers a push-your-luck pirate wants before deciding, computed exactly.

Everything here is computed from what one seat may see (:meth:`Table.from_observation`),
never from other pirates' secret choices. The others' choices are unknown, so each
other pirate still in the round is weighted as plundering with probability 1/2,
independently: every combination of their choices counts the same (a pirate who
knows nothing of the others can assume no better). Results are exact fractions.

* :func:`attack_chance` - the chance that this turn's flip ends the round with a
  monster attack (the fortune coin shows a kind that already has ``attack_at - 1``
  monsters in the pool, and lands monster-up).
* :func:`plunder_share` - the expected value a pirate takes by plundering now under
  this fortune, over the others' possible choices.
* :func:`stay_pile` - the expected value of the pile of loot when the next turn starts
  if the pirate stays (sallies forth): the pile after the others' plunder, plus the
  fortune coin if it lands skull-up, and nothing if the monsters attack.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wargame.coins.division import divide
from wargame.coins.rules import CoinSet, coin_set


@dataclass(frozen=True, slots=True)
class Table:
    """The public table as one seat sees it, in the shape the odds need."""

    coins: CoinSet
    n: int
    starter: int
    round: int
    in_round: tuple[bool, ...]
    pile: tuple[int, int, int]  # per metal
    pool_kinds: tuple[int, ...]
    booty: tuple[tuple[int, int, int], ...]  # per seat, per metal
    fortune_metal: int  # -1: no fortune coin out
    fortune_kind: int
    unseen: tuple[int, ...]  # per type: the pouch and the round stack together

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> Table:
        c = coin_set(obs["monsters"])
        metal_index = {m: i for i, m in enumerate(c.metals)}
        kind_index = {k: i for i, k in enumerate(c.kinds)}

        def metals(by_type: dict[str, dict[str, int]]) -> tuple[int, int, int]:
            return (
                sum(by_type["copper"].values()),
                sum(by_type["silver"].values()),
                sum(by_type["gold"].values()),
            )

        pool = [0] * len(c.kinds)
        for kinds in obs["monster_pool"].values():
            for kind, count in kinds.items():
                pool[kind_index[kind]] += count
        unseen = [0] * c.types
        for metal, kinds in obs["unseen"].items():
            for kind, count in kinds.items():
                unseen[c.t(metal_index[metal], kind_index[kind])] = count
        fm = fk = -1
        if obs["fortune"]:
            metal, _, kind = obs["fortune"].partition(" ")
            fm, fk = metal_index[metal], kind_index[kind]
        return cls(
            c,
            obs["players"],
            obs["starter"],
            obs["round"],
            tuple(obs["in_round"]),
            metals(obs["pile"]),
            tuple(pool),
            tuple(metals(b) for b in obs["booty"]),
            fm,
            fk,
            tuple(unseen),
        )

    @property
    def pile_value(self) -> int:
        v = self.coins.values
        return self.pile[0] * v[0] + self.pile[1] * v[1] + self.pile[2] * v[2]

    @property
    def fortune_value(self) -> int:
        return self.coins.values[self.fortune_metal] if self.fortune_metal >= 0 else 0

    def value(self, seat: int) -> int:
        v = self.coins.values
        b = self.booty[seat]
        return b[0] * v[0] + b[1] * v[1] + b[2] * v[2]

    def others_in_round(self, me: int) -> list[int]:
        """The other pirates still in the round, in plunder order (from the starter)."""
        order = [(self.starter + i) % self.n for i in range(self.n)]
        return [s for s in order if s != me and self.in_round[s]]


@dataclass(frozen=True, slots=True)
class Case:
    """One combination of the others' choices (all combinations weigh the same)."""

    plunderers: tuple[int, ...]  # in plunder order
    gains: tuple[int, ...]  # value each seat takes (negative never: change is netted)
    pile_after: tuple[int, int, int]  # per metal, after the plunder
    remaining: int  # other pirates still in the round after it


def cases(t: Table, me: int, *, plunder: bool) -> Iterator[Case]:
    """Every combination of the other pirates' choices, with ``me`` plundering or not."""
    others = t.others_in_round(me)
    order = [(t.starter + i) % t.n for i in range(t.n)]
    division = t.coins.divisions[t.fortune_metal]
    values = t.coins.values
    for mask in range(1 << len(others)):
        chosen = {s for i, s in enumerate(others) if mask >> i & 1}
        if plunder:
            chosen.add(me)
        plunderers = [s for s in order if s in chosen]
        pile = list(t.pile)
        booties = [list(t.booty[s]) for s in plunderers]
        nets = divide(division, pile, booties, values)
        gains = [0] * t.n
        for s, net in zip(plunderers, nets):
            gains[s] = net[0] * values[0] + net[1] * values[1] + net[2] * values[2]
        yield Case(
            tuple(plunderers),
            tuple(gains),
            (pile[0], pile[1], pile[2]),
            len(others) - (len(chosen) - (1 if plunder else 0)),
        )


def attack_chance(t: Table) -> Fraction:
    """The chance that this turn's flip ends the round with a monster attack."""
    if t.fortune_metal < 0:
        return Fraction(0)
    if t.pool_kinds[t.fortune_kind] + 1 < t.coins.attack_at:
        return Fraction(0)
    return Fraction(len(t.coins.monster_faces), t.coins.flip_sides)


def plunder_share(t: Table, me: int) -> Fraction:
    """The expected value ``me`` takes by plundering now, over the others' choices."""
    total = 0
    count = 0
    for case in cases(t, me, plunder=True):
        total += case.gains[me]
        count += 1
    return Fraction(total, count)


def stay_pile(t: Table, me: int) -> Fraction:
    """The expected value of the pile when the next turn starts if ``me`` stays
    (nothing if the monsters attack), over the others' choices and the flip."""
    monster = Fraction(len(t.coins.monster_faces), t.coins.flip_sides)
    attack = attack_chance(t) > 0
    v = t.coins.values
    total = Fraction(0)
    count = 0
    for case in cases(t, me, plunder=False):
        after = case.pile_after[0] * v[0] + case.pile_after[1] * v[1] + case.pile_after[2] * v[2]
        skull = after + t.fortune_value
        total += (1 - monster) * skull + monster * (0 if attack else after)
        count += 1
    return total / count


@dataclass(frozen=True, slots=True)
class Odds:
    attack: Fraction
    plunder: Fraction
    stay: Fraction
    pile: int
    others: int  # other pirates still in the round


def odds(t: Table, me: int) -> Odds:
    """All three numbers for ``me`` at this decision."""
    return Odds(
        attack_chance(t),
        plunder_share(t, me),
        stay_pile(t, me),
        t.pile_value,
        len(t.others_in_round(me)),
    )


def pct(p: Fraction) -> str:
    """A chance as a percentage for the table ("50%", "0%", "33.3%")."""
    x = float(p) * 100
    return f"{x:.0f}%" if abs(x - round(x)) < 0.05 else f"{x:.1f}%"


def num(x: Fraction) -> str:
    """An expected value for the table: exact when short ("7/2 ≈ 3.50")."""
    if x.denominator == 1:
        return str(x.numerator)
    if x.denominator <= 64:
        return f"{x.numerator}/{x.denominator} ≈ {float(x):.2f}"
    return f"{float(x):.2f}"
