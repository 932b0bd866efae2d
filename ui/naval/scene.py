"""The battle table: a hex sea in a QGraphicsScene with islands, ships, arcs and a ruler.

Scene units are millimetres of table (10 per cm), so the ruler reads true cm.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QLabel,
    QStyleOptionGraphicsItem,
    QWidget,
)

from wargame.geometry.table import NAVAL_SCALE, cm_to_real_metres
from wargame.naval import combat
from wargame.naval.rules import POSITIONS, NavalRules, Position
from wargame.naval.sea import Sea, arc_span
from wargame.naval.ship import Ship, Status
from wargame.naval.state import NavalState

PX = 10.0  # scene units per cm
SIDE_COLOURS = (QColor(40, 30, 30), QColor(235, 235, 225))
SIDE_TRIM = (QColor(190, 40, 40), QColor(40, 80, 170))
BAND_COLOURS = {
    "short": QColor(230, 70, 50, 90),
    "normal": QColor(245, 165, 45, 70),
    "long": QColor(250, 230, 90, 60),
}
#: What each mark on the sea means, for the legend.
LEGEND = (
    ("short", "short range band"),
    ("normal", "normal range band"),
    ("long", "long range band"),
    ("dest", "she can end her move here (chevron: heading)"),
    ("reach", "enemy in reach of a battery"),
)


def scene_point(sea: Sea, hex_: tuple[int, int]) -> QPointF:
    x, y = sea.centre(hex_)
    return QPointF(x * PX, y * PX)


def hex_polygon(sea: Sea, hex_: tuple[int, int], shrink: float = 1.0) -> QPolygonF:
    from wargame.geometry.hexgrid import Hex

    cx, cy = sea.centre(hex_)
    pts = sea.layout.corners(Hex(hex_[0], hex_[1], -hex_[0] - hex_[1]))
    return QPolygonF(
        [QPointF((cx + (x - cx) * shrink) * PX, (cy + (y - cy) * shrink) * PX) for x, y in pts]
    )


def band_path(
    centre: QPointF, heading_deg: float, span: tuple[float, float], r0: float, r1: float
) -> QPainterPath:
    """A ring sector from r0 to r1 (scene units) over ``span`` degrees relative to the bow."""
    a0 = heading_deg + span[0]
    sweep = span[1] - span[0]
    outer = QRectF(centre.x() - r1, centre.y() - r1, 2 * r1, 2 * r1)
    path = QPainterPath()
    path.arcMoveTo(outer, -a0)
    path.arcTo(outer, -a0, -sweep)
    if r0 > 0:
        inner = QRectF(centre.x() - r0, centre.y() - r0, 2 * r0, 2 * r0)
        path.arcTo(inner, -(a0 + sweep), sweep)
    else:
        path.lineTo(centre)
    path.closeSubpath()
    return path


def ship_card(s: Ship) -> str:
    """The hover card of a ship: the sheet's summary in a few lines."""
    side = "attacker" if s.side == 0 else "defender"
    guns = ", ".join(
        f"{pos.value} {b.guns} {b.weight.value}" for pos, b in s.batteries.items() if b.guns > 0
    )
    hull = ", ".join(f"{pos.value} {pts}" for pos, pts in s.hull.items())
    lines = [
        f"<b>{s.name}</b> ({side}) - {s.type.value}{' warship' if s.warship else ''}",
        f"Crew: {s.quality.value}, {s.fighting_points} of {s.fighting_start} fighting points",
        f"Hull (of {s.hull_start} a side): {hull}",
        f"Sailing gear: {s.gear} of {s.gear_start}"
        + (f" - reduced sail {s.reduced_sail} turn(s)" if s.reduced_sail else ""),
        f"Guns: {guns or 'none'}",
        f"Status: {s.status.value}"
        + (" - ON FIRE" if s.fire else "")
        + (" - listing" if s.listing else "")
        + ("" if s.captain_alive else " - captain killed"),
    ]
    if s.grappled:
        lines.append(f"Grappled with {', '.join(s.grappled)}")
    return "<br>".join(lines)


