"""The game log of a table: the public lines of each log entry, in order.

Each session entry adds lines (its public sentence, and what a game adds, e.g. a
fight's result) or rewrites the last one (a run of passes told once). Undo takes an
entry's lines back exactly, so an undone move leaves no trace; lines played by bots
since a human last acted are marked, and the newest line is always in view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem

BOT_LINE = QColor("#e8dcc0")


def starts_line(session: Any) -> str | None:
    """Who starts, when the deal rolled for it (a public die: the ``starter``
    parameter's "random"); None when the seat was fixed."""
    for r in session.setup_rolls:
        if r.purpose.startswith("Who starts") and not r.hidden and r.values:
            who = session.state.name(r.values[0] - 1)
            return f"{who} starts (the die for who starts showed {r.values[0]})"
    return None


class TableLog(QListWidget):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setToolTip("Everything that happened, in order; secrets only once revealed")
        #: Per session entry: how many lines it added and the last line it rewrote.
        self._records: list[tuple[int, str | None]] = []

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        """A log that showed its newest line still does when the panels around it
        change its height (a longer prompt, a name that wraps)."""
        bar = self.verticalScrollBar()
        newest = bar.value() >= bar.maximum()
        super().resizeEvent(event)
        if newest:
            self.scrollToBottom()

    def lines(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]

    def toPlainText(self) -> str:  # noqa: N802 - as a text box names it
        """The whole log as one text, a line a row."""
        return "\n".join(self.lines())

    def restart(self) -> None:
        self.clear()
        self._records = []

    def add(self, rewrite: str | None, lines: Sequence[str], *, auto: bool = False) -> None:
        """One entry's lines: ``rewrite`` replaces the last line (None: keep it)."""
        before = None
        if rewrite is not None and self.count():
            last = self.item(self.count() - 1)
            before = last.text()
            last.setText(rewrite)
        for line in lines:
            item = QListWidgetItem(line)
            if auto:
                item.setBackground(QBrush(BOT_LINE))
            self.addItem(item)
        self._records.append((len(lines), before))
        self.scrollToBottom()

    def drop(self) -> None:
        """Take back the last entry's lines (undo)."""
        if not self._records:
            return
        added, before = self._records.pop()
        for _ in range(added):
            self.takeItem(self.count() - 1)
        if before is not None and self.count():
            self.item(self.count() - 1).setText(before)
        self.scrollToBottom()

    def note(self, line: str) -> None:
        """A line that belongs to no entry of its own (a practice game's undo mark): it
        goes with the entry before it, so a later undo of that entry takes it back too."""
        self.addItem(QListWidgetItem(line))
        if self._records:
            added, before = self._records[-1]
            self._records[-1] = (added + 1, before)
        else:
            self._records.append((1, None))
        self.scrollToBottom()

    def unmark(self) -> None:
        """A human acts: the bots' lines before it are no longer news."""
        for i in range(self.count() - 1, -1, -1):
            item = self.item(i)
            if item.background().style() == Qt.BrushStyle.NoBrush:
                break
            item.setBackground(QBrush())
