"""A sea fight on any map: the hex sea a map's bounds hold, and ships placed on it.

``battle_on_map`` is what ``wargame naval setup`` writes and what the battle setup
screen starts from: the map's land areas become land on the hex sea
(:func:`wargame.naval.sea.land_hexes`), each side takes ships from the default roster
(rules data ``setup``) and they are placed on water near opposite table edges (the
attacker west, the defender east), on the one stretch of water both can reach.
``setup_problems`` lists everything wrong with a placement, ship by ship, in words.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from wargame.errors import BadInput, shown
from wargame.naval.rules import NavalRules, naval_rules
from wargame.naval.sea import Axial, Sea, islands_from_map

#: The largest sea the loader takes (sea.cols / sea.rows).
MAX_HEXES_ACROSS = 200


def sea_fitting(
    bounds: tuple[float, float, float, float], hex_cm: float, orientation: str
) -> tuple[int, int]:
    """The columns and rows of the largest sea of ``hex_cm`` hexes inside ``bounds``."""
    width, height = bounds[2] - bounds[0], bounds[3] - bounds[1]
    size = hex_cm / math.sqrt(3.0)  # centre to corner
    if orientation == "flat":  # columns 1.5 sizes apart, half a hex of stagger below
        cols = math.floor((width / size - 2.0) / 1.5 + 1e-9) + 1
        rows = math.floor((height - hex_cm / 2) / hex_cm + 1e-9)
    else:
        cols = math.floor((width - hex_cm / 2) / hex_cm + 1e-9)
        rows = math.floor((height / size - 2.0) / 1.5 + 1e-9) + 1
    return min(cols, MAX_HEXES_ACROSS), min(rows, MAX_HEXES_ACROSS)


def map_bounds(mapdata: Mapping[str, Any], where: str) -> tuple[float, float, float, float]:
    from wargame.maps.model import map_from_json

    doc = map_from_json(mapdata, where)
    x0, y0, x1, y1 = doc.bounds
    if not (x1 > x0 and y1 > y0):
        raise BadInput(f"{where}: the map's bounds {list(doc.bounds)} hold no table")
    return (x0, y0, x1, y1)


def roster_ships(side: int, count: int, rules: NavalRules) -> list[dict[str, Any]]:
    """``count`` ships of the default roster for ``side``, in order, numbered on a repeat."""
    roster = rules.setup.attacker if side == 0 else rules.setup.defender
    out = []
    for i in range(count):
        entry = roster[i % len(roster)]
        lap = i // len(roster)
        name = entry.name if lap == 0 else f"{entry.name} {lap + 1}"
        out.append({"name": name, "type": entry.type.value, "quality": entry.quality.value})
    return out


def open_water(sea: Sea) -> set[Axial]:
    """The largest stretch of connected water (ships elsewhere could never meet)."""
    best: set[Axial] = set()
    seen: set[Axial] = set()
    for start in sorted(sea.hexes - sea.land):
        if start in seen:
            continue
        part = {start}
        frontier = [start]
        while frontier:
            nxt = []
            for a in frontier:
                for d in range(6):
                    b = sea.neighbour(a, d)
                    if b not in part and sea.is_sea(b):
                        part.add(b)
                        nxt.append(b)
            frontier = nxt
        seen |= part
        if len(part) > len(best):
            best = part
    return best


def heading_towards(sea: Sea, edge: str) -> int:
    """The hex facing whose bow points most nearly at ``edge``."""
    want = {"east": 0.0, "south": 90.0, "west": 180.0, "north": -90.0}[edge]
    return min(range(6), key=lambda h: abs((sea.heading_angle(h) - want + 180.0) % 360.0 - 180.0))


def start_headings(sea: Sea, wind: int, rules: NavalRules) -> tuple[int, int]:
    """The attacker's and the defender's starting headings: each bow towards the enemy's
    edge (east for the attacker, west for the defender), both on one point of sail
    (issue 39: the attacker started reaching and the defender beating). The rules'
    ``setup.start_point`` if a pair gives it, else the point nearest it both can share;
    among equals the bows most nearly at the enemy's edge."""
    from wargame.naval.sea import point_of_sail

    points = list(rules.sail.points_of_sail)
    want = points.index(rules.setup.start_point) if rules.setup.start_point in points else 1

    def off(h: int, towards: float) -> float:
        return abs((sea.heading_angle(h) - towards + 180.0) % 360.0 - 180.0)

    east = [h for h in range(6) if off(h, 0.0) < 90.0 - 1e-6]
    west = [h for h in range(6) if off(h, 180.0) < 90.0 - 1e-6]
    best: tuple[float, ...] | None = None
    pair = (heading_towards(sea, "east"), heading_towards(sea, "west"))
    for a in east:
        for d in west:
            point = point_of_sail(a, wind, rules)
            if point != point_of_sail(d, wind, rules) or point == "against":
                continue
            key = (abs(points.index(point) - want), off(a, 0.0) + off(d, 180.0), a, d)
            if best is None or key < best:
                best, pair = key, (a, d)
    return pair


