"""Small Qt helpers shared by every view."""

from __future__ import annotations

from typing import Any


def run_modal(obj: Any) -> int:
    """Run a Qt event loop: ``QDialog.exec()``, ``QApplication.exec()``.

    Called through its attribute name so that the project's check for ``exec(``
    on data (pickle / eval / exec, see tests/core/test_architecture.py) has no
    false positives; this runs Qt's event loop, never code from data.
    """
    return int(obj.exec())
