"""Scenario files: a shipped or saved starting position for a mode, as readable JSON.

Every scenario file is an object with ``format: "wargame-scenario"``, a
``mode`` (a registry key), a ``name`` and the mode's own fields. Map files made
by the map editor (``format: "wargame-map"``) are scenarios of mode
``map-editor`` too, so the Open dialog and ``--scenario`` take either.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wargame.errors import FileFormatError, shown
from wargame.persistence.files import read_json_file

SCENARIO_FORMAT = "wargame-scenario"
MAP_FORMAT = "wargame-map"


@dataclass(frozen=True)
class Scenario:
    mode: str
    name: str
    data: dict[str, Any]
    path: Path | None = None


def read_scenario(path: str | os.PathLike[str]) -> Scenario:
    data = read_json_file(path)
    return scenario_from_json(data, str(path), Path(path))


def scenario_from_json(data: Any, source: str, path: Path | None = None) -> Scenario:
    if not isinstance(data, dict):
        raise FileFormatError(f"{source}: a scenario must be a JSON object")
    fmt = data.get("format")
    if fmt == MAP_FORMAT:
        mode = "map-editor"
    elif fmt == SCENARIO_FORMAT:
        mode = data.get("mode")
        if not isinstance(mode, str) or not mode:
            raise FileFormatError(f"{source}: key 'mode' must name a mode")
    else:
        raise FileFormatError(
            f"{source}: key 'format' must be {shown(SCENARIO_FORMAT)} or {shown(MAP_FORMAT)}, not {shown(fmt)}"
        )
    name = data.get("name", path.stem if path else "untitled")
    if not isinstance(name, str):
        raise FileFormatError(f"{source}: key 'name' must be text")
    return Scenario(mode, name, data, path)
