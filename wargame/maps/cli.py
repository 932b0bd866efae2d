"""``wargame map import``, ``map graph`` and ``map validate`` (see ../shared/CONTRACT.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from wargame.maps.graph import derive_graph, edge_kinds, graph_json
from wargame.maps.model import load_map, map_to_json
from wargame.maps.safeio import check_output_path, clean_text
from wargame.persistence.files import write_json_atomic
from wargame.plural import count


def import_command(args: argparse.Namespace) -> int:
    """Turn a GeoJSON, Tiled or TripleA map into the app's map file at ``args.out``.

    Warnings (what was dropped or guessed) go to stderr; the map written is sound."""
    from wargame.maps.importers import import_with_warnings

    out = check_output_path(args.out)
    doc, warnings = import_with_warnings(Path(args.file))
    out = check_output_path(out)
    try:
        write_json_atomic(out, map_to_json(doc))
    except OSError as exc:
        from wargame.errors import BadInput

        raise BadInput(f"--out: cannot write {out}: {exc.strerror}") from None
    for w in warnings:
        print(f"wargame: warning: {_line(w)}", file=sys.stderr)
    lands = sum(a.kind == "land" for a in doc.areas)
    towns = sum(a.town for a in doc.areas)
    print(
        f"{out}: {_line(doc.name)}: {count(len(doc.islands), 'island', 'islands')}, {count(lands, 'land area', 'land areas')}, "
        f"{count(len(doc.areas) - lands, 'sea area', 'sea areas')}, {count(towns, 'town', 'towns')}"
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
    names = {n["id"]: _line(n["name"]) for n in data["nodes"]}
    counts = edge_kinds(doc, g)
    print(
        f"{_line(doc.name)}: {count(len(data['nodes']), 'area', 'areas')}, {count(len(data['edges']), 'edge', 'edges')} "
        f"({', '.join(f'{v} {k}' for k, v in counts.items())})"
    )
    for node in data["nodes"]:
        marks = [m for m in ("town", "big", "harbour", "start") if node[m]]
        where = f" on {_line(node['island'])}" if node["island"] else ""
        neighbours = sorted(names[n] for n in g.neighbors(node["id"]))
        print(
            f"  {_line(node['id'])} {names[node['id']]} ({node['kind']}{where}"
            f"{', ' + ', '.join(marks) if marks else ''}): {', '.join(neighbours) or '-'}"
        )
    return 0


def validate_command(args: argparse.Namespace) -> int:
    """Print whether a map is sound and its problems; exit 0 either way."""
    from wargame.maps.validate import report

    doc = load_map(args.file)
    data = report(doc)
    if getattr(args, "json", False):
        print(json.dumps(data))
        return 0
    if data["sound"]:
        print(f"{_line(doc.name)}: the map is sound ({count(len(doc.areas), 'area', 'areas')})")
        return 0
    print(f"{_line(doc.name)}: {count(len(data['problems']), 'problem', 'problems')}")
    for p in data["problems"]:
        where = f" [{', '.join(_line(a) for a in p['areas'][:6])}]" if p["areas"] else ""
        print(f"  {p['kind']}{where}: {_line(p['message'])} - {_line(p['hint'])}")
    return 0


def _line(text: object) -> str:
    """Text made safe for one line of output: control and invisible characters gone."""
    return clean_text(str(text), 400) or "?"
