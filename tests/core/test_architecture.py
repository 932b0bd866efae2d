"""The layering rules: the domain never imports Qt, no pickle/eval on data."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_whole_domain_loads_no_qt() -> None:
    code = (
        "import pkgutil, importlib, sys, wargame\n"
        "for m in pkgutil.walk_packages(wargame.__path__, 'wargame.'):\n"
        "    if m.name != 'wargame.__main__': importlib.import_module(m.name)\n"
        "bad = [n for n in sys.modules if n.startswith(('PySide6', 'shiboken6', 'ui'))]\n"
        "print(bad)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_no_pickle_or_eval_on_data() -> None:
    pattern = re.compile(r"\bpickle\.loads?\(|\beval\(|\bexec\(|yaml\.load\(")
    hits = [
        f"{p.relative_to(ROOT)}:{i}"
        for folder in ("wargame", "ui")
        for p in (ROOT / folder).rglob("*.py")
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert hits == []


#: The packages whose imports go one way (issue 24: the data in state.py, the rules
#: over it, the protocol in game.py joining them).
ACYCLIC = ("core", "poe", "pvp", "coins", "tortuga", "naval", "raid")


def import_circles(package: str) -> list[list[str]]:
    """Every import circle among the modules of ``wargame.<package>`` (grimp, the
    graph library of import-linter; imports inside functions and under TYPE_CHECKING
    count too), each as its modules' short names."""
    import grimp
    import networkx as nx

    graph = grimp.build_graph("wargame", cache_dir=None)
    prefix = f"wargame.{package}"
    inside = {m for m in graph.modules if m == prefix or m.startswith(prefix + ".")}
    g = nx.DiGraph()
    for m in inside:
        g.add_edges_from((m, i) for i in graph.find_modules_directly_imported_by(m) if i in inside)
    return [sorted(m.rsplit(".", 1)[-1] for m in circle) for circle in nx.simple_cycles(g)]


def test_no_import_circles_inside_game_packages() -> None:
    found = {p: import_circles(p) for p in ACYCLIC}
    assert found == {p: [] for p in ACYCLIC}
