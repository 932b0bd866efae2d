"""The town drawn on a QGraphicsScene: squares by type, fire, figures as tokens, overlays."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from wargame.raid.model import ATTACKER, Sq, Town, Unit
from wargame.raid.rules import RaidRules

S = 84.0  # one square in scene units
MARGIN = 26.0

#: Square colours: fill, edge detail.
SQUARE_COLOURS: dict[str, tuple[str, str]] = {
    "open": ("#d9cc9a", "#c4b57c"),
    "street": ("#b9b2a3", "#9d9585"),
    "building": ("#b5654a", "#7f3f2b"),
    "treasury": ("#e0b32e", "#9a7512"),
    "residence": ("#8c6bb1", "#5b3f7d"),
    "church": ("#ece6d6", "#a79f89"),
    "fort": ("#6f7377", "#45484b"),
    "dock": ("#8a6a45", "#5a4328"),
}
SIDE_COLOURS = {0: ("#2a2420", "#e9d9b0"), 1: ("#1f4e8c", "#f3e7a6")}  # fill, text
QUALITY_COLOURS = {"hardened": "#d4a017", "able": "#e8e8e8", "scurvy": "#6aa84f"}
KIND_SHORT = {
    "hand-to-hand": "HH",
    "musket": "Mu",
    "militia": "Mi",
    "mob": "Mb",
    "unarmed": "Un",
    "guns": "Gn",
    "captain": "Cpt",
    "governor": "Gov",
    "officer": "Off",
}
#: What each kind of figure does, for the hover card.
KIND_TEXT = {
    "hand-to-hand": "fights hand-to-hand only",
    "musket": "shoots (1 square, or 2 in a line over open ground) and fights",
    "militia": "town militia: shoots and fights",
    "mob": "an armed mob: fights hand-to-hand",
    "unarmed": "townsfolk: can be killed or flee, cannot fight back",
    "guns": "a gun crew: the pirates score for spiking it",
    "captain": "the pirates' captain (an officer)",
    "governor": "the governor (an officer): worth dice if captured",
    "officer": "an officer: leads groups, rolls on the officer-hit table",
}
QUALITY_TEXT = {
    "hardened": "hardened (gold band): the best fighters",
    "able": "able (white band)",
    "scurvy": "scurvy (green band): the worst",
}


def unit_card(u: Unit, factor: int | None) -> str:
    """The hover card of a figure on the town: who, what it does, how it stands."""
    side = "pirates" if u.side == ATTACKER else "defender"
    lines = [f"<b>{u.label()}</b> ({side})", KIND_TEXT.get(u.kind, u.kind)]
    if not u.is_officer:
        lines.append(f"Quality: {QUALITY_TEXT.get(u.quality, u.quality)}")
    if factor is not None:
        lines.append(f"Fighting factor: {factor} (the number on the token)")
    lines.append(f"Status: {u.status}")
    return "<br>".join(lines)


OVERLAY = {
    "move": ("#3fa34d", 70),
    "target": ("#d7263d", 90),
    "range": ("#f4d35e", 55),
    "choose": ("#2e86ab", 90),
    "ignite": ("#f26419", 90),
    "loot": ("#ffd700", 80),
}


def token_rects(n: int) -> list[QRectF]:
    """Where up to 6 tokens stand inside a square (3 by 2)."""
    w, h = S / 3 - 4, S / 2 - 12
    out = []
    for i in range(n):
        c, r = i % 3, i // 3
        out.append(QRectF(3 + c * (S / 3 - 1), 14 + r * (h + 3), w, h))
    return out


class TownScene(QGraphicsScene):
    def draw(
        self,
        town: Town,
        rules: RaidRules,
        *,
        units: list[Unit],
        fire: dict[Sq, int] | None = None,
        burned: set[Sq] | None = None,
        looted: set[Sq] | None = None,
        overlay: dict[Sq, str] | None = None,
        selected_sq: Sq | None = None,
        selected_unit: str | None = None,
        lines: list[tuple[Sq, Sq]] | None = None,
        factors: dict[str, int] | None = None,
    ) -> None:
        self.clear()
        fire = fire or {}
        burned = burned or set()
        looted = looted or set()
        overlay = overlay or {}
        factors = factors or {}
        W, H = town.cols * S, town.rows * S
        self.setSceneRect(QRectF(-MARGIN, -MARGIN, W + 2 * MARGIN, H + 2 * MARGIN))
        self.addRect(
            QRectF(-MARGIN, -MARGIN, W + 2 * MARGIN, H + 2 * MARGIN),
            QPen(Qt.PenStyle.NoPen),
            QBrush(QColor("#3b2f22")),
        )
        label_font = QFont()
        label_font.setPointSizeF(8)
        for sq in town.squares():
            kind = town.type_at(sq)
            self._square(sq, kind, sq in burned, sq in looted)
        for sq, age in fire.items():
            self._fire(sq, age)
        for c in range(town.cols):
            t = self.addText(str(c), label_font)
            t.setDefaultTextColor(QColor("#e9dcc0"))
            t.setPos(c * S + S / 2 - 6, -MARGIN + 3)
        for r in range(town.rows):
            t = self.addText(str(r), label_font)
            t.setDefaultTextColor(QColor("#e9dcc0"))
            t.setPos(-MARGIN + 6, r * S + S / 2 - 9)
        for sq, what in overlay.items():
            colour, alpha = OVERLAY[what]
            col = QColor(colour)
            col.setAlpha(alpha)
            pen = QPen(QColor(colour), 3)
            self.addRect(QRectF(sq[0] * S + 2, sq[1] * S + 2, S - 4, S - 4), pen, QBrush(col))
        if selected_sq is not None:
            pen = QPen(QColor("#ffe066"), 4)
            self.addRect(QRectF(selected_sq[0] * S + 1, selected_sq[1] * S + 1, S - 2, S - 2), pen)
        by_sq: dict[Sq, list[Unit]] = {}
        for u in units:
            if u.status == "ready" and u.sq is not None:
                by_sq.setdefault(u.sq, []).append(u)
        for sq, here in by_sq.items():
            for u, rect in zip(here, token_rects(len(here))):
                self._token(
                    u,
                    rect.translated(sq[0] * S, sq[1] * S),
                    u.id == selected_unit,
                    factors.get(u.id),
                )
        for a, b in lines or []:
            pen = QPen(QColor("#d7263d"), 3, Qt.PenStyle.DashLine)
            self.addLine(
                a[0] * S + S / 2, a[1] * S + S / 2, b[0] * S + S / 2, b[1] * S + S / 2, pen
            )

    def _square(self, sq: Sq, kind: str, burned: bool, looted: bool) -> None:
        x, y = sq[0] * S, sq[1] * S
        fill, edge = SQUARE_COLOURS.get(kind, ("#cccccc", "#999999"))
        rect = QRectF(x, y, S, S)
        self.addRect(rect, QPen(QColor("#5c4a33"), 1), QBrush(QColor(fill)))
        pen = QPen(QColor(edge), 2)
        if kind == "street":
            for i in range(1, 4):
                self.addLine(x + 4, y + i * S / 4, x + S - 4, y + i * S / 4, QPen(QColor(edge), 1))
        elif kind in ("building", "treasury", "residence"):
            roof = QPolygonF(
                [
                    QPointF(x + 8, y + S - 8),
                    QPointF(x + S / 2, y + 8),
                    QPointF(x + S - 8, y + S - 8),
                ]
            )
            self.addPolygon(roof, pen)
        elif kind == "church":
            self.addLine(x + S / 2, y + 10, x + S / 2, y + S - 10, QPen(QColor(edge), 4))
            self.addLine(x + S / 2 - 12, y + 26, x + S / 2 + 12, y + 26, QPen(QColor(edge), 4))
        elif kind == "fort":
            for i in range(4):
                self.addRect(
                    QRectF(x + 6 + i * (S - 12) / 4, y + 4, (S - 12) / 8, 8),
                    QPen(Qt.PenStyle.NoPen),
                    QBrush(QColor(edge)),
                )
            self.addRect(QRectF(x + 4, y + 4, S - 8, S - 8), pen)
        elif kind == "dock":
            for i in range(5):
                self.addLine(
                    x + 4 + i * (S - 8) / 4,
                    y + 2,
                    x + 4 + i * (S - 8) / 4,
                    y + S - 2,
                    QPen(QColor(edge), 1),
                )
            water = QColor("#2b6c8f")
            self.addRect(QRectF(x, y, 6, S), QPen(Qt.PenStyle.NoPen), QBrush(water))
        elif kind == "open":
            for dx, dy in ((0.25, 0.3), (0.7, 0.6), (0.45, 0.8)):
                self.addEllipse(
                    x + dx * S, y + dy * S, 3, 3, QPen(Qt.PenStyle.NoPen), QBrush(QColor(edge))
                )
        if kind == "treasury":
            self._caption(x, y, "$ Treasury" if not looted else "Looted")
        elif kind == "residence":
            self._caption(x, y, "Governor" if not looted else "Looted")
        if burned:
            ruin = QColor("#1d1b1a")
            ruin.setAlpha(170)
            self.addRect(rect, QPen(Qt.PenStyle.NoPen), QBrush(ruin, Qt.BrushStyle.Dense4Pattern))

    def _caption(self, x: float, y: float, text: str) -> None:
        f = QFont()
        f.setPointSizeF(7)
        f.setBold(True)
        t = self.addText(text, f)
        t.setDefaultTextColor(QColor("#2b1d0e"))
        t.setPos(x + 2, y + S - 18)

    def _fire(self, sq: Sq, age: int) -> None:
        x, y = sq[0] * S, sq[1] * S
        glow = QColor("#ff6b1a")
        glow.setAlpha(110)
        self.addRect(QRectF(x, y, S, S), QPen(QColor("#ff3d00"), 3), QBrush(glow))
        for i, dx in enumerate((0.2, 0.5, 0.8)):
            path = QPainterPath()
            bx, by = x + dx * S, y + S - 6
            hgt = S * (0.45 if i == 1 else 0.32)
            path.moveTo(bx - 9, by)
            path.quadTo(bx - 10, by - hgt * 0.6, bx, by - hgt)
            path.quadTo(bx + 10, by - hgt * 0.6, bx + 9, by)
            path.closeSubpath()
            self.addPath(path, QPen(QColor("#c1121f"), 1), QBrush(QColor("#ffb703")))

    def _token(self, u: Unit, rect: QRectF, selected: bool, factor: int | None) -> None:
        fill, text = SIDE_COLOURS[u.side]
        pen = QPen(QColor("#ffe066") if selected else QColor("#111111"), 3 if selected else 1)
        if u.is_officer:
            item = self.addEllipse(rect, pen, QBrush(QColor(fill)))
        else:
            path = QPainterPath()
            path.addRoundedRect(rect, 4, 4)
            item = self.addPath(path, pen, QBrush(QColor(fill)))
            band = QRectF(rect.left() + 2, rect.bottom() - 6, rect.width() - 4, 4)
            self.addRect(band, QPen(Qt.PenStyle.NoPen), QBrush(QColor(QUALITY_COLOURS[u.quality])))
        item.setData(0, u.id)
        item.setToolTip(unit_card(u, factor))
        f = QFont()
        f.setPointSizeF(7.5)
        f.setBold(True)
        t = self.addText(KIND_SHORT.get(u.kind, "?"), f)
        t.setDefaultTextColor(QColor(text))
        br = t.boundingRect()
        t.setPos(rect.center().x() - br.width() / 2, rect.top() - 3)
        if factor is not None:
            f2 = QFont()
            f2.setPointSizeF(7)
            n = self.addText(str(factor), f2)
            n.setDefaultTextColor(QColor(text))
            nb = n.boundingRect()
            n.setPos(rect.center().x() - nb.width() / 2, rect.top() + 8)
        if u.moved or u.shot:
            mark = QColor("#000000")
            mark.setAlpha(90)
            self.addRect(rect, QPen(Qt.PenStyle.NoPen), QBrush(mark))


class TownBoard(QGraphicsView):
    """Pan with a drag, zoom with the wheel; a click (no drag) reports the square and token."""

    clicked = Signal(object, object)  # (col, row), unit id or None
    #: In paint mode (the town editor) a press starts a stroke, each square dragged over
    #: is painted, and the release ends it: one undo step.
    stroke_started = Signal()
    painted = Signal(object)
    stroke_ended = Signal()

    def __init__(self, scene: TownScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setBackgroundBrush(QColor("#2a2118"))
        self._press: QPoint | None = None
        self._zoomed = False
        self._painting = False
        self._paint_mode = False

    @property
    def paint_mode(self) -> bool:
        return self._paint_mode

    @paint_mode.setter
    def paint_mode(self, on: bool) -> None:
        self._paint_mode = on
        self.setDragMode(
            QGraphicsView.DragMode.NoDrag if on else QGraphicsView.DragMode.ScrollHandDrag
        )

    def square_at(self, pos: QPoint) -> Sq:
        pt = self.mapToScene(pos)
        return (int(pt.x() // S), int(pt.y() // S))

    def fit(self) -> None:
        if not self._zoomed:
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self._zoomed = True
        self.scale(factor, factor)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        self._press = event.position().toPoint()
        if self._paint_mode and event.button() == Qt.MouseButton.LeftButton:
            self._painting = True
            self.stroke_started.emit()
            self.painted.emit(self.square_at(self._press))
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._painting:
            self.painted.emit(self.square_at(event.position().toPoint()))
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._painting:
            self._painting = False
            self._press = None
            self.stroke_ended.emit()
            return
        super().mouseReleaseEvent(event)
        pos = event.position().toPoint()
        if self._press is None or (pos - self._press).manhattanLength() > 6:
            self._press = None
            return
        self._press = None
        pt = self.mapToScene(pos)
        sq = (int(pt.x() // S), int(pt.y() // S))
        uid = None
        for item in self.items(pos):
            data = item.data(0)
            if isinstance(data, str):
                uid = data
                break
        self.clicked.emit(sq, uid)

    def viewport_point(self, sq: Sq, unit_index: int | None = None, units_here: int = 1) -> QPoint:
        """Where to click on the viewport for a square (or a token in it): for tests."""
        if unit_index is None:
            p = QPointF(sq[0] * S + S / 2, sq[1] * S + S - 5)
        else:
            r = token_rects(units_here)[unit_index]
            p = QPointF(sq[0] * S + r.center().x(), sq[1] * S + r.center().y())
        return self.mapFromScene(p)
