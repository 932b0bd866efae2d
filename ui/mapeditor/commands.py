"""The editor's one undo command: apply a model Change, undo with its inverse."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from wargame.maps.model import Change

from .editing import Editor


class ChangeCommand(QUndoCommand):
    """Calls only :meth:`MapDoc.apply`. Compound edits are one Change, so one step."""

    def __init__(self, editor: Editor, change: Change, text: str) -> None:
        super().__init__(text)
        self.editor = editor
        self.change = change
        self.inverse: Change | None = None

    def redo(self) -> None:
        self.inverse = self.editor.doc.apply(self.change)
        self.editor.doc_changed()

    def undo(self) -> None:
        assert self.inverse is not None
        self.change = self.editor.doc.apply(self.inverse)
        self.editor.doc_changed()
