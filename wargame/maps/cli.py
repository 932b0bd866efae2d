"""``wargame map import`` and ``wargame map graph`` (see ../shared/CONTRACT.md)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from wargame.errors import BadInput
from wargame.maps.graph import derive_graph, edge_kinds, graph_json
from wargame.maps.model import load_map, map_to_json
from wargame.persistence.files import write_json_atomic


def import_command(args: argparse.Namespace) -> int:
    """Turn a GeoJSON or Tiled map into the app's map file at ``args.out``."""
    from wargame.maps.importers import import_file

    doc = import_file(Path(args.file))
    out = Path(args.out)
    try:
        write_json_atomic(out, map_to_json(doc))
    except OSError as exc:
        raise BadInput(f"--out: cannot write {out}: {exc.strerror}") from None
    lands = sum(a.kind == "land" for a in doc.areas)
    print(
        f"{out}: {doc.name}: {len(doc.islands)} islands, {lands} land areas, "
        f"{len(doc.areas) - lands} sea areas"
        + (f", {doc.hex.orientation}-top hexes of {doc.hex.size_cm:g} cm" if doc.hex else "")
    )
    return 0


def graph_command(args: argparse.Namespace) -> int:
    """Print a map's area adjacency graph, as JSON with ``args.json``."""
    doc = load_map(args.file)
    g = derive_graph(doc)
    data = graph_json(doc, g)
    if getattr(args, "json", False):
        print(json.dumps(data))
        return 0
    names = {n["id"]: n["name"] for n in data["nodes"]}
    counts = edge_kinds(doc, g)
    print(
        f"{doc.name}: {len(data['nodes'])} areas, {len(data['edges'])} edges "
        f"({', '.join(f'{v} {k}' for k, v in counts.items())})"
    )
    for node in data["nodes"]:
        marks = [m for m in ("town", "big", "harbour", "start") if node[m]]
        where = f" on {node['island']}" if node["island"] else ""
        neighbours = sorted(names[n] for n in g.neighbors(node["id"]))
        print(
            f"  {node['id']} {node['name']} ({node['kind']}{where}"
            f"{', ' + ', '.join(marks) if marks else ''}): {', '.join(neighbours) or '-'}"
        )
    return 0
