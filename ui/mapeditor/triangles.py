"""The map editor's triangle-board layer and paint tool (Pirate Versus Pirate boards).

A board is the ``triangles`` key of a map file (:mod:`wargame.pvp.board`). This
module adds to the editor, through one call of :func:`install`:

* :class:`TriangleLayer`: the triangle grid over the table and the board's
  triangles in their roles (plain, start spaces, rowboat spaces, coins);
* :class:`TrianglePaintTool`: paints board triangles (drag to paint many),
  removes them, places start spaces, rowboat spaces and coins. Every edit is one
  ``Change(meta=(("triangles", ...),))`` pushed as the editor's usual undo
  command over :meth:`MapDoc.apply`; a drag is one step;
* :class:`BoardBox`: the paint choices and the board's check (counts,
  reachability, symmetry and the start-coin-rowboat path lengths).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGraphicsItem,
    QGroupBox,
    QLabel,
    QPushButton,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from wargame.errors import FileFormatError
from wargame.maps.model import Change
from wargame.pvp import grid
from wargame.pvp.board import BoardSpec, check_board, spec_from_json

from .editing import Editor
from .tools import Tool

PAINTS = (
    ("board", "Board triangle"),
    ("off", "Remove triangle"),
    ("start", "Start space"),
    ("silver-space", "Rowboat silver space"),
    ("gold-space", "Rowboat gold space"),
    ("silver", "Silver coin"),
    ("gold", "Gold coin"),
    ("plain", "Clear (plain triangle)"),
)
NEEDS_COLOUR = ("start", "silver-space", "gold-space")
ROLE_FILL = {
    "plain": QColor("#efdcae"),
    "silver": QColor("#c9ccd3"),
    "gold": QColor("#e2b43b"),
}
COLOUR_FILL = {"blue": QColor("#1f5fbf"), "red": QColor("#c0302b"), "green": QColor("#1e8a3c")}


def board_spec(editor: Editor) -> BoardSpec | None:
    """The board drawn on the editor's map, or None (no triangles key, or unreadable)."""
    data = editor.doc.triangles
    if data is None:
        return None
    try:
        return spec_from_json(data, "map")
    except FileFormatError:
        return None


def default_spec(name: str) -> BoardSpec:
    """A hexagon of plain triangles to start a board from."""
    cells = set()
    for a in range(-6, 8):
        for b in range(-8, 9):
            for s in (0, 1):
                c = s - a - b
                t = s / 3
                if all(-4.9 <= v - t <= 7.1 for v in (a, b, c)):
                    cells.add((a, b, c))
    return BoardSpec(name=name, cells=frozenset(cells))


