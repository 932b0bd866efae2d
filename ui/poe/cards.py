"""Cards drawn as at the table: the treasure face on top, the action face below."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from wargame.poe.rules import Card

TYPE_COLORS = {
    "crowns": "#b8860b",
    "doubloons": "#c8a13a",
    "louis-dor": "#9c6b1f",
    "pieces-of-eight": "#8d9aa6",
    "sovereigns": "#a0522d",
    None: "#6a2c8a",
}


WRAP = Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap


def _fits(font: QFont, rect: QRectF, text: str) -> bool:
    box = QFontMetricsF(font).boundingRect(rect, int(WRAP.value), text)
    return box.height() <= rect.height() + 0.5 and box.width() <= rect.width() + 0.5


def _fit(font: QFont, rect: QRectF, text: str, smallest: int) -> QFont:
    """``font`` at the largest point size (down to ``smallest``) that fits ``text``."""
    f = QFont(font)
    size = f.pointSizeF()
    while size > smallest and not _fits(f, rect, text):
        size -= 0.5
        f.setPointSizeF(size)
    return f


class CardWidget(QWidget):
    """One card. Clicking emits ``clicked(card_index)``."""

    clicked = Signal(int)

    def __init__(self, card: Card, type_name: str, *, small: bool = False) -> None:
        super().__init__()
        self.card = card
        self.type_name = type_name
        self.small = small
        self.selected = False
        self.playable = False
        self.setObjectName(f"card-{card.index}")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        if small:
            self.setFixedSize(92, 58)
        else:
            self.setFixedSize(128, 176)
        self.setToolTip(
            f"<b>{card.value} {card.name}</b> ({type_name})<br>OR<br><b>{card.title}</b><br>"
            f"{card.text}"
        )

    def set_state(self, *, selected: bool, playable: bool) -> None:
        self.selected = selected
        self.playable = playable
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.card.index)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        if self.selected:
            r = r.adjusted(0, 0, 0, 0)
        path = QPainterPath()
        path.addRoundedRect(r, 8, 8)
        p.fillPath(path, QColor("#fbf4e0"))
        edge = (
            QColor("#ffcc00")
            if self.selected
            else QColor("#3a8a3a")
            if self.playable
            else QColor("#6b5433")
        )
        p.setPen(QPen(edge, 4 if self.selected else 2.5 if self.playable else 1.5))
        p.drawPath(path)
        c = self.card
        colour = QColor(TYPE_COLORS.get(c.type, "#6a2c8a"))
        if self.small:
            self._paint_small(p, r, colour)
            return
        top = QRectF(r.left() + 5, r.top() + 5, r.width() - 10, r.height() * 0.42)
        band = QPainterPath()
        band.addRoundedRect(top, 6, 6)
        p.fillPath(band, colour)
        p.setPen(QColor("white"))
        f = QFont("Serif", 24)
        f.setBold(True)
        p.setFont(f)
        p.drawText(
            QRectF(top.left() + 6, top.top() + 2, 40, 40), Qt.AlignmentFlag.AlignLeft, str(c.value)
        )
        f = QFont("Serif", 9)
        f.setBold(True)
        p.setFont(f)
        p.drawText(
            QRectF(top.left() + 4, top.top() + 38, top.width() - 8, top.height() - 40),
            Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap,
            c.name + ("\n(any type)" if c.named else ""),
        )
        p.setPen(QColor("#7a5c2e"))
        f = QFont("Serif", 8)
        f.setItalic(True)
        p.setFont(f)
        mid = top.bottom() + 1
        p.drawText(QRectF(r.left(), mid, r.width(), 14), Qt.AlignmentFlag.AlignHCenter, "- or -")
        p.setPen(QColor("#5b1414"))
        act, body = self._action_rects(r)
        title_font, body_font = self.fitted_fonts()
        p.setFont(title_font)
        p.drawText(act, WRAP, c.title)
        p.setPen(QColor("#2b2114"))
        p.setFont(body_font)
        p.drawText(body, WRAP, c.text)

    def _action_rects(self, r: QRectF) -> tuple[QRectF, QRectF]:
        top_h = r.height() * 0.42
        mid = r.top() + 5 + top_h + 1
        act = QRectF(r.left() + 6, mid + 14, r.width() - 12, 30)
        body = QRectF(r.left() + 6, mid + 42, r.width() - 12, r.bottom() - mid - 46)
        return act, body

    def fitted_fonts(self) -> tuple[QFont, QFont]:
        """The action's title and text fonts, shrunk until the whole text fits the card
        (a long card text is never cut at the bottom)."""
        r = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        act, body = self._action_rects(r)
        title = _fit(QFont("Serif", 9, QFont.Weight.Bold), act, self.card.title, 6)
        text = _fit(QFont("Sans", 7), body, self.card.text, 5)
        return title, text

    def text_fits(self) -> bool:
        """True when the card's title and text fit inside the card at the fitted fonts."""
        if self.small:
            return True
        r = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        act, body = self._action_rects(r)
        title, text = self.fitted_fonts()
        return _fits(title, act, self.card.title) and _fits(text, body, self.card.text)

    def _paint_small(self, p: QPainter, r: QRectF, colour: QColor) -> None:
        c = self.card
        badge = QRectF(r.left() + 4, r.top() + 4, 26, r.height() - 8)
        path = QPainterPath()
        path.addRoundedRect(badge, 5, 5)
        p.fillPath(path, colour)
        p.setPen(QColor("white"))
        f = QFont("Serif", 15)
        f.setBold(True)
        p.setFont(f)
        p.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(c.value))
        p.setPen(QColor("#2b2114"))
        f = QFont("Sans", 7)
        f.setBold(True)
        p.setFont(f)
        p.drawText(
            QRectF(badge.right() + 3, r.top() + 3, r.right() - badge.right() - 5, r.height() - 6),
            Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap,
            c.name if c.named else self.type_name,
        )


