"""Files dropped on the main window open as File > Open would (a save, a scenario, a
map, or an e-mailed campaign turn file: ui/campaign/join_turn.py)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QWidget


def dropped_files(event: QDragEnterEvent | QDropEvent) -> list[Path]:
    """The local files a drag carries (nothing else counts)."""
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return []
    return [Path(u.toLocalFile()) for u in mime.urls() if u.isLocalFile()]


class FileDrops(QObject):
    """Installed on the main window: accepts a dragged file, opens it on the drop."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if watched is not self.window:
            return False
        if event.type() in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            assert isinstance(event, (QDragEnterEvent, QDropEvent))
            if dropped_files(event):
                event.acceptProposedAction()
                return True
        elif event.type() == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            files = dropped_files(event)
            if files:
                event.acceptProposedAction()
                self.window.open_file(files[0])  # type: ignore[attr-defined]
                return True
        return False


__all__ = ["FileDrops", "dropped_files"]
