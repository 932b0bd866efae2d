"""The table: the map's areas, ships, pirates and buried treasure, drawn in a QGraphicsScene."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)

from wargame.plural import count as plural

SCALE = 10.0  # scene pixels per table cm
SEAT_COLORS = ["#c0392b", "#2467b3", "#2e8b3e", "#d4a017", "#7d3c98", "#e07020"]
SEA = QColor("#4f86b5")
SEA_BIG = QColor("#2f6595")
LAND = QColor("#e6d3a0")
LAND_EDGE = QColor("#8a6d35")


def seat_color(seat: int) -> QColor:
    return QColor(SEAT_COLORS[seat % len(SEAT_COLORS)])


def spread_labels(labels: list[QGraphicsSimpleTextItem], gap: float = 3.0) -> None:
    """Move area names apart so that none covers another: each keeps its place if it
    is free, else takes the nearest free place above or below (in name order)."""
    placed: list[QRectF] = []
    for text in labels:
        rect = text.sceneBoundingRect()
        step = rect.height() + gap
        for k in (0, 1, -1, 2, -2, 3, -3, 4, -4):
            moved = rect.translated(0, k * step)
            grown = moved.adjusted(-gap, -gap / 2, gap, gap / 2)
            if not any(grown.intersects(other) for other in placed):
                text.moveBy(0, k * step)
                placed.append(moved)
                break
        else:
            placed.append(rect)


class AreaItem(QGraphicsPathItem):
    """One area; clicking it asks the view to move there."""

    def __init__(self, area_id: str, path: QPainterPath, sea: bool, big: bool, board: BoardView):
        super().__init__(path)
        self.area_id = area_id
        self.sea = sea
        self.big = big
        self.board = board
        self.highlight = False
        self.trail = False
        self.setAcceptHoverEvents(True)
        self._style()

    def _style(self) -> None:
        if self.sea:
            base = SEA_BIG if self.big else SEA
            rect = self.path().boundingRect()
            grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
            grad.setColorAt(0, base.lighter(112))
            grad.setColorAt(1, base.darker(108))
            self.setBrush(QBrush(grad))
            self.setPen(QPen(QColor("#dbe9f5"), 2.0, Qt.PenStyle.DashLine))
        else:
            rect = self.path().boundingRect()
            grad = QRadialGradient(rect.center(), max(rect.width(), rect.height()) / 1.6)
            grad.setColorAt(0, QColor("#b9cf86"))
            grad.setColorAt(0.65, QColor("#d8cf93"))
            grad.setColorAt(1, LAND)
            self.setBrush(QBrush(grad))
            self.setPen(QPen(LAND_EDGE, 2.5))
        if self.highlight:
            self.setPen(QPen(QColor("#ffe14d"), 6.0))
        elif self.trail:  # where the bots just went
            self.setPen(QPen(QColor("#e67e22"), 5.0, Qt.PenStyle.DotLine))
        self.setZValue(1 if self.sea else 2)

    def set_trail(self, on: bool) -> None:
        if on != self.trail:
            self.trail = on
            self._style()

    def set_highlight(self, on: bool) -> None:
        if on != self.highlight:
            self.highlight = on
            self._style()
            self.setCursor(Qt.CursorShape.PointingHandCursor if on else Qt.CursorShape.ArrowCursor)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.MouseButton.LeftButton:
            self.board.area_clicked.emit(self.area_id)
            event.accept()
            return
        super().mousePressEvent(event)


class BoardView(QGraphicsView):
    """Pan with a drag, zoom with the wheel; emits ``area_clicked(area_id)``."""

    area_clicked = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("poe-board")
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setBackgroundBrush(QColor("#20425f"))
        self.areas: dict[str, AreaItem] = {}
        self.anchor: dict[str, QPointF] = {}
        self.dynamic: list[QGraphicsItem] = []
        self.pawns: dict[int, QGraphicsEllipseItem] = {}  # seat -> its pawn (hover card)
        self._names: dict[int, str] = {}  # seat -> the name the table gave it
        self.labels: dict[str, QGraphicsSimpleTextItem] = {}  # area -> its name
        self._fitted = False
        self._user_zoom = False

    # -- static map ------------------------------------------------------------------
    def set_map(self, doc: Any, graph: dict[str, Any]) -> None:
        """Draw the map document's polygons (or a ring layout for a bare graph)."""
        scene = self.scene()
        scene.clear()
        self.areas.clear()
        self.anchor.clear()
        self.dynamic.clear()
        nodes = {n["id"]: n for n in graph["nodes"]}
        if doc is not None:
            x0, y0, x1, y1 = doc.bounds
            frame = QRectF(x0 * SCALE, y0 * SCALE, (x1 - x0) * SCALE, (y1 - y0) * SCALE)
            for area in doc.areas:
                if area.id not in nodes:
                    continue
                path = QPainterPath()
                path.addPolygon(QPolygonF([QPointF(x * SCALE, y * SCALE) for x, y in area.polygon]))
                path.closeSubpath()
                for hole in area.holes:
                    path.addPolygon(QPolygonF([QPointF(x * SCALE, y * SCALE) for x, y in hole]))
                    path.closeSubpath()
                path.setFillRule(Qt.FillRule.OddEvenFill)
                self._add_area(area.id, path, nodes[area.id])
                p = area.geometry().representative_point()
                self.anchor[area.id] = QPointF(p.x * SCALE, p.y * SCALE)
        else:
            frame = QRectF(0, 0, 1000, 700)
            ids = list(nodes)
            for k, area_id in enumerate(ids):
                ang = 2 * math.pi * k / max(1, len(ids))
                c = QPointF(500 + 300 * math.cos(ang), 350 + 260 * math.sin(ang))
                path = QPainterPath()
                path.addEllipse(c, 60, 45)
                self._add_area(area_id, path, nodes[area_id])
                self.anchor[area_id] = c
        border = scene.addRect(frame, QPen(QColor("#c9b27c"), 6))
        border.setZValue(0)
        self.labels: dict[str, QGraphicsSimpleTextItem] = {}
        for area_id, node in nodes.items():
            if area_id not in self.anchor:
                continue
            self._label(area_id, str(node.get("name") or area_id), node)
        spread_labels(list(self.labels.values()))
        scene.setSceneRect(frame.adjusted(-20, -20, 20, 20))
        self._fitted = False
        self._fit()

    def _add_area(self, area_id: str, path: QPainterPath, node: dict[str, Any]) -> None:
        item = AreaItem(area_id, path, node["kind"] == "sea", bool(node.get("big")), self)
        item.setToolTip(f"{node.get('name') or area_id} ({area_id})")
        self.scene().addItem(item)
        self.areas[area_id] = item

    def _label(self, area_id: str, name: str, node: dict[str, Any]) -> None:
        at = self.anchor[area_id]
        sea = node["kind"] == "sea"
        font = QFont("Serif", 11 if sea else 12)
        font.setItalic(sea)
        font.setBold(not sea)
        text = QGraphicsSimpleTextItem(name)
        text.setFont(font)
        text.setBrush(QColor("#e8f1f8") if sea else QColor("#3b2a12"))
        r = text.boundingRect()
        text.setPos(at.x() - r.width() / 2, at.y() - 44)
        text.setZValue(5)
        if sea:
            kind = "Sea area" + (" (big: ships start here)" if node.get("big") else "")
            kind += ": only on a ship (or with Paddle, Wretches!)"
        else:
            kind = "Land area" + (f" on island {node['island']}" if node.get("island") else "")
            kind += ": bury and dig treasure here"
        text.setToolTip(f"{name} - {kind}")
        self.scene().addItem(text)
        self.labels[area_id] = text
        if node.get("town"):
            self._town(QPointF(at.x() - 26, at.y() + 22))

    def _town(self, at: QPointF) -> None:
        scene = self.scene()
        for k, (w, h) in enumerate(((14, 14), (18, 20), (14, 12))):
            x = at.x() + k * 16
            body = scene.addRect(
                QRectF(x, at.y() + 20 - h, w, h), QPen(QColor("#5a3a1a"), 1.2), QColor("#f3ead3")
            )
            body.setZValue(5)
            roof = QPolygonF(
                [
                    QPointF(x - 2, at.y() + 20 - h),
                    QPointF(x + w / 2, at.y() + 10 - h),
                    QPointF(x + w + 2, at.y() + 20 - h),
                ]
            )
            item = scene.addPolygon(roof, QPen(QColor("#5a3a1a"), 1.2), QColor("#b5452b"))
            item.setZValue(5)
        label = QGraphicsSimpleTextItem("TOWN")
        f = QFont("Serif", 8)
        f.setBold(True)
        label.setFont(f)
        label.setBrush(QColor("#5a3a1a"))
        label.setPos(at.x() + 4, at.y() + 22)
        label.setZValue(5)
        label.setToolTip("The town: a pirate here draws up to 6 cards when replenishing")
        scene.addItem(label)

    # -- the pieces --------------------------------------------------------------------
    def set_pieces(
        self,
        *,
        ships: list[str],
        held: dict[int, int],
        pirates: list[dict[str, Any]],
        buried: dict[str, int],
        highlight: set[str],
        active: int | None,
        trail: set[str] | frozenset[str] = frozenset(),
    ) -> None:
        scene = self.scene()
        for item in self.dynamic:
            scene.removeItem(item)
        self.dynamic.clear()
        self.pawns.clear()
        self._names = {p["seat"]: p["name"] for p in pirates if p.get("name")}
        for area_id, item in self.areas.items():
            item.set_highlight(area_id in highlight)
            item.set_trail(area_id in trail)
        per_area: dict[str, int] = {}
        for k, area_id in enumerate(ships):
            if area_id not in self.anchor:
                continue
            n = per_area.get(area_id, 0)
            per_area[area_id] = n + 1
            at = self.anchor[area_id] + QPointF(-44 + 42 * n, 34)
            self._ship(at, held.get(k))
        for area_id, count in buried.items():
            if count and area_id in self.anchor:
                self._chest(self.anchor[area_id] + QPointF(30, 8), count)
        captains = [p for p in pirates if p["area"] is not None and p["captain"] < 0]
        here: dict[str, int] = {}
        for p in captains:
            at = self.anchor.get(p["area"])
            if at is None:
                continue
            k = here.get(p["area"], 0)  # two captains meet while a fight is settled
            here[p["area"]] = k + 1
            crew = [c for c in pirates if c["captain"] == p["seat"]]
            pos = at + QPointF(-8 + 44 * k, -22 * k)
            self._pirate(
                pos,
                p["seat"],
                captain=True,
                active=p["seat"] == active,
                crew=len(crew),
                name=p.get("name"),
                card=p.get("card"),
            )
            for j, c in enumerate(crew):
                cpos = pos + QPointF(-34 - 24 * j, 12)
                self._pirate(
                    cpos,
                    c["seat"],
                    captain=False,
                    active=c["seat"] == active,
                    crew=0,
                    name=c.get("name"),
                    card=c.get("card"),
                )

    def _keep(self, item: QGraphicsItem, z: float = 10) -> None:
        if item.scene() is None:
            self.scene().addItem(item)
        item.setZValue(z)
        self.dynamic.append(item)

    def _ship(self, at: QPointF, holder: int | None) -> None:
        scene = self.scene()
        k = 1.5

        def pt(x: float, y: float) -> QPointF:
            return at + QPointF(x * k, y * k)

        hull = QPainterPath()
        hull.moveTo(pt(-16, 0))
        hull.lineTo(pt(16, 0))
        hull.lineTo(pt(10, 8))
        hull.lineTo(pt(-10, 8))
        hull.closeSubpath()
        body = scene.addPath(hull, QPen(QColor("#2b1a0a"), 1.4), QColor("#7a4a22"))
        body.setToolTip(
            f"A ship of {self._names.get(holder, f'Pirate {holder + 1}')} (the sail in their colour)"
            if holder is not None
            else "A free ship (white sail): a pirate may board it to sail on"
        )
        self._keep(body, 8)
        top = pt(0, -22)
        mast = scene.addLine(at.x(), at.y(), top.x(), top.y(), QPen(QColor("#2b1a0a"), 2))
        self._keep(mast, 8)
        sail = QPolygonF([pt(1, -21), pt(13, -5), pt(1, -4)])
        fill = seat_color(holder) if holder is not None else QColor("#f5f1e6")
        self._keep(scene.addPolygon(sail, QPen(QColor("#6b6250"), 1), fill), 8)
        flag = QPolygonF([pt(-1, -21), pt(-11, -17), pt(-1, -13)])
        self._keep(scene.addPolygon(flag, QPen(Qt.PenStyle.NoPen), QColor("#111111")), 8)

    def _chest(self, at: QPointF, count: int) -> None:
        scene = self.scene()
        box = scene.addRect(
            QRectF(at.x(), at.y(), 22, 15), QPen(QColor("#3b2410"), 1.4), QColor("#8b5a2b")
        )
        box.setToolTip(
            f"x{count}: {plural(count, 'treasure card', 'treasure cards')} buried here, face down; "
            "a pirate ashore here (not crew) may dig them all up"
        )
        self._keep(box, 9)
        lid = scene.addRect(
            QRectF(at.x(), at.y() - 5, 22, 6), QPen(QColor("#3b2410"), 1.2), QColor("#a8702f")
        )
        self._keep(lid, 9)
        lock = scene.addRect(
            QRectF(at.x() + 9, at.y() - 1, 4, 5), QPen(Qt.PenStyle.NoPen), QColor("#f2c230")
        )
        self._keep(lock, 9)
        text = QGraphicsSimpleTextItem(f"x{count}")
        f = QFont("Sans", 10)
        f.setBold(True)
        text.setFont(f)
        text.setBrush(QColor("#fff4c2"))
        text.setPen(QPen(QColor("#3b2410"), 0.6))
        text.setPos(at.x() + 24, at.y() - 4)
        text.setToolTip(box.toolTip())
        self._keep(text, 9)

    def _pirate(
        self,
        at: QPointF,
        seat: int,
        *,
        captain: bool,
        active: bool,
        crew: int,
        name: str | None = None,
        card: str | None = None,
    ) -> None:
        scene = self.scene()
        r = 17 if captain else 12
        color = seat_color(seat)
        disc = QGraphicsEllipseItem(QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r))
        disc.setBrush(color)
        pen = QPen(QColor("#f2c230") if captain else QColor("#222222"), 3 if captain else 1.5)
        disc.setPen(pen)
        disc.setToolTip(
            card
            or (name or f"Pirate {seat + 1}")
            + (" (captain)" if crew else "" if captain else " (crew)")
        )
        self.pawns[seat] = disc
        scene.addItem(disc)
        self._keep(disc, 12)
        if active:
            ring = scene.addEllipse(
                QRectF(at.x() - r - 5, at.y() - r - 5, 2 * r + 10, 2 * r + 10),
                QPen(QColor("#ffffff"), 2.5, Qt.PenStyle.DotLine),
            )
            ring.setToolTip(f"The dotted ring: it is {name or f'Pirate {seat + 1}'}'s turn")
            self._keep(ring, 12)
        label = QGraphicsSimpleTextItem(str(seat + 1))
        f = QFont("Sans", 13 if captain else 10)
        f.setBold(True)
        label.setFont(f)
        label.setBrush(QColor("white"))
        label.setToolTip(disc.toolTip())
        b = label.boundingRect()
        label.setPos(at.x() - b.width() / 2, at.y() - b.height() / 2)
        self._keep(label, 13)

    # -- view --------------------------------------------------------------------------
    def _fit(self) -> None:
        if not self._user_zoom and not self.scene().sceneRect().isEmpty():
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self._fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self._user_zoom = True
        self.scale(factor, factor)

    def area_point(self, area_id: str) -> QPointF:
        """Where to click (viewport coordinates) to pick ``area_id`` - for tests."""
        at = self.anchor[area_id] + QPointF(0, 18)
        return self.mapFromScene(at)
