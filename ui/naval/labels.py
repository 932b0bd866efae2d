"""Names and marks on the sea: the harbour to hold; each island's name once, inside it; each ship's under (or beside) her,
never over another name, tied to her by a leader line when it has to stand off.

Labels never print over each other: an island's name that would cover a bigger
island's is left off (its shape's tooltip still names it); a ship's name tries below,
above, right, left of her and her corners, then steps down with a leader line.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

from ui.naval.tokens import MIN_LABEL_PX, PX
from wargame.naval.sea import Sea, island_anchors

LEADER_PEN = QPen(QColor(240, 236, 220, 200), 1.2)


def add_island_labels(scene: Any, sea: Sea) -> list[QGraphicsSimpleTextItem]:
    """One name per island, largest first; a name that would cover another is left off."""
    placed: list[QRectF] = []
    out = []
    for name, x, y, area in island_anchors(sea.islands):
        big = area >= sea.hex_cm**2  # a small island's name stands mostly on the water
        t = scene.addSimpleText(name, QFont("Serif", 22 if big else 14, QFont.Weight.Bold))
        t.setBrush(QColor(60, 45, 25) if big else QColor(238, 226, 186))
        r = t.boundingRect()
        t.setPos(QPointF(x * PX - r.width() / 2, y * PX - r.height() / 2))
        t.setZValue(-1)
        box = t.sceneBoundingRect()
        if any(box.intersects(o) for o in placed):
            scene.removeItem(t)
            continue
        placed.append(box)
        out.append(t)
    return out


def place_ship_labels(scene: Any) -> list[QGraphicsItem]:
    """Each ship's name and counts near her, at least their minimum size on screen,
    inside the sea, over no other label; returns the leader lines drawn."""
    state = scene.state
    width = state.sea.size_cm[0] * PX
    placed: list[QRectF] = [t.sceneBoundingRect() for t in scene.island_labels]
    # no name over another ship's model either
    tokens = {n: it.sceneBoundingRect() for n, it in scene.ship_items.items() if it.isVisible()}
    leaders: list[QGraphicsItem] = []
    order = sorted(
        scene.ship_items, key=lambda n: (scene.ship_items[n].y(), scene.ship_items[n].x())
    )
    for name in order:
        item = scene.ship_items[name]
        label, stats = scene.labels[name], scene.stats[name]
        for text, least in ((label, MIN_LABEL_PX), (stats, MIN_LABEL_PX * 0.85)):
            h = text.boundingRect().height() * 0.8  # cap height + descent, roughly
            text.setScale(max(1.0, least / max(1e-6, h * scene.view_scale)))
        if not label.isVisible():
            continue
        p = item.pos()
        gap = state.sea.hex_cm * PX * 0.32 * item.compensation
        lw = label.boundingRect().width() * label.scale()
        lh = label.boundingRect().height() * label.scale()
        sw = stats.boundingRect().width() * stats.scale()
        sh = stats.boundingRect().height() * stats.scale() if stats.isVisible() else 0.0
        bw, bh = max(lw, sw), lh + 0.5 + sh
        tops = (
            QPointF(p.x() - bw / 2, p.y() + gap),  # below her
            QPointF(p.x() - bw / 2, p.y() - gap - bh),  # above
            QPointF(p.x() + gap, p.y() - bh / 2),  # right
            QPointF(p.x() - gap - bw, p.y() - bh / 2),  # left
            QPointF(p.x() + gap, p.y() + gap),  # below right, and the other corners
            QPointF(p.x() + gap, p.y() - gap - bh),
            QPointF(p.x() - gap - bw, p.y() + gap),
            QPointF(p.x() - gap - bw, p.y() - gap - bh),
        )
        boxes = [QRectF(_inside(t.x(), bw, width), t.y(), bw, bh) for t in tops]
        others = placed + [r for n, r in tokens.items() if n != name]
        box = next((b for b in boxes if not any(b.intersects(o) for o in others)), None)
        if box is None:  # step down from below her until clear, and draw a leader line
            box = boxes[0]
            moved = True
            while moved:
                moved = False
                for other in others:
                    if box.intersects(other):
                        box.moveTop(other.bottom() + 1)
                        moved = True
            line = scene.addLine(p.x(), p.y(), box.center().x(), box.top(), LEADER_PEN)
            line.setZValue(10)
            leaders.append(line)
        label.setPos(box.center().x() - lw / 2, box.top())
        stats.setPos(box.center().x() - sw / 2, box.top() + lh + 0.5)
        placed.append(box)
    return leaders


def _inside(x: float, w: float, width: float) -> float:
    """A label's left edge kept on the sea (a long name is not cut by its edge)."""
    return max(0.0, min(x, width - w)) if w < width else x


def mark_harbour(scene: Any, sea: Sea, harbour: tuple[int, int]) -> QGraphicsItem:
    """A gold ring round the harbour a side must hold (victory kind "hold")."""
    x, y = sea.centre(harbour)
    r = sea.hex_cm * PX * 0.45
    ring = scene.addEllipse(
        x * PX - r, y * PX - r, 2 * r, 2 * r, QPen(QColor(240, 200, 60), 4), QBrush()
    )
    ring.setZValue(8)
    ring.setToolTip("The harbour to hold")
    return ring
