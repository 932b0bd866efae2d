"""Help > Rules and Help > Keyboard shortcuts."""

from __future__ import annotations

import pytest

from wargame.core.registry import MODES
from wargame.help import rules_page, ruling_sections, rulings_for, summary


@pytest.mark.parametrize("key", [m.key for m in MODES])
def test_every_mode_has_a_rules_summary_in_our_words(key: str) -> None:
    text = summary(key)
    assert text.startswith("# ")
    assert "No summary" not in text
    assert len(text.split()) > 80


def test_rulings_for_a_mode_are_its_own_sections_and_the_shared_ones() -> None:
    doc = (
        "# Rulings\n\n## Foundation: dice\nundo stops at draws\n\n"
        "## Naval battle\n### Arcs\nbow guns\n\n## Land raid\nsix a square\n"
    )
    assert [h for h, _ in ruling_sections(doc)] == ["Foundation: dice", "Naval battle", "Land raid"]
    naval = rulings_for("naval", doc)
    assert "bow guns" in naval and "undo stops at draws" in naval
    assert "six a square" not in naval


def test_the_shipped_rulings_reach_each_built_mode() -> None:
    assert "hex" in rulings_for("naval").lower()
    assert "square" in rulings_for("raid").lower()
    page = rules_page("pieces-of-eight")
    assert "Rulings that apply" in page and "104" in page


def test_help_rules_opens_on_the_active_mode(main_window) -> None:  # noqa: ANN001
    main_window.show_mode("raid")
    dialog = main_window.show_rules()
    assert dialog.modes.currentData() == "raid"
    assert "Land raid" in dialog.text.toPlainText()
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
