"""The fields a naval scenario file may hold (docs/scenario-format.md), and the check
that refuses any other: a misspelt field must not silently take its default."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from wargame.errors import BadInput, shown

#: Top-level fields of a naval scenario.
SCENARIO_FIELDS = (
    "format",
    "mode",
    "name",
    "description",
    "sea",
    "map",
    "map_file",
    "wind",
    "coins",
    "ships",
    "victory",
    "campaign_link",
)
#: Fields of ``sea``.
SEA_FIELDS = ("cols", "rows", "hex_cm", "orientation", "origin")
#: Fields of one ship (its place, and its sheet: type defaults unless given).
SHIP_FIELDS = (
    "name",
    "side",
    "type",
    "quality",
    "at",
    "heading",
    "warship",
    "fighting_points",
    "sailing_gear",
    "hull_per_side",
    "guns",
)
#: Fields of ``victory``.
VICTORY_FIELDS = ("kind", "escort", "edge", "side", "harbour", "turns")


def refuse_unknown(data: Mapping[str, Any], known: Iterable[str], where: str) -> None:
    """BadInput naming the first field of ``data`` not in ``known`` (with the nearest
    known field when one is close: a misspelling)."""
    allowed = tuple(known)
    unknown = sorted(str(k) for k in data if k not in allowed)
    if not unknown:
        return
    field = unknown[0]
    near = difflib.get_close_matches(field, allowed, n=1, cutoff=0.6)
    hint = f" (did you mean {shown(near[0])}?)" if near else f" (known: {', '.join(allowed)})"
    more = f" and {len(unknown) - 1} more" if len(unknown) > 1 else ""
    raise BadInput(f"{where}: unknown field {shown(field)}{more}{hint}")
