"""Finding clipped text: every visible label, button, tab and header that shows
less than its whole text at the window's present size.

Used by the layout test at 1024x768 and handy when walking a view by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QCheckBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QRadioButton,
    QTabBar,
    QToolButton,
    QWidget,
)


@dataclass(frozen=True)
class Clip:
    widget: str
    text: str
    needed: int
    has: int

    def __str__(self) -> str:
        return f"{self.widget}: {self.text!r} needs {self.needed} px, has {self.has}"


def Qt_might_be_rich(text: str) -> bool:  # noqa: N802 - mirrors Qt::mightBeRichText
    from PySide6.QtGui import Qt as GuiQt

    return bool(GuiQt.mightBeRichText(text))


def _name(w: QWidget) -> str:
    chain = []
    while w is not None and len(chain) < 4:
        chain.append(w.objectName() or type(w).__name__)
        w = w.parentWidget()
    return "/".join(reversed(chain))


def _visible(w: QWidget, root: QWidget) -> bool:
    return w.isVisibleTo(root) and w.width() > 0 and w.height() > 0


def _laid_out_clip(w: QLabel, text: str, rich: bool) -> list[Clip]:
    """A rich-text or word-wrapped label, laid out as Qt lays it out: too wide for its
    room (an unwrapped line), or too tall once wrapped at its width."""
    from PySide6.QtGui import QTextDocument, QTextOption

    doc = QTextDocument()
    doc.setDefaultFont(w.font())
    doc.setDocumentMargin(0)
    if rich:
        doc.setHtml(text)
    else:
        doc.setPlainText(text)
    has = w.contentsRect().width() - 2 * w.margin() - 2 * max(w.indent(), 0)
    has_h = w.contentsRect().height() - 2 * w.margin()
    if not w.wordWrap():
        option = doc.defaultTextOption()
        option.setWrapMode(QTextOption.WrapMode.NoWrap)
        doc.setDefaultTextOption(option)
        need = int(doc.idealWidth())
        if need > has + 1:
            return [Clip(_name(w), text, need, has)]
    else:
        doc.setTextWidth(max(has, 1))
    need_h = int(doc.size().height())
    if need_h > has_h + 2:
        return [Clip(_name(w) + " (height)", text, need_h, has_h)]
    return []


def clipped_texts(root: QWidget) -> list[Clip]:
    """Every visible text under ``root`` that does not fit its space."""
    out: list[Clip] = []
    for w in root.findChildren(QWidget):
        if not _visible(w, root):
            continue
        if isinstance(w, QLabel):
            text = w.text()
            if not text:
                continue
            rich = w.textFormat() == Qt.TextFormat.RichText or (
                w.textFormat() != Qt.TextFormat.PlainText and Qt_might_be_rich(text)
            )
            if rich or w.wordWrap():
                out += _laid_out_clip(w, text, rich)
                continue
            lines = text.splitlines() or [text]
            fm = w.fontMetrics()
            need = max(fm.horizontalAdvance(line) for line in lines)
            has = w.contentsRect().width() - 2 * w.margin() - 2 * max(w.indent(), 0)
            if need > has + 1:
                out.append(Clip(_name(w), text, need, has))
            need_h = fm.height() * len(lines)
            if need_h > w.contentsRect().height() + 2:
                out.append(Clip(_name(w) + " (height)", text, need_h, w.contentsRect().height()))
        elif isinstance(w, (QPushButton, QToolButton, QCheckBox, QRadioButton)):
            assert isinstance(w, QAbstractButton)
            if not w.text():
                continue
            need = w.sizeHint().width()
            if need > w.width() + 1:
                out.append(Clip(_name(w), w.text(), need, w.width()))
        elif isinstance(w, QGroupBox) and w.title():
            need = w.fontMetrics().horizontalAdvance(w.title()) + 16
            if need > w.width():
                out.append(Clip(_name(w), w.title(), need, w.width()))
        elif isinstance(w, QTabBar):
            for i in range(w.count()):
                if not w.isTabVisible(i):
                    continue  # a hidden tab takes no room and shows no text
                need = w.tabSizeHint(i).width()
                has = w.tabRect(i).width()
                if need > has + 1:
                    out.append(Clip(_name(w), w.tabText(i), need, has))
        elif isinstance(w, QHeaderView):
            model = w.model()
            if model is None:
                continue
            view = w.parentWidget()
            if (
                w.orientation() == Qt.Orientation.Horizontal
                and isinstance(view, QAbstractScrollArea)
                and view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
                and w.length() > w.width() + 1
            ):
                out.append(Clip(_name(w), "(the last columns)", w.length(), w.width()))
            fm = w.fontMetrics()
            n = model.columnCount() if w.orientation() == Qt.Orientation.Horizontal else 0
            for i in range(n):
                if w.isSectionHidden(i):
                    continue
                if w.sectionResizeMode(i) == QHeaderView.ResizeMode.ResizeToContents:
                    continue  # Qt sizes the section to its heading and cells
                text = str(model.headerData(i, w.orientation()) or "")
                if not text:
                    continue
                need = max(fm.horizontalAdvance(line) for line in text.splitlines()) + 12
                has = w.sectionSize(i)
                if need > has:
                    out.append(Clip(_name(w), text, need, has))
    return out
