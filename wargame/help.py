"""The in-app rules help: a summary of each mode in our own words, and the
rulings (docs/rulings.md) that apply to it. Pure text; the UI shows it."""

from __future__ import annotations

from wargame.core.registry import MODES, mode
from wargame.paths import ROOT, resources_dir

#: Which headings of docs/rulings.md belong to each mode, beyond the shared ones.
RULING_HEADINGS: dict[str, tuple[str, ...]] = {
    "naval": ("Naval battle",),
    "raid": ("Land raid",),
    "campaign": ("Campaign",),
    "map-editor": ("Maps",),
    "pieces-of-eight": ("Pieces of Eight",),
    "pirate-versus-pirate": ("Pirate Versus Pirate",),
    "pirate-coins": ("Pirate Coins",),
    "tortuga-1667": ("Tortuga 1667", "Tortuga"),
}
#: Sections every mode shares (dice, undo, the log, saves).
SHARED_HEADINGS = ("Foundation", "Fair play", "Saves", "Table override")


def summary(key: str) -> str:
    """The mode's rules summary (Markdown), or a line saying there is none."""
    info = mode(key)
    path = resources_dir() / "help" / f"{key}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# {info.title}\n\nNo summary of the rules is installed."


def saves_and_secrets() -> str:
    """Help > Saves and secrets (Markdown): what sealing protects and what it cannot."""
    try:
        return (resources_dir() / "help" / "saves-and-secrets.md").read_text(encoding="utf-8")
    except OSError:
        return "# Saves and secrets\n\nThe page is not installed."


def ruling_sections(text: str) -> list[tuple[str, str]]:
    """``(heading, body)`` for each level-2 section of a rulings document."""
    sections: list[tuple[str, str]] = []
    heading: str | None = None
    body: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            if heading is not None:
                sections.append((heading, "\n".join(body).strip()))
            heading, body = line[3:].strip(), []
        elif heading is not None:
            body.append(line)
    if heading is not None:
        sections.append((heading, "\n".join(body).strip()))
    return sections


def rulings_for(key: str, text: str | None = None) -> str:
    """The rulings that apply to a mode (Markdown): its own sections and the shared ones."""
    mode(key)  # an unknown key is refused with the list of modes
    if text is None:
        try:
            text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
        except OSError:
            return "The rulings document (docs/rulings.md) is not installed."
    wanted = RULING_HEADINGS.get(key, ()) + SHARED_HEADINGS
    parts = [
        f"## {heading}\n\n{body}"
        for heading, body in ruling_sections(text)
        if heading.startswith(wanted)
    ]
    return "\n\n".join(parts) if parts else "No rulings recorded for this mode yet."


def rules_page(key: str) -> str:
    """Help > Rules for one mode: the summary, then the rulings that apply."""
    return f"{summary(key)}\n\n# Rulings that apply\n\n{rulings_for(key)}"


def mode_keys() -> list[str]:
    return [m.key for m in MODES]
