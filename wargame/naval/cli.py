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
from wargame.plural import ngettext


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
        print(f"  {k:2d} {ngettext('hit ', 'hits', k)}: {p * 100:7.3f} %")
    print(f"  expected hits: {result['expected_hits']:.4f}")
    return 0


def add_commands(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """``wargame naval setup`` (../shared/CONTRACT.md, "Your own sea fight")."""
    naval = sub.add_parser("naval", help="sea fights: build one on a map")
    nsub = naval.add_subparsers(dest="what", parser_class=parser_class, required=True)
    s = nsub.add_parser(
        "setup",
        help="a sea fight on a map: its land becomes land on the hex sea, ships at its edges",
    )
    s.add_argument("--map", required=True, help="a map file (the map editor's, or map import's)")
    s.add_argument("--out", required=True, help="the scenario file to write")
    s.add_argument("--hex-cm", type=float, help="hex size across the flats in cm (rules default)")
    s.add_argument("--ships-per-side", type=int, help="ships each side takes (rules default)")
    s.add_argument("--name", help="the battle's name (default: after the map)")


def setup_command(args: argparse.Namespace) -> int:
    """Write a sea fight on ``args.map`` to ``args.out``; exit 2 naming why it can't be."""
    from wargame.maps.model import MAX_MAP_BYTES
    from wargame.naval.scenario import state_from_scenario
    from wargame.naval.setup import battle_on_map
    from wargame.persistence.files import (
        check_output_path,
        parse_json,
        read_regular_text,
        write_user_file,
    )
    from wargame.persistence.guard import loading

    out = check_output_path(args.out)
    where = f"--map: {args.map}"
    with loading(args.map):
        data = parse_json(read_regular_text(args.map, max_bytes=MAX_MAP_BYTES), args.map)
        if isinstance(data, dict) and data.get("format") == "wargame-scenario":
            raise BadInput(f"{where}: this is a scenario, not a map; open it with --scenario")
        scenario = battle_on_map(
            data,
            where=where,
            hex_cm=args.hex_cm,
            ships_per_side=args.ships_per_side,
            name=args.name,
        )
        state = state_from_scenario(scenario)  # what simulate and the app will set up
    write_user_file(out, json.dumps(scenario, indent=1, ensure_ascii=False) + "\n")
    sea = state.sea
    per_side = len(scenario["ships"]) // 2
    print(
        f"{out}: {scenario['name']}: a sea of {sea.cols} x {sea.rows} hexes of {sea.hex_cm:g} cm "
        f"({len(sea.land)} land), {per_side} ships a side"
    )
    return 0
