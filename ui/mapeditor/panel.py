"""The editor's side panel: the selected area, the map, overlays, and the problem list."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from wargame.maps.model import KIND_FLAGS, Area
from wargame.maps.validate import Issue
from wargame.plural import count

from .editing import Editor

NEW_ISLAND = "__new__"


class EditorPanel(QWidget):
    def __init__(self, editor: Editor) -> None:
        super().__init__()
        self.editor = editor
        self._loading = False
        self.setMinimumWidth(290)
        self.setMaximumWidth(340)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        lay.setSpacing(4)

        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setObjectName("map-hint")
        self.hint.setStyleSheet("color: #4a3b2a; font-style: italic;")
        lay.addWidget(self.hint)

        # -- the selected area --------------------------------------------------------
        box = QGroupBox("Area")
        form = QFormLayout(box)
        form.setVerticalSpacing(3)
        self.area_label = QLabel("Nothing selected")
        form.addRow(self.area_label)
        self.name = QLineEdit()
        self.name.setObjectName("area-name")
        self.name.editingFinished.connect(self._name_edited)
        form.addRow("Name", self.name)
        self.kind = QComboBox()
        self.kind.addItems(["land", "sea"])
        self.kind.activated.connect(
            lambda _i: self.editor.edit_selected(kind=self.kind.currentText())
        )
        form.addRow("Kind", self.kind)
        self.island = QComboBox()
        self.island.activated.connect(self._island_chosen)
        form.addRow("Island", self.island)
        flags = QGridLayout()
        self.flags: dict[str, QCheckBox] = {}
        for k, (flag, text) in enumerate(
            (("town", "Town"), ("harbour", "Harbour"), ("big", "Big sea"), ("start", "Start"))
        ):
            cb = QCheckBox(text)
            cb.clicked.connect(lambda on, f=flag: self.editor.edit_selected(**{f: on}))
            keep = cb.sizePolicy()  # hidden for the other kind of area, its room kept
            keep.setRetainSizeWhenHidden(True)
            cb.setSizePolicy(keep)
            self.flags[flag] = cb
            flags.addWidget(cb, k // 2, k % 2)
        form.addRow(flags)
        self.area_box = box
        lay.addWidget(box)

        # -- actions on the selection ------------------------------------------------------
        act = QGroupBox("Edit")
        grid = QGridLayout(act)
        grid.setVerticalSpacing(3)
        self.buttons: dict[str, QPushButton] = {}
        for k, (key, text, slot) in enumerate(
            (
                ("merge", "Merge", editor.merge_selected),
                ("delete", "Delete", editor.delete_selected),
                ("connect", "Connect", lambda: editor.override_edge(True)),
                ("cut", "Cut edge", lambda: editor.override_edge(False)),
                ("seas", "Generate seas", editor.generate_seas),
                ("fit", "Fit view", editor.canvas.fit),
            )
        ):
            b = QPushButton(text)
            b.clicked.connect(slot)
            self.buttons[key] = b
            grid.addWidget(b, k // 2, k % 2)
        self.buttons["connect"].setToolTip("Join the two selected areas in the graph (a strait)")
        self.buttons["cut"].setToolTip("Separate the two selected areas in the graph (a reef)")
        self.buttons["seas"].setToolTip("Replace the sea areas by one region around each island")
        lay.addWidget(act)

        # -- map and overlays ---------------------------------------------------------------
        mbox = QGroupBox("Map")
        mform = QFormLayout(mbox)
        mform.setVerticalSpacing(3)
        self.map_name = QLineEdit()
        self.map_name.editingFinished.connect(
            lambda: self.editor.set_map_name(self.map_name.text())
        )
        mform.addRow("Name", self.map_name)
        self.draw_kind = QComboBox()
        self.draw_kind.addItem("Island (land)", "land")
        self.draw_kind.addItem("Sea area", "sea")
        mform.addRow("Polygon draws", self.draw_kind)
        self.hex_kind = QComboBox()
        self.hex_kind.addItem("No hexes", None)
        self.hex_kind.addItem("Flat-top hexes", "flat")
        self.hex_kind.addItem("Pointy-top hexes", "pointy")
        self.hex_kind.activated.connect(lambda _i: self._hex_edited())
        self.hex_size = QDoubleSpinBox()
        self.hex_size.setRange(0.5, 50.0)
        self.hex_size.setSuffix(" cm")
        self.hex_size.setSingleStep(0.5)
        self.hex_size.editingFinished.connect(self._hex_edited)
        mform.addRow("Hex grid", self.hex_kind)
        mform.addRow("Hex size", self.hex_size)
        table = QHBoxLayout()
        self.table_w = QDoubleSpinBox()
        self.table_h = QDoubleSpinBox()
        for spin in (self.table_w, self.table_h):
            spin.setRange(10.0, 2000.0)
            spin.setDecimals(0)
            spin.setSuffix(" cm")
            spin.setSingleStep(10.0)
            spin.editingFinished.connect(self._table_edited)
            table.addWidget(spin)
        self.table_w.setToolTip("Width of the table")
        self.table_h.setToolTip("Depth of the table")
        mform.addRow("Table", table)
        self.show_hex = QCheckBox("Show hexes")
        self.show_graph = QCheckBox("Show graph")
        self.snap = QCheckBox("Snap to vertices and edges")
        self.snap_grid = QCheckBox("Snap to 1 cm grid")
        self.show_hex.setChecked(True)
        self.snap.setChecked(True)
        self.snap.setText("Snap to corners")
        self.snap_grid.setText("Snap to grid")
        self.show_hex.toggled.connect(editor.overlays_changed)
        self.show_graph.toggled.connect(editor.overlays_changed)
        self.snap_grid.toggled.connect(editor.overlays_changed)
        self.snap_grid.setToolTip("Show a 1 cm grid (for laying out towns) and snap to it")
        checks = QGridLayout()
        checks.setVerticalSpacing(4)
        for k, cb in enumerate((self.show_hex, self.show_graph, self.snap, self.snap_grid)):
            # never squeezed below its text (at 1024x768 the rows touched): the panel scrolls
            cb.setMinimumHeight(cb.sizeHint().height())
            checks.addWidget(cb, k // 2, k % 2)
        mform.addRow(checks)
        lay.addWidget(mbox)
        self.graph_label = QLabel()
        self.graph_label.setWordWrap(True)
        self.graph_label.setObjectName("map-graph-summary")
        lay.addWidget(self.graph_label)

        lay.addStretch(1)

        # -- problems --------------------------------------------------------------------------
        # Their own box, which the view keeps in sight under the scrolling panel: at
        # 1024x768 the list was below the fold (issue 40).
        self.problems_box = QWidget()
        self.problems_box.setObjectName("map-problems-box")
        plays = QVBoxLayout(self.problems_box)
        plays.setContentsMargins(6, 2, 6, 4)
        plays.setSpacing(2)
        self.problems_title = QLabel("<b>Problems</b>")
        self.problems_title.setWordWrap(True)
        plays.addWidget(self.problems_title)
        self.problems = QListWidget()
        self.problems.setObjectName("map-problems")
        self.problems.setWordWrap(True)
        self.problems.setMinimumHeight(90)
        self.problems.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.problems.itemClicked.connect(self._problem_clicked)
        plays.addWidget(self.problems, 1)

    # -- showing -----------------------------------------------------------------------------
    def show_area(self, areas: list[Area]) -> None:
        self._loading = True
        try:
            one = areas[0] if len(areas) == 1 else None
            for w in (self.name, self.kind, self.island, *self.flags.values()):
                w.setEnabled(one is not None)
            self.buttons["merge"].setEnabled(len(areas) >= 2)
            self.buttons["delete"].setEnabled(bool(areas))
            self.buttons["connect"].setEnabled(len(areas) == 2)
            self.buttons["cut"].setEnabled(len(areas) == 2)
            if one is None:
                self.area_label.setText(
                    f"{count(len(areas), 'area', 'areas')} selected"
                    if areas
                    else "Nothing selected: click an area"
                )
                self.name.setText("")
                return
            neighbours = self.editor.neighbour_names(one.id)
            self.area_label.setText(
                f"<b>{one.id}</b> touches: {', '.join(neighbours) if neighbours else 'nothing'}"
            )
            self.area_label.setWordWrap(True)
            self.name.setText(one.name)
            self.kind.setCurrentText(one.kind)
            self.island.clear()
            self.island.addItem("(no island)", None)
            for isl in self.editor.doc.islands:
                self.island.addItem(isl.name, isl.id)
            self.island.addItem("New island...", NEW_ISLAND)
            idx = self.island.findData(one.island)
            self.island.setCurrentIndex(max(0, idx))
            for flag, cb in self.flags.items():
                cb.setChecked(getattr(one, flag))
                # a land area is never offered a sea's marks, nor a sea a land's
                cb.setVisible(flag in KIND_FLAGS[one.kind])
        finally:
            self._loading = False

    def show_map(self) -> None:
        doc = self.editor.doc
        self._loading = True
        self.map_name.setText(doc.name)
        self.hex_kind.setCurrentIndex(
            self.hex_kind.findData(doc.hex.orientation if doc.hex else None)
        )
        self.hex_size.setValue(doc.hex.size_cm if doc.hex else 5.0)
        self.hex_size.setEnabled(doc.hex is not None)
        x0, y0, x1, y1 = doc.bounds
        self.table_w.setValue(x1 - x0)
        self.table_h.setValue(y1 - y0)
        self._loading = False

    def show_problems(self, issues: list[Issue]) -> None:
        self.problems.clear()
        errors = sum(i.severity == "error" for i in issues)
        warnings = len(issues) - errors
        if not issues:
            self.problems_title.setText("<b>Problems</b>: none - the map is sound")
        else:
            self.problems_title.setText(
                f"<b>Problems</b>: {count(errors, 'error', 'errors')}, {count(warnings, 'warning', 'warnings')}"
            )
        for issue in issues:
            item = QListWidgetItem(
                ("\u26a0 " if issue.severity == "warning" else "\u2716 ") + issue.text()
            )
            item.setData(Qt.ItemDataRole.UserRole, issue)
            item.setToolTip(issue.hint)
            self.problems.addItem(item)

    def focus_name(self) -> None:
        self.name.setFocus()
        self.name.selectAll()

    # -- edits ---------------------------------------------------------------------------------
    def _name_edited(self) -> None:
        if not self._loading and self.name.isEnabled():
            self.editor.edit_selected(name=self.name.text())

    def _island_chosen(self, _index: int) -> None:
        if self._loading:
            return
        data = self.island.currentData()
        if data == NEW_ISLAND:
            self.editor.move_selected_to_new_island()
        else:
            self.editor.edit_selected(island=data)

    def _hex_edited(self) -> None:
        if self._loading:
            return
        kind = self.hex_kind.currentData()
        self.editor.set_hex(kind, self.hex_size.value())

    def _table_edited(self) -> None:
        if not self._loading:
            self.editor.set_table_size(self.table_w.value(), self.table_h.value())

    def _problem_clicked(self, item: QListWidgetItem) -> None:
        issue = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(issue, Issue):
            self.editor.show_issue(issue)
