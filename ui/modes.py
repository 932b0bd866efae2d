"""Which widget shows each mode. Imported lazily; a missing one is 'not built yet'."""

from __future__ import annotations

import importlib.util

from ui.context import AppContext
from ui.mode_base import ModeView, NotBuiltView
from wargame.core.registry import MODES, import_target, mode

VIEWS: dict[str, str] = {
    "naval": "ui.naval.view:NavalView",
    "raid": "ui.raid.view:RaidView",
    "campaign": "ui.campaign.view:CampaignView",
    "map-editor": "ui.mapeditor.view:MapEditorView",
    "pieces-of-eight": "ui.poe.view:PiecesOfEightView",
    "pirate-versus-pirate": "ui.pvp.view:PirateVersusPirateView",
    "pirate-coins": "ui.coins.view:PirateCoinsView",
    "tortuga-1667": "ui.tortuga.view:TortugaView",
}


def view_class(key: str) -> type[ModeView] | None:
    target = VIEWS.get(key)
    return import_target(target) if target is not None else None


def is_built(key: str) -> bool:
    target = VIEWS.get(key)
    if target is None:
        return False
    try:
        return importlib.util.find_spec(target.partition(":")[0]) is not None
    except ModuleNotFoundError:
        return False


def make_view(key: str, ctx: AppContext) -> ModeView:
    info = mode(key)
    cls = view_class(key)
    if cls is None:
        return NotBuiltView(ctx, info.key, info.title, info.blurb)
    return cls(ctx)


def mode_keys() -> list[str]:
    return [m.key for m in MODES]
