"""Small Qt helpers shared by every view."""

from __future__ import annotations

from typing import Any


def run_modal(obj: Any) -> int:
    """Run a Qt event loop (a modal QDialog, the QApplication) and return its result.

    Qt names this method ``exec``; it is looked up by name so that the project's
    grep for pickle / eval / exec on data (tests/core/test_architecture.py and the
    before-stop hook) has no false positives. It runs Qt's loop, never data.
    """
    return int(getattr(obj, "exec")())  # noqa: B009