def place_side(
    sea: Sea, water: set[Axial], side: int, count: int, taken: Iterable[Axial], rules: NavalRules
) -> list[Axial]:
    """``count`` water hexes near the side's own edge (west for the attacker), as near
    the middle of the edge as may be, ``spacing_hexes`` apart; fewer if there is no room."""
    from wargame.naval.common import hex_distance

    span = max(2, math.ceil(sea.cols * rules.setup.edge_share))
    middle = (sea.rows - 1) / 2
    # a wide sea: both lines move in from their edges, at most start_gap_hexes apart
    shift = max(0, math.ceil((sea.cols - 3 - rules.setup.start_gap_hexes) / 2))

    first = 2 if sea.cols >= 10 else 1  # not on the edge column: she would sail off at once

    def order(a: Axial) -> tuple[bool, bool, int, float, int]:
        col, row = sea.to_offset(a)
        from_edge = col if side == 0 else sea.cols - 1 - col
        # next to the edge, or on the top or bottom row, only when nothing else is left
        edgy = row in (0, sea.rows - 1)
        return (edgy, from_edge < first, from_edge, abs(row - middle), row)

    def column(a: Axial) -> int:
        col = sea.to_offset(a)[0]
        return col if side == 0 else sea.cols - 1 - col

    near = sorted(
        (a for a in water if shift + 1 <= column(a) < shift + span or sea.cols < 3), key=order
    )
    chosen: list[Axial] = []
    used = list(taken)
    gap = rules.setup.spacing_hexes
    # the nearest column first, then the next: ships in a line facing the enemy
    for a in near:
        if len(chosen) == count:
            break
        if all(hex_distance(a, b) >= gap for b in used):
            chosen.append(a)
            used.append(a)
    return chosen


