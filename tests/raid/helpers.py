"""Small towns and forced dice for the raid rule tests."""

from __future__ import annotations

from typing import Any

from wargame.core.dice import DiceService, ScriptedProvider
from wargame.raid.game import new_raid, variant_rules
from wargame.raid.state import RaidState

OPEN5 = [".....", ".....", ".....", ".....", "....."]


def dice(*values: int) -> DiceService:
    """Dice that give exactly these values, in order (and fail if more are asked)."""
    return DiceService(ScriptedProvider(values))


def group(uid: str, kind: str, quality: str, sq: tuple[int, int]) -> dict[str, Any]:
    return {"id": uid, "kind": kind, "quality": quality, "square": list(sq)}


def officer(uid: str, kind: str, sq: tuple[int, int], name: str = "") -> dict[str, Any]:
    return {"id": uid, "officer": kind, "name": name or uid, "square": list(sq)}


def raid(
    attacker: list[dict[str, Any]],
    defender: list[dict[str, Any]],
    *,
    town: list[str] | None = None,
    phase: str = "initiative",
    first: int = 0,
    step: int = 0,
    alarm: str = "none",
    rouse_rolled: bool = False,
    fighting_dice: str = "whole-fours",
) -> RaidState:
    data = {
        "format": "wargame-scenario",
        "mode": "raid",
        "name": "test",
        "town": {"name": "T", "map": town or OPEN5},
        "attacker": {"units": attacker},
        "defender": {"units": defender},
    }
    s = new_raid(data, rules=variant_rules(fighting_dice))
    s.phase = phase
    s.first = first
    s.step = step
    s.alarm = alarm
    s.rouse_rolled = rouse_rolled
    return s


def unchanged(state: RaidState) -> dict[str, Any]:
    return state.to_json()
