"""The map editor mode: a Tiled-like editor of island maps and their area graphs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import shapely
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)
from shapely.ops import split

from ui.background import BackgroundTask
from ui.context import AppContext
from ui.mode_base import ModeView
from wargame.errors import BadInput, FileFormatError, WargameError
from wargame.maps import ops
from wargame.maps.graph import derive_graph, edge_kinds
from wargame.maps.importers import export_file, import_with_warnings
from wargame.maps.model import (
    FLAG_WORDS,
    FLAGS,
    KIND_FLAGS,
    MAP_FORMAT,
    Area,
    Change,
    HexSpec,
    Island,
    MapDoc,
    map_from_json,
    map_to_json,
)
from wargame.maps.prepare import Cancelled, PreparedMap, prepare_map
from wargame.maps.validate import Issue, validate
from wargame.paths import scenarios_dir
from wargame.plural import count

from .canvas import MapCanvas, area_path
from .commands import ChangeCommand
from .panel import EditorPanel
from .tools import TOOLS, Tool

DEFAULT_MAP = "maps/pieces-of-eight.json"
#: A map of more areas than this is opened off the window's thread, with progress.
LARGE_MAP_AREAS = 2_000


class MapEditorView(ModeView):
    mode_key = "map-editor"
    title = "Map editor"
    file_filter = "Map files (*.json)"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.doc = MapDoc()
        self.selection: list[str] = []
        self.graph: nx.Graph = nx.Graph()
        self.issues: list[Issue] = []
        self.import_warnings: list[str] = []
        self.towns_dialog: Any = None
        #: A large map being opened off the window's thread (None when idle).
        self.loading: BackgroundTask | None = None
        self._index: tuple[shapely.STRtree, np.ndarray] | None = None
        self._hint = ""
        self.canvas = MapCanvas()
        self.canvas.setObjectName("map-canvas")
        self.panel = EditorPanel(self)
        self.tools: dict[str, Tool] = {cls.key_name: cls(self) for cls in TOOLS}
        self.tool: Tool | None = None
        self.toolbar = QToolBar("Tools")
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        group.setExclusive(True)
        for key, tool in self.tools.items():
            # the key is in the tooltip: with it in the label the toolbar overflows at
            # 1024 px and hides the Graph and Hexes toggles behind a chevron
            act = QAction(tool.label, self)
            act.setCheckable(True)
            act.setShortcut(QKeySequence(tool.shortcut))
            act.setToolTip(f"{tool.tip} ({tool.shortcut})")
            act.triggered.connect(lambda _on=False, k=key: self.set_tool(k))
            group.addAction(act)
            self.toolbar.addAction(act)
            self.tool_actions[key] = act
        self.toolbar.addSeparator()
        for text, slot, shortcut in (
            ("Import...", self.import_dialog, "Ctrl+I"),
            ("Export...", self.export_dialog, "Ctrl+E"),
            ("Graph", lambda: self.panel.show_graph.toggle(), "G"),
            ("Hexes", lambda: self.panel.show_hex.toggle(), "H"),
        ):
            act = QAction(text, self)
            act.setShortcut(QKeySequence(shortcut))
            act.setToolTip(f"{text.rstrip('.')} ({shortcut})")
            act.triggered.connect(slot)
            self.toolbar.addAction(act)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.toolbar)
        row = QHBoxLayout()
        row.addWidget(self.canvas, 1)
        scroll = QScrollArea()
        scroll.setWidget(self.panel)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        side = QSplitter(Qt.Orientation.Vertical)
        side.setObjectName("map-side")
        side.setChildrenCollapsible(False)
        side.addWidget(scroll)
        side.addWidget(self.panel.problems_box)
        side.setStretchFactor(0, 3)
        side.setStretchFactor(1, 1)
        side.setFixedWidth(self.panel.maximumWidth() + 14)
        row.addWidget(side)
        lay.addLayout(row, 1)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(800)
        self._autosave_timer.timeout.connect(self.autosave)
        self.set_tool("select")
        from .triangles import install  # the Pirate Versus Pirate triangle board

        install(self)

    # -- documents -----------------------------------------------------------------------
    def load_default(self) -> None:
        from wargame.maps.model import load_map

        self.set_doc(load_map(scenarios_dir() / DEFAULT_MAP))

    def new_document(self) -> None:
        self.set_doc(
            MapDoc(name="untitled map", bounds=(0.0, 0.0, 120.0, 80.0), hex=HexSpec("flat", 5.0))
        )
        self.path = None

    @classmethod
    def accepts(cls, data: dict[str, Any]) -> bool:
        return isinstance(data, dict) and data.get("format") == MAP_FORMAT

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        """Show the map ``data``; a large one is prepared off the window's thread (with
        progress and Cancel) and shown when ready: :attr:`loading` is that task."""
        if not self.accepts(data):
            raise FileFormatError(
                f"{path or 'file'}: not a map (key 'format' must be {MAP_FORMAT!r})"
            )
        source = str(path or "map")
        areas = data.get("areas")
        if not (isinstance(areas, list) and len(areas) > LARGE_MAP_AREAS):
            self.set_doc(map_from_json(data, source))
            return
        if self.loading is not None and self.loading.running:
            self.loading.cancel()
        name = path.name if path is not None else "the map"
        # nothing of the old map stays on show (nor could be saved over the new file)
        self.set_doc(MapDoc(name=f"opening {name}"))

        def job(progress: Any, cancelled: Any) -> PreparedMap:
            prepared = prepare_map(data, source, progress=progress, cancelled=cancelled)
            for i, area in enumerate(prepared.doc.areas):  # outlines drawn, off the thread
                if i % 1000 == 0 and cancelled():
                    raise Cancelled("opening the map was cancelled")
                area_path(area)
            return prepared

        def failed(message: str) -> None:
            self._opening_stopped()
            self.show_error(message, "Could not open the map")

        self.loading = BackgroundTask(self, f"Opening {name}", job, self._prepared, failed=failed)
        self.loading.dialog.canceled.connect(self._opening_stopped)

    def _prepared(self, prepared: PreparedMap) -> None:
        self.set_doc(prepared.doc, prepared=prepared)
        self.undo_stack.setClean()

    def _opening_stopped(self) -> None:
        """Cancelled or failed: an empty, untitled map (never the file's path)."""
        self.new_document()
        self.set_hint("Opening the map was stopped; nothing was opened")

    def finish_loading(self) -> None:
        """Wait for a map being opened in the background (screenshots, tests)."""
        if self.loading is not None:
            self.loading.wait()

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        self.load_scenario_data(data, path)

    def save_json(self) -> dict[str, Any]:
        return map_to_json(self.doc)

    def set_doc(self, doc: MapDoc, *, prepared: PreparedMap | None = None) -> None:
        """Show ``doc`` (``prepared``: its graph, problems and labels, already worked out)."""
        self.doc = doc
        self.selection = []
        self.document_name = doc.name
        self.panel.hint.setText("")  # a hint of the map before ("Exported ...") goes with it
        self.undo_stack.clear()
        self.doc_changed(autosave=False, prepared=prepared)
        self.panel.show_map()
        self.canvas.fit()
        QTimer.singleShot(0, self.canvas.fit)
        self.document_changed.emit()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self.canvas.fit()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.undo_stack.count() == 0:
            self.canvas.fit()

    # -- edits ---------------------------------------------------------------------------
    def push(self, change: Change, text: str) -> None:
        if change.is_empty():
            return
        self.undo_stack.push(ChangeCommand(self, change, text))

    def doc_changed(self, *, autosave: bool = True, prepared: PreparedMap | None = None) -> None:
        """The map changed (an edit, undo or redo): re-derive and redraw everything."""
        self._index = None
        self.selection = [s for s in self.selection if self.doc.get_area(s) is not None]
        if prepared is not None and prepared.doc is self.doc:
            self.graph, self.issues = prepared.graph, prepared.issues
        else:
            try:
                self.graph = derive_graph(self.doc)
            except Exception:  # noqa: BLE001 - a broken polygon mid-edit must not kill it
                self.graph = nx.Graph()
                self.graph.add_nodes_from(a.id for a in self.doc.areas)
            self.issues = validate(self.doc, self.graph)
        self.canvas.set_doc(self.doc)
        self.canvas.problems.set_issues(self.doc, self.issues)
        self.overlays_changed()
        self.refresh_overlay()
        self.panel.show_problems(self.issues)
        self.panel.show_area(self.selected_areas())
        self.panel.show_map()
        if prepared is not None and prepared.doc is self.doc:
            counts, comps = prepared.edge_counts, prepared.components
        else:
            counts = edge_kinds(self.doc, self.graph)
            comps = nx.number_connected_components(self.graph) if len(self.graph) else 0
        self.panel.graph_label.setText(
            f"{self.graph.number_of_edges()} edges: {counts['land-land']} land-land, "
            f"{counts['land-sea']} land-sea, {counts['sea-sea']} sea-sea; "
            + ("connected" if comps == 1 else f"{comps} separate parts")
        )
        if self.document_name != self.doc.name:
            self.document_name = self.doc.name
            self.document_changed.emit()
        self.status_changed.emit(self.status_text())
        if autosave:
            self._autosave_timer.start()

    def overlays_changed(self, *_args: Any) -> None:
        self.canvas.hexes.setVisible(self.panel.show_hex.isChecked() and self.doc.hex is not None)
        self.canvas.grid.setVisible(self.panel.snap_grid.isChecked())
        show_graph = self.panel.show_graph.isChecked()
        self.canvas.show_graph(show_graph)
        if show_graph:
            self.canvas.graph.set_graph(self.doc, self.graph)

    def status_text(self) -> str:
        lands = sum(a.kind == "land" for a in self.doc.areas)
        seas = len(self.doc.areas) - lands
        errors = sum(i.severity == "error" for i in self.issues)
        warnings = len(self.issues) - errors
        # the same count as the Problems panel: a warning is never "no problems"
        problems = (
            ", ".join(
                [count(errors, "error", "errors")] * bool(errors)
                + [count(warnings, "warning", "warnings")] * bool(warnings)
            )
            or "no problems"
        )
        return (
            f"{self.doc.name}: {count(len(self.doc.islands), 'island', 'islands')}, {lands} land and "
            f"{count(seas, 'sea area', 'sea areas')}, "
            f"{self.graph.number_of_edges()} edges; {problems}"
            + (f" - {self._hint}" if self._hint else "")
        )

    def set_hint(self, text: str) -> None:
        self._hint = ""
        self.panel.hint.setText(text)
        self.status_changed.emit(self.status_text())

    # -- tools ----------------------------------------------------------------------------
    def set_tool(self, key: str) -> None:
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = self.tools[key]
        self.canvas.tool = self.tool
        self.tool_actions[key].setChecked(True)
        self.tool.activate()

    def draw_kind(self) -> str:
        return str(self.panel.draw_kind.currentData())

    def snap(
        self, p: tuple[float, float], *, exclude: tuple[str, int, int] | None = None
    ) -> tuple[float, float]:
        if not (self.panel.snap.isChecked() or self.panel.snap_grid.isChecked()):
            return p
        q, _what = ops.snap_point(
            self.doc,
            p,
            radius=self.canvas.pixels_to_cm(10),
            vertices=self.panel.snap.isChecked(),
            edges=self.panel.snap.isChecked(),
            grid=1.0 if self.panel.snap_grid.isChecked() else None,
            exclude=exclude,
        )
        return q

    def _tree(self) -> tuple[shapely.STRtree, np.ndarray]:
        if self._index is None:
            geoms = np.array(
                [shapely.make_valid(a.geometry()) for a in self.doc.areas], dtype=object
            )
            self._index = (shapely.STRtree(geoms), geoms)
        return self._index

    def area_at(self, p: tuple[float, float]) -> Area | None:
        """The area under a table point: land before sea, the smallest first."""
        if not self.doc.areas:
            return None
        tree, geoms = self._tree()
        hits = tree.query(shapely.Point(p), predicate="intersects")
        if not len(hits):
            return None
        areas = [self.doc.areas[int(i)] for i in hits]
        areas.sort(key=lambda a: (a.kind != "land", geoms[self.doc.areas.index(a)].area))
        return areas[0]

    def linked_vertices(
        self, corner: tuple[float, float], *, exclude: str
    ) -> list[tuple[str, int, int]]:
        """Vertices of other areas at exactly this point (shared corners move together)."""
        out = []
        for a in self.doc.areas:
            if a.id == exclude:
                continue
            for ri, ring in enumerate((a.polygon, *a.holes)):
                for k, q in enumerate(ring):
                    if q == corner:
                        out.append((a.id, ri, k))
        return out

    def split_target(self, points: list[tuple[float, float]]) -> Area | None:
        line = shapely.LineString(points)
        candidates = [self.doc.area(s) for s in self.selection]
        if not candidates:
            tree, _geoms = self._tree()
            candidates = [self.doc.areas[int(i)] for i in tree.query(line, predicate="intersects")]
        candidates.sort(key=lambda a: a.kind != "land")
        for a in candidates:
            g = shapely.make_valid(a.geometry())
            if len(ops.polygons_of(split(g, line))) >= 2:
                return a
        return None

    # -- selection ---------------------------------------------------------------------------
    def selected_areas(self) -> list[Area]:
        return [a for a in (self.doc.get_area(s) for s in self.selection) if a is not None]

    def set_selection(self, ids: list[str]) -> None:
        self.selection = list(dict.fromkeys(ids))
        self.refresh_overlay()
        self.panel.show_area(self.selected_areas())

    def refresh_overlay(self, *, handles: bool | None = None) -> None:
        ov = self.canvas.selection
        areas = self.selected_areas()
        ov.paths = [area_path(a) for a in areas]
        show = (
            handles
            if handles is not None
            else (self.tool is not None and self.tool.key_name == "vertex")
        )
        ov.handles = (
            [QPointF(x, y) for a in areas for ring in (a.polygon, *a.holes) for x, y in ring]
            if show
            else []
        )
        ov.update()

    def neighbour_names(self, area_id: str) -> list[str]:
        if area_id not in self.graph:
            return []
        return sorted(self.graph.nodes[n]["name"] for n in self.graph.neighbors(area_id))

    def show_issue(self, issue: Issue) -> None:
        if issue.areas:
            self.set_selection([a for a in issue.areas if self.doc.get_area(a)])
        self.canvas.centerOn(QPointF(*issue.at))
        self.set_hint(issue.text())

    # -- commands from the panel -----------------------------------------------------------------
    def edit_selected(self, **fields: Any) -> None:
        areas = self.selected_areas()
        if len(areas) != 1:
            return
        a = areas[0]
        if "name" in fields:
            from wargame.maps.safeio import clean_text

            # invisible and control characters would break files and text output
            fields["name"] = clean_text(fields["name"], 200)
            if not fields["name"]:
                self.show_error("an area needs a name")
                self.panel.show_area([a])
                return
        if fields.get("kind") == "sea":
            fields["island"] = None
        if "kind" in fields:  # marks the new kind cannot carry go (a sea is no town)
            fields.update({f: False for f in FLAGS if f not in KIND_FLAGS[fields["kind"]]})
        kind = fields.get("kind", a.kind)
        wrong = [f for f in FLAGS if fields.get(f) and f not in KIND_FLAGS[kind]]
        if wrong:
            self.show_error(f"{a.name} is {kind}: it cannot be {FLAG_WORDS[wrong[0]]}")
            self.panel.show_area([a])
            return
        new = replace(a, **fields)
        if new == a:
            return
        what = ", ".join(
            f"{k} {v}" if not isinstance(v, bool) else (k if v else f"not {k}")
            for k, v in fields.items()
        )
        islands: tuple[tuple[str, Island | None], ...] = ()
        if a.island and new.island != a.island and len(self.doc.island_areas(a.island)) == 1:
            islands = ((a.island, None),)  # its island had no other land: it goes too
        if new.kind == "land" and new.island is None and a.kind == "sea":
            iid = self.doc.new_id("I")
            islands = ((iid, Island(iid, new.name)),)
            new = replace(new, island=iid)
        self.push(Change(areas=((a.id, new),), islands=islands), f"Set {a.name}: {what}")

    def move_selected_to_new_island(self) -> None:
        areas = self.selected_areas()
        if len(areas) != 1 or areas[0].kind != "land":
            self.panel.show_area(areas)
            return
        a = areas[0]
        iid = self.doc.new_id("I")
        self.push(
            Change(areas=((a.id, replace(a, island=iid)),), islands=((iid, Island(iid, a.name)),)),
            f"Make {a.name} an island of its own",
        )

    def delete_selected(self) -> None:
        if not self.selection:
            return
        names = ", ".join(a.name for a in self.selected_areas())
        self.push(ops.delete_areas(self.doc, self.selection), f"Delete {names}")
        self.set_selection([])

    def merge_selected(self) -> None:
        if len(self.selection) < 2:
            self.show_error("select two or more touching areas (Shift-click) to merge them")
            return
        try:
            change = ops.merge_areas(self.doc, self.selection[0], self.selection[1:])
        except BadInput as exc:
            self.show_error(str(exc))
            return
        self.push(change, f"Merge into {self.doc.area(self.selection[0]).name}")
        self.set_selection(self.selection[:1])

    def override_edge(self, adjacent: bool) -> None:
        if len(self.selection) != 2:
            self.show_error("select exactly two areas (Shift-click) to connect or separate them")
            return
        a, b = self.selection
        verb = "Connect" if adjacent else "Separate"
        self.push(
            ops.toggle_edge(self.doc, a, b, adjacent=adjacent),
            f"{verb} {self.doc.area(a).name} and {self.doc.area(b).name}",
        )

    def generate_seas(self) -> None:
        try:
            change = ops.generate_seas(self.doc)
        except BadInput as exc:
            self.show_error(str(exc))
            return
        self.push(change, "Generate sea areas")

    def set_map_name(self, name: str) -> None:
        name = name.strip()[:200]
        if name and name != self.doc.name:
            self.push(Change(meta=(("name", name),)), f"Rename map to {name}")

    def set_table_size(self, width: float, depth: float) -> None:
        """Resize the table from its top-left corner (areas stay where they are)."""
        x0, y0, x1, y1 = self.doc.bounds
        bounds = (x0, y0, round(x0 + width, 3), round(y0 + depth, 3))
        if bounds != self.doc.bounds and width > 0 and depth > 0:
            self.push(Change(meta=(("bounds", bounds),)), f"Table {width:g} x {depth:g} cm")
            self.canvas.fit()

    def set_hex(self, orientation: str | None, size: float) -> None:
        spec = (
            None
            if orientation is None
            else HexSpec(
                orientation,
                round(size, 3),  # type: ignore[arg-type]
                self.doc.hex.origin if self.doc.hex else (0.0, 0.0),
            )
        )
        if spec != self.doc.hex:
            self.push(Change(meta=(("hex", spec),)), "Change the hex grid")
            self.panel.show_map()

    # -- files ------------------------------------------------------------------------------------
    def import_map(self, path: Path) -> None:
        """Import a foreign map; then show what was dropped or guessed and let the player
        choose its towns (one undoable step), in a dialog that does not block."""

        def load() -> None:
            from ui.mapeditor.towns import TownsDialog

            doc, warnings = import_with_warnings(path)
            self.set_doc(doc)
            self.path = None
            self.import_warnings = warnings
            if warnings:
                self.set_hint(
                    f"Imported {path.name} with {count(len(warnings), 'warning', 'warnings')}"
                )
            dialog = TownsDialog(self.doc, warnings, self)
            dialog.accepted.connect(lambda: self.choose_towns(dialog.towns()))
            self.towns_dialog = dialog
            dialog.open()

        self.replace_document(load)

    def choose_towns(self, towns: set[str]) -> None:
        from ui.mapeditor.towns import town_change

        self.push(town_change(self.doc, towns), "Choose towns")

    def export_map(self, path: Path) -> None:
        export_file(self.doc, path)
        self.set_hint(f"Exported {path.name}")

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Import a map",
            str(Path.home()),
            "Maps (*.geojson *.json *.tmx *.tmj *.xml);;All files (*)",
        )
        if path:
            try:
                self.import_map(Path(path))
            except WargameError as exc:
                self.show_error(str(exc), "Could not import")

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Export the map",
            str(Path.home() / f"{self.doc.name}.geojson"),
            "GeoJSON (*.geojson);;Tiled JSON (*.tmj)",
        )
        if path:
            try:
                self.export_map(Path(path))
            except (WargameError, OSError) as exc:
                self.show_error(str(exc), "Could not export")
