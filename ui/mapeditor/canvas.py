"""The map canvas: a QGraphicsView of the table with layered, cached painting.

All areas are painted by one AreasLayer item (cached as a device pixmap, so a
repaint of an unchanged view is one blit even with thousands of polygons);
overlays (hex grid, square grid, adjacency graph, problems, selection, tool
previews) are separate items on top. Hit testing uses the map model, not Qt items.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QLabel, QWidget

from wargame.maps.model import MapDoc

from .layers import WOOD, AreasLayer, area_path, label_point
from .overlays import (
    GraphOverlay,
    GridOverlay,
    HexOverlay,
    IssuesOverlay,
    SelectionOverlay,
    graph_legend_html,
)

__all__ = ["MapCanvas", "area_path", "label_point"]


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
        # what the graph's edge styles and node colours mean, shown with the graph
        self.graph_legend = QLabel(graph_legend_html(), self)
        self.graph_legend.setObjectName("graph-legend")
        self.graph_legend.setTextFormat(Qt.TextFormat.RichText)
        self.graph_legend.setStyleSheet(
            "QLabel{background:rgba(250,245,230,230);color:#2b1d12;padding:6px;"
            "border:1px solid #7a5a3a;border-radius:4px;font-size:11px}"
        )
        self.graph_legend.adjustSize()
        self.graph_legend.hide()

    def show_graph(self, on: bool) -> None:
        """The adjacency graph and its legend together."""
        self.graph.setVisible(on)
        self.graph_legend.setVisible(on)
        self._place_legend()

    def _place_legend(self) -> None:
        self.graph_legend.adjustSize()
        self.graph_legend.move(8, self.height() - self.graph_legend.height() - 8)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._place_legend()

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
