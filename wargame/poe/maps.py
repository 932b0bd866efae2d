"""Which board a game is played on: the default map, a map file, or a scenario naming one."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from wargame.errors import FileFormatError
from wargame.paths import scenarios_dir
from wargame.poe.board import Board

DEFAULT_MAP = "maps/pieces-of-eight.json"


def default_map_path() -> Path:
    return scenarios_dir() / DEFAULT_MAP


def read_map_json(path: Path) -> dict[str, Any]:
    from wargame.persistence.files import read_json_file

    data = read_json_file(path)
    if not isinstance(data, dict):
        raise FileFormatError(f"{path}: a map must be a JSON object")
    return data


def map_for(scenario: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The map document a scenario plays on (None: it gives a bare graph instead)."""
    if scenario is None:
        return read_map_json(default_map_path())
    if not isinstance(scenario, Mapping):
        raise FileFormatError("scenario: must be a JSON object (a map or a scenario)")
    fmt = scenario.get("format")
    if fmt == "wargame-map":
        return dict(scenario)
    if "nodes" in scenario and "edges" in scenario:
        return None
    ref = scenario.get("map")
    if isinstance(ref, Mapping):
        return dict(ref)
    if isinstance(ref, str):  # a shipped map: only from inside the scenarios folder
        from wargame.maps.playable import read_map_ref

        return read_map_ref(ref, scenarios_dir(), "scenario: key 'map'")
    if fmt == "wargame-scenario":
        return read_map_json(default_map_path())
    raise FileFormatError("scenario: key 'map' must name a map file or hold a map")


def board_for(scenario: Mapping[str, Any] | None) -> Board:
    """The board of a scenario: a wargame-map, an area graph, or a scenario with 'map'."""
    if isinstance(scenario, Mapping) and "nodes" in scenario and "edges" in scenario:
        from wargame.maps.playable import MAX_BOARD_AREAS, require_connected

        nodes = scenario["nodes"]
        if isinstance(nodes, list) and len(nodes) > MAX_BOARD_AREAS:
            raise FileFormatError(
                f"{scenario.get('name', 'graph')}: {len(nodes):,} areas is more than a game "
                f"plays on ({MAX_BOARD_AREAS:,})"
            )
        board = Board.from_graph(scenario, name=str(scenario.get("name", "graph")))
        require_connected(board.adjacent, board.names, board.name)
        return board
    if scenario is None:
        # The default map: read and hashed once while the file stays as it was, not
        # for every game (a random-bot game takes about as long as reading it).
        path = default_map_path()
        try:
            st = path.stat()
        except OSError:
            pass  # read_map_json names the problem
        else:
            return _default_board(str(path), st.st_mtime_ns, st.st_size)
    doc = map_for(scenario)
    assert doc is not None
    return _board_from_map_text(json.dumps(doc, sort_keys=True))


@lru_cache(maxsize=4)
def _default_board(path: str, mtime_ns: int, size: int) -> Board:
    """The board of the default map file as it was at ``mtime_ns`` and ``size``."""
    doc = read_map_json(Path(path))
    return _board_from_map_text(json.dumps(doc, sort_keys=True))


@lru_cache(maxsize=16)
def _board_from_map_text(text: str) -> Board:
    from wargame.maps.graph import graph_json
    from wargame.maps.model import map_from_json
    from wargame.maps.playable import require_playable

    data = json.loads(text)
    name = data.get("name") if isinstance(data, dict) else None
    doc = map_from_json(data, name if isinstance(name, str) and name.strip() else "the map")
    require_playable(doc, doc.name)  # not in pieces, no area without neighbours
    return Board.from_graph(graph_json(doc), name=doc.name)
