"""The triangle board drawn as the board game looks: triangles, rowboats in their
colours, coins, pirate tokens (with their facing in No Backstabbing), and the
highlights of a turn (pirates that can move, where the selected one can end,
the path it would take, each crew's last move)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)

from wargame.pvp import grid
from wargame.pvp.board import TriBoard
from wargame.pvp.grid import side_name

UNIT = 48.0  # scene pixels per triangle height

COLOURS = {
    "blue": QColor("#1f5fbf"),
    "red": QColor("#c0302b"),
    "green": QColor("#1e8a3c"),
}
PALE = {
    "blue": QColor("#c9daf5"),
    "red": QColor("#f4cfcb"),
    "green": QColor("#cdebd5"),
}
SAND_UP = QColor("#efdcae")
SAND_DOWN = QColor("#e6cf97")
SILVER = QColor("#c9ccd3")
GOLD = QColor("#e2b43b")
MOVABLE = QColor("#ffd23f")
TARGET = QColor(46, 160, 67, 150)
ATTACK = QColor(200, 40, 40, 150)
PATH = QColor("#0b6e4f")


def colour_of(name: str) -> QColor:
    return COLOURS.get(name, QColor("#6b4f9e"))


def pale_of(name: str) -> QColor:
    return PALE.get(name, QColor("#ded3ef"))


def _pt(p: tuple[float, float]) -> QPointF:
    return QPointF(p[0] * UNIT, p[1] * UNIT)


def role_tip(board: TriBoard, i: int) -> str:
    """What a triangle is, in words, for its tooltip."""
    spec = board.spec
    cell = board.cells[i]
    role, colour = spec.role(cell)
    lab = board.labels[i]
    words = {
        "start": f"a {colour} start space (the {colour} pirates begin here)",
        "silver-space": f"a silver space of the {colour} rowboat: a {colour} pirate ending "
        "its move exactly here with a silver coin delivers it",
        "gold-space": f"the gold space of the {colour} rowboat: a {colour} pirate ending its "
        "move exactly here with the gold coin wins",
        "silver": "where a silver coin starts",
        "gold": "where the gold coin starts",
        "plain": "a triangle of the board",
    }.get(role, "")
    return f"<b>{lab}</b>: {words}"


class PirateToken(QGraphicsEllipseItem):
    """A pirate: a disc in its crew's colour with its number; a coin badge when it
    carries one; a bar on its back side in No Backstabbing."""

    def __init__(self, radius: float) -> None:
        super().__init__(-radius, -radius, 2 * radius, 2 * radius)
        self.setZValue(10)
        self.setAcceptHoverEvents(True)
        self.label = QGraphicsSimpleTextItem(self)
        f = QFont()
        f.setBold(True)
        f.setPixelSize(int(radius * 1.05))
        self.label.setFont(f)
        self.label.setBrush(QBrush(Qt.GlobalColor.white))
        self.badge = QGraphicsEllipseItem(
            radius * 0.25, -radius * 1.05, radius * 0.9, radius * 0.9, self
        )
        self.badge.setPen(QPen(QColor("#3b2f1a"), 1.5))
        self.badge.setZValue(12)
        self.back_bar = QGraphicsPathItem(self.parentItem())
        self.back_bar.setZValue(11)
        self.ring = QGraphicsEllipseItem(
            -radius * 1.3, -radius * 1.3, 2.6 * radius, 2.6 * radius, self
        )
        self.ring.setZValue(-1)
        self.ring.setBrush(Qt.BrushStyle.NoBrush)
        self.ring.hide()

    def show_as(
        self,
        *,
        colour: str,
        number: int,
        coin: str | None,
        ring: QColor | None,
        width: float = 3.0,
    ) -> None:
        self.setBrush(QBrush(colour_of(colour)))
        self.setPen(QPen(QColor("#ffffff"), 2.5))
        self.label.setText(str(number))
        r = self.label.boundingRect()
        self.label.setPos(-r.width() / 2, -r.height() / 2)
        if coin is None:
            self.badge.hide()
        else:
            self.badge.setBrush(QBrush(GOLD if coin == "gold" else SILVER))
            self.badge.show()
        if ring is None:
            self.ring.hide()
        else:
            self.ring.setPen(QPen(ring, width))
            self.ring.show()


class BoardView(QGraphicsView):
    """Emits ``cell_clicked(index)`` for a click on a triangle (or the pirate on it)."""

    cell_clicked = Signal(int)
    cell_hovered = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("pvp-board")
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setScene(QGraphicsScene(self))
        self.setBackgroundBrush(QBrush(QColor("#2f6f8f")))
        self.setMouseTracking(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumSize(360, 300)
        self.board: TriBoard | None = None
        self.cells: list[QGraphicsPolygonItem] = []
        self.labels: list[QGraphicsSimpleTextItem] = []
        self.tokens: dict[int, PirateToken] = {}
        self.coins: list[QGraphicsEllipseItem] = []
        self.overlays: list[QGraphicsItem] = []
        self.show_labels = True
        self.pirate_tip: Any = None  # callable(pirate) -> tooltip HTML, set by the view
        self._hover = -1

    # -- building --------------------------------------------------------------------------
    def set_board(self, board: TriBoard) -> None:
        sc = self.scene()
        sc.clear()
        self.board = board
        self.cells = []
        self.labels = []
        self.tokens = {}
        self.coins = []
        self.overlays = []
        spec = board.spec
        f = QFont()
        f.setPixelSize(int(UNIT * 0.17))
        for i, cell in enumerate(board.cells):
            poly = QPolygonF([_pt(p) for p in grid.corners(cell)])
            item = QGraphicsPolygonItem(poly)
            role, colour = spec.role(cell)
            if role in ("silver-space", "gold-space"):
                fill = colour_of(colour or "")
                fill = QColor(fill.red(), fill.green(), fill.blue(), 200)
            elif role == "start":
                fill = pale_of(colour or "")
            else:
                fill = SAND_UP if grid.up(cell) else SAND_DOWN
            item.setBrush(QBrush(fill))
            item.setPen(QPen(QColor("#8a6d35"), 1.2))
            item.setToolTip(role_tip(board, i))
            item.setData(0, i)
            sc.addItem(item)
            self.cells.append(item)
            c = _pt(grid.centre(cell))
            if role in ("silver-space", "gold-space"):
                mark = QGraphicsEllipseItem(
                    c.x() - UNIT * 0.16, c.y() - UNIT * 0.16, UNIT * 0.32, UNIT * 0.32
                )
                mark.setBrush(QBrush(GOLD if role == "gold-space" else SILVER))
                mark.setPen(QPen(QColor("#ffffff"), 1.5, Qt.PenStyle.DashLine))
                mark.setToolTip(role_tip(board, i))
                mark.setZValue(2)
                sc.addItem(mark)
            lab = QGraphicsSimpleTextItem(board.labels[i])
            lab.setFont(f)
            lab.setBrush(QBrush(QColor(60, 45, 20, 150)))
            r = lab.boundingRect()
            # in the wide half of the triangle, clear of the token at the centre
            dy = UNIT * 0.14 if grid.up(cell) else -UNIT * 0.31
            lab.setPos(c.x() - r.width() / 2, c.y() + dy)
            lab.setZValue(3)
            lab.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            sc.addItem(lab)
            self.labels.append(lab)
        # the rowboats' hulls: an outline round each colour's three spaces
        for colour in board.colours:
            spaces = (*board.silver_spaces[colour], board.gold_space[colour])
            path = QPainterPath()
            for j in spaces:
                path.addPolygon(QPolygonF([_pt(p) for p in grid.corners(board.cells[j])]))
                path.closeSubpath()
            hull = QGraphicsPathItem(path.simplified())
            hull.setPen(QPen(QColor("#5a3a1a"), 5))
            hull.setZValue(1)
            hull.setToolTip(f"The {colour} rowboat: two silver spaces and the gold space")
            sc.addItem(hull)
        for _ in board.coin_names:
            coin = QGraphicsEllipseItem(-UNIT * 0.2, -UNIT * 0.2, UNIT * 0.4, UNIT * 0.4)
            coin.setZValue(8)
            coin.setPen(QPen(QColor("#3b2f1a"), 2))
            sc.addItem(coin)
            self.coins.append(coin)
        pts = [_pt(p) for c in board.cells for p in grid.corners(c)]
        xs = [p.x() for p in pts]
        ys = [p.y() for p in pts]
        m = UNIT * 0.6
        self.setSceneRect(
            QRectF(min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m)
        )
        self.fit()

    def fit(self) -> None:
        if self.board is not None:
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self.fit()

    # -- the pieces ------------------------------------------------------------------------------
    def show_position(
        self,
        st: Any,
        *,
        movable: set[int],
        selected: int,
        targets: dict[int, str],
        path: list[int] | None,
        trails: Sequence[tuple[list[int], str]] = (),
    ) -> None:
        """Draw ``st`` (a PvpState) with a turn's highlights; ``trails``: the last
        moves made (cells, the crew's colour), dashed, so the moves made while a
        player looked away can be followed."""
        board = self.board
        if board is None:
            return
        sc = self.scene()
        for item in self.overlays:
            sc.removeItem(item)
        self.overlays = []
        for j, coin in enumerate(self.coins):
            c = st.coin_cell[j]
            if c < 0:
                coin.hide()
                continue
            gold = board.coin_gold[j]
            coin.setBrush(QBrush(GOLD if gold else SILVER))
            coin.setPos(_pt(grid.centre(board.cells[c])))
            coin.setToolTip(
                f"The {board.coin_names[j]} coin on {board.labels[c]}: a pirate passing through "
                "or landing here must collect it"
                + (" (delivering it wins)" if gold else " (two delivered win)")
            )
            coin.show()
        k = st.opts.pirates
        for p, c in enumerate(st.pos):
            tok = self.tokens.get(p)
            if c < 0:
                if tok is not None:
                    tok.hide()
                    tok.back_bar.hide()
                continue
            if tok is None:
                tok = PirateToken(UNIT * 0.24)
                sc.addItem(tok)
                sc.addItem(tok.back_bar)
                self.tokens[p] = tok
            cell = board.cells[c]
            tok.setPos(_pt(grid.centre(cell)))
            j = st.carry[p]
            ring = None
            width = 3.0
            if p == selected:
                ring, width = QColor("#ffffff"), 5.0
            elif p in movable:
                ring = MOVABLE
            tok.show_as(
                colour=st.colour[p // k],
                number=p % k + 1,
                coin=None if j < 0 else ("gold" if board.coin_gold[j] else "silver"),
                ring=ring,
                width=width,
            )
            tok.setToolTip(self.pirate_tip(p) if self.pirate_tip else st.pirate_name(p))
            tok.show()
            if st.opts.backstab:
                a, b = [_pt(q) for n, q in enumerate(grid.corners(cell)) if n != st.back[p]]
                ctr = _pt(grid.centre(cell))
                inset = 0.18
                a = QPointF(a.x() + (ctr.x() - a.x()) * inset, a.y() + (ctr.y() - a.y()) * inset)
                b = QPointF(b.x() + (ctr.x() - b.x()) * inset, b.y() + (ctr.y() - b.y()) * inset)
                bar = QPainterPath(a)
                bar.lineTo(b)
                tok.back_bar.setPath(bar)
                tok.back_bar.setPen(
                    QPen(
                        colour_of(st.colour[p // k]).darker(150),
                        6,
                        Qt.PenStyle.SolidLine,
                        Qt.PenCapStyle.RoundCap,
                    )
                )
                tok.back_bar.setToolTip(
                    f"{st.pirate_name(p)}'s back: the {side_name(cell, st.back[p])} side. "
                    "No Backstabbing: no attack may come through it."
                )
                tok.back_bar.show()
            else:
                tok.back_bar.hide()
        for i, what in targets.items():
            poly = QGraphicsPolygonItem(QPolygonF([_pt(q) for q in grid.corners(board.cells[i])]))
            poly.setBrush(QBrush(ATTACK if what == "attack" else TARGET))
            poly.setPen(QPen(QColor("#ffffff"), 2))
            poly.setZValue(5)
            poly.setData(0, i)
            poly.setToolTip(f"<b>{board.labels[i]}</b>: {what_words(what)}. Click to move here.")
            sc.addItem(poly)
            self.overlays.append(poly)
        lines = [(t, colour_of(c).darker(130), Qt.PenStyle.DashLine) for t, c in trails]
        for cells, colour, style in (*lines, (path, PATH, Qt.PenStyle.SolidLine)):
            if not cells or len(cells) < 2:
                continue
            pp = QPainterPath(_pt(grid.centre(board.cells[cells[0]])))
            for c in cells[1:]:
                pp.lineTo(_pt(grid.centre(board.cells[c])))
            item = QGraphicsPathItem(pp)
            item.setPen(
                QPen(
                    colour,
                    5 if style == Qt.PenStyle.SolidLine else 3,
                    style,
                    Qt.PenCapStyle.RoundCap,
                    Qt.PenJoinStyle.RoundJoin,
                )
            )
            item.setZValue(9)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            sc.addItem(item)
            self.overlays.append(item)
            for n, c in enumerate(cells[1:], 1):
                dot = QGraphicsSimpleTextItem(str(n))
                f = QFont()
                f.setPixelSize(int(UNIT * 0.22))
                f.setBold(True)
                dot.setFont(f)
                dot.setBrush(QBrush(colour))
                ctr = _pt(grid.centre(board.cells[c]))
                dot.setPos(ctr.x() + UNIT * 0.12, ctr.y() - UNIT * 0.34)
                dot.setZValue(9)
                sc.addItem(dot)
                self.overlays.append(dot)
        for lab in self.labels:
            lab.setVisible(self.show_labels)

    # -- input ----------------------------------------------------------------------------------
    def cell_at(self, pos: Any) -> int:
        if self.board is None:
            return -1
        p = self.mapToScene(pos)
        cell = grid.cell_at(p.x() / UNIT, p.y() / UNIT)
        return self.board.index.get(cell, -1)

    def mousePressEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        i = self.cell_at(event.position().toPoint())
        if i >= 0 and event.button() == Qt.MouseButton.LeftButton:
            self.cell_clicked.emit(i)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        i = self.cell_at(event.position().toPoint())
        if i != self._hover:
            self._hover = i
            self.cell_hovered.emit(i)
        super().mouseMoveEvent(event)

    def cell_centre_in_view(self, i: int) -> Any:
        """Where triangle ``i``'s centre is in view coordinates (tests click there)."""
        assert self.board is not None
        return self.mapFromScene(_pt(grid.centre(self.board.cells[i])))


def what_words(what: str) -> str:
    return {
        "attack": "an attack: ending here eliminates the pirate on it",
        "coin": "collects a coin on the way or here",
        "deliver": "delivers the coin carried",
        "move": "a move of exactly the roll",
        "choice": "more than one way to end here (collect a coin or not, carry or abandon)",
    }.get(what, what)


def move_targets(st: Any, p: int) -> tuple[dict[int, str], dict[int, list[tuple[int, bool]]]]:
    """Where pirate ``p`` can end with the roll made, each with what ending there does
    (move, coin, attack, choice), and the (coin, abandon) options of each end."""
    from wargame.pvp.legal import move_classes

    by_end: dict[int, list[tuple[int, bool]]] = {}
    for e, c, a in move_classes(st, p):
        by_end.setdefault(e, []).append((c, a))
    targets: dict[int, str] = {}
    for e, opts in by_end.items():
        if len(opts) > 1:
            targets[e] = "choice"
        elif st.occ[e] >= 0:
            targets[e] = "attack"
        elif opts[0][0] >= 0:
            targets[e] = "coin"
        else:
            targets[e] = "move"
    return targets, by_end