class ShipItem(QGraphicsItem):
    """A 1/450 ship model seen from above: hull pointing along its heading, flag colours."""

    def __init__(self, ship: Ship, sea: Sea) -> None:
        super().__init__()
        self.name = ship.name
        self.length = sea.hex_cm * 0.9 * PX
        self.beam = sea.hex_cm * 0.34 * PX
        self.setZValue(10)
        self.selected = False
        self.active = False
        self.ship = ship
        self.sea = sea
        self.sync(ship)

    def sync(self, ship: Ship) -> None:
        self.ship = ship
        self.setToolTip(ship_card(ship))
        self.setPos(scene_point(self.sea, ship.hex))
        self.setRotation(self.sea.heading_angle(ship.heading))
        self.setVisible(ship.status is not Status.SUNK and ship.status is not Status.LEFT)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        m = self.length * 0.7
        return QRectF(-m, -m, 2 * m, 2 * m)

    def shape(self) -> QPainterPath:
        p = QPainterPath()
        r = self.length * 0.5
        p.addEllipse(QPointF(0, 0), r, r)
        return p

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.ship
        L, B = self.length, self.beam
        hull = QPolygonF(
            [
                QPointF(L / 2, 0),
                QPointF(L / 5, -B / 2),
                QPointF(-L / 2, -B / 2.3),
                QPointF(-L / 2, B / 2.3),
                QPointF(L / 5, B / 2),
            ]
        )
        if self.active:
            painter.setPen(QPen(QColor(255, 215, 0), 3.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), L * 0.58, L * 0.58)
        if self.selected:
            painter.setPen(QPen(QColor(255, 255, 255, 220), 2.0, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), L * 0.64, L * 0.64)
        fill = QColor(SIDE_COLOURS[s.side])
        if s.status is Status.SURRENDERED:
            fill = QColor(150, 150, 150)
        painter.setPen(QPen(QColor(20, 15, 10), 1.2))
        painter.setBrush(QColor(120, 80, 45))
        painter.drawPolygon(hull)
        # deck and sails
        painter.setBrush(fill)
        painter.setPen(QPen(SIDE_TRIM[s.side], 1.0))
        masts = {"small": 1, "medium": 2, "large": 3, "merchantman": 2}[s.type.value]
        for i in range(masts):
            x = L * (0.18 - 0.28 * i) if masts > 1 else 0.0
            painter.drawRoundedRect(QRectF(x - B * 0.18, -B * 0.75, B * 0.36, B * 1.5), 2, 2)
        # bow marker
        painter.setBrush(SIDE_TRIM[s.side])
        painter.drawEllipse(QPointF(L * 0.38, 0), B * 0.12, B * 0.12)
        if s.fire:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 120, 0, 220))
            painter.drawEllipse(QPointF(-L * 0.2, 0), B * 0.35, B * 0.35)
            painter.setBrush(QColor(255, 230, 80, 230))
            painter.drawEllipse(QPointF(-L * 0.2, 0), B * 0.18, B * 0.18)


