"""Every saved game in one searchable, sortable table (the home screen lists the newest).

A model over the rows' metadata (never the games themselves) that searches and
sorts them itself: 10,000 saves are 10,000 rows of a table, not 10,000 widgets.
A damaged row (its name or date no longer reads) is listed as damaged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
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

from ui.modes import saves_titles
from wargame.persistence.autosave import local_time, save_title
from wargame.persistence.listing import SaveInfo
from wargame.plural import count

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("Name", "Game", "Saved", "State")
ID_ROLE = Qt.ItemDataRole.UserRole


def mode_titles() -> dict[str, str]:
    return saves_titles()


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
    """The saves as rows: name, game, date saved, state; searched and sorted here, on
    keys worked out once (a proxy asking Python for every comparison of 10,000 rows
    was too slow)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[SaveInfo] = []
        self._texts: list[tuple[str, str, str, str]] = []
        self._haystack: list[str] = []
        self._shown: list[int] = []
        self._words: list[str] = []
        self._order: tuple[int, Qt.SortOrder] = (2, Qt.SortOrder.DescendingOrder)

    def set_saves(self, saves: list[SaveInfo]) -> None:
        titles = mode_titles()
        self._rows = list(saves)
        self._texts = [row_texts(s, titles) for s in self._rows]
        self._haystack = [f"{t[0]} {t[1]} {t[3]}".casefold() for t in self._texts]
        self._refresh()

    @property
    def total(self) -> int:
        return len(self._rows)

    def set_search(self, text: str) -> None:
        """Keep the rows whose name, game or state hold every word of ``text``."""
        self._words = text.casefold().split()
        self._refresh()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._order = (column, order)
        self._refresh()

    def _key(self, column: int) -> Callable[[int], Any]:
        if column == 2:
            return lambda i: (self._rows[i].updated, self._rows[i].id)
        return lambda i: (self._texts[i][column].casefold(), self._rows[i].id)

    def _refresh(self) -> None:
        self.beginResetModel()
        words = self._words
        hay = self._haystack
        rows = [i for i in range(len(self._rows)) if all(w in hay[i] for w in words)]
        column, order = self._order
        rows.sort(key=self._key(column), reverse=order == Qt.SortOrder.DescendingOrder)
        self._shown = rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt API
        return 0 if parent.isValid() else len(self._shown)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt API
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(  # noqa: N802 - Qt API
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= len(self._shown):
            return None
        i = self._shown[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._texts[i][index.column()]
        if role == ID_ROLE:
            return self._rows[i].id
        return None


class AllSavesDialog(QDialog):
    """File > All saves: search, sort by any column, double-click (or Open) to resume."""

    open_save = Signal(int)

    def __init__(self, saves: list[SaveInfo], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("All saves")
        self.resize(760, 520)
        self.model = SavesModel(self)
        self.model.set_saves(saves)
        lay = QVBoxLayout(self)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search by name, game or state")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._searched)
        lay.addWidget(self.search)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(2, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col, width in ((1, 130), (2, 130), (3, 140)):  # never measured over every row
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(col, width)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(24)
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
        self.model.set_search(text)
        total = self.model.total
        shown = self.model.rowCount()
        self.count.setText(
            count(total, "save", "saves")
            if shown == total
            else f"{shown:,} of {count(total, 'save', 'saves')}"
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
