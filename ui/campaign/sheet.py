"""One player's Campaign Master Sheet, laid out like the printed one: the upper
part (letter, value, opponent letter, attacker Y/N, battle score, result, VP)
above the fold, the secret contents below it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wargame.campaign.contents import summary
from wargame.campaign.losses import force_lost_words
from wargame.campaign.state import CampaignState
from wargame.plural import count

PAPER = "#f3ead3"
INK = "#2b1d0e"
RULE = "#8a7352"
FOLDED = "#c9b98f"
SEALED = "-  -  -  sealed  -  -  -"
#: The printed headings, broken into short lines so the sheet fits beside the players
#: and the buttons at 1024x768 without scrolling sideways (issue 40).
COLUMNS = (
    "Letter\nof force",
    "Value\ngiven to\nforce (1-5)",
    "Opponent\nforce\nletter",
    "Are you the\nattacker\nY/N",
    "Battle\nscore",
    "Result\n1.Battle 2.No\ncontact 3.Raid",
    "Victory\npoints\ngained",
)
#: The seed's own words for each column, shown on hover.
COLUMN_TIPS = (
    "Letter of force: A to G",
    "Value given to force (1 to 5): how strong the force is; everyone sees it",
    "Opponent force letter: the force this one engages (player and letter)",
    "Are you the attacker Y/N",
    "Battle score: from the fight, or typed in",
    "Result: 1 = battle, 2 = no contact, 3 = land raid (a d6 roll once both sides are known)",
    "Victory points gained in this engagement",
)
COL_LETTER, COL_VALUE, COL_OPP, COL_ATT, COL_SCORE, COL_RESULT, COL_VP = range(7)

SHEET_STYLE = f"""
QFrame#paper {{ background: {PAPER}; border: 1px solid {RULE}; border-radius: 3px; }}
QFrame#paper QLabel {{ color: {INK}; background: transparent; }}
QTableWidget {{ background: {PAPER}; color: {INK}; gridline-color: {RULE};
    border: 2px solid {INK}; font-size: 13px; selection-background-color: #d9c89c;
    selection-color: {INK}; }}
QHeaderView::section {{ background: #e6d9b8; color: {INK}; border: 1px solid {RULE};
    padding: 3px; font-weight: bold; font-size: 11px; }}
