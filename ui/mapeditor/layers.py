"""The areas layer of the map canvas, and the colours and shapes it shares.

Part of the map canvas: a QGraphicsView of the table with layered, cached painting.

All areas are painted by one :class:`AreasLayer` item (cached as a device pixmap,
so a repaint of an unchanged view is one blit even with thousands of polygons);
overlays (hex grid, adjacency graph, problems, selection, tool previews) are
separate items on top. Hit testing uses the map model, not Qt items.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from wargame.maps.model import Area, MapDoc, Ring
from wargame.maps.prepare import label_xy

WOOD = QColor("#5b4636")
SEA = QColor("#9cc9e0")
SEA_BIG = QColor("#6fa8cc")
SEA_EDGE = QColor("#3f7fa6")
LAND = QColor("#e9d8a6")
LAND_EDGE = QColor("#7a5a2e")
INK = QColor("#2b2118")
SEA_INK = QColor("#1d4e6e")
SELECT = QColor("#d62828")


def painted_area(painter: QPainter, option: QStyleOptionGraphicsItem) -> QRectF:
    """The part of an item that this paint can show, in item coordinates: the exposed
    rect cut to the paint device (a cached item larger than the view is painted in
    view-sized pieces, but Qt still reports the whole item as exposed)."""
    exposed = option.exposedRect
    device = painter.device()
    inverse, ok = painter.worldTransform().inverted()
    if device is None or not ok:
        return exposed
    seen = inverse.mapRect(QRectF(0, 0, device.width(), device.height()))
    return exposed.intersected(seen) if not exposed.isEmpty() else seen


def area_path(area: Area) -> QPainterPath:
    """The area's outline as a painter path (made once per outline: an edit, or a map
    opened in the background, leaves the rest ready)."""
    return _outline_path(area.polygon, area.holes)


@lru_cache(maxsize=200_000)
def _outline_path(polygon: Ring, holes: tuple[Ring, ...]) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in (polygon, *holes):
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        path.closeSubpath()
    return path


def label_point(area: Area) -> QPointF:
    """Where the area's name goes: the point deepest inside it (pole of inaccessibility;
    worked out once per outline, see :func:`wargame.maps.prepare.label_xy`)."""
    return QPointF(*label_xy(area))


def name_px(lod: float) -> float:
    """Pixel size of area names at a zoom (``lod``: device px per table cm)."""
    return max(10.0, min(15.0, 1.1 * lod))


def name_font(kind: str, px: float) -> QFont:
    font = QFont("Serif", 1)
    font.setPixelSize(int(px))
    if kind == "land":
        font.setBold(True)
    else:
        font.setItalic(True)
    return font


def name_box(area: Area, c: QPointF, lod: float, width: float) -> QRectF | None:
    """The box (device px) an area's name and marks take around ``c`` (its label point
    on screen), or None when the name is too small to show at this zoom (``width``: the
    area's width in device px)."""
    if lod < 2.5 or (width < 30 and not area.town):
        return None
    px = name_px(lod)
    tw = QFontMetricsF(name_font(area.kind, px)).horizontalAdvance(area.name)
    return QRectF(c.x() - tw / 2 - 2, c.y() - px - (1.8 * 6 if area.town else 0), tw + 4, px * 2.6)


def drawn_names(
    entries: list[tuple[Area, QPainterPath, QPointF]], t: QTransform, lod: float
) -> list[tuple[Area, QPointF, QRectF]]:
    """Which names are printed at this zoom and where (device px): land first, then
    seas from the largest; a name that would overprint one already placed is left out
    (zoom in to read it)."""
    if lod < 2.5 or len(entries) > 2000:
        return []
    order = sorted(
        entries,
        key=lambda e: (
            e[0].kind != "land",
            -e[1].boundingRect().width() * e[1].boundingRect().height(),
        ),
    )
    taken: dict[tuple[int, int], list[QRectF]] = {}  # placed label boxes by 100 px cell
    out = []
    for a, path, p in order:
        c = t.map(p)
        box = name_box(a, c, lod, path.boundingRect().width() * lod)
        if box is None:
            continue
        keys = [
            (i, j)
            for i in range(int(box.left() // 100), int(box.right() // 100) + 1)
            for j in range(int(box.top() // 100), int(box.bottom() // 100) + 1)
        ]
        if any(box.intersects(r) for k in keys for r in taken.get(k, ())):
            continue
        for k in keys:
            taken.setdefault(k, []).append(box)
        out.append((a, c, box))
    return out


class AreasLayer(QGraphicsItem):
    """Every area of the map: fill, coast, names and town / harbour marks."""

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[tuple[Area, QPainterPath, QPointF]] = []
        self.rects: list[QRectF] = []
        self.rect = QRectF()
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setZValue(1)

    def set_doc(self, doc: MapDoc) -> None:
        self.prepareGeometryChange()
        self.paths = [(a, area_path(a), label_point(a)) for a in doc.areas]
        self.rects = [path.boundingRect() for _a, path, _p in self.paths]
        x0, y0, x1, y1 = doc.bounds
        rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        for _a, path, _p in self.paths:
            rect = rect.united(path.boundingRect())
        self.rect = rect.adjusted(-2, -2, 2, 2)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, len(self.paths) < 3000 or lod > 4)
        exposed = painted_area(painter, option)
        visible = [e for e, r in zip(self.paths, self.rects) if r.intersects(exposed)]
        sea_pen = QPen(SEA_EDGE, 0.12)
        sea_pen.setCosmetic(lod < 6)
        land_pen = QPen(LAND_EDGE, 0.25)
        land_pen.setCosmetic(lod < 3)
        if land_pen.isCosmetic():
            land_pen.setWidthF(1.2)
            sea_pen.setWidthF(0.8)
        for a, path, _p in visible:
            if a.kind == "sea":
                painter.setPen(sea_pen)
                painter.setBrush(SEA_BIG if a.big else SEA)
                painter.drawPath(path)
        # a soft shallows rim around the land, then the land itself
        shallows = QPen(QColor(255, 255, 255, 110), 0.9 if not land_pen.isCosmetic() else 4)
        shallows.setCosmetic(land_pen.isCosmetic())
        shallows.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        for a, path, _p in visible:
            if a.kind == "land":
                painter.strokePath(path, shallows)
        for a, path, _p in visible:
            if a.kind == "land":
                painter.setPen(land_pen)
                painter.setBrush(LAND)
                painter.drawPath(path)
        self._paint_labels(painter, lod, visible)

    def _paint_labels(
        self, painter: QPainter, lod: float, visible: list[tuple[Area, QPainterPath, QPointF]]
    ) -> None:
        px = name_px(lod)
        painter.save()
        t = painter.worldTransform()
        painter.resetTransform()
        land_font = name_font("land", px)
        sea_font = name_font("sea", px)
        for a, c, _box in drawn_names(visible, t, lod):
            text = a.name
            painter.setFont(land_font if a.kind == "land" else sea_font)
            fm = painter.fontMetrics()
            tw = fm.horizontalAdvance(text)
            y = c.y()
            if a.town:
                self._town(painter, c)
                y += px * 1.2
            elif a.harbour:
                y += px * 0.2
            painter.setPen(
                QColor(255, 255, 255, 170) if a.kind == "land" else QColor(255, 255, 255, 120)
            )
            painter.drawText(QPointF(c.x() - tw / 2 + 1, y + 1), text)
            painter.setPen(INK if a.kind == "land" else SEA_INK)
            painter.drawText(QPointF(c.x() - tw / 2, y), text)
            mx = c.x() - 8 if a.harbour and a.start else c.x()
            if a.harbour:
                painter.drawText(QPointF(mx - 5, y + px * 1.3), "\u2693")
                mx += 16
            if a.start:
                self._flag(painter, QPointF(mx, y + px * 1.25))
        painter.restore()

    def _flag(self, painter: QPainter, c: QPointF) -> None:
        """A small black pirate flag: where pieces start."""
        painter.setPen(QPen(INK, 1.2))
        painter.drawLine(QPointF(c.x() - 4, c.y()), QPointF(c.x() - 4, c.y() - 12))
        painter.setBrush(QColor("#1b1b1b"))
        painter.drawRect(QRectF(c.x() - 4, c.y() - 12, 9, 6))

    def _town(self, painter: QPainter, c: QPointF) -> None:
        painter.setPen(QPen(INK, 1.2))
        painter.setBrush(QColor("#b23a2a"))
        r = 6.0
        house = QPolygonF(
            [
                QPointF(c.x() - r, c.y()),
                QPointF(c.x() - r, c.y() - r),
                QPointF(c.x(), c.y() - 1.8 * r),
                QPointF(c.x() + r, c.y() - r),
                QPointF(c.x() + r, c.y()),
            ]
        )
        painter.drawPolygon(house)
