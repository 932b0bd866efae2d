"""``wargame odds fire``: the gun fire factor of one firing and its exact odds."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from wargame.errors import BadInput, shown
from wargame.naval.odds import fire_factor, hit_distribution
from wargame.naval.rules import Quality, Weight, naval_rules
from wargame.naval.sea import range_band


def fire_odds(
    *,
    gun: str,
    range_cm: float,
    raking: bool = False,
    first_shot: bool = False,
    crew: str = "able",
) -> dict[str, Any]:
    """The contract's JSON for one firing (also what the UI's odds panel shows)."""
    if isinstance(range_cm, bool) or not isinstance(range_cm, int | float):
        raise BadInput(f"--range-cm: {shown(range_cm)} is not a number")
    if math.isnan(range_cm) or math.isinf(range_cm):
        raise BadInput(f"--range-cm: {range_cm} is not a distance")
    if range_cm < 0:
        raise BadInput(f"--range-cm: a range cannot be negative ({range_cm:g} cm)")
    try:
        weight, quality = Weight(gun), Quality(crew)
    except ValueError as exc:
        raise BadInput(f"--gun/--crew: {exc}") from None
    rules = naval_rules()
    band = range_band(float(range_cm), weight, rules)
    factor = fire_factor(
        rules, weight=weight, band=band, raking=raking, first_shot=first_shot, crew=quality
    )
    hit_on = rules.fire.hit_on
    dist = hit_distribution(factor.dice, hit_on)
    return {
        "dice": factor.dice,
        "hit_on": list(range(hit_on, 7)),
        "band": band,
        "distribution": list(dist),
        "expected_hits": sum(k * p for k, p in enumerate(dist)),
        "modifiers": [[name, v] for name, v in factor.modifiers],
    }


def odds_command(args: argparse.Namespace) -> int:
    result = fire_odds(
        gun=args.gun,
        range_cm=args.range_cm,
        raking=args.raking,
        first_shot=args.first_shot,
        crew=args.crew,
    )
    if args.json:
        print(json.dumps(result))
        return 0
    mods = ", ".join(
        f"{n} {v:+d}" if i else f"{n} {v}" for i, (n, v) in enumerate(result["modifiers"])
    )
    print(
        f"{args.gun} gun at {args.range_cm:g} cm ({result['band']} range): "
        f"{result['dice']} d6, hits on 6"
    )
    print(f"  factor: {mods}")
    for k, p in enumerate(result["distribution"]):
        print(f"  {k:2d} hit{'s' if k != 1 else ' '}: {p * 100:7.3f} %")
    print(f"  expected hits: {result['expected_hits']:.4f}")
    return 0
