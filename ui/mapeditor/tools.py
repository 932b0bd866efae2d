"""Editing tools: one active at a time, each with activate / deactivate and mouse hooks.

Tools never change the map themselves: they build a model Change (from
wargame.maps.ops) and hand it to the editor, which pushes it as one undo
command. A drag only previews until the mouse is released, then is one step.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt

from wargame.errors import BadInput
from wargame.maps import ops
from wargame.maps.model import Area, Change

from .canvas import area_path
from .editing import Editor

HANDLE_PX = 9.0


def pt(p: QPointF) -> tuple[float, float]:
    return (round(p.x(), 3), round(p.y(), 3))


class Tool:
    key_name = ""
    label = ""
    shortcut = ""
    tip = ""

    def __init__(self, editor: Editor) -> None:
        self.editor = editor

    @property
    def canvas(self):  # noqa: ANN201 - the editor's MapCanvas
        return self.editor.canvas

    def activate(self) -> None:
        self.canvas.viewport().setCursor(self.cursor())
        self.editor.set_hint(self.tip)

    def deactivate(self) -> None:
        ov = self.canvas.selection
        ov.preview = []
        ov.preview_text = ""
        ov.hot = None
        ov.update()

    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.CrossCursor

    def press(self, p: QPointF, mods: Qt.KeyboardModifier) -> bool:
        return False

    def move(self, p: QPointF, mods: Qt.KeyboardModifier, dragging: bool) -> None:
        pass

    def release(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        pass

    def double_click(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        pass

    def right_click(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        pass

    def wants_right_click(self) -> bool:
        return False

    def key(self, key: int) -> bool:
        return False

    def px(self, n: float) -> float:
        return self.canvas.pixels_to_cm(n)


class SelectTool(Tool):
    key_name = "select"
    label = "Select"
    shortcut = "S"
    tip = "Click an area to select it (Shift adds); drag on the table to pan, wheel to zoom."

    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.ArrowCursor

    def press(self, p: QPointF, mods: Qt.KeyboardModifier) -> bool:
        area = self.editor.area_at(pt(p))
        if area is None:
            self.editor.set_selection([])
            return False
        if mods & Qt.KeyboardModifier.ShiftModifier:
            sel = list(self.editor.selection)
            if area.id in sel:
                sel.remove(area.id)
            else:
                sel.append(area.id)
            self.editor.set_selection(sel)
        else:
            self.editor.set_selection([area.id])
        return True

    def key(self, key: int) -> bool:
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.editor.selection:
            self.editor.delete_selected()
            return True
        return False


class _PathTool(Tool):
    """A tool that collects points clicked on the table (snapped) until finished."""

    closed = False

    def __init__(self, editor: Editor) -> None:
        super().__init__(editor)
        self.points: list[tuple[float, float]] = []

    def deactivate(self) -> None:
        self.points = []
        super().deactivate()

    def _show(self, hot: tuple[float, float] | None = None) -> None:
        ov = self.canvas.selection
        pts = [*self.points, *([hot] if hot and self.points else [])]
        ov.preview = [QPointF(*q) for q in pts]
        ov.preview_closed = self.closed and len(pts) >= 3
        ov.hot = QPointF(*hot) if hot else None
        ov.update()

    def press(self, p: QPointF, mods: Qt.KeyboardModifier) -> bool:
        q = self.editor.snap(pt(p))
        if self.closed and len(self.points) >= 3:
            first = self.points[0]
            if math.hypot(q[0] - first[0], q[1] - first[1]) <= self.px(HANDLE_PX):
                self.finish()
                return True
        if not self.points or self.points[-1] != q:
            self.points.append(q)
        self._show(q)
        return True

    def move(self, p: QPointF, mods: Qt.KeyboardModifier, dragging: bool) -> None:
        self._show(self.editor.snap(pt(p)))

    def double_click(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        self.finish()

    def right_click(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        if self.points:
            self.points.pop()
            self._show()

    def wants_right_click(self) -> bool:
        return bool(self.points)

    def key(self, key: int) -> bool:
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        if key == Qt.Key.Key_Escape:
            self.points = []
            self._show()
            return True
        if key == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._show()
            return True
        return False

    def finish(self) -> None:
        points, self.points = self.points, []
        self._show()
        if points:
            self.commit(points)

    def commit(self, points: list[tuple[float, float]]) -> None:
        raise NotImplementedError


class PolygonTool(_PathTool):
    key_name = "polygon"
    label = "Polygon"
    shortcut = "P"
    tip = (
        "Click the coast point by point; click the first point, double-click or press Enter to "
        "close it. Right-click or Backspace takes back a point, Esc cancels."
    )
    closed = True

    def commit(self, points: list[tuple[float, float]]) -> None:
        kind = self.editor.draw_kind()
        try:
            change = (ops.add_island if kind == "land" else ops.add_sea)(self.editor.doc, points)
        except BadInput as exc:
            self.editor.show_error(str(exc))
            return
        new_id = next(a for a, _v in change.areas)
        self.editor.push(change, "Draw island" if kind == "land" else "Draw sea area")
        self.editor.set_selection([new_id])


class SplitTool(_PathTool):
    key_name = "split"
    label = "Split"
    shortcut = "X"
    tip = (
        "Draw a line right across an area (start and end outside it), then double-click or "
        "press Enter: the area is cut in two along the line."
    )

    def commit(self, points: list[tuple[float, float]]) -> None:
        if len(points) < 2:
            self.editor.show_error("draw a line of at least two points across the area")
            return
        target = self.editor.split_target(points)
        if target is None:
            self.editor.show_error("the line does not cross any area from side to side")
            return
        try:
            change = ops.split_area(self.editor.doc, target.id, points)
        except BadInput as exc:
            self.editor.show_error(str(exc))
            return
        self.editor.push(change, f"Split {target.name}")
        self.editor.set_selection([a for a, _v in change.areas])


class VertexTool(Tool):
    key_name = "vertex"
    label = "Vertices"
    shortcut = "V"
    tip = (
        "Drag a vertex of the selected area (shared corners move together); double-click an "
        "edge to add a vertex; right-click a vertex to delete it."
    )

    def __init__(self, editor: Editor) -> None:
        super().__init__(editor)
        self.drag: list[tuple[str, int, int]] | None = None
        self.moved: dict[str, Area] = {}

    def activate(self) -> None:
        super().activate()
        self.editor.refresh_overlay(handles=True)

    def deactivate(self) -> None:
        self.drag = None
        self.moved = {}
        super().deactivate()
        self.editor.refresh_overlay(handles=False)

    def _handle_at(self, p: QPointF) -> tuple[str, int, int] | None:
        best = None
        r = self.px(HANDLE_PX)
        for aid in self.editor.selection:
            area = self.editor.doc.get_area(aid)
            if area is None:
                continue
            for ri, ring in enumerate((area.polygon, *area.holes)):
                for k, (x, y) in enumerate(ring):
                    d = math.hypot(x - p.x(), y - p.y())
                    if d <= r and (best is None or d < best[0]):
                        best = (d, (aid, ri, k))
        return best[1] if best else None

    def press(self, p: QPointF, mods: Qt.KeyboardModifier) -> bool:
        handle = self._handle_at(p)
        if handle is None:
            area = self.editor.area_at(pt(p))
            self.editor.set_selection([area.id] if area else [])
            return area is not None
        aid, ri, k = handle
        area = self.editor.doc.area(aid)
        corner = (area.polygon, *area.holes)[ri][k]
        self.drag = [handle, *self.editor.linked_vertices(corner, exclude=aid)]
        self.moved = {}
        return True

    def move(self, p: QPointF, mods: Qt.KeyboardModifier, dragging: bool) -> None:
        if not self.drag or not dragging:
            return
        aid0, ri0, k0 = self.drag[0]
        to = self.editor.snap(pt(p), exclude=(aid0, ri0, k0))
        self.moved = {}
        for aid, ri, k in self.drag:
            base = self.moved.get(aid) or self.editor.doc.area(aid)
            self.moved[aid] = ops.move_vertex(base, ri, k, to)
        ov = self.canvas.selection
        ov.paths = [area_path(a) for a in self.moved.values()]
        ov.handles = [QPointF(*to)]
        ov.update()

    def release(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        if self.drag and self.moved:
            change = Change(areas=tuple((a.id, a) for a in self.moved.values()))
            self.editor.push(change, "Move vertex")
        self.drag = None
        self.moved = {}
        self.editor.refresh_overlay(handles=True)

    def double_click(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        best = None
        r = self.px(HANDLE_PX)
        for aid in self.editor.selection:
            area = self.editor.doc.area(aid)
            for ri, ring in enumerate((area.polygon, *area.holes)):
                for k in range(len(ring)):
                    a, b = ring[k], ring[(k + 1) % len(ring)]
                    d, q = _seg_distance(a, b, (p.x(), p.y()))
                    if d <= r and (best is None or d < best[0]):
                        best = (d, aid, ri, k + 1, q)
        if best is None:
            return
        _d, aid, ri, k, q = best
        area = self.editor.doc.area(aid)
        self.editor.push(Change(areas=((aid, ops.insert_vertex(area, ri, k, q)),)), "Add vertex")

    def right_click(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        handle = self._handle_at(p)
        if handle is None:
            return
        aid, ri, k = handle
        try:
            new = ops.delete_vertex(self.editor.doc.area(aid), ri, k)
        except BadInput as exc:
            self.editor.show_error(str(exc))
            return
        self.editor.push(Change(areas=((aid, new),)), "Delete vertex")

    def wants_right_click(self) -> bool:
        return bool(self.editor.selection)


class AreaTool(Tool):
    key_name = "area"
    label = "Area"
    shortcut = "A"
    tip = "Click an area to edit its name, kind, island and marks in the Area panel."

    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.PointingHandCursor

    def press(self, p: QPointF, mods: Qt.KeyboardModifier) -> bool:
        area = self.editor.area_at(pt(p))
        if area is None:
            return False
        self.editor.set_selection([area.id])
        self.editor.panel.focus_name()
        return True


class TownTool(Tool):
    key_name = "town"
    label = "Town"
    shortcut = "T"
    tip = (
        "Click land to place or remove the town (Shift: harbour); click sea to mark it big "
        "(Shift: a starting area)."
    )

    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.PointingHandCursor

    def press(self, p: QPointF, mods: Qt.KeyboardModifier) -> bool:
        area = self.editor.area_at(pt(p))
        if area is None:
            return False
        shift = bool(mods & Qt.KeyboardModifier.ShiftModifier)
        if area.kind == "land":
            flag = "harbour" if shift else "town"
        else:
            flag = "start" if shift else "big"
        value = not getattr(area, flag)
        verb = "Mark" if value else "Unmark"
        self.editor.push(
            Change(areas=((area.id, _with(area, flag, value)),)), f"{verb} {area.name} as {flag}"
        )
        self.editor.set_selection([area.id])
        return True


class MeasureTool(Tool):
    key_name = "measure"
    label = "Measure"
    shortcut = "M"
    tip = "Drag to measure a distance on the table in cm (and hexes when the map has them)."

    def __init__(self, editor: Editor) -> None:
        super().__init__(editor)
        self.start: tuple[float, float] | None = None
        self.distance = 0.0

    def press(self, p: QPointF, mods: Qt.KeyboardModifier) -> bool:
        self.start = self.editor.snap(pt(p))
        self._show(self.start)
        return True

    def move(self, p: QPointF, mods: Qt.KeyboardModifier, dragging: bool) -> None:
        if self.start is not None and dragging:
            self._show(self.editor.snap(pt(p)))

    def release(self, p: QPointF, mods: Qt.KeyboardModifier) -> None:
        if self.start is not None:
            self._show(self.editor.snap(pt(p)))
            self.editor.set_hint(f"Measured {self.canvas.selection.preview_text}")
        self.start = None

    def _show(self, end: tuple[float, float]) -> None:
        assert self.start is not None
        self.distance = math.hypot(end[0] - self.start[0], end[1] - self.start[1])
        text = f"{self.distance:.1f} cm"
        spec = self.editor.doc.hex
        if spec is not None:
            text += f" ({self.distance / (math.sqrt(3) * spec.size_cm):.1f} hexes)"
        ov = self.canvas.selection
        ov.preview = [QPointF(*self.start), QPointF(*end)]
        ov.preview_closed = False
        ov.preview_text = text
        ov.update()


def _with(area: Area, flag: str, value: bool) -> Area:
    from dataclasses import replace

    return replace(area, **{flag: value})


def _seg_distance(
    a: tuple[float, float], b: tuple[float, float], p: tuple[float, float]
) -> tuple[float, tuple[float, float]]:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    q = (round(ax + t * dx, 3), round(ay + t * dy, 3))
    return math.hypot(p[0] - q[0], p[1] - q[1]), q


TOOLS: tuple[type[Tool], ...] = (
    SelectTool,
    PolygonTool,
    VertexTool,
    SplitTool,
    AreaTool,
    TownTool,
    MeasureTool,
)
