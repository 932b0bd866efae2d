"""A ship and its detail sheet: every field of the seed's Ship Details sheet."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from wargame.errors import BadInput, shown
from wargame.naval.rules import (
    POSITIONS,
    SIDES,
    NavalRules,
    Position,
    Quality,
    ShipType,
    Weight,
)
from wargame.naval.sea import EXITS


class Status(StrEnum):
    AFLOAT = "afloat"
    SURRENDERED = "surrendered"
    SUNK = "sunk"
    LEFT = "left"  # sailed from the table


@dataclass(slots=True)
class Battery:
    """The guns at one position: how many (each with its gun crew) and their weight."""

    guns: int
    weight: Weight
    first_shot_used: bool = False

    def copy(self) -> Battery:
        return Battery(self.guns, self.weight, self.first_shot_used)


@dataclass(slots=True)
class Ship:
    name: str
    side: int  # 0 attacker, 1 defender
    type: ShipType
    warship: bool
    quality: Quality
    fighting_points: int
    fighting_start: int
    batteries: dict[Position, Battery]
    gear: int
    gear_start: int
    hull: dict[Position, int]  # larboard / starboard
    hull_start: int  # per side
    hex: tuple[int, int]  # axial q, r
    heading: int  # hex facing 0..5
    captain_alive: bool = True
    fire: bool = False
    reduced_sail: int = 0  # turns of reduced sail left (0 = full sail)
    grappled: tuple[str, ...] = ()
    status: Status = Status.AFLOAT
    listing: bool = False  # only light guns may fire
    guns_silenced: bool = False  # no guns may fire
    #: (the enemy ship beaten, the game turn) of her last boarding win: the +2 of 17.4
    #: holds in the next game turn's fight with that ship only
    won_last_fight: tuple[str, int] | None = None
    must_board: bool = False
    fights: dict[str, int] = field(default_factory=dict)  # boarding fights fought, by enemy
    captured_by: int | None = None
    driven_off: bool = False  # left the table by failing morale
    guns_owed: int = 0  # guns and crews destroyed, waiting for the owner's choice of position
    #: the edge (or corner, "south-west") she crossed sailing off the table of her own will
    left_by: str | None = None

    # -- derived -----------------------------------------------------------------
    @property
    def in_play(self) -> bool:
        return self.status is Status.AFLOAT

    @property
    def gun_crews(self) -> int:
        return sum(b.guns for b in self.batteries.values())

    @property
    def hull_total(self) -> int:
        return self.hull[Position.LARBOARD] + self.hull[Position.STARBOARD]

    def fires_as(self, rules: NavalRules) -> Quality:
        if self.type is ShipType.MERCHANTMAN:
            order = rules.morale.qualities
            worse = max(order.index(self.quality), order.index(rules.fire.merchant_fires_as))
            return order[worse]
        return self.quality

    def at_half_strength(self, rules: NavalRules) -> bool:
        """Section 20: at half points or less, or all fighting crew dead."""
        frac = rules.morale.half_fraction
        return self.fighting_points == 0 or self.hull_total <= math.floor(
            2 * self.hull_start * frac
        )

    def gear_needs_check(self, rules: NavalRules) -> bool:
        return self.gear <= math.floor(self.gear_start * rules.movement.gear_check_fraction)

    def copy(self) -> Ship:
        return Ship(
            self.name,
            self.side,
            self.type,
            self.warship,
            self.quality,
            self.fighting_points,
            self.fighting_start,
            {p: b.copy() for p, b in self.batteries.items()},
            self.gear,
            self.gear_start,
            dict(self.hull),
            self.hull_start,
            self.hex,
            self.heading,
            self.captain_alive,
            self.fire,
            self.reduced_sail,
            self.grappled,
            self.status,
            self.listing,
            self.guns_silenced,
            self.won_last_fight,
            self.must_board,
            dict(self.fights),
            self.captured_by,
            self.driven_off,
            self.guns_owed,
            self.left_by,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "side": self.side,
            "type": self.type.value,
            "warship": self.warship,
            "quality": self.quality.value,
            "fighting_points": self.fighting_points,
            "fighting_start": self.fighting_start,
            "guns": {
                p.value: [b.guns, b.weight.value, b.first_shot_used]
                for p, b in self.batteries.items()
            },
            "gear": self.gear,
            "gear_start": self.gear_start,
            "hull": {p.value: v for p, v in self.hull.items()},
            "hull_start": self.hull_start,
            "hex": list(self.hex),
            "heading": self.heading,
            "captain_alive": self.captain_alive,
            "fire": self.fire,
            "reduced_sail": self.reduced_sail,
            "grappled": list(self.grappled),
            "status": self.status.value,
            "listing": self.listing,
            "guns_silenced": self.guns_silenced,
            "won_last_fight": list(self.won_last_fight) if self.won_last_fight else None,
            "must_board": self.must_board,
            "fights": dict(sorted(self.fights.items())),
            "captured_by": self.captured_by,
            "driven_off": self.driven_off,
            "guns_owed": self.guns_owed,
            "left_by": self.left_by,
        }


def _left_by(value: Any) -> str | None:
    if value is None:
        return None
    if value not in EXITS:
        raise BadInput(f"ship: left_by must be one of {', '.join(EXITS)}, not {shown(value)}")
    return str(value)


def _enum(cls: type[StrEnum], value: Any, where: str) -> Any:
    try:
        return cls(value)
    except ValueError:
        choices = ", ".join(m.value for m in cls)  # type: ignore[attr-defined]
        raise BadInput(f"{where}: {shown(value)} is not one of {choices}") from None


def _int(value: Any, where: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{where}: {shown(value)} is not a whole number")
    if value < low or (high is not None and value > high):
        top = f"..{high}" if high is not None else " or more"
        raise BadInput(f"{where}: {value} is outside {low}{top}")
    return value


def ship_from_spec(
    spec: dict[str, Any],
    rules: NavalRules,
    *,
    side: int,
    hex: tuple[int, int],
    heading: int,
    where: str = "ship",
) -> Ship:
    """A fresh ship from a sheet: type defaults (rules data) overridden by the spec."""
    if not isinstance(spec, dict):
        raise BadInput(f"{where}: a ship must be an object")
    name = spec.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadInput(f"{where}: key 'name' must be a non-empty text")
    where = f"{where} {name!r}"
    stype = _enum(ShipType, spec.get("type", "small"), f"{where}: key 'type'")
    base = rules.ship_types[stype]
    quality = _enum(Quality, spec.get("quality", "able"), f"{where}: key 'quality'")
    fp = _int(spec.get("fighting_points", base.fighting_points), f"{where}: fighting_points", 0, 10)
    gear = _int(spec.get("sailing_gear", base.sailing_gear), f"{where}: sailing_gear", 0)
    hull = _int(spec.get("hull_per_side", base.hull_per_side), f"{where}: hull_per_side", 1)
    warship = spec.get("warship", base.warship)
    if not isinstance(warship, bool):
        raise BadInput(f"{where}: key 'warship' must be true or false")
    guns_spec = spec.get("guns", {})
    if not isinstance(guns_spec, dict):
        raise BadInput(f"{where}: key 'guns' must be an object of positions")
    batteries: dict[Position, Battery] = {}
    for pos in POSITIONS:
        count, weight = base.guns.get(pos, (0, Weight.LIGHT))
        over = guns_spec.get(pos.value)
        if over is not None:
            if not isinstance(over, list | tuple) or len(over) != 2:
                raise BadInput(f"{where}: guns.{pos.value} must be [count, weight]")
            count = _int(over[0], f"{where}: guns.{pos.value} count", 0, 40)
            weight = _enum(Weight, over[1], f"{where}: guns.{pos.value} weight")
        batteries[pos] = Battery(count, weight)
    unknown = set(guns_spec) - {p.value for p in POSITIONS}
    if unknown:
        raise BadInput(f"{where}: guns has unknown position {shown(sorted(unknown)[0])}")
    return Ship(
        name=name.strip(),
        side=side,
        type=stype,
        warship=warship,
        quality=quality,
        fighting_points=fp,
        fighting_start=fp,
        batteries=batteries,
        gear=gear,
        gear_start=gear,
        hull={p: hull for p in SIDES},
        hull_start=hull,
        hex=hex,
        heading=heading,
    )


def _won_fight(value: Any) -> tuple[str, int] | None:
    """The won_last_fight field of a saved ship (older files kept a plain flag: no bonus)."""
    if isinstance(value, list) and len(value) == 2:
        return (str(value[0]), int(value[1]))
    return None


def ship_from_json(data: dict[str, Any]) -> Ship:
    """A ship saved by :meth:`Ship.to_json` (state JSON round-trip)."""
    return Ship(
        name=data["name"],
        side=int(data["side"]),
        type=ShipType(data["type"]),
        warship=bool(data["warship"]),
        quality=Quality(data["quality"]),
        fighting_points=int(data["fighting_points"]),
        fighting_start=int(data["fighting_start"]),
        batteries={
            Position(p): Battery(int(v[0]), Weight(v[1]), bool(v[2]))
            for p, v in data["guns"].items()
        },
        gear=int(data["gear"]),
        gear_start=int(data["gear_start"]),
        hull={Position(p): int(v) for p, v in data["hull"].items()},
        hull_start=int(data["hull_start"]),
        hex=(int(data["hex"][0]), int(data["hex"][1])),
        heading=int(data["heading"]),
        captain_alive=bool(data["captain_alive"]),
        fire=bool(data["fire"]),
        reduced_sail=int(data["reduced_sail"]),
        grappled=tuple(data["grappled"]),
        status=Status(data["status"]),
        listing=bool(data["listing"]),
        guns_silenced=bool(data["guns_silenced"]),
        won_last_fight=_won_fight(data.get("won_last_fight")),
        must_board=bool(data["must_board"]),
        fights={str(k): int(v) for k, v in data["fights"].items()},
        captured_by=data["captured_by"],
        driven_off=bool(data.get("driven_off", False)),
        guns_owed=int(data.get("guns_owed", 0)),
        left_by=_left_by(data.get("left_by")),
    )
