"""The fire factor of section 19 and the exact odds of its hits.

Factor total = number of d6 rolled, each 6 damages: the hits of one firing are
binomial with p = (7 - hit_on) / 6 per die.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from wargame.naval.rules import NavalRules, Quality, Weight


@dataclass(frozen=True)
class FireFactor:
    dice: int
    band: str
    modifiers: tuple[tuple[str, int], ...]  # (reason, value), the basic 5 first

    def explain(self) -> str:
        parts = [
            f"{name} {v:+d}" if i else f"{name} {v}" for i, (name, v) in enumerate(self.modifiers)
        ]
        return " ".join(parts) + f" = {self.dice} d6"


def fire_factor(
    rules: NavalRules,
    *,
    weight: Weight,
    band: str,
    raking: bool = False,
    first_shot: bool = False,
    crew: Quality = Quality.ABLE,
) -> FireFactor:
    """Section 19: basic 5 and every modifier; 0 dice out of range."""
    if band == "out":
        return FireFactor(0, band, (("out of range", 0),))
    if _FACTORS_FOR[0] is not rules:  # the rules were reloaded: forget old factors
        _FACTORS.clear()
        _FACTORS_FOR[0] = rules
    key = (weight, band, raking, first_shot, crew)
    hit = _FACTORS.get(key)
    if hit is None:
        hit = _FACTORS[key] = _factor(rules, weight, band, raking, first_shot, crew)
    return hit


_FACTORS: dict[tuple[object, ...], FireFactor] = {}
_FACTORS_FOR: list[object] = [None]


def _factor(
    rules: NavalRules, weight: Weight, band: str, raking: bool, first_shot: bool, crew: Quality
) -> FireFactor:
    f = rules.fire
    mods: list[tuple[str, int]] = [("basic", f.basic)]
    if raking:
        mods.append(("raking", f.raking))
    if first_shot:
        mods.append(("first shot", f.first_shot))
    if f.crew[crew]:
        mods.append((f"{crew.value} crew", f.crew[crew]))
    if f.gun[weight]:
        mods.append((f"{weight.value} gun", f.gun[weight]))
    if band == "short":
        mods.append(("short range", f.short))
    elif band == "long":
        mods.append(("long range", f.long))
    dice = max(0, sum(v for _, v in mods))
    return FireFactor(dice, band, tuple(mods))


def binomial(dice: int, hit_on: int = 6) -> tuple[float, ...]:
    """P(exactly k hits) for k = 0..dice, each die hitting on ``hit_on`` or more (uncached)."""
    if dice <= 0:
        return (1.0,)
    good = max(0, min(6, 7 - hit_on))
    if good in (0, 6):
        return tuple(float(k == (dice if good == 6 else 0)) for k in range(dice + 1))
    # Exact integers, one correctly rounded division per outcome.
    bad = 6 - good
    total = 6**dice
    return tuple(comb(dice, k) * good**k * bad ** (dice - k) / total for k in range(dice + 1))


@lru_cache(maxsize=512)
def hit_distribution(dice: int, hit_on: int = 6) -> tuple[float, ...]:
    """P(exactly k hits) for k = 0..dice, each die hitting on ``hit_on`` or more."""
    return binomial(dice, hit_on)


def expected_hits(dice: int, hit_on: int = 6) -> float:
    return dice * (7 - hit_on) / 6


def at_least(dice: int, k: int, hit_on: int = 6) -> float:
    return sum(hit_distribution(dice, hit_on)[k:])
