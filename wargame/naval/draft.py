"""The battle being set up (the app's battle setup screen): a naval scenario as it is
edited, before the engine takes it.

:class:`BattleDraft` holds the scenario's JSON and changes it only through its
methods (choose the sea, add, remove, duplicate, move and turn ships, the victory
condition); :meth:`BattleDraft.problems` says what the engine would refuse, ship by
ship, and :meth:`BattleDraft.scenario` is the readable file "Save as scenario" writes.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from wargame.errors import BadInput
from wargame.naval.rules import NavalRules, naval_rules
from wargame.naval.sea import Sea
from wargame.naval.setup import (
    battle_on_map,
    map_bounds,
    open_water,
    place_side,
    roster_ships,
    sea_fitting,
    setup_problems,
)
from wargame.naval.ship import ship_from_spec
from wargame.naval.state import NavalState

SHEET_FIELDS = (
    "type",
    "quality",
    "warship",
    "fighting_points",
    "sailing_gear",
    "hull_per_side",
    "guns",
)


def open_sea_scenario(
    cols: int = 20, rows: int = 14, hex_cm: float | None = None, rules: NavalRules | None = None
) -> dict[str, Any]:
    """A battle on open sea: the default roster's first ships at the west and east edges."""
    rules = rules or naval_rules()
    hex_cm = rules.table.hex_cm if hex_cm is None else hex_cm
    w, h = Sea(cols, rows, hex_cm, rules.table.orientation).size_cm
    data = battle_on_map(
        {"format": "wargame-map", "version": 1, "name": "Open sea", "bounds": [0, 0, w, h]},
        where="open sea",
        hex_cm=hex_cm,
        rules=rules,
    )
    data.pop("map")
    data["sea"].pop("origin")
    data["sea"].update(cols=cols, rows=rows)
    data["name"] = "Sea fight on the open sea"
    data["description"] = "Set up in the battle setup."
    return data