QPushButton#unlock {{ background: #6b4a22; color: {PAPER}; border-radius: 4px; padding: 6px 14px; }}
"""


def _item(text: str, *, bold: bool = False, editable: bool = False) -> QTableWidgetItem:
    it = QTableWidgetItem(text)
    it.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    if editable:
        flags |= Qt.ItemFlag.ItemIsEditable
    it.setFlags(flags)
    if bold:
        f = QFont()
        f.setBold(True)
        f.setPointSize(12)
        it.setFont(f)
    return it


class SheetWidget(QFrame):
    """Shows one player's sheet. Emits requests; the view turns them into actions."""

    value_edited = Signal(str, str)  # letter, typed text
    contents_requested = Signal(str)  # letter (double-click on the secret part)
    unlock_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("paper")
        self.setStyleSheet(SHEET_STYLE)
        self._filling = False
        self.seat: int | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        lay.setSpacing(4)
        self.title = QLabel("Campaign Master Sheet")
        self.title.setStyleSheet("font-size: 20px; font-weight: bold; font-family: serif;")
        lay.addWidget(self.title)
        self.country = QLabel()
        self.country.setStyleSheet("font-size: 15px; font-family: serif;")
        self.country.setTextFormat(Qt.TextFormat.RichText)
        self.country.setWordWrap(True)
        lay.addWidget(self.country)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("upper")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        # Each column as wide as its heading and cells need; the last takes what is left.
        # The paper then never squeezes a column: the page scrolls sideways instead.
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(50)
        for c, tip in enumerate(COLUMN_TIPS):
            self.table.horizontalHeaderItem(c).setToolTip(tip)
        self.table.horizontalHeader().setMinimumHeight(56)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # never a scroll bar of its own: it is as wide as its columns need (_fit_width)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.itemChanged.connect(self._item_changed)
        lay.addWidget(self.table)
        self.total = QLabel()
        self.total.setObjectName("vp-total")
        self.total.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.total.setStyleSheet("font-family: serif; font-size: 14px;")
        lay.addWidget(self.total)

        self.fold = QLabel("Fold  Fold  Fold  Fold  Fold  Fold — Keep the lower part secret!!!!")
        self.fold.setObjectName("fold")
        self.fold.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.fold.setStyleSheet(
            f"border-top: 2px dashed {INK}; border-bottom: 2px dashed {INK}; padding: 4px;"
            "font-style: italic; font-family: serif; font-size: 13px;"
        )
        lay.addWidget(self.fold)

        self.lower = QTableWidget(0, 2)
        self.lower.setObjectName("lower")
        self.lower.setHorizontalHeaderLabels(
            ["Letter", "Contents of force (Secret until all engagements known)"]
        )
        self.lower.verticalHeader().hide()
        self.lower.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        self.lower.setColumnWidth(0, 70)
        self.lower.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.lower.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.lower.setWordWrap(True)
        self.lower.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.lower.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.lower.cellDoubleClicked.connect(self._lower_clicked)
        lay.addWidget(self.lower)

        self.folded = QWidget()
        fl = QHBoxLayout(self.folded)
        fl.setContentsMargins(0, 6, 0, 6)
        self.folded_label = QLabel()
        self.folded_label.setObjectName("folded")
        self.folded_label.setWordWrap(True)
        self.folded_label.setStyleSheet("font-family: serif; font-size: 14px;")
        fl.addWidget(self.folded_label, 1)
        self.unlock_button = QPushButton("Hand over && unfold...")
        self.unlock_button.setObjectName("unlock")
        self.unlock_button.clicked.connect(self.unlock_requested.emit)
        fl.addWidget(self.unlock_button)
        lay.addWidget(self.folded)
        lay.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    # -- filling --------------------------------------------------------------------
    def show_sheet(
        self,
        state: CampaignState,
        seat: int,
        *,
        secrets: dict[str, Any] | None,
        editable: bool,
        turn: int | None = None,
    ) -> None:
        """Fill the sheet of ``seat``. ``secrets``: the contents this viewer may see;
        ``turn``: a finished turn from the history (read-only)."""
        self._filling = True
        past = turn is not None and turn != state.turn_no
        self.title.setText(
            f"Campaign Master Sheet - turn {turn} (history)" if past else "Campaign Master Sheet"
        )
        self.seat = seat
        p = state.players[seat]
        rules = state.rules
        others = ", ".join(f"<b>{c}</b>" if c == p.country else c for c in rules.countries)
        self.country.setText(
            f"<b>Country of Allegiance:</b> {p.country} &nbsp;&nbsp;({others})"
            f"&nbsp;&nbsp;&nbsp;&nbsp;<b>Captain:</b> {p.name}"
            + ("&nbsp;&nbsp;&nbsp;<i>- done declaring</i>" if p.done and not past else "")
        )
        rows = state.rows(seat, turn if past else None)
        #: The letters whose engagement waits for its result (the rows highlighted).
        self.waiting: list[str] = []
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            letter = row["letter"]
            opp = ""
            if row["opponent"] is not None:
                opp = (
                    f"{row['opponent_letter']}  ({state.players[row['opponent']].name.split()[-1]})"
                )
            att = "" if row["attacker"] is None else ("Y" if row["attacker"] else "N")
            score = "" if row["battle_score"] is None else str(row["battle_score"])
            result = ""
            if row["result"] is not None:
                result = f"{row['result']}. {rules.result_name(row['result'])}"
            elif row["engagement"] and state.phase != "orders" and not past:
                result = "…"
            vp = "" if row["vp"] is None else str(row["vp"])
            cells = [
                _item(letter, bold=True),
                _item("" if row["value"] is None else str(row["value"]), editable=editable),
                _item(opp),
                _item(att),
                _item(score),
                _item(result),
                _item(vp, bold=bool(vp and vp != "0")),
            ]
            waiting = (
                row["engagement"] is not None
                and row["vp"] is None
                and state.phase != "orders"
                and not past
            )
            if waiting:
                self.waiting.append(letter)
            for c, it in enumerate(cells):
                if row["value"] is None and c != COL_LETTER:
                    it.setBackground(QColor("#ece2c6"))
                elif waiting and c != COL_LETTER:
                    it.setBackground(QColor("#f2d48a"))
                    it.setToolTip("This engagement waits for its result")
                self.table.setItem(r, c, it)
            self.table.item(r, COL_LETTER).setData(Qt.ItemDataRole.UserRole, row["engagement"])
        _fit_height(self.table)
        _fit_width(self.table)
        this_turn = sum(row["vp"] or 0 for row in rows)
        self.total.setText(
            f"Victory points {f'in turn {turn}' if past else 'this turn'}: <b>{this_turn}</b>"
            f" &nbsp;&nbsp; Campaign total: <b>{state.vp_totals()[seat]}</b>"
        )

        folded = secrets is None
        shown = secrets or {}
        engagements = state.record(turn).engagements if past else state.engagements.values()
        self.folded.setVisible(folded)
        self.lower.setRowCount(len(rules.letters))
        for r, letter in enumerate(rules.letters):
            self.lower.setItem(r, 0, _item(letter, bold=True))
            force = p.forces.get(letter)
            if force is None:
                text = ""
            elif folded:
                text = SEALED if force.sealed else "(nothing sealed)"
            elif letter in shown:
                text = summary(shown[letter])
                lost = force_lost_words(engagements, seat, letter)
                text = f"{text} - {lost}" if lost else text
            else:
                text = "(nothing sealed yet: double-click to write the contents)"
            it = QTableWidgetItem(text)
            it.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            if folded:
                it.setBackground(QColor(FOLDED))
                it.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.lower.setItem(r, 1, it)
        self.lower.resizeRowsToContents()
        if folded:  # one thin line a force: the sheet, folded, fits 1024x768 unscrolled
            thin = self.lower.fontMetrics().height() + 2
            for r in range(self.lower.rowCount()):
                self.lower.setRowHeight(r, thin)
        _fit_height(self.lower)
        if folded:
            sealed = sum(1 for f in p.forces.values() if f.sealed)
            self.folded_label.setText(
                f"<b>Folded under.</b> {p.name}'s contents stay secret until every engagement "
                f"is known ({sealed} of {count(len(p.forces), 'force', 'forces')} sealed)."
            )
        self._filling = False

    def selected_letter(self) -> str | None:
        """The row the player chose: the selected one, else the current one (a refill
        of the sheet keeps the highlighted current row but drops the selection)."""
        rows = self.table.selectionModel().selectedRows()
        row = rows[0].row() if rows else self.table.currentRow()
        it = self.table.item(row, COL_LETTER) if row >= 0 else None
        return it.text() if it else None

    def select_letter(self, letter: str) -> None:
        for r in range(self.table.rowCount()):
            if self.table.item(r, COL_LETTER).text() == letter:
                self.table.selectRow(r)
                return

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() != COL_VALUE:
            return
        letter = self.table.item(item.row(), COL_LETTER).text()
        self.value_edited.emit(letter, item.text())

    def _lower_clicked(self, row: int, _col: int) -> None:
        it = self.lower.item(row, 0)
        if it is not None:
            self.contents_requested.emit(it.text())


def _fit_width(table: QTableWidget) -> None:
    """At least as wide as every column's heading and cells need."""
    header = table.horizontalHeader()
    need = sum(
        max(header.sectionSizeHint(c), table.sizeHintForColumn(c))
        for c in range(table.columnCount())
    )
    table.setMinimumWidth(need + 2 * table.frameWidth())


def _fit_height(table: QTableWidget) -> None:
    h = table.horizontalHeader().height() + 4
    for r in range(table.rowCount()):
        h += table.rowHeight(r)
    table.setFixedHeight(h)
