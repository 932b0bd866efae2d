from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_blocking_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing a window with an unsaved raid must not wait on a dialog in tests."""
    try:
        from PySide6.QtWidgets import QMessageBox
    except ImportError:  # pragma: no cover - the domain tests run without Qt too
        return
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Discard)
    )
