"""Small battles for rule tests: ships placed by offset (col, row), dice scripted."""

from __future__ import annotations

from typing import Any

from wargame.core.dice import DiceService, ScriptedProvider
from wargame.naval.rules import NavalRules, naval_rules
from wargame.naval.scenario import state_from_scenario
from wargame.naval.state import NavalState


def scripted(*values: int) -> DiceService:
    return DiceService(ScriptedProvider(list(values)))


def battle(
    ships: list[dict[str, Any]],
    *,
    wind: int = 5,
    coins: int = 8,
    cols: int = 16,
    rows: int = 12,
    islands: list[list[list[float]]] | None = None,
    rules: NavalRules | None = None,
) -> NavalState:
    data: dict[str, Any] = {
        "format": "wargame-scenario",
        "mode": "naval",
        "name": "test",
        "sea": {"cols": cols, "rows": rows, "hex_cm": 5.0},
        "wind": wind,
        "coins": coins,
        "ships": ships,
    }
    if islands:
        data["map"] = {
            "format": "wargame-map",
            "areas": [{"id": f"L{i}", "kind": "land", "polygon": p} for i, p in enumerate(islands)],
        }
    state = state_from_scenario(data, rules or naval_rules())
    state.start(scripted())
    return state


def ship(name: str, side: int, at: tuple[int, int], heading: int = 2, **kw: Any) -> dict[str, Any]:
    d = {
        "name": name,
        "side": side,
        "type": "small",
        "quality": "able",
        "at": list(at),
        "heading": heading,
    }
    d.update(kw)
    return d


def place(state: NavalState, name: str, axial: tuple[int, int], heading: int) -> None:
    s = state.ships[name]
    s.hex = axial
    s.heading = heading