class BattleDraft:
    def __init__(self, data: Mapping[str, Any], rules: NavalRules | None = None) -> None:
        self.rules = rules or naval_rules()
        self.data: dict[str, Any] = copy.deepcopy(dict(data))
        self.data.setdefault("ships", [])
        self.data.setdefault("sea", {})
        self._sea: Sea | None = None

    # -- the sea -----------------------------------------------------------------------
    @property
    def map(self) -> dict[str, Any] | None:
        got = self.data.get("map")
        return got if isinstance(got, dict) else None

    def sea(self) -> Sea:
        """The sea as the engine will build it (BadInput if the map cannot be played)."""
        if self._sea is None:
            from wargame.naval.scenario import sea_from_scenario

            self._sea = sea_from_scenario(self.data, self.rules)
        return self._sea

    def _sea_changed(self) -> None:
        self._sea = None

    def set_map(self, mapdata: Mapping[str, Any] | None, *, where: str = "map") -> None:
        """The sea on this map (fitted to its bounds), or open sea (None); ships stay
        where they were, if they still fit (``problems`` says where not)."""
        sea = self.data["sea"]
        if mapdata is None:
            self.data.pop("map", None)
            sea.pop("origin", None)
        else:
            bounds = map_bounds(mapdata, where)
            from wargame.maps.playable import require_playable_json

            require_playable_json(dict(mapdata), where)
            self.data["map"] = copy.deepcopy(dict(mapdata))
            sea["origin"] = [bounds[0], bounds[1]]
            self._fit_to_map()
        self.data.pop("map_file", None)
        self._sea_changed()

    def _fit_to_map(self) -> None:
        mapdata = self.map
        if mapdata is None:
            return
        sea = self.data["sea"]
        hex_cm = float(sea.get("hex_cm", self.rules.table.hex_cm))
        orientation = str(sea.get("orientation", self.rules.table.orientation))
        cols, rows = sea_fitting(map_bounds(mapdata, "map"), hex_cm, orientation)
        sea["cols"], sea["rows"] = max(cols, 2), max(rows, 2)

    def set_hex_cm(self, hex_cm: float) -> None:
        self.data["sea"]["hex_cm"] = float(hex_cm)
        self._fit_to_map()
        self._sea_changed()

    def set_size(self, cols: int, rows: int) -> None:
        self.data["sea"].update(cols=int(cols), rows=int(rows))
        self._sea_changed()

    def set_wind(self, wind: int) -> None:
        self.data["wind"] = int(wind) % 6

    def set_coins(self, coins: int) -> None:
        self.data["coins"] = int(coins)

    # -- ships -----------------------------------------------------------------------------
    @property
    def ships(self) -> list[dict[str, Any]]:
        return self.data["ships"]

    def ship(self, name: str) -> dict[str, Any]:
        for s in self.ships:
            if s.get("name") == name:
                return s
        raise BadInput(f"no ship is named {name!r} in this battle")

    def side_ships(self, side: int) -> list[str]:
        return [str(s["name"]) for s in self.ships if s.get("side") == side]

    def _free_name(self, name: str) -> str:
        taken = {s.get("name") for s in self.ships}
        if name not in taken:
            return name
        n = 2
        while f"{name} {n}" in taken:
            n += 1
        return f"{name} {n}"

    def _spot(self, side: int) -> list[int]:
        """A free water hex near the side's own edge (any free water if none there)."""
        sea = self.sea()
        taken = [tuple(s["at"]) for s in self.ships if isinstance(s.get("at"), list)]
        occupied = [sea.from_offset(c, r) for c, r in taken]
        water = open_water(sea)
        spots = place_side(sea, water, side, 1, occupied, self.rules)
        if not spots:
            free = sorted(a for a in water if a not in occupied)
            if not free:
                raise BadInput("there is no free water hex left on this sea")
            spots = free[:1]
        col, row = sea.to_offset(spots[0])
        return [col, row]

    def add_ship(self, side: int, sheet: Mapping[str, Any]) -> str:
        """A ship with this sheet (a roster ship or a type's defaults) for ``side``,
        placed on free water near her side's edge; returns her name in the battle."""
        from wargame.naval.setup import heading_towards

        spec = {k: copy.deepcopy(v) for k, v in sheet.items() if k in SHEET_FIELDS}
        name = self._free_name(str(sheet.get("name") or "Ship").strip() or "Ship")
        spec.update(name=name, side=side, at=self._spot(side))
        spec["heading"] = heading_towards(self.sea(), "east" if side == 0 else "west")
        self.ships.append(spec)
        return name

    def add_default(self, side: int) -> str:
        """The next ship of the default roster (rules data setup) for ``side``."""
        n = len(self.side_ships(side))
        return self.add_ship(side, roster_ships(side, n + 1, self.rules)[n])

    def duplicate_ship(self, name: str) -> str:
        src = self.ship(name)
        return self.add_ship(int(src["side"]), src)

    def remove_ship(self, name: str) -> None:
        src = self.ship(name)
        self.ships.remove(src)
        victory = self.data.get("victory")
        if isinstance(victory, dict) and victory.get("escort") == name:
            self.data.pop("victory")

    def move_ship(self, name: str, col: int, row: int) -> None:
        self.ship(name)["at"] = [int(col), int(row)]

    def turn_ship(self, name: str, step: int) -> int:
        spec = self.ship(name)
        spec["heading"] = (int(spec.get("heading", 0)) + step) % 6
        return int(spec["heading"])

    def place_all(self) -> None:
        """Every ship again near her side's edge, in order (as ``naval setup`` does)."""
        for s in self.ships:
            s["at"] = [-1, -1]
        for s in self.ships:
            s["at"] = self._spot(int(s.get("side", 0)))

    def ship_at(self, col: int, row: int) -> str | None:
        for s in self.ships:
            if s.get("at") == [col, row]:
                return str(s["name"])
        return None

    # -- the victory condition ---------------------------------------------------------------
    def set_victory(self, victory: Mapping[str, Any] | None) -> None:
        if victory is None or victory.get("kind") == "sink-or-take":
            self.data.pop("victory", None)
        else:
            self.data["victory"] = dict(victory)

    # -- checking and the file -----------------------------------------------------------------
    def problems(self) -> list[str]:
        """What the engine would refuse, one sentence each naming the ship (or the sea,
        or the victory condition); empty when the battle can start."""
        try:
            self.sea()
        except BadInput as exc:
            return [f"The sea: {exc}"]
        out = setup_problems(self.data, self.rules)
        if out:
            return out
        from wargame.naval.scenario import state_from_scenario

        try:
            state_from_scenario(self.data, self.rules)
        except BadInput as exc:
            out.append(str(exc).removeprefix("scenario: "))
        return out

    def state(self) -> NavalState:
        """The battle as drawn on the setup screen: ships wherever they are put (even
        on land or on each other), nothing checked but the sea."""
        from wargame.naval.play import NavalPlay

        sea = self.sea()
        ships = []
        for i, spec in enumerate(self.ships):
            at = spec.get("at") if isinstance(spec.get("at"), list) else [0, 0]
            ship = ship_from_spec(
                spec,
                self.rules,
                side=int(spec.get("side", 0)),
                hex=sea.from_offset(int(at[0]), int(at[1])),
                heading=int(spec.get("heading", 0)),
                where=f"ships[{i}]",
            )
            ships.append(ship)
        return NavalPlay(
            self.rules,
            sea,
            ships,
            wind=int(self.data.get("wind", 5)),
            coins=int(self.data.get("coins", self.rules.table.countdown_coins)),
            name=str(self.data.get("name", "Sea fight")),
        )

    def scenario(self) -> dict[str, Any]:
        """The scenario file (a copy): readable JSON the engine and the app open."""
        out = copy.deepcopy(self.data)
        out["format"], out["mode"] = "wargame-scenario", "naval"
        return out