class TriangleLayer(QGraphicsItem):
    """The triangle grid and the board, drawn in table cm under the tools' previews."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(3)
        self.spec: BoardSpec | None = None
        self.bounds = QRectF(0, 0, 1, 1)
        self.preview: set[tuple[int, int, int]] = set()
        self.show_grid = True

    def set_spec(self, spec: BoardSpec | None, bounds: tuple[float, float, float, float]) -> None:
        self.prepareGeometryChange()
        self.spec = spec
        x0, y0, x1, y1 = bounds
        self.bounds = QRectF(x0, y0, x1 - x0, y1 - y0)
        if spec is not None:
            bx0, by0, bx1, by1 = spec.bounds_cm()
            self.bounds = self.bounds.united(QRectF(bx0, by0, bx1 - bx0, by1 - by0))
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        spec = self.spec
        if spec is None:
            return
        s = spec.size_cm
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        thin = QPen(QColor(90, 70, 40, 70), 0)
        edge = QPen(QColor("#8a6d35"), 0)
        if self.show_grid:
            # every triangle of the table, faint: where the board can grow
            r = self.bounds
            a0 = int(-r.bottom() / s) - 2
            a1 = int(-r.top() / s) + 2
            for a in range(a0, a1 + 1):
                for col in range(
                    int(r.left() / (s / grid.SQ3 * 2)) * 2 - 4,
                    int(r.right() / (s / grid.SQ3 * 2)) * 2 + 5,
                ):
                    cell = _cell_of(a, col)
                    if cell is None or cell in spec.cells:
                        continue
                    painter.setPen(thin)
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawPolygon(_poly(cell, s))
        for cell in spec.cells:
            role, colour = spec.role(cell)
            if role in NEEDS_COLOUR:
                fill = QColor(COLOUR_FILL.get(colour or "", QColor("#6b4f9e")))
                if role == "start":
                    fill = fill.lighter(170)
            else:
                fill = ROLE_FILL.get(role, ROLE_FILL["plain"])
            painter.setPen(edge)
            painter.setBrush(QBrush(fill))
            painter.drawPolygon(_poly(cell, s))
            if role in ("silver-space", "gold-space", "silver", "gold"):
                cx, cy = grid.centre(cell)
                painter.setBrush(QBrush(ROLE_FILL["gold" if "gold" in role else "silver"]))
                painter.setPen(QPen(QColor("#3b2f1a"), 0))
                painter.drawEllipse(QPointF(cx * s, cy * s), s * 0.17, s * 0.17)
        for cell in self.preview:
            painter.setPen(QPen(QColor("#d62828"), 0))
            painter.setBrush(QBrush(QColor(214, 40, 40, 70)))
            painter.drawPolygon(_poly(cell, s))


def _cell_of(a: int, col: int) -> tuple[int, int, int] | None:
    """The triangle of row ``a`` and column ``col`` (b - c)."""
    for s in (0, 1):
        # b + c = s - a, b - c = col
        if (s - a + col) % 2 == 0:
            b = (s - a + col) // 2
            return (a, b, s - a - b)
    return None


def _poly(cell: tuple[int, int, int], size: float) -> QPolygonF:
    return QPolygonF([QPointF(x * size, y * size) for x, y in grid.corners(cell)])


class TrianglePaintTool(Tool):
    key_name = "triangles"
    label = "Triangles"
    shortcut = "B"
    tip = (
        "Pirate Versus Pirate board: click a triangle to paint what the Board box says "
        "(drag to paint many board triangles); start spaces and rowboat spaces take the colour."
    )

    def __init__(self, editor: Editor) -> None:
        super().__init__(editor)
        self.dragging: set[tuple[int, int, int]] = set()
        self.box: BoardBox | None = None

    @property
    def layer(self) -> TriangleLayer:
        return self.editor.triangle_layer  # type: ignore[attr-defined]

    def cell(self, p: QPointF) -> tuple[int, int, int] | None:
        spec = board_spec(self.editor)
        size = spec.size_cm if spec else 2.5
        return grid.cell_at(p.x() / size, p.y() / size)

    def press(self, p: QPointF, mods: Qt.KeyboardModifier) -> bool:
        if board_spec(self.editor) is None:
            self.editor.set_hint("This map has no triangle board: press 'Start a triangle board'.")
            return True
        c = self.cell(p)
        if c is None:
            return False
        self.dragging = {c}
        self.layer.preview = set(self.dragging)
        self.layer.update()
        return True

    def move(self, p: QPointF, mods: Qt.KeyboardModifier, dragging: bool) -> None:
        if not dragging or not self.dragging or self.box is None:
            return
        if self.box.paint() not in ("board", "off", "plain"):
            return
        c = self.cell(p)
        if c is not None and c not in self.dragging:
            self.dragging.add(c)
            self.layer.preview = set(self.dragging)
            self.layer.update()

    def release(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        cells = self.dragging
        self.dragging = set()
        self.layer.preview = set()
        self.layer.update()
        if not cells or self.box is None:
            return
        paint_cells(self.editor, sorted(cells), self.box.paint(), self.box.colour())


def paint_cells(
    editor: Editor, cells: list[tuple[int, int, int]], what: str, colour: str | None
) -> bool:
    """Paint ``what`` on ``cells`` as one undo step; False (with a hint) if nothing changed."""
    spec = board_spec(editor)
    if spec is None:
        return False
    new = spec
    for c in cells:
        if what in NEEDS_COLOUR and colour is None:
            return False
        new = new.paint(c, what, colour if what in NEEDS_COLOUR else None)
    if new == spec:
        return False
    label = dict(PAINTS)[what]
    where = "" if len(cells) > 1 else f" at {list(cells[0])}"
    text = f"Paint {label.lower()}{' (' + colour + ')' if what in NEEDS_COLOUR else ''}{where}"
    if len(cells) > 1:
        text += f" on {len(cells)} triangles"
    editor.push(Change(meta=(("triangles", new.to_json()),)), text)
    return True


class BoardBox(QGroupBox):
    """The paint choices and the board check, in the editor's side panel."""

    def __init__(self, editor: Editor) -> None:
        super().__init__("Triangle board (Pirate Versus Pirate)")
        self.editor = editor
        self.setObjectName("triangle-board-box")
        outer = QVBoxLayout(self)
        outer.setSpacing(3)
        form = QFormLayout()
        form.setVerticalSpacing(3)
        outer.addLayout(form)
        self.what = QComboBox()
        self.what.setObjectName("triangle-paint")
        for key, text in PAINTS:
            self.what.addItem(text, key)
        self.what.setToolTip("What the Triangles tool (B) paints")
        form.addRow("Paint", self.what)
        self.colour_box = QComboBox()
        self.colour_box.setObjectName("triangle-colour")
        for c in ("blue", "red", "green"):
            self.colour_box.addItem(c.capitalize(), c)
        self.colour_box.setToolTip("The colour of the start space or rowboat space painted")
        form.addRow("Colour", self.colour_box)
        self.start = QPushButton("Start a triangle board")
        self.start.setObjectName("triangle-start")
        self.start.setToolTip("Put a hexagon of plain triangles on this map to paint on")
        self.start.clicked.connect(self.start_board)
        outer.addWidget(self.start)
        self.report = QLabel()
        self.report.setObjectName("triangle-report")
        self.report.setWordWrap(True)
        self.report.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.report.setToolTip(
            "The check of the board: counts, every coin reachable from every start space, "
            "every rowboat space reachable; the symmetry and, per colour, the shortest "
            "start-coin-rowboat path for each coin (equal for every colour: fair)"
        )
        outer.addWidget(self.report)

    def paint(self) -> str:
        return str(self.what.currentData())

    def colour(self) -> str | None:
        return str(self.colour_box.currentData())

    def start_board(self) -> None:
        if self.editor.doc.triangles is not None:
            self.editor.show_error("this map already has a triangle board")
            return
        spec = default_spec(self.editor.doc.name)
        x0, y0, x1, y1 = spec.bounds_cm()
        self.editor.push(
            Change(meta=(("triangles", spec.to_json()), ("bounds", (x0, y0, x1, y1)))),
            "Start a triangle board",
        )
        self.editor.canvas.fit()

    def show_report(self, spec: BoardSpec | None) -> None:
        self.start.setEnabled(spec is None)
        if spec is None:
            self.report.setText("No triangle board on this map.")
            return
        rep = check_board(spec)
        lines = [f"<b>{len(spec.cells)} triangles</b>: {rep.summary()}"]
        for p in rep.problems[:8]:
            lines.append(f"<span style='color:#9b1c1c'>• {p.message}</span>")
        if len(rep.problems) > 8:
            lines.append(f"... and {len(rep.problems) - 8} more")
        if rep.paths:
            lines.append("Start-coin-rowboat steps:")
        for colour, row in rep.paths.items():
            lengths = " ".join(
                f"{k.replace('silver-', 'S').replace('gold', 'G')}:{'-' if v is None else v}"
                for k, v in row.items()
            )
            lines.append(f"&nbsp;{colour} {lengths}")
        self.report.setText("<br>".join(lines))
        self.report.setMinimumHeight(self.report.heightForWidth(max(self.report.width(), 260)))


