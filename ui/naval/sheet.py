"""The Ship Details sheet: live HTML for the side panel and a painter for the PDF export."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPageSize, QPainter, QPdfWriter, QPen

from wargame.core.probability import percent
from wargame.naval.combat import morale_fail_on
from wargame.naval.fight_odds import morale_fail
from wargame.naval.rules import POSITIONS, SIDES
from wargame.naval.ship import Ship, Status
from wargame.naval.state import NavalState
from wargame.plural import count

QUALITY_NAMES = {"hardened": "Battle hardened", "able": "Able", "scurvy": "Scurvy"}


def status_words(ship: Ship) -> str:
    words = {
        Status.AFLOAT: "in the fight",
        Status.SURRENDERED: "surrendered",
        Status.SUNK: "sunk",
        Status.LEFT: "sailed from the table",
    }[ship.status]
    extra = []
    if ship.fire:
        extra.append("ON FIRE")
    if ship.reduced_sail:
        extra.append(f"reduced sail ({count(ship.reduced_sail, 'turn', 'turns')})")
    if ship.grappled:
        extra.append("grappled with " + ", ".join(ship.grappled))
    if not ship.captain_alive:
        extra.append("captain dead")
    if ship.listing:
        extra.append("listing: light guns only")
    if ship.guns_silenced:
        extra.append("guns silenced")
    return words + ("; " + "; ".join(extra) if extra else "")


def sheet_html(ship: Ship, state: NavalState) -> str:
    """The Ship Details sheet on screen: two columns, a heading and its value, so at any
    width the headings wrap between words, never inside one (issue 40: four gun-position
    columns in the narrow panel broke "Larboar d", "Starboa rd")."""
    fp = " ".join(
        f"<b style='color:#b00'>[{i}]</b>"
        if i == ship.fighting_points
        else (f"<s style='color:#999'>{i}</s>" if i > ship.fighting_points else str(i))
        for i in range(1, 11)
    )
    guns = "".join(
        f"<tr><th align=left>{p.value.capitalize()} guns</th><td>{b.guns} {b.weight.value}"
        f"{' - first shot used' if b.first_shot_used else ''}</td></tr>"
        for p, b in ((p, ship.batteries[p]) for p in POSITIONS)
    )
    hull = "".join(
        f"<tr><th align=left>Hull points {s.value}</th><td>{ship.hull[s]} / {ship.hull_start} "
        f"{_track(ship.hull[s], ship.hull_start)}</td></tr>"
        for s in SIDES
    )
    side = ("Attacker", "Defender")[ship.side]
    return (
        f"<h3 style='margin:0'>Ship Details - {escape(ship.name)}</h3>"
        f"<table cellspacing=0 cellpadding=2 border=1 style='border-collapse:collapse' width='100%'>"
        f"<tr><th align=left>Name</th><td>{escape(ship.name)} ({side})</td></tr>"
        f"<tr><th align=left>Type</th><td>{ship.type.value}"
        f"{' - warship' if ship.warship else ''}</td></tr>"
        f"<tr><th align=left>Crew quality</th><td>{QUALITY_NAMES[ship.quality.value]}</td></tr>"
        f"<tr><th align=left>Fighting points</th><td>{fp}</td></tr>"
        f"{guns}"
        f"<tr><th align=left>Sailing gear points</th><td>{ship.gear} / {ship.gear_start} "
        f"{_track(ship.gear, ship.gear_start)}</td></tr>"
        f"{hull}"
        f"<tr><th align=left>Captain</th><td>{'alive' if ship.captain_alive else 'killed'}</td></tr>"
        f"<tr><th align=left>Morale test</th><td>{_morale(ship, state)}</td></tr>"
        f"<tr><th align=left>Status</th><td>{escape(status_words(ship))}</td></tr>"
        "</table>"
    )


def _morale(ship: Ship, state: NavalState) -> str:
    """When the ship tests morale and the exact chance that she fails."""
    need = morale_fail_on(ship, state.rules)
    return (
        f"at half strength: fails on {need}+ ({percent(morale_fail(ship, state.rules))})"
        f"{'' if ship.captain_alive else ', worse without her captain'}"
    )


def _track(left: int, total: int) -> str:
    """The boxes, struck as they go; a long row may wrap after every fifth box."""
    boxes = ["&#9632;"] * left + ["&#9633;"] * max(0, total - left)
    groups = ["".join(boxes[i : i + 5]) for i in range(0, len(boxes), 5)]
    return "<tt>" + "&#8203;".join(groups) + "</tt>"


# -- PDF -------------------------------------------------------------------------------------
def export_pdf(state: NavalState, path: str) -> int:
    """Write every ship's detail sheet, four to an A4 page like the photocopiable original."""
    writer = QPdfWriter(path)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setResolution(300)
    writer.setTitle(f"Ship details - {state.name}")
    painter = QPainter(writer)
    try:
        w, h = writer.width(), writer.height()
        margin = 90
        cell_h = (h - 2 * margin) / 4
        ships = list(state.ships.values())
        for i, ship in enumerate(ships):
            if i and i % 4 == 0:
                writer.newPage()
            top = margin + (i % 4) * cell_h
            draw_sheet(painter, QRectF(margin, top + 10, w - 2 * margin, cell_h - 30), ship)
        painter.setFont(QFont("Serif", 7))
        painter.drawText(
            QRectF(margin, h - margin + 10, w - 2 * margin, 60),
            Qt.AlignmentFlag.AlignCenter,
            f"{state.name} - turn {state.turn_no} - These may be photocopied for use in the game.",
        )
    finally:
        painter.end()
    return len(ships)


