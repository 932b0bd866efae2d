"""The town drawn on a QGraphicsScene: squares by type, fire, figures as tokens, overlays."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView, QWidget

from wargame.raid.model import SIDE_WORDS, Sq, Town, Unit
from wargame.raid.rules import RaidRules

S = 84.0  # one square in scene units
#: The dark frame round the town: the column numbers above, the row numbers on the
#: left; a thin edge right and below (room there cost the town its fit at 1024 px).
MARGIN, EDGE = 26.0, 4.0
ROW_LABELS = 20.0

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
    side = SIDE_WORDS[u.side]
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


#: Room inside a square: a caption row on top, a small margin round the tokens.
TOP, PAD, GAP = 14.0, 2.0, 1.5
#: The narrowest a token gets (a full square of 6 in 3 columns), in scene units.
NARROWEST = (S - 2 * PAD - 2 * GAP) / 3
#: A token is never drawn narrower than this on screen: the board scrolls instead.
#: 16 px keeps its kind and number readable and the whole of a 12-column town in
#: sight at 1024x768 (18 px made its last columns scroll sideways: issue 40).
MIN_TOKEN_PX = 16.0


def token_rects(n: int) -> list[QRectF]:
    """Where ``n`` tokens stand inside a square: as big as the square allows, two
    columns for up to four figures, three for more (two rows either way)."""
    cols = 2 if n <= 4 else max(3, -(-n // 2))
    rows = 1 if n <= 2 else 2
    w = (S - 2 * PAD - (cols - 1) * GAP) / cols
    h = min(S * 0.55, (S - TOP - PAD - (rows - 1) * GAP) / rows)
    out = []
    for i in range(n):
        c, r = i % cols, i // cols
        out.append(QRectF(PAD + c * (w + GAP), TOP + r * (h + GAP), w, h))
    return out


def fitted_font(text: str, width: float, height: float, bold: bool = True) -> QFont:
    """The largest font (up to ``height`` px) whose ``text`` fits ``width`` x ``height``."""
    f = QFont()
    f.setBold(bold)
    size = max(4.0, height)
    while size > 4.0:
        f.setPixelSize(round(size))
        m = QFontMetricsF(f)
        if m.horizontalAdvance(text) <= width and m.height() <= height * 1.25:
            break
        size -= 0.5
    f.setPixelSize(round(size))
    return f


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
        #: Each token drawn: its rectangle and the text items printed on it.
        self.tokens: list[tuple[QRectF, list[QGraphicsSimpleTextItem]]] = []
        fire = fire or {}
        burned = burned or set()
        looted = looted or set()
        overlay = overlay or {}
        factors = factors or {}
        W, H = town.cols * S, town.rows * S
        frame = QRectF(-ROW_LABELS, -MARGIN, W + ROW_LABELS + EDGE, H + MARGIN + EDGE)
        self.setSceneRect(frame)
        self.addRect(
            frame,
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
            t.setPos(-ROW_LABELS + 1, r * S + S / 2 - 9)
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
        """A square's name in the caption row on top, clear of the tokens."""
        t = self.addSimpleText(text, fitted_font(text, S - 6, TOP - 3))
        t.setBrush(QColor("#2b1d0e"))
        t.setPos(x + 3, y + 1)

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
        # the kind on the upper part, the fighting factor under it; both fit the token
        inner_w = rect.width() - 4
        band = 0.0 if u.is_officer else 6.0
        room = rect.height() - band - 2
        kind_h = room * (0.55 if factor is not None else 0.9)
        texts = []
        kind = self.addSimpleText(
            KIND_SHORT.get(u.kind, "?"),
            fitted_font(
                KIND_SHORT.get(u.kind, "?"), inner_w * (0.8 if u.is_officer else 1.0), kind_h * 0.9
            ),
        )
        kind.setBrush(QColor(text))
        texts.append(kind)
        if factor is not None:
            num = self.addSimpleText(
                str(factor), fitted_font(str(factor), inner_w, (room - kind_h) * 0.85, bold=False)
            )
            num.setBrush(QColor(text))
            texts.append(num)
        # stack them in the middle of the room they have
        total = sum(t.boundingRect().height() for t in texts)
        y = rect.top() + 1 + max(0.0, (room - total) / 2)
        for t in texts:
            br = t.boundingRect()
            t.setPos(rect.center().x() - br.width() / 2, y)
            t.setData(0, u.id)
            y += br.height()
        self.tokens.append((QRectF(rect), texts))
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
        """The whole town if its tokens stay readable; else the smallest readable zoom
        (tokens at least MIN_TOKEN_PX wide) and the board scrolls. Refitting at the
        same size keeps where the player scrolled to."""
        if self._zoomed:
            return
        rect = self.sceneRect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.isEmpty():
            return
        whole = min((view.width() - 2) / rect.width(), (view.height() - 2) / rect.height())
        least = MIN_TOKEN_PX / NARROWEST
        if whole >= least:
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
            return
        if abs(self.transform().m11() - least) < 1e-6:
            return
        self.resetTransform()
        self.scale(least, least)
        # the town's left and top edges first (the docks, where raids come ashore)
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())

    def token_px(self) -> float:
        """How wide the narrowest token is on screen now."""
        return NARROWEST * self.transform().m11()

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
            p = QPointF(sq[0] * S + S / 2, sq[1] * S + 7)
        else:
            r = token_rects(units_here)[unit_index]
            p = QPointF(sq[0] * S + r.center().x(), sq[1] * S + r.center().y())
        self.ensureVisible(QRectF(sq[0] * S, sq[1] * S, S, S), 4, 4)
        return self.mapFromScene(p)
