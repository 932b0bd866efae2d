"""A label that always takes the same height: the status line, a panel's prompt.

A text that changes under the player's pointer (whose turn, what to do, the odds)
must not move what is below or beside it: a label that wrapped onto one more line
shifted the board under the pointer, so a click landed on the wrong hex (issue 26,
defect 2). :class:`FixedLinesLabel` reserves ``lines`` lines whatever it shows; a
longer text is cut at the last line with "…" and told whole in the tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent, QTextLayout, QTextOption
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

ELLIPSIS = "\u2026"


def wrapped_lines(text: str, font: QFont, width: int) -> list[str]:
    """``text`` broken into the lines a word-wrapped label ``width`` px wide shows."""
    out: list[str] = []
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    for para in text.split("\n"):
        if not para:
            out.append("")
            continue
        layout = QTextLayout(para, font)
        layout.setTextOption(option)
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(max(width, 1))
            start = line.textStart()
            out.append(para[start : start + line.textLength()].rstrip())
        layout.endLayout()
    return out


def fit_lines(text: str, font: QFont, width: int, lines: int) -> str:
    """``text`` as it fits ``lines`` lines of ``width`` px: whole when it fits, else
    its first lines and the rest cut with an ellipsis."""
    shown = wrapped_lines(text, font, width)
    if len(shown) <= lines:
        return text
    last = " ".join(part.strip() for part in shown[lines - 1 :] if part.strip())
    fm = QFontMetrics(font)
    last = fm.elidedText(last + ELLIPSIS, Qt.TextElideMode.ElideRight, max(width, 1))
    return "\n".join([*shown[: lines - 1], last])


class FixedLinesLabel(QLabel):
    """A plain-text label ``lines`` lines high, whatever its text: ``text()`` is what it
    shows, :meth:`full_text` what it was given (in the tooltip when cut)."""

    def __init__(self, lines: int = 2, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines = lines
        self._full = ""
        self._tip = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # Its width comes from the layout, never from the text (a long text must not
        # widen the window either).
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._fix_height()

    def full_text(self) -> str:
        return self._full

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._full = text
        self._fit()

    def setToolTip(self, tip: str) -> None:  # noqa: N802 - Qt's name
        self._tip = tip
        self._fit()

    def tooltip_note(self) -> str:
        """The tooltip given with :meth:`setToolTip` (without the cut text)."""
        return self._tip

    def _room(self) -> int:
        return self.contentsRect().width() - 2 * self.margin() - max(self.indent(), 0) - 2

    def _fix_height(self) -> None:
        m = self.contentsMargins()
        room = self.fontMetrics().lineSpacing() * self.lines + 2 * self.margin()
        self.setFixedHeight(room + m.top() + m.bottom() + 2)

    def _fit(self) -> None:
        width = self._room()
        shown = fit_lines(self._full, self.font(), width, self.lines) if width > 8 else self._full
        super().setText(shown)
        tip = self._tip
        if shown != self._full:
            tip = f"{tip}\n\n{self._full}" if tip else self._full
        super().setToolTip(tip)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fix_height()
            self._fit()
