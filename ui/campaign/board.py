"""The campaign view's board: its widgets (players, the sheet, the buttons, the
hand-off and standings pages) and how they are filled from the campaign."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ui.campaign.handoff import HandOffPage
from ui.campaign.sheet import SheetWidget
from ui.campaign.standings import StandingsPage
from wargame.campaign.document import open_contents
from wargame.campaign.model import ORDERS, OVER, RESOLVE, REVEAL
from wargame.errors import WargameError

PAGE_SHEETS, PAGE_HANDOFF, PAGE_STANDINGS = 0, 1, 2
PHASE_TITLES = {
    ORDERS: "Orders: values, secret contents and engagements",
    REVEAL: "Every engagement is known: unfold the sheets",
    RESOLVE: "Resolve the engagements and write in the battle scores",
    OVER: "The campaign is over",
}


class BoardMixin:
    """Builds and refreshes the campaign view's widgets (mixed into CampaignView)."""

    # attributes the view provides
    session: Any
    seat: int
    viewer: int | None
    turn_shown: int | None
    _key: Any
    _secrets: dict[str, Any]
    _filling_turns: bool

    # -- building ---------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.pages = QStackedWidget()
        outer.addWidget(self.pages)

        board = QWidget()
        board.setObjectName("campaign-board")
        board.setStyleSheet("QWidget#campaign-board { background: #5b4632; }")
        bl = QVBoxLayout(board)
        bl.setContentsMargins(10, 8, 10, 8)
        self.banner = QLabel()
        self.banner.setObjectName("banner")
        self.banner.setStyleSheet("color: #f3ead3; font-size: 15px;")
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        # A long banner ("Alice's secrets are showing", what the turn waits for) wraps:
        # unwrapped it once widened the window to 1,170 px at 1024x768 (issue 26).
        self.banner.setWordWrap(True)
        # Its height is fixed (the title line and two more): "...'s secrets are showing"
        # appearing or going never pushes the sheet down or pulls it up (issue 40).
        self.banner.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        title_font = QFont(self.banner.font())
        title_font.setPixelSize(18)
        text_font = QFont(self.banner.font())
        text_font.setPixelSize(15)
        self.banner.setFixedHeight(
            QFontMetrics(title_font).lineSpacing() + 2 * QFontMetrics(text_font).lineSpacing() + 6
        )
        top = QHBoxLayout()
        top.addWidget(self.banner, 1)
        turn_label = QLabel("Sheet of turn")
        turn_label.setStyleSheet("color: #f3ead3;")
        top.addWidget(turn_label)
        self.turn_box = QComboBox()
        self.turn_box.setObjectName("turn-box")
        self.turn_box.setMinimumWidth(150)
        self.turn_box.currentIndexChanged.connect(self._turn_chosen)
        top.addWidget(self.turn_box)
        bl.addLayout(top)
        body = QHBoxLayout()
        bl.addLayout(body, 1)

        left = QVBoxLayout()
        self.players = QListWidget()
        self.players.setObjectName("players")
        self.players.setMaximumWidth(200)
        self.players.setStyleSheet(
            "QListWidget { background: #efe4c8; color: #2b1d0e; font-size: 13px; }"
            "QListWidget::item { padding: 6px; }"
            "QListWidget::item:selected { background: #8a6a3a; color: #f3ead3; }"
        )
        self.players.currentRowChanged.connect(self._select_seat)
        left.addWidget(self.players, 1)
        self.players.setMinimumWidth(180)
        self.countries = QLabel()
        self.countries.setObjectName("country-totals")
        self.countries.setStyleSheet("color: #f3ead3; font-size: 13px;")
        self.countries.setMaximumWidth(200)
        self.countries.setWordWrap(True)
        left.addWidget(self.countries)
        log_title = QLabel("<b>Campaign log</b>")
        log_title.setStyleSheet("color: #f3ead3;")
        left.addWidget(log_title)
        self.history = QListWidget()
        self.history.setObjectName("log")
        self.history.setMaximumWidth(200)
        self.history.setWordWrap(True)
        self.history.setStyleSheet(
            "QListWidget { background: #efe4c8; color: #2b1d0e; font-size: 11px; }"
        )
        left.addWidget(self.history, 1)
        body.addLayout(left)

        self.sheet = SheetWidget()
        self.sheet.value_edited.connect(self._value_edited)
        self.sheet.contents_requested.connect(self.edit_contents)
        self.sheet.unlock_requested.connect(lambda: self.request_handoff(self.seat))
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        # A narrow screen scrolls the sheet sideways rather than squeezing its columns.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        scroll.setWidget(self.sheet)
        scroll.setStyleSheet("QScrollArea { border: none; background: transparent; }")
        body.addWidget(scroll, 1)

        right = QVBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, shortcut, slot in (
            ("new", "New campaign...", "", self.new_campaign_dialog),
            ("open", "Open campaign...", "", self.open_campaign_dialog),
            ("add", "Add player...", "Ctrl+Shift+P", self.add_player_dialog),
            ("declare", "Declare engagement...", "Ctrl+E", self.declare_dialog),
            ("withdraw", "Withdraw engagement", "Ctrl+Shift+W", self._withdraw_selected),
            ("done", "Done declaring", "Ctrl+D", self._toggle_done),
            ("unlock", "Hand over && unfold...", "Ctrl+K", lambda: self.request_handoff(self.seat)),
            ("lock", "Fold && hand on", "Ctrl+Shift+K", self.hand_on),
            ("reveal", "Unfold my sheet for all", "Ctrl+R", self.reveal),
            ("resolve", "Resolve engagements", "Ctrl+Shift+R", self.resolve_all),
            ("fight", "Fight it (battle / raid)", "Ctrl+F", self._fight_selected),
            ("score", "Type in battle score...", "Ctrl+T", self._score_selected),
            ("end", "End turn", "Ctrl+Shift+E", self.end_turn),
            ("finish", "End the campaign", "", self.finish),
            ("standings", "Standings", "F9", self.show_standings),
            ("print", "Print to PDF...", "Ctrl+P", self.print_dialog),
        ):
            b = QPushButton(text.replace("&&", "&&"))
            b.setObjectName(f"btn-{key}")
            b.clicked.connect(slot)
            b.setFixedWidth(176)
            if shortcut:
                b.setToolTip(shortcut)
                sc = QShortcut(QKeySequence(shortcut), self)
                sc.setWhatsThis(f"Campaign: {text.replace('&&', '&').rstrip('.')}")
                sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                sc.activated.connect(b.click)
            self.buttons[key] = b
            right.addWidget(b)
        right.addStretch(1)
        body.addLayout(right)
        self.pages.addWidget(board)

        self.handoff = HandOffPage()
        self.handoff.unlock.connect(self.unlock)
        self.handoff.cancelled.connect(self.show_sheets)
        self.pages.addWidget(self.handoff)

        self.standings = StandingsPage()
        self.standings.back.connect(self.show_sheets)
        self.pages.addWidget(self.standings)

    # -- refreshing -------------------------------------------------------------------
    def _visible_secrets(self, seat: int) -> dict[str, Any] | None:
        if self.turn_shown is not None:
            return self.state.contents_in_turn(seat, self.turn_shown)
        p = self.state.players[seat]
        if p.revealed is not None:
            return p.revealed
        if self.viewer == seat:
            return self._secrets
        return None

    def _refresh(self) -> None:
        if self.session is None:
            return
        st = self.state
        if self.viewer is not None and self._key is not None:
            try:
                self._secrets = open_contents(st, self.viewer, self._key)
            except WargameError:
                self._forget_secrets()
        if self.viewer is not None and self.viewer >= len(st.players):
            self._forget_secrets()
        n = len(st.players)
        self.seat = min(self.seat, max(0, n - 1))
        totals = st.vp_totals()
        self.players.blockSignals(True)
        self.players.clear()
        for i, p in enumerate(st.players):
            mark = "  ✔" if p.done and st.phase == ORDERS else ""
            lock = "  (unfolded)" if p.revealed is not None else ""
            QListWidgetItem(f"{p.name}\n{p.country} - {totals[i]} VP{mark}{lock}", self.players)
        if n:
            self.players.setCurrentRow(self.seat)
        self.players.blockSignals(False)
        self.countries.setText(
            "<b>Victory points by country</b><br>"
            + "<br>".join(f"{c}: {v}" for c, v in st.country_totals())
        )
        title = PHASE_TITLES.get(st.phase, st.phase)
        who = ""
        if self.viewer is not None:
            who = f" &nbsp;|&nbsp; <b>{st.players[self.viewer].name}'s secrets are showing</b>"
        pending = st.pending()
        self.banner.setText(
            f"<b style='font-size:18px'>{st.name}</b> &nbsp; Turn {st.turn_no}: {title}{who}"
            + (f"<br><i>Waiting for: {'; '.join(pending[:4])}</i>" if pending else "")
        )
        self._fill_turns()
        if n:
            editable = (
                st.phase == ORDERS
                and not st.players[self.seat].done
                and self.turn_shown is None
                and self.viewer == self.seat
            )
            self.sheet.show_sheet(
                st,
                self.seat,
                secrets=self._visible_secrets(self.seat),
                editable=editable,
                turn=self.turn_shown,
            )
            self.sheet.setVisible(True)
        else:
            self.sheet.setVisible(False)
        self._enable_buttons()
        self.history.clear()
        for entry in self.session.entries[-200:]:
            self.history.addItem(entry.label)
        self.history.scrollToBottom()
        self.status_changed.emit(self.status_text())

    def _fill_turns(self) -> None:
        st = self.state
        if self.turn_shown is not None and self.turn_shown not in {r.turn for r in st.history}:
            self.turn_shown = None
        self._filling_turns = True
        self.turn_box.clear()
        self.turn_box.addItem(f"{st.turn_no} (now)", None)
        for r in reversed(st.history):
            self.turn_box.addItem(f"{r.turn} (fought)", r.turn)
        index = self.turn_box.findData(self.turn_shown) if self.turn_shown is not None else 0
        self.turn_box.setCurrentIndex(max(0, index))
        self._filling_turns = False

    def _enable_buttons(self) -> None:
        st = self.state
        b = self.buttons
        n = len(st.players)
        orders = st.phase == ORDERS
        owner = n > 0 and self.viewer == self.seat
        mine = owner and not (orders and st.players[self.seat].done)
        b["add"].setEnabled(orders and st.turn_no == 1 and not st.engagements and not st.history)
        b["declare"].setEnabled(orders and n >= 2 and mine)
        b["withdraw"].setEnabled(orders and n >= 2 and mine)
        # Under the fair-play rules "done" is final for the turn (issue 11).
        frozen = n > 0 and st.fair_play and st.players[self.seat].done
        b["done"].setEnabled(orders and n >= st.rules.min_players and owner and not frozen)
        if n:
            b["done"].setText("Declare again" if st.players[self.seat].done else "Done declaring")
            if frozen:
                b["done"].setText("Done for this turn")
        b["unlock"].setEnabled(n > 0 and st.phase in (ORDERS, REVEAL))
        b["lock"].setEnabled(self.viewer is not None)
        b["reveal"].setEnabled(st.phase == REVEAL and self.viewer is not None)
        b["resolve"].setEnabled(
            st.phase == RESOLVE and any(e.result is None for e in st.engagements.values())
        )
        b["fight"].setEnabled(st.phase == RESOLVE)
        b["score"].setEnabled(st.phase == RESOLVE)
        b["end"].setEnabled(st.phase == RESOLVE and st.all_scored())
        b["finish"].setEnabled(orders and bool(st.history) and not st.engagements)
