"""The window's title: "Name* - Mode - Pieces of Eight"."""

from __future__ import annotations

from typing import Any

from ui.mode_base import ModeView

APP_TITLE = "Pieces of Eight"


def window_title(name: str, mark: str, mode_title: str, mode_key: str, path: Any) -> str:
    """ "Name* - Mode - Pieces of Eight", never the same words twice: an unsaved new
    document is "untitled", and the app's name is left out where the mode has it."""
    if path is None and name in (mode_key, mode_title, ""):
        name = "untitled"
    parts = [f"{name}{mark}", mode_title]
    if mode_title != APP_TITLE:
        parts.append(APP_TITLE)
    return " - ".join(parts)


def title_of(view: ModeView, home: ModeView) -> str | None:
    """The title while ``view`` is shown (None: its undo stack is being destroyed)."""
    if view is home:
        return APP_TITLE
    try:
        mark = "" if view.undo_stack.isClean() else "*"
    except RuntimeError:  # the stack announces its clean state while being destroyed
        return None
    return window_title(view.document_name, mark, view.title, view.mode_key, view.path)
