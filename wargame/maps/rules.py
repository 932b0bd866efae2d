"""The map limits of ``resources/rules/maps.toml``: how large a map file may be."""

from __future__ import annotations

from pydantic import Field

from wargame.rules.loader import RulesModel, load_rules


class TiledLimits(RulesModel):
    #: Width x height (or all chunks) of a Tiled map, checked from its header.
    max_cells: int = Field(gt=0, le=4_000_000)
    max_land_cells: int = Field(gt=0, le=4_000_000)


class MapLimits(RulesModel):
    tiled: TiledLimits


def map_limits(*, reload: bool = False) -> MapLimits:
    return load_rules("maps.toml", MapLimits, reload=reload)
