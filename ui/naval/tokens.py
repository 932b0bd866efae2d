"""Ship tokens on the sea: the model seen from above, its side colours, its hover card,
and the rules that keep it readable at any zoom.

A token is never drawn smaller than :data:`MIN_SHIP_PX` on screen: when the view is
zoomed out that far, the model is scaled up around its centre (scale compensation),
and the names under it likewise never shrink below :data:`MIN_LABEL_PX`.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from wargame.naval.sea import Sea
from wargame.naval.ship import Ship, Status
from wargame.plural import count

PX = 10.0  # scene units per cm (see ui.naval.scene)
#: The two ends of the sea's gradient: every side colour is checked against both.
SEA_COLOURS = (QColor(38, 92, 128), QColor(22, 62, 98))
#: Hull colour of each side (attacker, defender): Okabe-Ito orange and a near white,
#: told apart by lightness as well as hue (colour-blind safe), both >= 3:1 on the sea.
SIDE_COLOURS = (QColor(230, 159, 0), QColor(244, 241, 230))
#: Sails and bow mark of each side: dark on the orange hull, navy on the white one.
SIDE_TRIM = (QColor(40, 28, 20), QColor(20, 55, 110))
OUTLINE = QColor(12, 10, 8)
SIDE_WORDS = ("attacker", "defender")
#: Shortest a ship model is drawn on screen, in pixels (bow to stern).
MIN_SHIP_PX = 34.0
#: Smallest on-screen height of a ship's name, in pixels.
MIN_LABEL_PX = 12.0


def scene_point(sea: Sea, hex_: tuple[int, int]) -> QPointF:
    x, y = sea.centre(hex_)
    return QPointF(x * PX, y * PX)


def relative_luminance(c: QColor) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ship_card(s: Ship) -> str:
    """The hover card of a ship: the sheet's summary in a few lines."""
    guns = ", ".join(
        f"{pos.value} {b.guns} {b.weight.value}" for pos, b in s.batteries.items() if b.guns > 0
    )
    hull = ", ".join(f"{pos.value} {pts}" for pos, pts in s.hull.items())
    lines = [
        f"<b>{s.name}</b> ({SIDE_WORDS[s.side]}) - {s.type.value}{' warship' if s.warship else ''}",
        f"Crew: {s.quality.value}, {s.fighting_points} of {s.fighting_start} fighting points",
        f"Hull (of {s.hull_start} a side): {hull}",
        f"Sailing gear: {s.gear} of {s.gear_start}"
        + (f" - reduced sail {count(s.reduced_sail, 'turn', 'turns')}" if s.reduced_sail else ""),
        f"Guns: {guns or 'none'}",
        f"Status: {s.status.value}"
        + (" - ON FIRE" if s.fire else "")
        + (" - listing" if s.listing else "")
        + ("" if s.captain_alive else " - captain killed"),
    ]
    if s.grappled:
        lines.append(f"Grappled with {', '.join(s.grappled)}")
    lines.append("<i>The pointed end is her bow: she sails that way.</i>")
    return "<br>".join(lines)


def stats_card(s: Ship) -> str:
    """What the short line under a ship's name means, number by number."""
    return (
        f"<b>H{s.hull_total}</b>: {s.hull_total} hull points left on both sides together<br>"
        f"<b>C{s.fighting_points}</b>: {s.fighting_points} fighting points of crew<br>"
        f"<b>S{s.gear}</b>: {s.gear} sailing gear points"
        + ("<br><b>FIRE</b>: she is burning" if s.fire else "")
    )


class ShipItem(QGraphicsItem):
    """A 1/450 ship model seen from above: hull pointing along its heading, side colours."""

    def __init__(self, ship: Ship, sea: Sea, *, ghost: bool = False) -> None:
        super().__init__()
        self.name = ship.name
        self.length = sea.hex_cm * 0.9 * PX
        self.beam = sea.hex_cm * 0.34 * PX
        self.setZValue(10)
        self.selected = False
        self.active = False
        self.ghost = ghost
        self.compensation = 1.0  # > 1 when zoomed out past MIN_SHIP_PX
        self.ship = ship
        self.sea = sea
        self.sync(ship)

    def sync(self, ship: Ship) -> None:
        self.ship = ship
        if not self.ghost:
            self.setToolTip(ship_card(ship))
            self.setPos(scene_point(self.sea, ship.hex))
            self.setRotation(self.sea.heading_angle(ship.heading))
        self.setVisible(ship.status is not Status.SUNK and ship.status is not Status.LEFT)
        self.update()

    def set_view_scale(self, scale: float) -> None:
        """The view's scale (device px per scene unit): below the minimum, grow."""
        k = max(1.0, MIN_SHIP_PX / max(1e-6, self.length * scale))
        if abs(k - self.compensation) > 1e-3:
            self.prepareGeometryChange()
            self.compensation = k
            self.update()

    def on_screen_length(self, scale: float) -> float:
        return self.length * self.compensation * scale

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        m = self.length * 0.7 * self.compensation
        return QRectF(-m, -m, 2 * m, 2 * m)

    def shape(self) -> QPainterPath:
        p = QPainterPath()
        r = self.length * 0.5 * self.compensation
        p.addEllipse(QPointF(0, 0), r, r)
        return p

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.ship
        painter.save()
        painter.scale(self.compensation, self.compensation)
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
        if self.ghost:
            painter.setOpacity(0.75)
        if self.active:
            painter.setPen(QPen(QColor(255, 215, 0), 3.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), L * 0.58, L * 0.58)
        if self.selected:
            painter.setPen(QPen(QColor(255, 255, 255, 220), 2.0, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), L * 0.64, L * 0.64)
        fill = QColor(SIDE_COLOURS[s.side])
        trim = SIDE_TRIM[s.side]
        if s.status is Status.SURRENDERED:
            fill = QColor(150, 150, 150)
        pen = QPen(QColor(255, 255, 255) if self.ghost else OUTLINE, 1.8)
        if self.ghost:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawPolygon(hull)
        painter.setBrush(trim)
        painter.setPen(QPen(trim, 1.0))
        masts = {"small": 1, "medium": 2, "large": 3, "merchantman": 2}[s.type.value]
        for i in range(masts):
            x = L * (0.18 - 0.28 * i) if masts > 1 else 0.0
            painter.drawRoundedRect(QRectF(x - B * 0.14, -B * 0.62, B * 0.28, B * 1.24), 2, 2)
        painter.drawEllipse(QPointF(L * 0.38, 0), B * 0.12, B * 0.12)
        if s.fire:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 80, 0, 230))
            painter.drawEllipse(QPointF(-L * 0.2, 0), B * 0.35, B * 0.35)
            painter.setBrush(QColor(255, 230, 80, 240))
            painter.drawEllipse(QPointF(-L * 0.2, 0), B * 0.18, B * 0.18)
        painter.restore()
