"""Naval scenarios: the sea, its islands, the wind, the countdown and the ships.

A scenario file is ``{"format": "wargame-scenario", "mode": "naval", "name": ...,
"sea": {"cols", "rows", "hex_cm", "orientation"}, "map": <wargame-map> or
"map_file": path, "wind": facing, "coins": n, "ships": [...], "campaign_link": {...}}``.
Each ship is a sheet: ``name, side (0 attacker / 1 defender), type, quality,
at: [col, row], heading`` plus any overrides of its type's defaults.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from wargame.errors import BadInput, shown
from wargame.naval.fields import (
    SCENARIO_FIELDS,
    SEA_FIELDS,
    SHIP_FIELDS,
    refuse_unknown,
)
from wargame.naval.play import NavalPlay
from wargame.naval.rules import NavalRules, naval_rules
from wargame.naval.sea import Island, Sea, islands_from_map
from wargame.naval.ship import Ship, Status, ship_from_spec
from wargame.naval.state import NavalState
from wargame.naval.victory import victory_from_scenario
from wargame.paths import scenarios_dir
from wargame.persistence.files import read_json_file

DEFAULT_SCENARIO = "naval/merchant_escort.json"


def default_scenario_path() -> Path:
    return scenarios_dir() / DEFAULT_SCENARIO


@lru_cache(maxsize=4)
def _default_scenario_text() -> str:
    return json.dumps(read_json_file(default_scenario_path()))


def default_scenario() -> dict[str, Any]:
    """The shipped default battle (a fresh copy)."""
    return json.loads(_default_scenario_text())


@lru_cache(maxsize=32)
def cached_sea(
    cols: int,
    rows: int,
    hex_cm: float,
    orientation: str,
    islands: tuple[Island, ...],
    land_fraction: float,
) -> Sea:
    return Sea(cols, rows, hex_cm, orientation, islands, land_fraction)


def _origin(value: Any) -> tuple[float, float]:
    """``sea.origin``: the map's point (cm) at the sea's top-left corner."""
    if value is None:
        return (0.0, 0.0)
    if not isinstance(value, list) or len(value) != 2:
        raise BadInput("scenario: sea.origin must be [x, y] in cm")
    x = _number(value[0], "scenario: sea.origin x", low=-1e6, high=1e6)
    y = _number(value[1], "scenario: sea.origin y", low=-1e6, high=1e6)
    return (x, y)


def _number(value: Any, where: str, *, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise BadInput(f"{where}: {shown(value)} must be a number from {low:g} to {high:g}")
    return float(value)


def sea_from_scenario(data: dict[str, Any], rules: NavalRules, base: Path | None = None) -> Sea:
    sea = data.get("sea", {})
    if not isinstance(sea, dict):
        raise BadInput("scenario: key 'sea' must be an object")
    refuse_unknown(sea, SEA_FIELDS, "scenario: sea")
    cols = int(_number(sea.get("cols", 20), "scenario: sea.cols", low=2, high=200))
    rows = int(_number(sea.get("rows", 14), "scenario: sea.rows", low=2, high=200))
    hex_cm = _number(
        sea.get("hex_cm", rules.table.hex_cm), "scenario: sea.hex_cm", low=0.5, high=50
    )
    orientation = sea.get("orientation", rules.table.orientation)
    if orientation not in ("flat", "pointy"):
        raise BadInput(
            f"scenario: sea.orientation must be 'flat' or 'pointy', not {shown(orientation)}"
        )
    origin = _origin(sea.get("origin"))
    islands: tuple[Island, ...] = ()
    from wargame.maps.playable import read_map_ref, require_playable_json

    if "map" in data and data["map"] is not None:
        require_playable_json(data["map"], "scenario: map")  # no crossing or stacked shapes
        islands = islands_from_map(data["map"], "scenario: map", origin=origin)
    elif "map_file" in data:  # read only from inside the scenario's folder
        where = "scenario: map_file"
        mapdata = read_map_ref(data["map_file"], base or scenarios_dir(), where)
        require_playable_json(mapdata, where)
        islands = islands_from_map(mapdata, where, origin=origin)
    return cached_sea(cols, rows, hex_cm, orientation, islands, rules.table.land_fraction)


def state_from_scenario(
    data: dict[str, Any] | None, rules: NavalRules | None = None, *, base: Path | None = None
) -> NavalState:
    rules = rules or naval_rules()
    data = default_scenario() if data is None else data
    if not isinstance(data, dict):
        raise BadInput("scenario: a naval scenario must be a JSON object")
    if data.get("mode", "naval") != "naval":
        raise BadInput(f"scenario: mode is {shown(data.get('mode'))}, not 'naval'")
    refuse_unknown(data, SCENARIO_FIELDS, "scenario")
    sea = sea_from_scenario(data, rules, base)
    specs = data.get("ships")
    if not isinstance(specs, list) or not specs:
        raise BadInput("scenario: key 'ships' must be a non-empty list")
    ships: list[Ship] = []
    names: set[str] = set()
    for i, spec in enumerate(specs):
        where = f"scenario: ships[{i}]"
        if not isinstance(spec, dict):
            raise BadInput(f"{where}: a ship must be an object")
        named = f"{where} {shown(spec['name'])}" if isinstance(spec.get("name"), str) else where
        refuse_unknown(spec, SHIP_FIELDS, named)
        side = spec.get("side", 0)
        if isinstance(side, str):
            side = {"attacker": 0, "defender": 1}.get(side, side)
        if side not in (0, 1):
            raise BadInput(f"{where}: side must be 0 (attacker) or 1 (defender), not {shown(side)}")
        at = spec.get("at")
        if not isinstance(at, list) or len(at) != 2 or not all(isinstance(v, int) for v in at):
            raise BadInput(f"{where}: key 'at' must be [col, row]")
        hex_ = sea.from_offset(at[0], at[1])
        if not sea.is_sea(hex_):
            raise BadInput(f"{where}: {at} is not open sea on this table")
        heading = spec.get("heading", 0)
        if not isinstance(heading, int) or not 0 <= heading <= 5:
            raise BadInput(f"{where}: heading must be a hex facing 0..5")
        ship = ship_from_spec(spec, rules, side=side, hex=hex_, heading=heading, where=where)
        if ship.name in names:
            raise BadInput(f"{where}: two ships are named {shown(ship.name)}")
        if any(s.hex == hex_ for s in ships):
            raise BadInput(f"{where}: two ships start in hex {at}")
        names.add(ship.name)
        ships.append(ship)
    if not any(s.side == 0 for s in ships) or not any(s.side == 1 for s in ships):
        raise BadInput("scenario: both the attacker and the defender need at least one ship")
    wind = data.get("wind", 5)
    if not isinstance(wind, int) or not 0 <= wind <= 5:
        raise BadInput("scenario: wind must be a hex facing 0..5 (the way it blows)")
    coins = data.get("coins", rules.table.countdown_coins)
    if not isinstance(coins, int) or coins < 1:
        raise BadInput("scenario: coins must be a whole number of 1 or more")
    victory = victory_from_scenario(data, names, sea, rules)
    return NavalPlay(
        rules,
        sea,
        ships,
        wind=wind,
        coins=coins,
        name=str(data.get("name", "Sea fight")),
        victory=victory,
    )


def battle_from_forces(
    attacker: list[dict[str, Any]], defender: list[dict[str, Any]], *, name: str
) -> dict[str, Any]:
    """A naval scenario of these two forces on open sea, the attacker to the west.

    Each ship is ``{"name", "type", "quality"}`` plus optional sheet overrides.
    """
    if not attacker or not defender:
        raise BadInput("battle_from_forces: both sides need at least one ship")
    rows = max(10, 3 * max(len(attacker), len(defender)) + 4)
    cols = 20
    ships = []
    for side, force in ((0, attacker), (1, defender)):
        col = 2 if side == 0 else cols - 3
        heading = 0 if side == 0 else 4
        top = (rows - 3 * (len(force) - 1)) // 2
        for i, spec in enumerate(force):
            if not isinstance(spec, dict) or "name" not in spec:
                raise BadInput(f"battle_from_forces: ship {i + 1} of side {side} needs a name")
            ship = dict(spec)
            ship.update({"side": side, "at": [col, top + 3 * i], "heading": heading})
            ships.append(ship)
    return {
        "format": "wargame-scenario",
        "mode": "naval",
        "name": name,
        "sea": {"cols": cols, "rows": rows, "hex_cm": naval_rules().table.hex_cm},
        "wind": 5,
        "coins": naval_rules().table.countdown_coins,
        "ships": ships,
    }


def campaign_losses(state: NavalState) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """What each side lost, by seat, as a campaign carries it back (a ship sunk, or
    taken: surrendered); ``wargame.campaign.losses`` reads it."""
    fates = {Status.SUNK: "sunk", Status.SURRENDERED: "taken"}
    out: dict[str, dict[str, list[dict[str, Any]]]] = {
        "0": {"ships": [], "party": []},
        "1": {"ships": [], "party": []},
    }
    for ship in state.ships.values():
        fate = fates.get(ship.status)
        if fate is not None:
            out[str(ship.side)]["ships"].append({"name": ship.name, "fate": fate})
    return out
