"""The sea's view: pans with a drag, zooms with the wheel, measures with the ruler,
shows the wind rose and the legend of the marks the scene draws (ui/naval/scene.py)."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QLabel, QWidget

from ui.naval.scene import BAND_COLOURS, LEGEND, MARK_COLOURS, NOTES, NOTES_FULL, SeaScene
from ui.naval.tokens import ShipItem


def legend_html(columns: int = 1) -> str:
    """The legend of the sea's overlays: a swatch and a line for each mark, then the
    code words in plain words; in ``columns`` columns side by side (a low, wide legend
    leaves the sea uncovered on a small screen)."""
    swatches = {**BAND_COLOURS, **MARK_COLOURS}
    cells = []
    for key, text in LEGEND:
        colour = swatches[key]
        cells.append(
            f"<td width=14 bgcolor='#{colour.red():02x}{colour.green():02x}"
            f"{colour.blue():02x}'></td><td>{text}</td>"
        )
    cells += [f"<td></td><td>{line}</td>" for line in NOTES]
    per = -(-len(cells) // columns)
    rows = []
    for r in range(per):
        row = [
            cells[c * per + r] if c * per + r < len(cells) else "<td></td><td></td>"
            for c in range(columns)
        ]
        rows.append("<tr>" + "".join(row) + "</tr>")
    return "<table cellspacing=3>" + "".join(rows) + "</table>"


#: The sea view's width from which the legend lies in two columns under the sea.
WIDE_LEGEND = 560
WIND_FONT = QFont("Sans", 9, QFont.Weight.Bold)


class SeaView(QGraphicsView):
    """Pans with a drag, zooms with the wheel; a click without a drag is a table click."""

    clicked = Signal(QPointF)
    ruler_changed = Signal(float)
    hovered = Signal(QPointF)
    #: A drag that started where ``grab_test`` said yes: the pointer's scene point as it
    #: moves, and where it was let go. Such a drag turns or places the chosen move
    #: instead of panning the sea.
    grab_moved = Signal(QPointF)
    grab_released = Signal(QPointF)

    def __init__(self, scene: SeaScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.sea_scene = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setBackgroundBrush(QColor(30, 40, 48))
        self.ruler_mode = False
        self._press: QPointF | None = None
        self._ruler_start: QPointF | None = None
        self.wind: int = 0
        self.wind_angle: float = 90.0
        self.wind_text = ""
        self.auto_fit = True
        self.grab_test: Any = None  # (scene point) -> bool, set by the table
        self._grabbing = False
        self.setMouseTracking(True)
        self.legend = QLabel(legend_html(), self)
        self.legend.setObjectName("naval-legend")
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        self.legend.setFixedWidth(340)
        self.legend.setStyleSheet(
            "QLabel{background:rgba(20,28,36,215);color:#f3ecd8;padding:6px;"
            "border-radius:4px;font-size:10px}"
        )
        self.legend.setToolTip(
            "What the marks on the sea mean (Legend button or L hides it)<br><br>"
            + "<br><br>".join(NOTES_FULL)
        )
        self.legend.adjustSize()

    def _place_legend(self) -> None:
        """Low and wide under the sea where the view is wide (two columns), else one
        column in the corner; the sea is fitted above it (:meth:`fit`)."""
        margin = 8
        columns = 2 if self.width() >= WIDE_LEGEND else 1
        if columns != getattr(self, "_legend_columns", 1):
            self._legend_columns = columns
            self.legend.setText(legend_html(columns))
        self.legend.setFixedWidth(min(self.width() - 2 * margin - 16, 680) if columns > 1 else 340)
        self.legend.adjustSize()
        self.legend.move(margin, self.height() - self.legend.height() - margin - 16)

    def legend_room(self) -> float:
        """The height at the bottom of the view the legend takes (0: none shown)."""
        return self.legend.height() + 12.0 if self.legend.isVisibleTo(self) else 0.0

    def fit(self) -> None:
        """The whole sea in view, above the legend (nothing of the sea under it)."""
        self.auto_fit = True
        rect = self.sea_scene.sceneRect()
        view = self.viewport().rect()
        if not rect.isEmpty() and not view.isEmpty():
            room = min(self.legend_room(), view.height() / 2)
            scale = min(
                (view.width() - 2) / rect.width(), (view.height() - 2 - room) / rect.height()
            )
            if scale > 0 and room:
                rect = rect.adjusted(0, 0, 0, room / scale)
            self.setSceneRect(rect)  # the view's own: room for the legend below the sea
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._scale_changed()

    def zoom(self, factor: float) -> None:
        scale = self.transform().m11() * factor
        if 0.05 < scale < 8.0:
            self.scale(factor, factor)
        self._scale_changed()

    def _scale_changed(self) -> None:
        self.sea_scene.set_view_scale(self.transform().m11())

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._place_legend()
        if self.auto_fit:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        self.auto_fit = False
        self.zoom(1.0015 ** event.angleDelta().y())

    def snap(self, point: QPointF) -> QPointF:
        """Ruler ends snap to the centre of a ship model under the pointer (ship to ship)."""
        for item in self.sea_scene.items(point):
            if isinstance(item, ShipItem) and item.isVisible():
                return item.pos()
        return point

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        self._press = event.position()
        if self.ruler_mode and event.button() == Qt.MouseButton.LeftButton:
            self._ruler_start = self.snap(self.mapToScene(event.position().toPoint()))
            return
        point = self.mapToScene(event.position().toPoint())
        if (
            event.button() == Qt.MouseButton.LeftButton
            and self.grab_test is not None
            and self.grab_test(point)
        ):
            self._grabbing = True
            return
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        """A quick second click is a click too (choose the hex, then sail there)."""
        self.mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.buttons() == Qt.MouseButton.NoButton:
            self.hovered.emit(self.mapToScene(event.position().toPoint()))
        if self.ruler_mode and self._ruler_start is not None:
            cm = self.sea_scene.show_ruler(
                self._ruler_start, self.snap(self.mapToScene(event.position().toPoint()))
            )
            self.ruler_changed.emit(cm)
            return
        if self._grabbing:
            if (event.position() - self._press).manhattanLength() >= 6:
                self.grab_moved.emit(self.mapToScene(event.position().toPoint()))
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self.ruler_mode and self._ruler_start is not None:
            end = self.snap(self.mapToScene(event.position().toPoint()))
            if (end - self._ruler_start).manhattanLength() > 2:
                cm = self.sea_scene.show_ruler(self._ruler_start, end)
                self.ruler_changed.emit(cm)
                self._ruler_start = None
                return
            self._ruler_start = None
        if self._grabbing:
            self._grabbing = False
            if self._press is not None and (event.position() - self._press).manhattanLength() >= 6:
                self._press = None
                self.grab_released.emit(self.mapToScene(event.position().toPoint()))
                return
            # a press and release without a drag is a plain click
            self.clicked.emit(self.mapToScene(event.position().toPoint()))
            self._press = None
            return
        super().mouseReleaseEvent(event)
        if self._press is not None and (event.position() - self._press).manhattanLength() < 6:
            if event.button() == Qt.MouseButton.LeftButton:
                self.clicked.emit(self.mapToScene(event.position().toPoint()))
        self._press = None

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802 - Qt API
        """The wind rose, fixed in the corner of the viewport."""
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = 38
        c = QPointF(self.viewport().width() - r - 16, r + 16)
        painter.setPen(QPen(QColor(230, 220, 190), 2))
        painter.setBrush(QColor(20, 30, 40, 200))
        painter.drawEllipse(c, r, r)
        a = math.radians(self.wind_angle)
        tip = QPointF(c.x() + 0.8 * r * math.cos(a), c.y() + 0.8 * r * math.sin(a))
        tail = QPointF(c.x() - 0.8 * r * math.cos(a), c.y() - 0.8 * r * math.sin(a))
        painter.setPen(QPen(QColor(140, 200, 255), 4))
        painter.drawLine(tail, tip)
        head = QPolygonF(
            [
                tip,
                QPointF(tip.x() - 12 * math.cos(a - 0.45), tip.y() - 12 * math.sin(a - 0.45)),
                QPointF(tip.x() - 12 * math.cos(a + 0.45), tip.y() - 12 * math.sin(a + 0.45)),
            ]
        )
        painter.setBrush(QColor(140, 200, 255))
        painter.drawPolygon(head)
        painter.setPen(QColor(240, 235, 215))
        painter.setFont(WIND_FONT)
        painter.drawText(self.wind_label_rect(), Qt.AlignmentFlag.AlignCenter, self.wind_text)
        painter.restore()

    def wind_label_rect(self) -> QRectF:
        """Where "wind: ..." goes under the rose: centred on it, but never past the
        viewport's right edge (a long direction was cut there)."""
        r = 38
        cx = self.viewport().width() - r - 16
        w = QFontMetricsF(WIND_FONT).horizontalAdvance(self.wind_text) + 8
        left = min(cx - w / 2, self.viewport().width() - 4 - w)
        return QRectF(left, r + 16 + r + 2, w, 16)
