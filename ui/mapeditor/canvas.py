"""The map canvas: a QGraphicsView of the table with layered, cached painting.

All areas are painted by one :class:`AreasLayer` item (cached as a device pixmap,
so a repaint of an unchanged view is one blit even with thousands of polygons);
overlays (hex grid, adjacency graph, problems, selection, tool previews) are
separate items on top. Hit testing uses the map model, not Qt items.
"""

from __future__ import annotations

import math
from typing import Any

import networkx as nx
import shapely
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
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
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)
from shapely.ops import polylabel

from wargame.geometry.hexgrid import Layout
from wargame.maps.model import Area, MapDoc
from wargame.maps.ops import polygons_of
from wargame.maps.validate import Issue

WOOD = QColor("#5b4636")
SEA = QColor("#9cc9e0")
SEA_BIG = QColor("#6fa8cc")
SEA_EDGE = QColor("#3f7fa6")
LAND = QColor("#e9d8a6")
LAND_EDGE = QColor("#7a5a2e")
INK = QColor("#2b2118")
SEA_INK = QColor("#1d4e6e")
SELECT = QColor("#d62828")


def area_path(area: Area) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in (area.polygon, *area.holes):
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        path.closeSubpath()
    return path


def label_point(area: Area) -> QPointF:
    """Where the area's name goes: the point deepest inside it (pole of inaccessibility)."""
    g = area.geometry()
    try:
        if not g.is_valid:
            g = shapely.make_valid(g)
        parts = polygons_of(g)
        p = (
            polylabel(parts[0], tolerance=max(0.05, math.sqrt(parts[0].area) / 50))
            if parts
            else None
        )
    except Exception:  # noqa: BLE001 - a broken polygon mid-edit still gets a label
        p = None
    if p is None or p.is_empty:
        x, y = area.polygon[0]
        return QPointF(x, y)
    return QPointF(p.x, p.y)


class AreasLayer(QGraphicsItem):
    """Every area of the map: fill, coast, names and town / harbour marks."""

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[tuple[Area, QPainterPath, QPointF]] = []
        self.rect = QRectF()
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(1)

    def set_doc(self, doc: MapDoc) -> None:
        self.prepareGeometryChange()
        self.paths = [(a, area_path(a), label_point(a)) for a in doc.areas]
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
        sea_pen = QPen(SEA_EDGE, 0.12)
        sea_pen.setCosmetic(lod < 6)
        land_pen = QPen(LAND_EDGE, 0.25)
        land_pen.setCosmetic(lod < 3)
        if land_pen.isCosmetic():
            land_pen.setWidthF(1.2)
            sea_pen.setWidthF(0.8)
        for a, path, _p in self.paths:
            if a.kind == "sea":
                painter.setPen(sea_pen)
                painter.setBrush(SEA_BIG if a.big else SEA)
                painter.drawPath(path)
        # a soft shallows rim around the land, then the land itself
        shallows = QPen(QColor(255, 255, 255, 110), 0.9 if not land_pen.isCosmetic() else 4)
        shallows.setCosmetic(land_pen.isCosmetic())
        shallows.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        for a, path, _p in self.paths:
            if a.kind == "land":
                painter.strokePath(path, shallows)
        for a, path, _p in self.paths:
            if a.kind == "land":
                painter.setPen(land_pen)
                painter.setBrush(LAND)
                painter.drawPath(path)
        self._paint_labels(painter, lod)

    def _paint_labels(self, painter: QPainter, lod: float) -> None:
        if lod * 1.0 < 2.5 or len(self.paths) > 2000 and lod < 8:
            return
        px = max(10.0, min(15.0, 1.1 * lod))
        painter.save()
        t = painter.worldTransform()
        painter.resetTransform()
        land_font = QFont("Serif", 1)
        land_font.setPixelSize(int(px))
        land_font.setBold(True)
        sea_font = QFont("Serif", 1)
        sea_font.setPixelSize(int(px))
        sea_font.setItalic(True)
        # land first, then seas from the largest: a name that would overprint one
        # already drawn is left out (zoom in to read it)
        order = sorted(
            self.paths,
            key=lambda e: (
                e[0].kind != "land",
                -e[1].boundingRect().width() * e[1].boundingRect().height(),
            ),
        )
        taken: list[QRectF] = []
        for a, path, p in order:
            w = path.boundingRect().width() * lod
            if w < 30 and not a.town:
                continue
            c = t.map(p)
            text = a.name
            painter.setFont(land_font if a.kind == "land" else sea_font)
            fm = painter.fontMetrics()
            tw = fm.horizontalAdvance(text)
            y = c.y()
            box = QRectF(c.x() - tw / 2 - 2, y - px - (1.8 * 6 if a.town else 0), tw + 4, px * 2.6)
            if any(box.intersects(r) for r in taken):
                continue
            taken.append(box)
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


