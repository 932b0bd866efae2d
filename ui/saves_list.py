"""Every saved game in one searchable, sortable table (the home screen lists the newest).

A model over the rows' metadata (never the games themselves) and a proxy that
filters and sorts it: 10,000 saves are 10,000 rows of a table, not 10,000 widgets.
A damaged row (its name or date no longer reads) is listed as damaged.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from wargame.core.registry import MODES
from wargame.persistence.autosave import local_time, save_title
from wargame.persistence.listing import SaveInfo

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("Name", "Game", "Saved", "State")
#: The role the proxy sorts by: a number or folded text, never the shown text's order.
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ID_ROLE = Qt.ItemDataRole.UserRole


def mode_titles() -> dict[str, str]:
    return {m.key: m.title for m in MODES} | {"map-editor": "Map"}


def row_texts(info: SaveInfo, titles: dict[str, str]) -> tuple[str, str, str, str]:
    """What a row shows: name (or the autosave's title), game, when, and its state."""
    mode = titles.get(info.mode, info.mode)
    if info.damaged:
        name = " ".join(info.name.replace("\ufffd", "?").split()) or "unnamed save"
        return name, mode, "?", f"damaged: {info.damaged}"
    title = save_title(info.name, mode, info.updated, autosave=info.autosave)
    state = "unsaved work" if info.autosave else ("finished" if info.finished else "in play")
    return title, mode, f"{local_time(info.updated):%Y-%m-%d %H:%M}", state


class SavesModel(QAbstractTableModel):
    """The saves as rows: name, game, date saved, state."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[SaveInfo] = []
        self._texts: list[tuple[str, str, str, str]] = []

    def set_saves(self, saves: list[SaveInfo]) -> None:
        titles = mode_titles()
        self.beginResetModel()
        self._rows = list(saves)
        self._texts = [row_texts(s, titles) for s in self._rows]
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt API
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt API
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(  # noqa: N802 - Qt API
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        info, texts = self._rows[index.row()], self._texts[index.row()]
        col = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return texts[col]
        if role == ID_ROLE:
            return info.id
        if role == SORT_ROLE:
            if col == 2:
                return info.updated.timestamp()
            return texts[col].casefold()
        return None


class SavesFilter(QSortFilterProxyModel):
    """Sorts by :data:`SORT_ROLE`; keeps the rows whose texts hold every searched word."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self._words: list[str] = []

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._words = text.casefold().split()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:  # noqa: N802 - Qt API
        if not self._words:
            return True
        model = self.sourceModel()
        joined = " ".join(
            str(model.data(model.index(row, c, parent), SORT_ROLE)) for c in (0, 1, 3)
        )
        return all(w in joined for w in self._words)


class AllSavesDialog(QDialog):
    """File > All saves: search, sort by any column, double-click (or Open) to resume."""

    open_save = Signal(int)

    def __init__(self, saves: list[SaveInfo], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("All saves")
        self.resize(760, 520)
        self.model = SavesModel(self)
        self.model.set_saves(saves)
        self.proxy = SavesFilter(self)
        self.proxy.setSourceModel(self.model)
        lay = QVBoxLayout(self)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search by name, game or state")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._searched)
        lay.addWidget(self.search)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(2, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.table.activated.connect(self._activated)
        lay.addWidget(self.table, 1)
        self.count = QLabel()
        lay.addWidget(self.count)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Close
        )
        buttons.accepted.connect(self._open_current)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self._searched("")

    def _searched(self, text: str) -> None:
        self.proxy.set_search(text)
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        self.count.setText(
            f"{total:,} saves" if shown == total else f"{shown:,} of {total:,} saves"
        )

    def _activated(self, index: QModelIndex) -> None:
        sid = index.data(ID_ROLE)
        if sid is not None:
            self.open_save.emit(int(sid))
            self.accept()

    def _open_current(self) -> None:
        index = self.table.currentIndex()
        if index.isValid():
            self._activated(index)