def battle_on_map(
    mapdata: Mapping[str, Any],
    *,
    where: str = "map",
    hex_cm: float | None = None,
    ships_per_side: int | None = None,
    name: str | None = None,
    rules: NavalRules | None = None,
) -> dict[str, Any]:
    """A naval scenario on ``mapdata`` (a ``wargame-map``): BadInput naming why not."""
    from wargame.maps.playable import require_playable_json

    rules = rules or naval_rules()
    if not isinstance(mapdata, Mapping) or mapdata.get("format") != "wargame-map":
        what = mapdata.get("format") if isinstance(mapdata, Mapping) else None
        raise BadInput(
            f"{where}: not a map (its format is {shown(what)}, not 'wargame-map'); "
            "make one in the map editor or with 'wargame map import'"
        )
    bounds = map_bounds(mapdata, where)
    require_playable_json(dict(mapdata), where)
    hex_cm = rules.table.hex_cm if hex_cm is None else hex_cm
    if isinstance(hex_cm, bool) or not isinstance(hex_cm, int | float) or not 0.5 <= hex_cm <= 50:
        raise BadInput(f"--hex-cm: {shown(hex_cm)} must be a number from 0.5 to 50")
    n = rules.setup.ships_per_side if ships_per_side is None else ships_per_side
    top = rules.setup.max_ships_per_side
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= top:
        raise BadInput(f"--ships-per-side: {shown(n)} must be a whole number from 1 to {top}")
    hexspec = mapdata.get("hex")
    orientation = rules.table.orientation
    if isinstance(hexspec, Mapping) and hexspec.get("orientation") in ("flat", "pointy"):
        orientation = str(hexspec["orientation"])
    cols, rows = sea_fitting(bounds, float(hex_cm), orientation)
    if cols < 4 or rows < 2:
        raise BadInput(
            f"{where}: the map is {bounds[2] - bounds[0]:g} x {bounds[3] - bounds[1]:g} cm: "
            f"too small for a sea of {hex_cm:g} cm hexes (it holds {max(cols, 0)} x "
            f"{max(rows, 0)}); try a smaller --hex-cm"
        )
    origin = (bounds[0], bounds[1])
    islands = islands_from_map(dict(mapdata), where, origin=origin)
    from wargame.naval.scenario import cached_sea  # the same sea the engine then sets up

    sea = cached_sea(cols, rows, float(hex_cm), orientation, islands, rules.table.land_fraction)
    water = open_water(sea)
    ships: list[dict[str, Any]] = []
    taken: list[Axial] = []
    wind = rules.setup.wind
    headings = start_headings(sea, wind, rules)
    for side, edge in ((0, "west"), (1, "east")):
        spots = place_side(sea, water, side, n, taken, rules)
        if len(spots) < n:
            raise BadInput(
                f"{where}: no room for {n} ships of the {('attacker', 'defender')[side]} on "
                f"open water near the {edge} edge (room for {len(spots)}); the map is mostly "
                "land there or the sea is too small: try fewer ships or a smaller --hex-cm"
            )
        heading = headings[side]
        for spec, spot in zip(roster_ships(side, n, rules), spots, strict=True):
            col, row = sea.to_offset(spot)
            ships.append(dict(spec, side=side, at=[col, row], heading=heading))
        taken += spots
    map_name = str(mapdata.get("name") or "the map")
    return {
        "format": "wargame-scenario",
        "mode": "naval",
        "name": name or f"Sea fight: {map_name}",
        "description": (
            f"{n} ships a side on {map_name}: the attacker from the west, the defender "
            f"from the east. Hexes of {hex_cm:g} cm."
        ),
        "sea": {
            "cols": cols,
            "rows": rows,
            "hex_cm": float(hex_cm),
            "orientation": orientation,
            "origin": [origin[0], origin[1]],
        },
        "map": dict(mapdata),
        "wind": wind,
        "coins": rules.table.countdown_coins,
        "ships": ships,
    }


def setup_problems(data: Mapping[str, Any], rules: NavalRules | None = None) -> list[str]:
    """Everything wrong with a scenario's ships, one sentence each, naming the ship
    (empty: the engine starts). The sea itself must already be sound."""
    from wargame.naval.scenario import sea_from_scenario

    rules = rules or naval_rules()
    sea = sea_from_scenario(dict(data), rules)
    out: list[str] = []
    seen: dict[tuple[int, int], str] = {}
    sides = set()
    ships = data.get("ships")
    for i, spec in enumerate(ships if isinstance(ships, list) else []):
        if not isinstance(spec, Mapping):
            out.append(f"Ship {i + 1} is not a ship")
            continue
        name = str(spec.get("name") or f"Ship {i + 1}")
        sides.add(spec.get("side"))
        at = spec.get("at")
        if not isinstance(at, list) or len(at) != 2 or not all(isinstance(v, int) for v in at):
            out.append(f"{name} is not on the sea")
            continue
        col, row = at
        if not (0 <= col < sea.cols and 0 <= row < sea.rows):
            out.append(f"{name} is outside the sea ({col}, {row})")
        elif not sea.is_sea(sea.from_offset(col, row)):
            out.append(f"{name} is on land ({col}, {row})")
        elif (col, row) in seen:
            out.append(f"{name} is in the same hex as {seen[(col, row)]} ({col}, {row})")
        else:
            seen[(col, row)] = name
    for side, word in ((0, "attacker"), (1, "defender")):
        if side not in sides:
            out.append(f"The {word} has no ship")
    return out
