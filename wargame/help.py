"""The in-app help: each mode's rules quick reference (Help > Rules quick reference,
F1), Help > Saves and secrets and Help > Play with phones at the table. Pure text; the
UI shows it.

A quick reference is written for players, in our own words from the printed rules:
the turn sequence and the tables, every number filled from the rules data
(:mod:`wargame.quickref`), so the page and the game never disagree. It names no
code, file or ruling note: those are for the people who keep the app."""

from __future__ import annotations

from wargame.core.registry import MODES, mode
from wargame.errors import WargameError
from wargame.paths import resources_dir
from wargame.quickref import render


def template(key: str) -> str:
    """The mode's page as written (placeholders and all), or "" when none is installed."""
    mode(key)  # an unknown key is refused with the list of modes
    try:
        return (resources_dir() / "help" / f"{key}.md").read_text(encoding="utf-8")
    except OSError:
        return ""


def quick_reference(key: str) -> str:
    """Help > Rules quick reference for one mode (Markdown), its numbers from the rules
    data; a page that cannot be filled says so in words."""
    info = mode(key)
    text = template(key)
    if not text:
        return f"# {info.title}\n\nNo quick reference is installed for this game."
    try:
        return render(text)
    except WargameError as exc:
        return f"# {info.title}\n\nThe quick reference could not be filled in: {exc}."


def saves_and_secrets() -> str:
    """Help > Saves and secrets (Markdown): what sealing protects and what it cannot."""
    try:
        return (resources_dir() / "help" / "saves-and-secrets.md").read_text(encoding="utf-8")
    except OSError:
        return "# Saves and secrets\n\nThe page is not installed."


def phones() -> str:
    """Help > Play with phones at the table (Markdown): hosting, the QR codes, the page."""
    try:
        return (resources_dir() / "help" / "phones.md").read_text(encoding="utf-8")
    except OSError:
        return "# Play with phones at the table\n\nThe page is not installed."


def mode_keys() -> list[str]:
    return [m.key for m in MODES]
