"""Overlays drawn over the map: hex grid, square grid, adjacency graph, problems, selection."""

from __future__ import annotations

import math

import networkx as nx
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from wargame.geometry.hexgrid import Layout
from wargame.maps.model import Area, MapDoc
from wargame.maps.validate import Issue

from .layers import (
    INK,
    SELECT,
    area_path,
    drawn_names,
    label_point,
    name_box,
    name_px,
    painted_area,
)


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


#: The graph's marks and what they mean, for its legend (colour, dashed, words).
GRAPH_EDGES = (
    ("land-land", "#7a4b12", False, "land to land: walk across"),
    ("land-sea", "#0f7c6e", True, "land to sea: a coast, land or embark"),
    ("sea-sea", "#173f8a", False, "sea to sea: sail across"),
)
GRAPH_NODES = (("land", "#7a4b12", "a land area"), ("sea", "#173f8a", "a sea area"))


def graph_legend_html() -> str:
    """The legend of the adjacency graph: each edge style and node colour in words."""
    rows = []
    for _kind, colour, dashed, words in GRAPH_EDGES:
        mark = "\u2504\u2504\u2504" if dashed else "\u2501\u2501\u2501"
        rows.append(
            f"<tr><td style='color:{colour};font-weight:bold'>{mark}</td><td>{words}</td></tr>"
        )
    for _kind, colour, words in GRAPH_NODES:
        rows.append(f"<tr><td style='color:{colour}'>\u25cf</td><td>{words}</td></tr>")
    rows.append("<tr><td><b>\u2501</b></td><td>thicker: joined or cut by hand</td></tr>")
    return "<b>Adjacency graph</b><table cellspacing=2>" + "".join(rows) + "</table>"


class GraphOverlay(QGraphicsItem):
    """Which areas touch: a node beside each area's name (never on it) and an edge per
    pair, styled by kind (see :data:`GRAPH_EDGES`)."""

    COLOURS = {kind: QColor(colour) for kind, colour, _d, _w in GRAPH_EDGES}

    def __init__(self) -> None:
        super().__init__()
        self.nodes: dict[str, tuple[QPointF, str]] = {}
        self.entries: list[tuple[Area, QPainterPath, QPointF]] = []
        self.edges: list[tuple[str, str, str, bool]] = []
        self.rect = QRectF()
        self.setZValue(6)

    def set_graph(self, doc: MapDoc, graph: nx.Graph) -> None:
        self.prepareGeometryChange()
        self.entries = [(a, area_path(a), label_point(a)) for a in doc.areas]
        self.nodes = {a.id: (p, a.kind) for a, _path, p in self.entries}
        self.edges = [
            (u, v, d["kind"], d.get("manual", False)) for u, v, d in graph.edges(data=True)
        ]
        x0, y0, x1, y1 = doc.bounds
        self.rect = QRectF(x0 - 5, y0 - 5, x1 - x0 + 10, y1 - y0 + 10)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.rect

    def name_boxes(self, t: QTransform) -> dict[str, QRectF]:
        """The names printed at this zoom, by area id, as boxes in device px."""
        return {a.id: box for a, _c, box in drawn_names(self.entries, t, t.m11())}

    def node_points(self, t: QTransform) -> dict[str, QPointF]:
        """Where each node is drawn (device px): just left of its area's name, level
        with the letters (else right of it, above or below it); never on any name."""
        boxes = self.name_boxes(t)
        placed = list(boxes.values())
        px = name_px(t.m11())
        out = {}
        for aid, (p, _kind) in self.nodes.items():
            c = t.map(p)
            box = boxes.get(aid)
            if box is None:
                tries = [c]
            else:
                mid = c.y() - px * 0.35
                tries = [
                    QPointF(box.left() - 7, mid),
                    QPointF(box.right() + 7, mid),
                    QPointF(c.x(), box.top() - 7),
                    QPointF(c.x(), box.bottom() + 7),
                    QPointF(box.left() - 7, box.top() - 5),
                    QPointF(box.right() + 7, box.bottom() + 5),
                ]
            first = tries[0]
            tries += [
                first + QPointF(r * dx, r * dy)
                for r in (8, 16, 24, 32, 40)
                for dx, dy in ((-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (1, -1), (1, 1), (-1, 1))
            ]
            free = (
                q for q in tries if not any(r.adjusted(-5, -5, 5, 5).contains(q) for r in placed)
            )
            out[aid] = next(free, first)
        return out

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        t = painter.worldTransform()
        at = self.node_points(t)
        painter.save()
        painter.resetTransform()
        for u, v, kind, manual in self.edges:
            if u not in at or v not in at:
                continue
            pen = QPen(self.COLOURS[kind], 3.0 if manual else 2.0)
            if kind == "land-sea":
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(at[u], at[v])
        painter.setPen(QPen(QColor("white"), 1.5))
        for aid, (_p, kind) in self.nodes.items():
            painter.setBrush(
                self.COLOURS["land-land"] if kind == "land" else self.COLOURS["sea-sea"]
            )
            painter.drawEllipse(at[aid], 5, 5)
        painter.restore()


#: A problem marker's radius (device px).
MARKER_R = 10


def marker_point(doc: MapDoc | None, issue: Issue, t: QTransform, lod: float) -> QPointF:
    """Where a problem's marker is drawn (device px): at the problem, unless that covers
    the name of one of its areas; then just left of the name (issue 40: the marker hid
    the island's name)."""
    c = t.map(QPointF(*issue.at))
    if doc is None:
        return c
    for aid in issue.areas:
        area = doc.get_area(aid)
        if area is None:
            continue
        at = t.map(label_point(area))
        width = t.mapRect(area_path(area).boundingRect()).width()
        box = name_box(area, at, lod, width)
        marker = QRectF(c.x() - MARKER_R, c.y() - MARKER_R, 2 * MARKER_R, 2 * MARKER_R)
        if box is not None and box.intersects(marker):
            return QPointF(box.left() - MARKER_R - 2, box.center().y())
    return c


class IssuesOverlay(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.issues: list[Issue] = []
        self.doc: MapDoc | None = None
        self.rect = QRectF()
        self.setZValue(8)

    def set_issues(self, doc: MapDoc, issues: list[Issue]) -> None:
        self.prepareGeometryChange()
        self.issues = issues
        self.doc = doc
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
        lod = option.levelOfDetailFromTransform(t)
        for issue in self.issues:
            c = marker_point(self.doc, issue, t, lod)
            colour = QColor("#c1121f") if issue.severity == "error" else QColor("#e09f3e")
            painter.setPen(QPen(QColor("white"), 2))
            painter.setBrush(colour)
            painter.drawEllipse(c, MARKER_R, MARKER_R)
            painter.setPen(QColor("white"))
            painter.drawText(
                QRectF(c.x() - MARKER_R, c.y() - MARKER_R, 2 * MARKER_R, 2 * MARKER_R),
                Qt.AlignmentFlag.AlignCenter,
                "!",
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
