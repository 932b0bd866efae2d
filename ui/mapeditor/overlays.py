"""Overlays drawn over the map: hex grid, square grid, adjacency graph, problems, selection."""

from __future__ import annotations

import math

import networkx as nx
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from wargame.geometry.hexgrid import Layout
from wargame.maps.model import MapDoc
from wargame.maps.validate import Issue

from .layers import INK, SELECT, label_point, painted_area


class HexOverlay(QGraphicsItem):
    """The hex grid over the table; only the hexes in view are drawn, none when they
    would be smaller than a few pixels."""

    def __init__(self) -> None:
        super().__init__()
        self.layout: Layout | None = None
        self.clip = QRectF()
        self.setZValue(5)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def set_doc(self, doc: MapDoc) -> None:
        self.prepareGeometryChange()
        spec = doc.hex
        self.layout = (
            Layout(spec.orientation, (spec.size_cm, spec.size_cm), spec.origin) if spec else None
        )
        x0, y0, x1, y1 = doc.bounds
        self.clip = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.clip

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.layout is None:
            return
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        s = self.layout.size[0]
        area = self.clip.intersected(painted_area(painter, option))
        if s * lod < 4 or area.width() * area.height() / (s * s) > 60_000:
            return
        path = QPainterPath()
        seen = set()
        step = s * 0.75
        y = area.top() - s
        while y <= area.bottom() + s:
            x = area.left() - s
            while x <= area.right() + s:
                h = self.layout.to_hex(x, y)
                if h not in seen:
                    seen.add(h)
                    corners = self.layout.corners(h)
                    path.addPolygon(QPolygonF([QPointF(*p) for p in [*corners, corners[0]]]))
                x += step
            y += step
        pen = QPen(QColor(255, 255, 255, 90), 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setClipRect(area)
        painter.drawPath(path)


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
        r = self.rect.intersected(painted_area(painter, option))
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