class SeaScene(QGraphicsScene):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: NavalState | None = None
        self.ship_items: dict[str, ShipItem] = {}
        self.labels: dict[str, QGraphicsSimpleTextItem] = {}
        self.stats: dict[str, QGraphicsSimpleTextItem] = {}
        self.overlay: list[QGraphicsItem] = []
        self.ruler_items: list[QGraphicsItem] = []
        self.grapple_items: list[QGraphicsItem] = []

    # -- building ----------------------------------------------------------------------
    def build(self, state: NavalState) -> None:
        self.clear()
        self.stats = {}
        self.ship_items, self.labels, self.overlay, self.ruler_items, self.grapple_items = (
            {},
            {},
            [],
            [],
            [],
        )
        self.state = state
        sea = state.sea
        w, h = sea.size_cm
        rect = QRectF(0, 0, w * PX, h * PX)
        self.setSceneRect(rect.adjusted(-20, -20, 20, 20))
        grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
        grad.setColorAt(0.0, QColor(38, 92, 128))
        grad.setColorAt(1.0, QColor(22, 62, 98))
        self.addRect(rect, QPen(QColor(90, 70, 40), 6), QBrush(grad)).setZValue(-10)
        grid = QPainterPath()
        for a in sea.hexes:
            grid.addPolygon(hex_polygon(sea, a))
            grid.closeSubpath()
        item = QGraphicsPathItem(grid)
        item.setPen(QPen(QColor(170, 210, 230, 70), 0.8))
        item.setZValue(-5)
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.addItem(item)
        land = QPainterPath()
        for a in sea.land:
            land.addPolygon(hex_polygon(sea, a))
            land.closeSubpath()
        li = QGraphicsPathItem(land)
        li.setPen(Qt.PenStyle.NoPen)
        li.setBrush(QColor(214, 190, 130, 110))
        li.setZValue(-4)
        self.addItem(li)
        for isl in sea.islands:
            poly = QPolygonF([QPointF(x * PX, y * PX) for x, y in isl.polygon])
            shore = self.addPolygon(
                poly, QPen(QColor(225, 205, 150), 8), QBrush(QColor(214, 190, 130))
            )
            shore.setZValue(-3)
            inner = self.addPolygon(
                poly, QPen(QColor(200, 180, 120), 1), QBrush(QColor(96, 140, 70))
            )
            inner.setScale(1.0)
            inner.setZValue(-2)
            c = poly.boundingRect().center()
            t = self.addSimpleText(isl.name, QFont("Serif", 22, QFont.Weight.Bold))
            t.setBrush(QColor(60, 45, 25))
            t.setPos(c - QPointF(t.boundingRect().width() / 2, t.boundingRect().height() / 2))
            t.setZValue(-1)
        font = QFont("Sans", 16, QFont.Weight.Bold)
        for s in state.ships.values():
            item = ShipItem(s, sea)
            self.addItem(item)
            self.ship_items[s.name] = item
            label = self.addSimpleText(s.name, font)
            label.setBrush(QColor(255, 255, 255))
            label.setZValue(11)
            self.labels[s.name] = label
            stats = self.addSimpleText("", QFont("Sans", 11))
            stats.setBrush(QColor(220, 235, 245))
            stats.setZValue(11)
            self.stats[s.name] = stats
        self.sync(state)

    def sync(self, state: NavalState) -> None:
        self.state = state
        active = state.ts.ship if state.ts is not None else None
        for name, item in self.ship_items.items():
            s = state.ships[name]
            item.active = name == active
            item.sync(s)
            label = self.labels[name]
            label.setVisible(item.isVisible())
            tag = " (struck)" if s.status is Status.SURRENDERED else ""
            label.setText(s.name + tag)
            p = item.pos()
            label.setPos(
                p.x() - label.boundingRect().width() / 2, p.y() + state.sea.hex_cm * PX * 0.32
            )
            stats = self.stats[name]
            stats.setVisible(item.isVisible() and s.in_play)
            fire = " FIRE" if s.fire else ""
            # H hull points left (both sides), C fighting crew, S sailing gear
            stats.setText(f"H{s.hull_total} C{s.fighting_points} S{s.gear}{fire}")
            stats.setPos(
                p.x() - stats.boundingRect().width() / 2,
                label.pos().y() + label.boundingRect().height() - 2,
            )
        self._spread_labels()
        for it in self.grapple_items:
            self.removeItem(it)
        self.grapple_items = []
        done = set()
        for s in state.ships.values():
            for n in s.grappled:
                key = tuple(sorted((s.name, n)))
                if key in done:
                    continue
                done.add(key)
                a, b = scene_point(state.sea, s.hex), scene_point(state.sea, state.ships[n].hex)
                line = self.addLine(
                    a.x(), a.y(), b.x(), b.y(), QPen(QColor(240, 230, 200), 3, Qt.PenStyle.DotLine)
                )
                line.setZValue(9)
                self.grapple_items.append(line)

    def _spread_labels(self) -> None:
        """Labels of ships side by side must not print over each other: push one down."""
        placed: list[QRectF] = []
        names = sorted(self.labels, key=lambda n: (self.labels[n].y(), self.labels[n].x()))
        for name in names:
            label, stats = self.labels[name], self.stats[name]
            if not label.isVisible():
                continue
            box = label.sceneBoundingRect().united(stats.sceneBoundingRect())
            shift = 0.0
            moved = True
            while moved:
                moved = False
                for other in placed:
                    if box.translated(0, shift).intersects(other):
                        shift = other.bottom() - box.top() + 1
                        moved = True
            if shift:
                label.moveBy(0, shift)
                stats.moveBy(0, shift)
            placed.append(box.translated(0, shift))

    def select(self, name: str | None) -> None:
        for n, item in self.ship_items.items():
            item.selected = n == name
            item.update()

    # -- overlays ----------------------------------------------------------------------
    def clear_overlay(self) -> None:
        for it in self.overlay:
            self.removeItem(it)
        self.overlay = []

    def show_destinations(self, sea: Sea, ends: dict[tuple[int, int], list[int]]) -> None:
        path = QPainterPath()
        chevrons = QPainterPath()
        for hex_, headings in ends.items():
            if hex_ not in sea.hexes:
                continue
            path.addPolygon(hex_polygon(sea, hex_, 0.9))
            path.closeSubpath()
            c = scene_point(sea, hex_)
            r = sea.hex_cm * PX * 0.32
            for h in headings:
                a = math.radians(sea.heading_angle(h))
                tip = QPointF(c.x() + r * math.cos(a), c.y() + r * math.sin(a))
                left = QPointF(
                    c.x() + 0.6 * r * math.cos(a + 0.35), c.y() + 0.6 * r * math.sin(a + 0.35)
                )
                right = QPointF(
                    c.x() + 0.6 * r * math.cos(a - 0.35), c.y() + 0.6 * r * math.sin(a - 0.35)
                )
                chevrons.addPolygon(QPolygonF([left, tip, right]))
                chevrons.closeSubpath()
        item = QGraphicsPathItem(path)
        item.setPen(QPen(QColor(120, 255, 140, 200), 2))
        item.setBrush(QColor(120, 255, 140, 55))
        item.setZValue(5)
        self.addItem(item)
        chev = QGraphicsPathItem(chevrons)
        chev.setPen(QPen(QColor(220, 255, 220, 230), 1.5))
        chev.setBrush(QColor(220, 255, 220, 160))
        chev.setZValue(6)
        self.addItem(chev)
        self.overlay += [item, chev]

    def show_arcs(self, state: NavalState, ship: Ship, *, reach: bool = True) -> None:
        """Gun arcs with short / normal / long bands, and which enemies each battery reaches.

        Each band is one outline over every battery (overlapping arcs do not stack
        into darker discs), and each band's outer edge is labelled with its range in
        cm. With ``reach`` False only the arcs are drawn (every ship's arcs at once)."""
        sea, rules = state.sea, state.rules
        c = scene_point(sea, ship.hex)
        heading = sea.heading_angle(ship.heading)
        united: dict[str, QPainterPath] = {}
        edges: dict[float, float] = {}  # boundary radius (cm) -> an angle on it (degrees)
        for pos in POSITIONS:
            b = ship.batteries[pos]
            if b.guns <= 0:
                continue
            span = arc_span(pos, rules)
            mid = heading + (span[0] + span[1]) / 2
            for band, r0, r1 in bands(rules, b.weight.value):
                if r1 <= r0:
                    continue
                path = band_path(c, heading, span, r0 * PX, r1 * PX)
                united[band] = united[band].united(path) if band in united else path
                edges.setdefault(r1, mid)
        for band, path in united.items():
            item = QGraphicsPathItem(path.simplified())
            colour = BAND_COLOURS[band]
            item.setPen(QPen(colour.lighter(150), 1.6))
            fill = QColor(colour)
            fill.setAlpha(max(28, colour.alpha() // 2))
            item.setBrush(fill)
            item.setZValue(1)
            self.addItem(item)
            self.overlay.append(item)
        label_font = QFont("Sans", 10, QFont.Weight.Bold)
        for r_cm, angle in sorted(edges.items()):
            a = math.radians(angle)
            at = QPointF(c.x() + r_cm * PX * math.cos(a), c.y() + r_cm * PX * math.sin(a))
            text = self.addSimpleText(f"{r_cm:g} cm", label_font)
            text.setBrush(QColor(255, 250, 235))
            box = text.boundingRect()
            text.setPos(at - QPointF(box.width() / 2, box.height() / 2))
            text.setZValue(3)
            bg = self.addRect(
                text.sceneBoundingRect().adjusted(-2, -1, 2, 1),
                QPen(Qt.PenStyle.NoPen),
                QColor(20, 30, 40, 170),
            )
            bg.setZValue(2.5)
            self.overlay += [text, bg]
        if not reach:
            return
        font = QFont("Sans", 13, QFont.Weight.Bold)
        for e in state.ships.values():
            if e.side == ship.side or not e.in_play:
                continue
            lines = []
            for pos in POSITIONS:
                if combat.battery_can_fire(ship, pos) is not None:
                    continue
                shot = combat.plan_shot(sea, rules, ship, pos, e)
                if isinstance(shot, str):
                    continue
                lines.append(
                    f"{pos.value} {shot.dice}d6 {shot.band}{' RAKE' if shot.raking else ''}"
                )
            if not lines:
                continue
            ec = scene_point(sea, e.hex)
            r = sea.hex_cm * PX * 0.55
            ring = self.addEllipse(
                QRectF(ec.x() - r, ec.y() - r, 2 * r, 2 * r),
                QPen(QColor(255, 70, 50), 3, Qt.PenStyle.DashLine),
            )
            ring.setZValue(12)
            text = self.addSimpleText("\n".join(lines), font)
            text.setBrush(QColor(255, 235, 200))
            text.setPos(ec.x() + r, ec.y() - r)
            text.setZValue(13)
            bg = self.addRect(
                text.sceneBoundingRect().adjusted(-3, -2, 3, 2),
                QPen(Qt.PenStyle.NoPen),
                QColor(60, 10, 10, 170),
            )
            bg.setZValue(12.5)
            self.overlay += [ring, text, bg]

    # -- ruler ------------------------------------------------------------------------------
    def show_ruler(self, a: QPointF, b: QPointF) -> float:
        self.clear_ruler()
        cm = math.hypot(b.x() - a.x(), b.y() - a.y()) / PX
        pen = QPen(QColor(255, 255, 255), 2.5)
        line = self.addLine(a.x(), a.y(), b.x(), b.y(), pen)
        line.setZValue(20)
        ticks = QPainterPath()
        n = int(cm // 10)
        if cm > 0:
            ux, uy = (b.x() - a.x()) / (cm * PX), (b.y() - a.y()) / (cm * PX)
            for k in range(1, n + 1):
                px, py = a.x() + ux * k * 10 * PX, a.y() + uy * k * 10 * PX
                ticks.moveTo(px - uy * 8, py + ux * 8)
                ticks.lineTo(px + uy * 8, py - ux * 8)
        t = QGraphicsPathItem(ticks)
        t.setPen(pen)
        t.setZValue(20)
        self.addItem(t)
        metres = cm_to_real_metres(cm)
        label = self.addSimpleText(
            f"{cm:.1f} cm  ({metres:.0f} m at 1/{NAVAL_SCALE})",
            QFont("Sans", 18, QFont.Weight.Bold),
        )
        label.setBrush(QColor(255, 255, 255))
        label.setPos(b + QPointF(10, -10))
        label.setZValue(21)
        bg = self.addRect(
            label.sceneBoundingRect().adjusted(-4, -2, 4, 2),
            QPen(Qt.PenStyle.NoPen),
            QColor(0, 0, 0, 160),
        )
        bg.setZValue(20.5)
        self.ruler_items = [line, t, label, bg]
        return cm

    def clear_ruler(self) -> None:
        for it in self.ruler_items:
            self.removeItem(it)
        self.ruler_items = []


def legend_html() -> str:
    """The legend of the sea's overlays: a swatch and a line for each mark."""
    swatches = {
        "short": BAND_COLOURS["short"],
        "normal": BAND_COLOURS["normal"],
        "long": BAND_COLOURS["long"],
        "dest": QColor(120, 255, 140),
        "reach": QColor(255, 70, 50),
    }
    rows = []
    for key, text in LEGEND:
        colour = swatches[key]
        rows.append(
            f"<tr><td width=14 bgcolor='#{colour.red():02x}{colour.green():02x}"
            f"{colour.blue():02x}'></td><td>{text}</td></tr>"
        )
    notes = (
        "<tr><td></td><td>cm on the arcs: range from the ship<br>"
        "H hull, C crew, S sailing gear left</td></tr>"
    )
    return "<table cellspacing=3>" + "".join(rows) + notes + "</table>"


def bands(rules: NavalRules, weight: str) -> list[tuple[str, float, float]]:
    from wargame.naval.rules import Weight

    top = rules.fire.range_cm[Weight(weight)]
    short = min(rules.fire.short_cm, top)
    long_start = max(short, top - rules.fire.long_cm)
    return [("short", 0.0, short), ("normal", short, long_start), ("long", long_start, top)]


class SeaView(QGraphicsView):
    """Pans with a drag, zooms with the wheel; a click without a drag is a table click."""

    clicked = Signal(QPointF)
    ruler_changed = Signal(float)
    hovered = Signal(QPointF)

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
        self.setMouseTracking(True)
        self.legend = QLabel(legend_html(), self)
        self.legend.setObjectName("naval-legend")
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setStyleSheet(
            "QLabel{background:rgba(20,28,36,215);color:#f3ecd8;padding:6px;"
            "border-radius:4px;font-size:11px}"
        )
        self.legend.setToolTip("What the marks on the sea mean (toggle with the Legend button)")
        self.legend.adjustSize()

    def _place_legend(self) -> None:
        margin = 8
        self.legend.adjustSize()
        self.legend.move(margin, self.height() - self.legend.height() - margin - 16)

    def fit(self) -> None:
        self.auto_fit = True
        rect = self.sea_scene.sceneRect()
        if not rect.isEmpty():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._place_legend()
        if self.auto_fit:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        self.auto_fit = False
        factor = 1.0015 ** event.angleDelta().y()
        scale = self.transform().m11() * factor
        if 0.05 < scale < 8.0:
            self.scale(factor, factor)

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
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.buttons() == Qt.MouseButton.NoButton:
            self.hovered.emit(self.mapToScene(event.position().toPoint()))
        if self.ruler_mode and self._ruler_start is not None:
            cm = self.sea_scene.show_ruler(
                self._ruler_start, self.snap(self.mapToScene(event.position().toPoint()))
            )
            self.ruler_changed.emit(cm)
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
        painter.setFont(QFont("Sans", 9, QFont.Weight.Bold))
        painter.drawText(
            QRectF(c.x() - 60, c.y() + r + 2, 120, 16), Qt.AlignmentFlag.AlignCenter, self.wind_text
        )
        painter.restore()


def side_name(side: int) -> str:
    return ("Attacker", "Defender")[side]


def describe_position(pos: Position) -> str:
    return pos.value.capitalize()