def draw_sheet(p: QPainter, r: QRectF, ship: Ship) -> None:
    pen = QPen(QColor(0, 0, 0), 3)
    p.setPen(pen)
    p.drawRect(r)
    title_h = r.height() * 0.13
    p.setFont(QFont("Serif", 12, QFont.Weight.Bold))
    p.drawText(
        QRectF(r.left(), r.top(), r.width(), title_h), Qt.AlignmentFlag.AlignCenter, "Ship Details"
    )
    label_w = r.width() * 0.26
    rows = [
        ("Name", f"{ship.name}   ({('Attacker', 'Defender')[ship.side]})"),
        ("Type", f"{ship.type.value}{' (warship)' if ship.warship else ''}"),
        ("Crew Quality", QUALITY_NAMES[ship.quality.value]),
    ]
    y = r.top() + title_h
    row_h = (r.height() - title_h) / 10
    p.setFont(QFont("Serif", 8))
    for label, value in rows:
        _row(p, r, y, row_h, label_w, label, value)
        y += row_h
    # fighting points: 1..10 with the lost ones struck through
    _row(p, r, y, row_h, label_w, "Fighting Points", "")
    step = (r.width() - label_w) / 10
    for i in range(1, 11):
        box = QRectF(r.left() + label_w + (i - 1) * step, y, step, row_h)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, str(i))
        if i > ship.fighting_points:
            c, d = box.center(), row_h * 0.32
            p.drawLine(int(c.x() - d), int(c.y() + d), int(c.x() + d), int(c.y() - d))
        if i == ship.fighting_points:
            p.drawEllipse(box.center(), row_h * 0.38, row_h * 0.38)
    y += row_h
    col_w = (r.width() - label_w) / 4
    _row(p, r, y, row_h, label_w, "Gun Positions", "")
    for j, pos in enumerate(POSITIONS):
        b = ship.batteries[pos]
        box = QRectF(r.left() + label_w + j * col_w, y, col_w, row_h)
        p.drawRect(box)
        p.drawText(
            box,
            Qt.AlignmentFlag.AlignCenter,
            f"{pos.value.capitalize()}: {b.guns} {b.weight.value}",
        )
    y += row_h
    grid_rows = [
        (
            "First Shot Used",
            [("X" if ship.batteries[pos].first_shot_used else "") for pos in POSITIONS],
        ),
    ]
    for label, cells in grid_rows:
        _row(p, r, y, row_h, label_w, label, "")
        for j, text in enumerate(cells):
            box = QRectF(r.left() + label_w + j * col_w, y, col_w, row_h)
            p.drawRect(box)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        y += row_h
    for label, left, total in (
        ("Sailing Gear Points", ship.gear, ship.gear_start),
        ("Hull Points Larboard", ship.hull[SIDES[0]], ship.hull_start),
        ("Hull Points Starboard", ship.hull[SIDES[1]], ship.hull_start),
    ):
        _row(p, r, y, row_h, label_w, label, "")
        _boxes(p, QRectF(r.left() + label_w, y, r.width() - label_w, row_h), left, total)
        y += row_h
    _row(p, r, y, row_h, label_w, "Status", status_words(ship))


def _row(p: QPainter, r: QRectF, y: float, h: float, lw: float, label: str, value: str) -> None:
    p.drawRect(QRectF(r.left(), y, r.width(), h))
    p.drawLine(int(r.left() + lw), int(y), int(r.left() + lw), int(y + h))
    p.drawText(QRectF(r.left() + 12, y, lw - 12, h), Qt.AlignmentFlag.AlignVCenter, label)
    if value:
        p.drawText(
            QRectF(r.left() + lw + 12, y, r.width() - lw - 12, h),
            Qt.AlignmentFlag.AlignVCenter,
            value,
        )


def _boxes(p: QPainter, r: QRectF, left: int, total: int) -> None:
    n = max(total, 1)
    size = min(r.height() * 0.7, (r.width() - 20) / n)
    for i in range(total):
        box = QRectF(r.left() + 10 + i * size, r.center().y() - size / 2, size * 0.85, size * 0.85)
        p.drawRect(box)
        if i >= left:
            p.drawLine(box.topLeft(), box.bottomRight())
            p.drawLine(box.bottomLeft(), box.topRight())
