"""The checks a game makes before it plays on a map, and map references in scenarios.

Games call these where they load a map, so an unplayable map (its area graph in
pieces, an area with no neighbour, shapes stacked or crossing) is refused with
the problem named (exit 2) instead of being played to a meaningless end. A map a
scenario names by file is read only from inside the scenario's folder.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from wargame.errors import FileFormatError
from wargame.maps.model import MAX_MAP_BYTES, MapDoc, map_from_json
from wargame.maps.safeio import inside, read_regular_text
from wargame.persistence.files import parse_json

#: Problems that make an area graph unplayable for a game that moves along it.
GRAPH_PROBLEMS = ("pile-up", "disconnected", "isolated", "no-island")
#: Problems that make shapes unplayable for a game that measures on them.
SHAPE_PROBLEMS = ("pile-up", "self-intersection", "overlap", "nested")
#: The largest board a game plays on (the board game has about fifty areas).
MAX_BOARD_AREAS = 2_000


def require_playable(doc: MapDoc, where: str, kinds: Iterable[str] = GRAPH_PROBLEMS) -> None:
    """Raise FileFormatError naming the first problem of ``kinds`` the map has."""
    from wargame.maps.validate import validate

    if len(doc.areas) > MAX_BOARD_AREAS:
        raise FileFormatError(
            f"{where}: {len(doc.areas):,} areas is more than a game plays on "
            f"({MAX_BOARD_AREAS:,}); merge areas in the map editor"
        )
    wanted = set(kinds)
    for issue in validate(doc):
        if issue.code in wanted and issue.severity == "error":
            raise FileFormatError(f"{where}: this map cannot be played: {issue.message}")


def require_playable_json(data: Any, where: str, kinds: Iterable[str] = SHAPE_PROBLEMS) -> None:
    """The same for a map still as JSON (a scenario's inline map)."""
    require_playable(map_from_json(data, where), where, kinds)


def require_connected(
    adjacent: tuple[tuple[int, ...], ...], names: tuple[str, ...], where: str
) -> None:
    """A bare area graph (nodes and edges) must be one piece."""
    if not adjacent:
        return
    if len(adjacent) > MAX_BOARD_AREAS:
        raise FileFormatError(
            f"{where}: {len(adjacent):,} areas is more than a game plays on ({MAX_BOARD_AREAS:,})"
        )
    seen = {0}
    frontier = [0]
    while frontier:
        nxt = []
        for a in frontier:
            for b in adjacent[a]:
                if b not in seen:
                    seen.add(b)
                    nxt.append(b)
        frontier = nxt
    if len(seen) < len(adjacent):
        cut = [names[k] for k in range(len(adjacent)) if k not in seen]
        listed = ", ".join(cut[:3]) + (" ..." if len(cut) > 3 else "")
        raise FileFormatError(
            f"{where}: this map cannot be played: the graph falls apart: {listed} cannot be "
            "reached from the rest"
        )


def read_map_ref(ref: Any, base: Path, where: str) -> dict[str, Any]:
    """The map file a scenario names, read only from inside ``base`` (its folder)."""
    path = inside(base, ref, where, "map")
    data = parse_json(read_regular_text(path, max_bytes=MAX_MAP_BYTES), str(path))
    if not isinstance(data, dict):
        raise FileFormatError(f"{path}: a map must be a JSON object")
    return data


def inline_map_refs(data: Mapping[str, Any], base: Path, where: str) -> dict[str, Any]:
    """A scenario with its map file references (``map`` as a path, ``map_file``) read in
    from the scenario's folder, so no game resolves them anywhere else."""
    out = dict(data)
    ref = out.get("map")
    if isinstance(ref, str):
        out["map"] = read_map_ref(ref, base, where)
    if isinstance(out.get("map_file"), str):
        out["map"] = read_map_ref(out.pop("map_file"), base, where)
    return out
