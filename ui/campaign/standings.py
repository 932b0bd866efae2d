"""The standings page: players and countries by victory points, and every turn's
engagements as history."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.campaign.sheet import SHEET_STYLE
from wargame.campaign.model import Engagement
from wargame.campaign.state import CampaignState


def _table(headers: list[str]) -> QTableWidget:
    t = QTableWidget(0, len(headers))
    t.setHorizontalHeaderLabels(headers)
    t.verticalHeader().hide()
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    return t


def _fill(t: QTableWidget, rows: list[list[object]]) -> None:
    t.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            it = QTableWidgetItem("" if v is None else str(v))
            it.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            t.setItem(r, c, it)


class StandingsPage(QFrame):
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("paper")
        self.setStyleSheet(SHEET_STYLE)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(28, 20, 28, 20)
        top = QHBoxLayout()
        self.heading = QLabel()
        self.heading.setStyleSheet("font-size: 22px; font-weight: bold; font-family: serif;")
        top.addWidget(self.heading, 1)
        self.back_button = QPushButton("Back to the sheets")
        self.back_button.clicked.connect(self.back.emit)
        top.addWidget(self.back_button)
        lay.addLayout(top)
        row = QHBoxLayout()
        self.players = _table(["Rank", "Captain", "Country", "Victory points", "Fights", "Won"])
        self.players.setObjectName("standings")
        row.addWidget(self.players, 3)
        self.countries = _table(["Country", "Victory points"])
        self.countries.setObjectName("countries")
        row.addWidget(self.countries, 1)
        lay.addLayout(row, 2)
        lay.addWidget(QLabel("<b>History of the campaign</b>"))
        self.history = _table(
            ["Turn", "Engagement", "Attacker", "Defender", "Result", "Battle score", "VP"]
        )
        self.history.setObjectName("history")
        lay.addWidget(self.history, 3)

    def show_state(self, state: CampaignState) -> None:
        over = state.phase == "over"
        self.heading.setText(
            f"{state.name}: {'final standings' if over else f'standings after turn {state.turn_no}'}"
        )
        _fill(
            self.players,
            [[s.rank, s.name, s.country, s.vp, s.fought, s.won] for s in state.standings()],
        )
        _fill(self.countries, [[c, v] for c, v in state.country_totals()])
        rows: list[list[object]] = []
        for record in state.history:
            rows.extend(_history_row(state, record.turn, e) for e in record.engagements)
        rows.extend(_history_row(state, state.turn_no, e) for e in state.engagements.values())
        _fill(self.history, rows)


def _history_row(state: CampaignState, turn: int, e: Engagement) -> list[object]:
    a, d = e.attacker_side, e.defender_side
    score = "" if e.attacker_score is None else f"{e.attacker_score} - {e.defender_score}"
    vp = "" if e.attacker_vp is None else f"{e.attacker_vp} - {e.defender_vp}"
    return [
        turn,
        e.key,
        f"{state.players[a[0]].name} {a[1]}",
        f"{state.players[d[0]].name} {d[1]}",
        state.rules.result_name(e.result) or "-",
        score,
        vp,
    ]