class HexOverlay(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.path = QPainterPath()
        self.clip = QRectF()
        self.setZValue(5)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_doc(self, doc: MapDoc) -> None:
        self.prepareGeometryChange()
        self.path = QPainterPath()
        if doc.hex is not None:
            layout = Layout(doc.hex.orientation, (doc.hex.size_cm, doc.hex.size_cm), doc.hex.origin)
            x0, y0, x1, y1 = doc.bounds
            s = doc.hex.size_cm
            if (x1 - x0) * (y1 - y0) / (s * s) < 200_000:
                seen = set()
                y = y0
                while y <= y1 + s:
                    x = x0
                    while x <= x1 + s:
                        h = layout.to_hex(x, y)
                        if h not in seen:
                            seen.add(h)
                            corners = layout.corners(h)
                            self.path.addPolygon(
                                QPolygonF([QPointF(*p) for p in [*corners, corners[0]]])
                            )
                        x += s * 0.75
                    y += s * 0.75
        x0, y0, x1, y1 = doc.bounds
        self.clip = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.path.boundingRect().intersected(self.clip)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pen = QPen(QColor(255, 255, 255, 90), 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setClipRect(self.clip)
        painter.drawPath(self.path)


class GridOverlay(QGraphicsItem):
    """A square grid in whole cm (bolder every 5 cm): for laying out towns and snapping."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF()
        self.setZValue(4)
        self.setVisible(False)

    def set_doc(self, doc: MapDoc) -> None:
        self.prepareGeometryChange()
        x0, y0, x1, y1 = doc.bounds
        self.rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        r = (
            self.rect.intersected(option.exposedRect)
            if not option.exposedRect.isEmpty()
            else self.rect
        )
        for step, alpha in ((1, 60), (5, 120)):
            if step * lod < 5:
                continue
            pen = QPen(QColor(40, 30, 20, alpha), 1.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            x = math.ceil(r.left() / step) * step
            while x <= r.right():
                painter.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()))
                x += step
            y = math.ceil(r.top() / step) * step
            while y <= r.bottom():
                painter.drawLine(QPointF(r.left(), y), QPointF(r.right(), y))
                y += step


class GraphOverlay(QGraphicsItem):
    COLOURS = {
        "land-land": QColor("#7a4b12"),
        "land-sea": QColor("#0f7c6e"),
        "sea-sea": QColor("#173f8a"),
    }

    def __init__(self) -> None:
        super().__init__()
        self.nodes: dict[str, tuple[QPointF, str]] = {}
        self.edges: list[tuple[str, str, str, bool]] = []
        self.rect = QRectF()
        self.setZValue(6)

    def set_graph(self, doc: MapDoc, graph: nx.Graph) -> None:
        self.prepareGeometryChange()
        self.nodes = {a.id: (label_point(a), a.kind) for a in doc.areas}
        self.edges = [
            (u, v, d["kind"], d.get("manual", False)) for u, v, d in graph.edges(data=True)
        ]
        x0, y0, x1, y1 = doc.bounds
        self.rect = QRectF(x0 - 5, y0 - 5, x1 - x0 + 10, y1 - y0 + 10)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for u, v, kind, manual in self.edges:
            if u not in self.nodes or v not in self.nodes:
                continue
            pen = QPen(self.COLOURS[kind], 3.0 if manual else 2.0)
            pen.setCosmetic(True)
            if kind == "land-sea":
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(self.nodes[u][0], self.nodes[v][0])
        t = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        painter.setPen(QPen(QColor("white"), 1.5))
        for p, kind in self.nodes.values():
            painter.setBrush(QColor("#7a4b12") if kind == "land" else QColor("#173f8a"))
            painter.drawEllipse(t.map(p), 5, 5)
        painter.restore()


class IssuesOverlay(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.issues: list[Issue] = []
        self.rect = QRectF()
        self.setZValue(8)

    def set_issues(self, doc: MapDoc, issues: list[Issue]) -> None:
        self.prepareGeometryChange()
        self.issues = issues
        x0, y0, x1, y1 = doc.bounds
        self.rect = QRectF(x0 - 10, y0 - 10, x1 - x0 + 20, y1 - y0 + 20)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        t = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        font = QFont("Sans", 1)
        font.setPixelSize(13)
        font.setBold(True)
        painter.setFont(font)
        for issue in self.issues:
            c = t.map(QPointF(*issue.at))
            colour = QColor("#c1121f") if issue.severity == "error" else QColor("#e09f3e")
            painter.setPen(QPen(QColor("white"), 2))
            painter.setBrush(colour)
            painter.drawEllipse(c, 10, 10)
            painter.setPen(QColor("white"))
            painter.drawText(
                QRectF(c.x() - 10, c.y() - 10, 20, 20), Qt.AlignmentFlag.AlignCenter, "!"
            )
        painter.restore()


class SelectionOverlay(QGraphicsItem):
    """The selected areas' outlines, vertex handles, and whatever a tool previews."""

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[QPainterPath] = []
        self.handles: list[QPointF] = []
        self.preview: list[QPointF] = []
        self.preview_closed = False
        self.preview_text = ""
        self.hot: QPointF | None = None
        self.rect = QRectF()
        self.setZValue(10)

    def set_scene_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.rect = rect.adjusted(-50, -50, 50, 50)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(SELECT, 3)
        pen.setCosmetic(True)
        painter.setBrush(QColor(214, 40, 40, 40))
        painter.setPen(pen)
        for p in self.paths:
            painter.drawPath(p)
        t = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        painter.setPen(QPen(SELECT, 1.5))
        painter.setBrush(QColor("white"))
        for h in self.handles:
            c = t.map(h)
            painter.drawRect(QRectF(c.x() - 4, c.y() - 4, 8, 8))
        if self.preview:
            pts = [t.map(p) for p in self.preview]
            line = QPen(QColor("#1b1b1b"), 2, Qt.PenStyle.DashLine)
            painter.setPen(line)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            poly = QPolygonF(pts)
            if self.preview_closed:
                painter.drawPolygon(poly)
            else:
                painter.drawPolyline(poly)
            painter.setPen(QPen(QColor("#1b1b1b"), 1.5))
            painter.setBrush(QColor("#ffd166"))
            for c in pts:
                painter.drawEllipse(c, 4, 4)
        if self.hot is not None:
            c = t.map(self.hot)
            painter.setPen(QPen(QColor("#06d6a0"), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(c, 7, 7)
        if self.preview_text and self.preview:
            c = t.map(self.preview[-1])
            font = QFont("Sans", 1)
            font.setPixelSize(13)
            painter.setFont(font)
            fm = painter.fontMetrics()
            w = fm.horizontalAdvance(self.preview_text) + 10
            box = QRectF(c.x() + 10, c.y() - 24, w, 20)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 220))
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(INK)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.preview_text)
        painter.restore()


class MapCanvas(QGraphicsView):
    """Pan with the middle or right button (or drag on water with Select), zoom with the wheel.
    Left-button events go to the active tool as table-cm points."""

    mouse_moved = Signal(QPointF)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setBackgroundBrush(QBrush(WOOD))
        self.setMouseTracking(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.table = self.scene().addRect(
            QRectF(), QPen(QColor("#2b1d12"), 0), QBrush(QColor("#7fb2cf"))
        )
        self.table.setZValue(0)
        self.areas = AreasLayer()
        self.hexes = HexOverlay()
        self.grid = GridOverlay()
        self.graph = GraphOverlay()
        self.problems = IssuesOverlay()
        self.selection = SelectionOverlay()
        for item in (self.areas, self.hexes, self.grid, self.graph, self.problems, self.selection):
            self.scene().addItem(item)
        self.tool: Any = None
        self._pan: QPointF | None = None

    # -- content -------------------------------------------------------------------------
    def set_doc(self, doc: MapDoc) -> None:
        x0, y0, x1, y1 = doc.bounds
        table = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.table.setRect(table)
        self.areas.set_doc(doc)
        self.hexes.set_doc(doc)
        self.grid.set_doc(doc)
        rect = table.united(self.areas.boundingRect())
        self.selection.set_scene_rect(rect)
        self.scene().setSceneRect(
            rect.adjusted(
                -rect.width() * 0.5, -rect.height() * 0.5, rect.width() * 0.5, rect.height() * 0.5
            )
        )

    def fit(self) -> None:
        self.resetTransform()
        r = self.table.rect()
        if r.isValid():
            self.fitInView(r.adjusted(-2, -2, 2, 2), Qt.AspectRatioMode.KeepAspectRatio)

    def zoom(self, factor: float) -> None:
        scale = self.transform().m11()
        if 0.05 < scale * factor < 2000:
            self.scale(factor, factor)

    def pixels_to_cm(self, px: float) -> float:
        return px / max(self.transform().m11(), 1e-9)

    # -- events ---------------------------------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        self.zoom(1.0015 ** event.angleDelta().y())

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton) and not (
            event.button() == Qt.MouseButton.RightButton
            and self.tool is not None
            and self.tool.wants_right_click()
        ):
            self._start_pan(event)
            return
        if self.tool is not None:
            p = self.mapToScene(event.position().toPoint())
            if event.button() == Qt.MouseButton.RightButton:
                self.tool.right_click(p, event.modifiers())
            elif not self.tool.press(p, event.modifiers()):
                self._start_pan(event)
            return
        super().mousePressEvent(event)

    def _start_pan(self, event: QMouseEvent) -> None:
        self._pan = event.position()
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan is not None:
            d = event.position() - self._pan
            self._pan = event.position()
            self.horizontalScrollBar().setValue(int(self.horizontalScrollBar().value() - d.x()))
            self.verticalScrollBar().setValue(int(self.verticalScrollBar().value() - d.y()))
            return
        p = self.mapToScene(event.position().toPoint())
        self.mouse_moved.emit(p)
        if self.tool is not None:
            self.tool.move(p, event.modifiers(), bool(event.buttons() & Qt.MouseButton.LeftButton))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan is not None:
            self._pan = None
            self.viewport().setCursor(
                self.tool.cursor() if self.tool else Qt.CursorShape.ArrowCursor
            )
            return
        if self.tool is not None and event.button() == Qt.MouseButton.LeftButton:
            self.tool.release(self.mapToScene(event.position().toPoint()), event.modifiers())

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self.tool is not None and event.button() == Qt.MouseButton.LeftButton:
            self.tool.double_click(self.mapToScene(event.position().toPoint()), event.modifiers())

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802
        if self.tool is not None and self.tool.key(event.key()):
            return
        if event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1.25)
        elif event.key() == Qt.Key.Key_Minus:
            self.zoom(0.8)
        else:
            super().keyPressEvent(event)


def polygon_length(points: list[QPointF]) -> float:
    return sum(math.hypot(b.x() - a.x(), b.y() - a.y()) for a, b in zip(points, points[1:]))
