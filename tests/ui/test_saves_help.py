"""Issue 30, "Say plainly": the README and Help say what sealing protects (saves moved
between computers, edited by hand) and what it cannot (a player who opens the data
folder of the computer the game runs on)."""

from __future__ import annotations

from typing import Any

from tests.conftest import ROOT


def test_help_saves_and_secrets_says_what_sealing_cannot_protect(main_window: Any) -> None:
    main_window.act_saves_help.trigger()
    text = main_window.help.saves_dialog.text.toPlainText()
    assert "Whoever can read the data folder can open every sealed part with table.key" in text
    assert "At one screen every player shares that folder" in text
    assert "edited by hand" in text and "moved to another computer" in text


def test_the_readme_says_it_too() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "It protects saves moved between computers and saves edited by hand" in readme
    assert "whoever can read that folder can open every sealed part with `table.key`" in readme