def install(editor: Editor) -> None:
    """Add the triangle layer, the paint tool (B) and the board box to ``editor``."""
    layer = TriangleLayer()
    editor.canvas.scene().addItem(layer)
    editor.triangle_layer = layer  # type: ignore[attr-defined]
    tool = TrianglePaintTool(editor)
    box = BoardBox(editor)
    tool.box = box
    editor.tools[tool.key_name] = tool
    act = QAction(f"{tool.label} ({tool.shortcut})", editor)
    act.setCheckable(True)
    act.setShortcut(QKeySequence(tool.shortcut))
    act.setToolTip(tool.tip)
    act.triggered.connect(lambda _on=False: editor.set_tool(tool.key_name))
    group = next(iter(editor.tool_actions.values())).actionGroup()
    if group is not None:
        group.addAction(act)
    first_after_tools = next((a for a in editor.toolbar.actions() if a.isSeparator()), None)
    editor.toolbar.insertAction(first_after_tools, act)
    editor.tool_actions[tool.key_name] = act
    editor.panel.layout().insertWidget(1, box)
    editor.board_box = box  # type: ignore[attr-defined]
    state: dict[str, Any] = {"data": object()}

    def refresh(*_args: object) -> None:
        data = editor.doc.triangles
        if data is state["data"]:
            return
        state["data"] = data
        spec = board_spec(editor)
        layer.set_spec(spec, editor.doc.bounds)
        box.show_report(spec)
        # a board-only map has no areas to edit: the area boxes make room for the board's
        board_only = spec is not None and not editor.doc.areas
        editor.panel.area_box.setVisible(not board_only)
        editor.panel.buttons["merge"].parentWidget().setVisible(not board_only)

    editor.status_changed.connect(refresh)
    refresh()