class CardRow(QWidget):
    """A titled row of cards (a hand, a face-up treasure pile)."""

    card_clicked = Signal(int)

    def __init__(self, title: str, *, small: bool = False, columns: int = 0) -> None:
        super().__init__()
        self.small = small
        self.columns = columns
        outer = QVBoxLayout(self)
        outer.setAlignment(Qt.AlignmentFlag.AlignTop)
        outer.setContentsMargins(4, 2, 4, 2)
        outer.setSpacing(2)
        self.title = QLabel(title)
        self.title.setObjectName("row-title")
        outer.addWidget(self.title)
        self.row = QGridLayout() if columns else QHBoxLayout()
        self.row.setSpacing(6)
        outer.addLayout(self.row)
        outer.addStretch(1)
        self.widgets: dict[int, CardWidget] = {}
        self.empty = QLabel("", self)  # never a parentless window (it stole the focus)
        self.empty.setStyleSheet("color: #8b7a5a; font-style: italic;")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def card_size(self) -> tuple[int, int]:
        return (92, 58) if self.small else (128, 176)

    def width_for(self, cards: int) -> int:
        """The width that shows ``cards`` cards side by side, margins included."""
        m = self.layout().contentsMargins()
        return (
            cards * self.card_size()[0]
            + (cards - 1) * self.row.spacing()
            + m.left()
            + m.right()
            + 4
        )

    def columns_in(self, width: int, most: int) -> int:
        """How many columns of cards fit in ``width`` (1 to ``most``)."""
        for n in range(most, 1, -1):
            if self.width_for(n) <= width:
                return n
        return 1

    def set_columns(self, columns: int) -> None:
        """Lay a grid row's cards out in ``columns`` columns."""
        if not isinstance(self.row, QGridLayout) or columns == self.columns:
            return
        self.columns = columns
        for k, w in enumerate(self.widgets.values()):
            self.row.removeWidget(w)
            self.row.addWidget(w, k // columns, k % columns)

    def set_cards(
        self,
        cards: list[Card],
        type_names: dict[str, str],
        *,
        selected: set[int],
        playable: set[int],
        empty_text: str = "",
    ) -> None:
        keys = [c.index for c in cards]
        if keys != list(self.widgets):
            while self.row.count():
                item = self.row.takeAt(0)
                w = item.widget()
                if w is not None and w is not self.empty:
                    w.hide()  # gone at once, not only when the event loop deletes it
                    w.deleteLater()
            self.widgets = {}
            for k, c in enumerate(cards):
                w = CardWidget(c, type_names.get(c.type or "", "any type"), small=self.small)
                w.clicked.connect(self.card_clicked)
                if isinstance(self.row, QGridLayout):
                    self.row.addWidget(w, k // self.columns, k % self.columns)
                else:
                    self.row.addWidget(w)
                self.widgets[c.index] = w
            self.empty.setText(empty_text)
            if isinstance(self.row, QGridLayout):
                self.row.addWidget(self.empty, 0, 0)
            else:
                self.row.addWidget(self.empty)
                self.row.addStretch(1)
        self.empty.setVisible(not cards)
        for idx, w in self.widgets.items():
            w.set_state(selected=idx in selected, playable=idx in playable)
