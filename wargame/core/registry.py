"""The registered game modes. A mode joins by adding one line here.

Modules are imported lazily so the app starts fast and a mode that is not
built yet is reported as such, not as a crash.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from wargame.core.game import Game
from wargame.errors import BadInput, shown


@dataclass(frozen=True)
class ModeInfo:
    key: str
    title: str
    blurb: str
    game: str | None  # "module:Class" of its Game, None for editors


MODES: tuple[ModeInfo, ...] = (
    ModeInfo(
        "naval",
        "Naval battle",
        "1/450 ships on a hex sea: wind, gunnery, boarding.",
        "wargame.naval.game:NavalGame",
    ),
    ModeInfo(
        "raid",
        "Land raid",
        "15mm pirates loot a town before the alarm is raised.",
        "wargame.raid.game:RaidGame",
    ),
    ModeInfo(
        "campaign", "Campaign", "Master sheets, secret forces and the fights they lead to.", None
    ),
    ModeInfo(
        "map-editor", "Map editor", "Draw islands and sea areas; derive the area graph.", None
    ),
    ModeInfo(
        "pieces-of-eight",
        "Pieces of Eight",
        "The card-driven board game for 3-6 pirates.",
        "wargame.poe.game:PiecesOfEightGame",
    ),
    ModeInfo(
        "pirate-versus-pirate",
        "Pirate Versus Pirate",
        "Triangles, rowboats and coins for 2-3 crews.",
        "wargame.pvp.game:PirateVersusPirateGame",
    ),
    ModeInfo(
        "pirate-coins",
        "Pirate Coins",
        "Skulls and monsters from the pouch, 2-5 players.",
        "wargame.coins.game:PirateCoinsGame",
    ),
    ModeInfo(
        "tortuga-1667",
        "Tortuga 1667",
        "Secret nations, mutinies and the Spanish galleon.",
        "wargame.tortuga.game:TortugaGame",
    ),
)


def mode(key: str) -> ModeInfo:
    for m in MODES:
        if m.key == key:
            return m
    raise BadInput(f"unknown mode {shown(key)}; choose one of: {', '.join(m.key for m in MODES)}")


def game_names() -> list[str]:
    return [m.key for m in MODES if m.game]


def game_class(name: str) -> type[Game]:
    """The Game class registered as ``name``; BadInput if unknown or not built yet."""
    info = next((m for m in MODES if m.key == name and m.game), None)
    if info is None or info.game is None:
        raise BadInput(f"unknown game {shown(name)}; choose one of: {', '.join(game_names())}")
    cls = import_target(info.game)
    if cls is None:
        raise BadInput(f"the {info.title} game is not built yet")
    return cls


def import_target(target: str) -> Any | None:
    """The object named ``"package.module:Name"``, or None when that module does not
    exist (a mode not built yet). An import error inside the module still raises."""
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and (module_name == exc.name or module_name.startswith(exc.name + ".")):
            return None
        raise
    return getattr(module, attr)


def available_games() -> list[str]:
    out = []
    for name in game_names():
        try:
            game_class(name)
        except BadInput:
            continue
        out.append(name)
    return out
