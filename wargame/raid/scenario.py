"""Raid scenarios: the shipped town, reading a scenario into a state, building one from forces.

A raid scenario is a ``wargame-scenario`` file of mode ``raid``::

    {"format": "wargame-scenario", "mode": "raid", "name": "...",
     "town": {"name": "...", "map": ["D.BB=BB...FF", ...]},
     "attacker": {"name": "...", "units": [{"id": "P1", "kind": "musket",
                  "quality": "able", "square": [0, 3]}, {"id": "P0",
                  "officer": "captain", "name": "...", "square": [0, 3]}, ...]},
     "defender": {"name": "...", "units": [...]},
     "fire": [[5, 4]],                 # optional: squares already burning
     "campaign_link": {...}}           # optional: where a campaign wants the result
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from wargame.errors import FileFormatError, shown
from wargame.paths import scenarios_dir
from wargame.persistence.files import read_json_file
from wargame.raid.model import ATTACKER, DEFENDER, SIDE_NAMES, Town, Unit, unit_from_json
from wargame.raid.rules import GROUP_KINDS, OFFICER_KINDS, QUALITIES, RaidRules, raid_rules

DEFAULT_SCENARIO = "raid/puerto_bello.json"
#: Where a defender's figures are placed by :func:`raid_from_forces`, best first.
DEFENDER_SQUARES = ("residence", "treasury", "fort", "church", "building")
PER_SQUARE = 3


def default_scenario() -> dict[str, Any]:
    """The shipped default raid (a fresh copy)."""
    return copy.deepcopy(_read_default(str(scenarios_dir() / DEFAULT_SCENARIO)))


@lru_cache(maxsize=4)
def _read_default(path: str) -> dict[str, Any]:
    data = read_json_file(path)
    if not isinstance(data, dict):
        raise FileFormatError(f"{path}: a scenario must be a JSON object")
    return data


def state_parts(
    data: Mapping[str, Any], rules: RaidRules, source: str = "scenario"
) -> tuple[Town, list[Unit], list[tuple[int, int]], str]:
    """Read a raid scenario: the town, every figure (placed), burning squares, its name."""
    if not isinstance(data, Mapping):
        raise FileFormatError(f"{source}: a raid scenario must be a JSON object")
    if data.get("mode", "raid") != "raid":
        raise FileFormatError(f"{source}: key 'mode' is {shown(data.get('mode'))}, not 'raid'")
    town = Town.from_json(data.get("town"), rules, source)
    units: list[Unit] = []
    for side, key in ((ATTACKER, "attacker"), (DEFENDER, "defender")):
        force = data.get(key)
        if not isinstance(force, Mapping) or not isinstance(force.get("units"), list):
            raise FileFormatError(f"{source}: key '{key}.units' must be a list of figures")
        for raw in force["units"]:
            units.append(unit_from_json(raw, side, f"{source} {key}"))
    seen: set[str] = set()
    holders: dict[tuple[int, int], int] = {}
    counts: dict[tuple[int, int], int] = {}
    cap = rules.movement.square_capacity
    for u in units:
        if u.id in seen:
            raise FileFormatError(f"{source}: figure id {shown(u.id)} is used twice")
        seen.add(u.id)
        if u.status != "ready":
            continue
        if u.sq is None:
            raise FileFormatError(f"{source}: {SIDE_NAMES[u.side]} figure {u.id} has no square")
        if not town.contains(u.sq):
            raise FileFormatError(f"{source}: figure {u.id} stands at {u.sq}, outside the town")
        if holders.setdefault(u.sq, u.side) != u.side:
            raise FileFormatError(
                f"{source}: square {u.sq[0]},{u.sq[1]} holds figures of both sides"
            )
        counts[u.sq] = counts.get(u.sq, 0) + 1
        if counts[u.sq] > cap:
            raise FileFormatError(
                f"{source}: square {u.sq[0]},{u.sq[1]} holds more than {cap} figures"
            )
    if not any(u.side == ATTACKER and u.status == "ready" for u in units):
        raise FileFormatError(f"{source}: the pirates ('attacker') have no figures on the table")
    fire = []
    for raw in data.get("fire", []) or []:
        if not isinstance(raw, list) or len(raw) != 2 or not town.contains((raw[0], raw[1])):
            raise FileFormatError(f"{source}: key 'fire' must list [col, row] squares of the town")
        fire.append((int(raw[0]), int(raw[1])))
    name = data.get("name", "Raid")
    return town, units, fire, str(name)


def expand_forces(entries: Sequence[Mapping[str, Any]], prefix: str, source: str) -> list[dict]:
    """Force-builder entries (groups with a count, officers) as scenario figures, unplaced."""
    out: list[dict[str, Any]] = []
    n = 0
    for i, e in enumerate(entries):
        where = f"{source} entry {i}"
        if not isinstance(e, Mapping):
            raise FileFormatError(f"{where}: must be an object")
        if "officer" in e:
            if e["officer"] not in OFFICER_KINDS:
                raise FileFormatError(f"{where}: officer must be one of {', '.join(OFFICER_KINDS)}")
            out.append(
                {"id": f"{prefix}{n}", "officer": e["officer"], "name": str(e.get("name", ""))}
            )
            n += 1
            continue
        kind, quality = e.get("kind"), e.get("quality", "able")
        if kind not in GROUP_KINDS:
            raise FileFormatError(f"{where}: kind must be one of {', '.join(GROUP_KINDS)}")
        if quality not in QUALITIES:
            raise FileFormatError(f"{where}: quality must be one of {', '.join(QUALITIES)}")
        count = e.get("count", 1)
        if not isinstance(count, int) or not 0 <= count <= 60:
            raise FileFormatError(f"{where}: count must be a whole number 0..60")
        for _ in range(count):
            out.append({"id": f"{prefix}{n}", "kind": kind, "quality": quality})
            n += 1
    return out


def auto_place(
    units: list[dict[str, Any]],
    town: Town,
    kinds: Sequence[str],
    *,
    per_square: int,
    avoid: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset(),
    fill: bool = False,
) -> list[dict[str, Any]]:
    """Copies of ``units`` over squares of ``kinds`` (in that order), officers first:
    round the squares one at a time, or filling each square first (``fill``)."""
    squares = [
        sq
        for kind in kinds
        for sq in town.squares()
        if town.type_at(sq) == kind and sq not in avoid
    ]
    if not squares:
        squares = [sq for sq in town.squares() if sq not in avoid]
    officers = [dict(u) for u in units if "officer" in u]
    groups = [dict(u) for u in units if "officer" not in u]
    slots = {sq: 0 for sq in squares}
    order = officers + groups
    i = 0
    if fill:
        for u in order:
            sq = next((q for q in squares if slots[q] < per_square), None)
            if sq is None:
                raise FileFormatError(f"no room in the town to place {u['id']}")
            slots[sq] += 1
            u["square"] = [sq[0], sq[1]]
        return order
    for u in order:
        for _ in range(len(squares)):
            sq = squares[i % len(squares)]
            i += 1
            if slots[sq] < per_square:
                slots[sq] += 1
                u["square"] = [sq[0], sq[1]]
                break
        else:
            raise FileFormatError(f"no room in the town to place {u['id']}")
    # officers first went one to a square; groups follow round the same squares
    return order


def raid_from_forces(
    attacker: list[dict[str, Any]],
    defender: list[dict[str, Any]] | None,
    *,
    name: str,
    town: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A raid scenario for these forces, placed automatically: the pirates on the docks,
    the defender in the residence, treasury, fort, church and buildings.

    ``town`` is a scenario's ``town`` object (None: the default town); ``defender``
    None is the default town's own garrison.
    """
    rules = raid_rules()
    base = default_scenario()
    town_data = dict(town) if town is not None else base["town"]
    town = Town.from_json(town_data, rules, "town")
    cap = rules.movement.square_capacity
    att = expand_forces(attacker, "P", "attacker")
    if not att:
        raise FileFormatError("attacker: a raid needs at least one pirate figure")
    att = auto_place(att, town, ("dock",), per_square=min(cap, 4), fill=True)
    if defender is None:
        dfd = copy.deepcopy(base["defender"]["units"])
        if town_data is not base["town"]:
            dfd = auto_place(
                [{k: v for k, v in u.items() if k != "square"} for u in dfd],
                town,
                DEFENDER_SQUARES,
                per_square=PER_SQUARE,
                avoid={tuple(u["square"]) for u in att},
            )
        dname = base["defender"].get("name", "The garrison")
    else:
        dfd = expand_forces(defender, "D", "defender")
        used = {tuple(u["square"]) for u in att}
        guns = [u for u in dfd if u.get("kind") == "guns"]
        rest = [u for u in dfd if u.get("kind") != "guns"]
        placed = (
            auto_place(guns, town, ("fort", "street"), per_square=1, avoid=used) if guns else []
        )
        used |= {tuple(u["square"]) for u in placed}
        placed += auto_place(rest, town, DEFENDER_SQUARES, per_square=PER_SQUARE, avoid=used)
        dfd = placed
        dname = "The town"
    out = {
        "format": "wargame-scenario",
        "mode": "raid",
        "name": name,
        "town": town_data,
        "attacker": {"name": name, "units": att},
        "defender": {"name": dname, "units": dfd},
    }
    # make sure it reads
    state_parts(out, rules, name)
    return out


#: Figures a campaign force loses for good (fled, deserted or lost figures come back).
GONE = {"dead": "dead", "spiked": "dead", "captured": "captured"}


def campaign_losses(units: Sequence[Unit]) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """What each side lost, by seat, as a campaign carries it back: figures dead (a gun
    spiked) counted by kind and quality, officers dead or captured;
    ``wargame.campaign.losses`` reads it."""
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for side in (ATTACKER, DEFENDER):
        groups: dict[tuple[str, str], int] = {}
        officers = []
        for u in units:
            fate = GONE.get(u.status)
            if u.side != side or fate is None:
                continue
            if u.is_officer:
                officers.append({"officer": u.kind, "name": u.name, "fate": fate})
            elif fate == "dead":
                groups[(u.kind, u.quality)] = groups.get((u.kind, u.quality), 0) + 1
        party = [{"kind": k, "quality": q, "count": n} for (k, q), n in groups.items()]
        out[str(side)] = {"ships": [], "party": party + officers}
    return out
