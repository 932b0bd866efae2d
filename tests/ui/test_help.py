"""Help > Rules quick reference (F1) and Help > Keyboard shortcuts."""

from __future__ import annotations

import re
import tomllib

import pytest

from wargame.core.registry import MODES
from wargame.help import quick_reference, template
from wargame.paths import rules_dir
from wargame.quickref import PLACEHOLDER, WORDS, lookup, render

KEYS = [m.key for m in MODES]

#: What a player's page must never show: code, files, modules, the notes of the
#: people who keep the app (issue 26, defect 11: Help showed the rulings' seed notes).
DEVELOPER_WORDS = re.compile(
    r"\.py\b|\.toml\b|\.md\b|\bwargame\b|\bui/|docs/|resources/|\bseed\b|\bSeed:|"
    r"\bruling|\bmodule\b|\bparam(eter)?s?\b|\bengine\b|`|\b[a-z]+_[a-z_]+\b|\{\{|\}\}",
    re.IGNORECASE,
)
#: The only digits a page may have of its own: dice named ("d6", "2d6"), a numbered
#: list's markers, and names (the game "Tortuga 1667", 1/450 ships, 15 mm figures).
OWN_DIGITS = re.compile(r"\b\d*d\d+\b|^\s*\d+\. |Tortuga 1667|1/450|15 mm", re.MULTILINE)


@pytest.mark.parametrize("key", KEYS)
def test_every_mode_has_a_rules_quick_reference(key: str) -> None:
    text = quick_reference(key)
    assert text.startswith("# ") and "quick reference" in text.lower() or key == "map-editor"
    assert "No quick reference" not in text and "could not be filled" not in text
    assert len(text.split()) > 150


@pytest.mark.parametrize("key", KEYS)
def test_no_quick_reference_mentions_code_files_or_developer_notes(key: str) -> None:
    """Defect 11: Help showed developer notes (seed files, rulings, code names)."""
    hits = sorted({m.group(0) for m in DEVELOPER_WORDS.finditer(quick_reference(key))})
    assert hits == []


@pytest.mark.parametrize("key", KEYS)
def test_every_number_on_a_quick_reference_comes_from_the_rules_data(key: str) -> None:
    """The pages are templates: a digit outside a placeholder (but a die's name) would
    be a number retyped by hand, free to disagree with the game."""
    written = OWN_DIGITS.sub("", PLACEHOLDER.sub("", template(key)))
    assert re.findall(r".{0,30}\d.{0,30}", written) == []


def _rules(stem: str) -> dict:
    with (rules_dir() / f"{stem}.toml").open("rb") as fh:
        return tomllib.load(fh)


def _table_rows(page: str, first_cell: str) -> list[list[str]]:
    return [
        [c.strip() for c in line.strip().strip("|").split("|")]
        for line in page.splitlines()
        if line.startswith(f"| {first_cell} |")
    ]


def test_the_quick_reference_tables_equal_the_rules_data() -> None:
    naval, raid = _rules("naval"), _rules("raid")
    page = quick_reference("naval")
    sloop = naval["ship_types"]["small"]
    (row,) = _table_rows(page, "Small")[-1:]
    assert row[1:6] == [
        sloop["title"],
        "yes" if sloop["warship"] else "no",
        str(sloop["fighting_points"]),
        str(sloop["sailing_gear"]),
        str(sloop["hull_per_side"]),
    ]
    sunk = _table_rows(page, "Sunk")[0]
    assert sunk[1:] == [
        str(naval["score"]["sunk"][t]) for t in ("small", "medium", "large", "merchantman")
    ]
    assert f"its factor is the number of dice it rolls: {naval['fire']['basic']}" in page.lower()
    alarm = _section(quick_reference("raid"), "## The alarm")
    for total, effect in raid["alarm"]["results"].items():
        (row,) = _table_rows(alarm, total)
        assert row[1] == WORDS[effect], (total, row)
    fighting = _section(quick_reference("raid"), "## Hand-to-hand")
    faces = [_table_rows(fighting, str(face))[0][1] for face in range(1, 7)]
    assert faces == [str(h) for h in raid["fighting"]["hits_by_face"]]


def _section(page: str, heading: str) -> str:
    start = page.index(heading)
    end = page.find("\n## ", start + 1)
    return page[start : end if end > 0 else None]


def test_a_page_follows_the_rules_data_when_it_changes() -> None:
    """Numbers are filled at show time from the data in use: change the data, the page
    follows (a table playing other printed rules sees its own numbers)."""
    naval = _rules("naval")
    naval["fire"]["return_fire_on"] = 4
    naval["score"]["sunk"]["large"] = 77
    page = render(template("naval"), {"naval": naval})
    assert "shoot back on a 4 or more" in page
    assert _table_rows(page, "Sunk")[0][3] == "77"


def test_every_placeholder_names_a_rule_that_exists() -> None:
    for key in KEYS:
        for match in PLACEHOLDER.finditer(template(key)):
            stem = match["path"].split(".")[0]
            lookup(match["path"], {stem: _rules(stem)})  # raises naming a wrong one


def test_f1_opens_the_current_modes_quick_reference(main_window) -> None:  # noqa: ANN001
    from PySide6.QtGui import QKeySequence

    assert main_window.act_rules.shortcut() == QKeySequence("F1")
    assert main_window.act_rules.text().replace("&", "") == "Rules quick reference..."
    main_window.show_mode("raid")
    main_window.act_rules.trigger()
    dialog = main_window.rules_dialog
    assert dialog.modes.currentData() == "raid"
    assert "Land raid" in dialog.text.toPlainText()
    assert "The alarm" in dialog.text.toPlainText()
    dialog.modes.setCurrentIndex(dialog.modes.findData("naval"))
    assert "Naval battle" in dialog.text.toPlainText()
    dialog.close()


def test_keyboard_shortcuts_lists_menus_and_view_shortcuts(main_window) -> None:  # noqa: ANN001
    main_window.show_mode("raid")
    dialog = main_window.show_shortcuts()
    rows = {
        dialog.table.item(r, 0).text(): dialog.table.item(r, 1).text()
        for r in range(dialog.table.rowCount())
    }
    assert rows["Save"] == "Ctrl+S"
    assert rows["Show history"] == "Ctrl+Shift+H"
    assert rows["Raid: clear the selection"] == "Esc"
    assert rows["Rules quick reference"] == "F1"
    dialog.close()


def test_keyboard_shortcuts_list_the_table_keys_for_choosing_a_move(main_window) -> None:  # noqa: ANN001
    main_window.show_mode("map-editor")
    main_window.show_mode("naval")
    dialog = main_window.show_shortcuts()
    rows = {
        dialog.table.item(r, 0).text(): dialog.table.item(r, 1).text()
        for r in range(dialog.table.rowCount())
    }
    assert rows["Turn the chosen heading clockwise"] == "Right"
    assert rows["Turn the chosen heading anticlockwise"] == "Left"
    assert "Return" in rows["Sail the chosen move"]
    assert rows["Cancel the chosen move"] == "Esc"
    assert rows["Coordinates"] == "C"
    assert rows["Graph"] == "G"
    dialog.close()
