"""The battle table: a hex sea in a QGraphicsScene with islands, ships, arcs and a ruler.

Scene units are millimetres of table (10 per cm), so the ruler reads true cm.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ui.naval.labels import add_island_labels, mark_harbour, place_ship_labels
from ui.naval.tokens import (  # noqa: F401 - re-exported: the sea's token vocabulary
    MIN_LABEL_PX,
    PX,
    SEA_COLOURS,
    SIDE_COLOURS,
    ShipItem,
    scene_point,
    ship_card,
    stats_card,
)
from ui.naval.units import length
from wargame.geometry.table import NAVAL_SCALE, cm_to_real_metres
from wargame.naval import combat
from wargame.naval.rules import POSITIONS, NavalRules, Position
from wargame.naval.sea import Sea, arc_span
from wargame.naval.ship import Ship, Status
from wargame.naval.state import NavalState

#: Range bands, Okabe-Ito vermillion / orange / yellow: a light-to-dark ramp that
#: still reads as a ramp to colour-blind eyes.
BAND_COLOURS = {
    "short": QColor(213, 94, 0, 95),
    "normal": QColor(230, 159, 0, 75),
    "long": QColor(240, 228, 66, 60),
}
#: Marks that are not range bands: where she may end her move, who is in reach.
MARK_COLOURS = {
    "dest": QColor(120, 255, 140),
    "intent": QColor(255, 255, 255),
    "reach": QColor(204, 121, 167),  # Okabe-Ito reddish purple: not a band colour
}
#: What each mark on the sea means, for the legend.
LEGEND = (
    ("short", "short range band"),
    ("normal", "normal range band"),
    ("long", "long range band"),
    ("dest", "she may end her move here (chevrons: headings)"),
    ("intent", "your move: \u2190 \u2192 turn, Enter sails, Esc cancels"),
    ("reach", "enemy in reach of a battery (dashed ring)"),
)
#: The code words of the sea and the phase panel, in a line each (the legend) ...
NOTES = (
    "cm on the arcs: range from the ship",
    "H12 C4 S6: hull, crew (fighting) and sailing gear points",
    "orange hull: attacker, white: defender; bow pointed",
    "running, reaching, beating, against: wind behind her \u2192 in her face",
)
#: ... and in full (the legend's tooltip).
NOTES_FULL = (
    "<b>H12 C4 S6</b> under a ship's name: 12 hull points left (both sides together), "
    "4 fighting points of crew, 6 sailing gear points.",
    "<b>Chevrons</b> in a green hex: each points along a heading she may end her move on.",
    "<b>Points of sailing</b>, by the angle between the wind and her heading: "
    "<b>running</b> (wind behind her, fastest), <b>reaching</b> (wind on her quarter), "
    "<b>beating</b> (wind ahead at an angle: 1 hex and she must turn), <b>against</b> "
    "(wind in her face: she can only turn one face).",
    "Hull colours: orange for the attacker, white for the defender; the pointed end is the bow.",
)


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
        self.intent_items: list[QGraphicsItem] = []
        self.island_labels: list[QGraphicsSimpleTextItem] = []
        self.leader_items: list[QGraphicsItem] = []
        self.coords: CoordsItem | None = None
        self.view_scale = 1.0  # device px per scene unit of the view showing the sea
        self.inches = False  # lengths shown with inches beside cm

    # -- building ----------------------------------------------------------------------
    def build(self, state: NavalState) -> None:
        self.clear()
        self.stats = {}
        self.intent_items, self.island_labels, self.leader_items = [], [], []
        self.shore_items: list[QGraphicsItem] = []
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
        grad.setColorAt(0.0, SEA_COLOURS[0])
        grad.setColorAt(1.0, SEA_COLOURS[1])
        self.sea_rect = self.addRect(rect, QPen(QColor(90, 70, 40), 6), QBrush(grad))
        self.sea_rect.setZValue(-10)
        grid = QPainterPath()
        for a in sea.hexes:
            grid.addPolygon(hex_polygon(sea, a))
            grid.closeSubpath()
        item = self.grid_item = QGraphicsPathItem(grid)
        item.setPen(QPen(QColor(170, 210, 230, 70), 0.8))
        item.setZValue(-5)
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.addItem(item)
        land = QPainterPath()
        for a in sea.land:
            land.addPolygon(hex_polygon(sea, a))
            land.closeSubpath()
        li = self.land_item = QGraphicsPathItem(land)
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
            self.shore_items += [shore, inner]
            inner.setZValue(-2)
            shore.setToolTip(isl.name)
            inner.setToolTip(isl.name)
        self.island_labels = add_island_labels(self, sea)
        if state.victory.hold is not None:
            mark_harbour(self, sea, state.victory.hold.harbour)
        self.coords = CoordsItem(sea)
        self.coords.setVisible(False)
        self.addItem(self.coords)
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
        for item in self.ship_items.values():
            item.set_view_scale(self.view_scale)
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
            label.setToolTip(ship_card(s))
            stats = self.stats[name]
            stats.setVisible(item.isVisible() and s.in_play)
            fire = " FIRE" if s.fire else ""
            # H hull points left (both sides), C fighting crew, S sailing gear
            stats.setText(f"H{s.hull_total} C{s.fighting_points} S{s.gear}{fire}")
            stats.setToolTip(stats_card(s))
        self.place_labels()
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

    def set_view_scale(self, scale: float) -> None:
        """The view zoomed: tokens and names keep their minimum size on screen."""
        if scale <= 0 or abs(scale - self.view_scale) < 1e-9:
            return
        self.view_scale = scale
        for item in self.ship_items.values():
            item.set_view_scale(scale)
        self.place_labels()

    def place_labels(self) -> None:
        """Each ship's name and counts near her (ui/naval/labels.py)."""
        if self.state is None:
            return
        for line in self.leader_items:
            self.removeItem(line)
        self.leader_items = place_ship_labels(self)

    def label_boxes(self) -> list[tuple[str, QRectF]]:
        """Every visible label's box on the sea: ship names, their counts, island names."""
        out = [(t.text(), t.sceneBoundingRect()) for t in self.island_labels]
        for group in (self.labels, self.stats):
            out += [(t.text(), t.sceneBoundingRect()) for t in group.values() if t.isVisible()]
        return out

    def select(self, name: str | None) -> None:
        for n, item in self.ship_items.items():
            item.selected = n == name
            item.update()

    # -- overlays ----------------------------------------------------------------------
    def show_intent(self, ship: Ship, hex_: tuple[int, int], heading: int) -> None:
        """The move the player is choosing, before it is made: a ghost of the ship on
        the chosen hex, facing the chosen heading, with an arrow and what to press."""
        self.clear_intent()
        assert self.state is not None
        sea = self.state.sea
        ghost = ShipItem(ship, sea, ghost=True)
        ghost.setPos(scene_point(sea, hex_))
        ghost.setRotation(sea.heading_angle(heading))
        ghost.set_view_scale(self.view_scale)
        ghost.setZValue(14)
        ghost.setToolTip(
            f"{ship.name} will end here facing {sea.facing_name(heading)}: Left/Right turn "
            "her, Enter sails, Esc cancels; or drag from her in the direction wanted"
        )
        self.addItem(ghost)
        c = scene_point(sea, hex_)
        a = math.radians(sea.heading_angle(heading))
        r = sea.hex_cm * PX * 0.75 * ghost.compensation
        tip = QPointF(c.x() + r * math.cos(a), c.y() + r * math.sin(a))
        arrow = QPainterPath(c)
        arrow.lineTo(tip)
        for side in (0.5, -0.5):
            arrow.moveTo(tip)
            arrow.lineTo(
                tip.x() - 0.3 * r * math.cos(a + side), tip.y() - 0.3 * r * math.sin(a + side)
            )
        line = QGraphicsPathItem(arrow)
        pen = QPen(MARK_COLOURS["intent"], 3.5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        line.setPen(pen)
        line.setZValue(15)
        self.addItem(line)
        ring = self.addPolygon(hex_polygon(sea, hex_, 0.95), QPen(MARK_COLOURS["intent"], 3))
        ring.setZValue(13)
        hint = self.addSimpleText(
            "\u2190 \u2192 turn  \u00b7  Enter sails", QFont("Sans", 11, QFont.Weight.Bold)
        )
        hint.setBrush(QColor(255, 255, 255))
        hint.setScale(max(1.0, MIN_LABEL_PX / max(1e-6, 14 * self.view_scale)))
        hb = hint.sceneBoundingRect()
        area = self.sceneRect()
        x = min(max(c.x() - hb.width() / 2, area.left()), area.right() - hb.width())
        y = c.y() - sea.hex_cm * PX * 0.55 * ghost.compensation - hb.height()
        hint.setPos(x, max(y, area.top()))
        hint.setZValue(16)
        bg = self._plate(hint, 3, 1, QColor(10, 20, 30, 200), 15.5)
        self.intent_items = [ghost, line, ring, hint, bg]

    def _plate(
        self, label: QGraphicsItem, pad_x: int, pad_y: int, colour: QColor, z: float
    ) -> QGraphicsItem:
        """A dark plate behind ``label`` (text on the sea stays readable), just under it."""
        plate = self.addRect(
            label.sceneBoundingRect().adjusted(-pad_x, -pad_y, pad_x, pad_y),
            QPen(Qt.PenStyle.NoPen),
            colour,
        )
        plate.setZValue(z)
        return plate

    def clear_intent(self) -> None:
        for it in self.intent_items:
            self.removeItem(it)
        self.intent_items = []

    def intent_ghost(self) -> ShipItem | None:
        return next((i for i in self.intent_items if isinstance(i, ShipItem)), None)

    def show_coords(self, on: bool) -> None:
        if self.coords is not None:
            self.coords.setVisible(on)

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
            text = self.addSimpleText(length(r_cm, inches=self.inches, digits=-1), label_font)
            text.setBrush(QColor(255, 250, 235))
            box = text.boundingRect()
            text.setPos(at - QPointF(box.width() / 2, box.height() / 2))
            text.setZValue(3)
            bg = self._plate(text, 2, 1, QColor(20, 30, 40, 170), 2.5)
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
                QPen(MARK_COLOURS["reach"], 3, Qt.PenStyle.DashLine),
            )
            ring.setZValue(12)
            text = self.addSimpleText("\n".join(lines), font)
            text.setBrush(QColor(255, 235, 200))
            text.setPos(ec.x() + r, ec.y() - r)
            text.setZValue(13)
            bg = self._plate(text, 3, 2, QColor(50, 20, 45, 190), 12.5)
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
            f"{length(cm, inches=self.inches)}  ({metres:.0f} m at 1/{NAVAL_SCALE})",
            QFont("Sans", 18, QFont.Weight.Bold),
        )
        label.setBrush(QColor(255, 255, 255))
        label.setPos(b + QPointF(10, -10))
        label.setZValue(21)
        bg = self._plate(label, 4, 2, QColor(0, 0, 0, 160), 20.5)
        self.ruler_items = [line, t, label, bg]
        return cm

    def clear_ruler(self) -> None:
        for it in self.ruler_items:
            self.removeItem(it)
        self.ruler_items = []


