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


def circles_in(root: str) -> list[list[str]]:
    """Every set of modules of ``root`` (``wargame`` or ``ui``) that import each other,
    directly or round a longer loop (strongly connected components of grimp's graph:
    imports inside functions and under TYPE_CHECKING count), each sorted."""
    import grimp
    import networkx as nx

    graph = grimp.build_graph(root, cache_dir=None)
    g = nx.DiGraph()
    for m in graph.modules:
        g.add_node(m)
        g.add_edges_from((m, i) for i in graph.find_modules_directly_imported_by(m))
    return sorted(sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1)


def test_no_import_circles_in_the_domain_or_the_ui() -> None:
    """Issue 36: a mixin that needs its view takes a Protocol; a pair that need each
    other become one module or a third both import (the raid's setup mixin knows its
    view as the ``RaidTable`` Protocol)."""
    assert circles_in("wargame") == []
    assert circles_in("ui") == []


def words(text: str) -> list[str]:
    """``text`` as lower-case words: "NavalView" and "new_campaign" split as read."""
    return re.findall(r"[a-z0-9]+", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text).lower())


def modes_named(path: Path) -> list[str]:
    """The modes (key or title, from wargame/core/registry.py) a source file names
    anywhere: in its code, strings, names or comments."""
    from wargame.core.registry import MODES

    found = words(path.read_text(encoding="utf-8"))
    text = " " + " ".join(found) + " "
    names = {n for m in MODES for n in (m.key, m.title)}
    return sorted(n for n in names if f" {' '.join(words(n))} " in text)


def test_the_main_window_names_no_mode() -> None:
    """The main window is a shell: the registry (ui/modes.py) names the modes."""
    assert modes_named(ROOT / "ui" / "main_window.py") == []
    assert len((ROOT / "ui" / "main_window.py").read_text(encoding="utf-8").splitlines()) <= 400


def test_only_the_registry_lists_the_modes_in_the_ui_shell() -> None:
    """Outside ui/modes.py and the modes' own packages, no ui module holds a mode's key
    as a string (the app's desktop id happens to be one mode's key: the one exception)."""
    import ast

    from wargame.core.registry import MODES

    keys = {m.key for m in MODES}
    own = {"naval", "raid", "campaign", "mapeditor", "poe", "pvp", "coins", "tortuga"}
    hits = []
    for p in sorted((ROOT / "ui").rglob("*.py")):
        rel = p.relative_to(ROOT).as_posix()
        if rel == "ui/modes.py" or p.relative_to(ROOT / "ui").parts[0] in own:
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in keys:
                hits.append((rel, node.value))
    assert hits == [("ui/app.py", "pieces-of-eight")]  # setDesktopFileName: the app's id
