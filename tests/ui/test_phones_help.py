"""Issue 38: Help and the README tell players how to play with phones at the table."""

from __future__ import annotations

from typing import Any

from tests.conftest import ROOT


def test_help_play_with_phones_at_the_table(main_window: Any) -> None:
    main_window.help.act_phones_help.trigger()
    dialog = main_window.help.phones_dialog
    assert dialog.windowTitle() == "Play with phones at the table"
    text = dialog.text.toPlainText()
    assert "QR code" in text and "Take the seat" in text and "I have a seat code" in text
    assert "only you see this" in text


def test_the_readme_has_it_too() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "### Play with phones at the table" in readme and "QR code" in readme
