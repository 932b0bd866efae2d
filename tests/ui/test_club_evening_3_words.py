"""Issue 40 item 8, words: counted words through the one plural helper, the battle's end
logged once, the map editor's status agreeing with its Problems panel, no stale hint
after File > New, a problem marker beside (not over) an island's name, and a side named
as a group "are thinking"."""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QTransform

from wargame.core.dice import DiceService
from wargame.core.registry import game_class
from wargame.plural import agrees, count

ROOT = Path(__file__).resolve().parents[2]
#: A counted word made by hand in the text of a string: "card(s)".
HAND_MADE = re.compile(r"[a-z]\(s\)")


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _ending(node: ast.AST) -> bool:
    """``{'s' if n != 1 else ''}``: a plural ending chosen by hand inside an f-string."""
    if not isinstance(node, ast.IfExp):
        return False
    return any(
        isinstance(x, ast.Constant) and x.value in ("s", "es") for x in (node.body, node.orelse)
    )


def _hand_made(path: Path) -> list[str]:
    """Every string of a module (not docstrings) that builds a counted word by hand."""
    tree = ast.parse(path.read_text())
    docs = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.FormattedValue) and _ending(part.value):
                    out.append(f"{path.name}:{node.lineno}: an ending chosen by 'if'")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docs and HAND_MADE.search(node.value):
                out.append(f"{path.name}:{node.lineno}: {node.value!r}")
    return out


def test_counted_words_go_through_the_one_plural_helper() -> None:
    """ "(1 hexes)", "1 islands", "(1 licence texts)": no "(s)" and no "'s' if" in any
    string of wargame/ or ui/ (wargame.plural's ngettext / count instead)."""
    found = []
    for folder in ("wargame", "ui"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            found += _hand_made(path)
    assert found == []


def test_the_named_counts_read_in_the_singular() -> None:
    assert count(1, "hex", "hexes") == "1 hex" and count(2, "hex", "hexes") == "2 hexes"
    assert count(1, "island", "islands") == "1 island"
    assert count(1, "licence text", "licence texts") == "1 licence text"


def test_a_one_hex_sail_point_and_the_battle_end_read_right_in_the_naval_log() -> None:
    """ "beating (1 hexes)" and "The battle is over" twice (a ship sailing off the table
    ended it, then her action's end checked again) in random games."""
    game = game_class("naval")()
    seen_one_hex = False
    for seed in range(80):
        dice = DiceService.seeded(seed)
        st = game.new_initial_state(2, dice)
        rng = random.Random(seed)
        for _ in range(3000):
            if st.is_terminal():
                break
            st.apply(rng.choice(st.legal_actions()), dice)
        events = list(st.events)
        assert not any("(1 hexes)" in e or " 1 coins " in e for e in events), seed
        seen_one_hex |= any("(1 hex)" in e for e in events)
        assert sum(e.startswith("The battle is over") for e in events) <= 1, seed
    assert seen_one_hex


def test_the_map_editor_status_counts_the_warnings_its_panel_lists(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("map-editor")
    sea = next(a for a in view.doc.areas if a.kind == "sea")
    i = view.doc.areas.index(sea)
    view.doc.areas[i] = dataclasses.replace(sea, town=True)
    view.doc_changed(autosave=False)
    warnings = [x for x in view.issues if x.severity == "warning"]
    assert warnings and not [x for x in view.issues if x.severity == "error"]
    assert "no problems" not in view.status_text()
    assert count(len(warnings), "warning", "warnings") in view.status_text()
    assert count(len(warnings), "warning", "warnings") in view.panel.problems_title.text()


def test_file_new_clears_the_exported_hint(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    view = main_window.show_mode("map-editor")
    view.export_map(tmp_path / "out.geojson")
    assert "Exported" in view.panel.hint.text()
    main_window.new_document()
    assert "Exported" not in view.panel.hint.text()
    assert "Exported" not in view.status_text()


def test_a_problem_marker_stands_beside_the_island_name(main_window) -> None:  # noqa: ANN001
    from ui.mapeditor.layers import label_point, name_box
    from ui.mapeditor.overlays import MARKER_R, marker_point
    from wargame.maps.validate import Issue

    view = main_window.show_mode("map-editor")
    land = next(a for a in view.doc.areas if a.kind == "land" and a.town)
    at = label_point(land)
    issue = Issue("x", "x", "x", (land.id,), (at.x(), at.y()))  # at the name, as before
    t = QTransform.fromScale(8.0, 8.0)
    width = t.mapRect(land.geometry and QRectF(0, 0, 40, 40)).width()
    box = name_box(land, t.map(at), 8.0, width)
    assert box is not None
    c = marker_point(view.doc, issue, t, 8.0)
    marker = QRectF(c.x() - MARKER_R, c.y() - MARKER_R, 2 * MARKER_R, 2 * MARKER_R)
    assert not marker.intersects(box)


def test_a_side_named_as_a_group_are_thinking(qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QWidget

    from ui.bot_thread import ThinkingMark

    parent = QWidget()
    qtbot.addWidget(parent)
    mark = ThinkingMark(parent)
    mark.show_for("The pirates")
    assert mark.label.text() == "The pirates are thinking…"
    mark.show_for("Pirate 2")
    assert mark.label.text() == "Pirate 2 is thinking…"
    assert agrees("The Spanish", "is", "are") == "are" and agrees("Jens Munk", "is", "are") == "is"
