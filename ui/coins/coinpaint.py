"""Painting coins: a row of round coins in their metal's colour, skull or monster side up."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

METAL_COLORS = {
    "copper": QColor("#b8682f"),
    "silver": QColor("#b9bec4"),
    "gold": QColor("#e0b530"),
}
METAL_TEXT = {"copper": QColor("#fff4e8"), "silver": QColor("#1d2430"), "gold": QColor("#3a2a00")}
SEAT_COLORS = ("#c0392b", "#2471a3", "#1e8449", "#8e44ad", "#b9770e")


def seat_color(seat: int) -> QColor:
    return QColor(SEAT_COLORS[seat % len(SEAT_COLORS)])


@dataclass(frozen=True)
class Coin:
    metal: str  # copper, silver, gold, or "" for a face-down coin
    label: str  # what is printed on it: the value, or the monster's initials
    monster: bool = False
    tooltip: str = ""


class CoinRow(QWidget):
    """Coins side by side (wrapping to more rows when narrow); a tooltip names each."""

    def __init__(self, size: int = 30, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.size = size
        self.coins: list[Coin] = []
        self.empty_text = ""
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_coins(self, coins: list[Coin], empty_text: str = "") -> None:
        self.coins = coins
        self.empty_text = empty_text
        self.updateGeometry()
        self.setFixedHeight(self._height_for(max(self.width(), 200)))
        self.update()

    def _per_row(self, width: int) -> int:
        return max(1, (width - 2) // (self.size + 4))

    def _height_for(self, width: int) -> int:
        rows = max(1, -(-len(self.coins) // self._per_row(width)))
        return rows * (self.size + 4) + 2

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(min(len(self.coins), 10) * (self.size + 4) + 4, self._height_for(400))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(self.size + 8, self.size + 6)

    def resizeEvent(self, event) -> None:  # noqa: ANN001, N802 - Qt API
        super().resizeEvent(event)
        h = self._height_for(self.width())
        if h != self.height():
            self.setFixedHeight(h)

    def _rect(self, i: int) -> QRectF:
        per = self._per_row(self.width())
        r, c = divmod(i, per)
        s = self.size
        return QRectF(2 + c * (s + 4), 2 + r * (s + 4), s, s)

    def paintEvent(self, event) -> None:  # noqa: ANN001, N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.coins and self.empty_text:
            p.setPen(QColor("#7a6a4f"))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignVCenter, self.empty_text)
            return
        for i, coin in enumerate(self.coins):
            paint_coin(p, self._rect(i), coin)

    def event(self, e) -> bool:  # noqa: ANN001 - Qt API
        from PySide6.QtCore import QEvent
        from PySide6.QtWidgets import QToolTip

        if e.type() == QEvent.Type.ToolTip:
            for i, coin in enumerate(self.coins):
                if self._rect(i).contains(e.pos()) and coin.tooltip:
                    QToolTip.showText(e.globalPos(), coin.tooltip, self)
                    return True
            if self.toolTip():
                QToolTip.showText(e.globalPos(), self.toolTip(), self)
            else:
                QToolTip.hideText()
            return True
        return super().event(e)


def paint_coin(p: QPainter, rect: QRectF, coin: Coin) -> None:
    if not coin.metal:
        p.setBrush(QColor("#5b4a33"))
        p.setPen(QPen(QColor("#2b2114"), 1.5))
        p.drawEllipse(rect)
        p.setPen(QColor("#d9c9a3"))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")
        return
    fill = METAL_COLORS[coin.metal]
    p.setBrush(fill)
    ring = QColor("#7b1d1d") if coin.monster else fill.darker(160)
    p.setPen(QPen(ring, 3 if coin.monster else 1.5))
    p.drawEllipse(rect.adjusted(1, 1, -1, -1))
    f = QFont(p.font())
    f.setBold(True)
    f.setPixelSize(max(9, int(rect.height() * (0.34 if coin.monster else 0.46))))
    p.setFont(f)
    p.setPen(METAL_TEXT[coin.metal])
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, coin.label)