class CoordsItem(QGraphicsItem):
    """Hex coordinates on the sea, "(col, row)" as the log and the hover name them.

    Painted in screen pixels: the numbers stay legible at any zoom (from 7 px up) and
    sit in the upper part of each hex, clear of a ship's name."""

    def __init__(self, sea: Sea) -> None:
        super().__init__()
        self.sea = sea
        #: On paper: "(col, row)" in every hex, sized to the hex (not the screen), in
        #: ``colour``; the screen keeps its legible pixel sizes and rulers.
        self.for_print = False
        self.colour = QColor(225, 240, 250, 210)
        self.setZValue(-0.5)
        w, h = sea.size_cm
        self.rect = QRectF(0, 0, w * PX, h * PX).adjusted(-60, -60, 0, 0)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def text_at(self, hex_: tuple[int, int]) -> str:
        col, row = self.sea.to_offset(hex_)
        return f"({col}, {row})"

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect

    def fits(self, hex_px: float) -> bool:
        """Whether "(col, row)" fits inside a hex this many pixels across."""
        font = QFont("Sans")
        font.setPixelSize(round(self.font_px(hex_px)))
        widest = max((self.text_at(a) for a in self.sea.hexes), key=len, default="")
        return QFontMetricsF(font).horizontalAdvance(widest) <= hex_px * 0.92

    def font_px(self, hex_px: float) -> float:
        if self.for_print:
            return hex_px * 0.09
        return max(7.0, min(13.0, hex_px * 0.2))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        t = painter.worldTransform()
        hex_px = self.sea.hex_cm * PX * t.m11()
        size = self.font_px(hex_px)
        font = QFont("Sans")
        font.setPixelSize(round(size))
        painter.save()
        painter.resetTransform()
        painter.setFont(font)
        if self.for_print or self.fits(hex_px):
            painter.setPen(self.colour)
            up = self.sea.hex_cm * PX * 0.3
            for a in self.sea.hexes:
                x, y = self.sea.centre(a)
                p = t.map(QPointF(x * PX, y * PX - up))
                box = QRectF(p.x() - hex_px / 2, p.y() - size, hex_px, size * 1.6)
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text_at(a))
        else:
            # too small to print in every hex: column numbers along the top, rows
            # down the left, "(col, row)" read off the two (zoom in for every hex)
            self._rulers(painter, t, hex_px)
        painter.restore()

    def _rulers(self, painter: QPainter, t: Any, hex_px: float) -> None:
        font = QFont("Sans")
        font.setPixelSize(9)
        font.setBold(True)
        painter.setFont(font)
        cols: dict[int, float] = {}
        rows: dict[int, float] = {}
        first_col = min(self.sea.to_offset(a)[0] for a in self.sea.hexes)
        for a in self.sea.hexes:
            col, row = self.sea.to_offset(a)
            x, y = self.sea.centre(a)
            cols.setdefault(col, x)
            if col == first_col:
                rows[row] = y
        top = t.map(QPointF(0, 0))
        skip_c = max(1, round(18 / max(1.0, hex_px * 0.75)))
        skip_r = max(1, round(14 / max(1.0, hex_px * 0.87)))
        painter.setPen(QColor(240, 235, 215))
        for col, x in cols.items():
            if col % skip_c == 0:
                p = t.map(QPointF(x * PX, 0))
                painter.drawText(
                    QRectF(p.x() - 12, max(1.0, top.y() - 13), 24, 12),
                    Qt.AlignmentFlag.AlignCenter,
                    str(col),
                )
        for row, y in rows.items():
            if row % skip_r == 0:
                p = t.map(QPointF(0, y * PX))
                painter.drawText(
                    QRectF(ruler_left(top.x()), p.y() - 6, 20, 12),
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    str(row),
                )


def ruler_left(sea_left: float) -> float:
    """The left edge of the row numbers: just left of the sea, but never off the view
    (a narrow view cut "10" to "0")."""
    return max(1.0, sea_left - 22)


def bands(rules: NavalRules, weight: str) -> list[tuple[str, float, float]]:
    from wargame.naval.rules import Weight

    top = rules.fire.range_cm[Weight(weight)]
    short = min(rules.fire.short_cm, top)
    long_start = max(short, top - rules.fire.long_cm)
    return [("short", 0.0, short), ("normal", short, long_start), ("long", long_start, top)]


def side_name(side: int) -> str:
    return ("Attacker", "Defender")[side]


def describe_position(pos: Position) -> str:
    return pos.value.capitalize()
