"""The raid table's widgets: the toolbar (Bot move, the seats, the bot speed, Restart),
the town board, and the panel (header, score, prompt, the main button, the Orders,
Score, Log, Forces and Town tabs, the legend). Built once by :func:`build` for
:class:`~ui.raid.view.RaidView`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ui.fixed_lines import FixedLinesLabel
from ui.override import attach_piece_menu
from ui.raid.board import TownBoard, TownScene
from ui.raid.setup import ForceBuilder, Legend, TownEditor
from ui.table.bots import view_only
from ui.table.seats import add_side_seats
from wargame.raid import actions as A
from wargame.raid.model import SIDE_WORDS

SIDE_TITLES = tuple(w.title() for w in SIDE_WORDS)
#: Lines the phase prompt keeps (the alarm table's odds take six at the panel's narrowest).
PROMPT_LINES = 6


def build(view: Any) -> None:
    """The toolbar, the town board and the panel (header, score, prompt, tabs, legend)."""
    outer = QVBoxLayout(view)
    outer.setContentsMargins(0, 0, 0, 0)
    bar = QToolBar("Raid")
    view.toolbar = bar
    view.act_bot = bar.addAction("Bot move", view.bot_step)
    view.act_bot.setShortcut(QKeySequence("B"))
    view.act_bot.setToolTip("Bot move (B): a bot makes the move of the side to move")
    # What sets the raid up or commands a side by bot (hidden at a remote seat).
    seats = add_side_seats(view, bar, "raid", list(SIDE_TITLES))
    speed = bar.addWidget(view.speed_box())
    view.setup_actions = [view.act_bot, *seats, speed]
    bar.addSeparator()
    view.act_restart = bar.addAction("Restart this raid", view._restart)
    view.setup_actions.append(view.act_restart)
    outer.addWidget(bar)

    split = QSplitter(Qt.Orientation.Horizontal)
    view.scene = TownScene(view)
    view.board = TownBoard(view.scene)
    view.board.clicked.connect(view._clicked)
    attach_piece_menu(view.board, view, view._figure_under)  # right-click: Override...
    view.board.stroke_started.connect(view._stroke_started)
    view.board.painted.connect(view._paint)
    view.board.stroke_ended.connect(view._stroke_ended)
    split.addWidget(view.board)

    panel = QWidget()
    # 330 px at the least: at 1024 px the town beside it fits whole (issue 40)
    panel.setMinimumWidth(330)
    panel.setMaximumWidth(470)
    pl = QVBoxLayout(panel)
    pl.setContentsMargins(8, 6, 8, 6)
    view.header = QLabel()
    view.header.setTextFormat(Qt.TextFormat.RichText)
    view.header.setWordWrap(True)  # "... · Defenders first" must not run off the panel
    # The header, the prompt and the button keep their heights whatever the phase, so
    # the tabs below never move under the pointer (issue 26): the name line, three
    # lines (one a wrap of "... · Defenders first") and the prompt's six lines.
    big = QFont(view.header.font())
    big.setPixelSize(15)
    view.header.setFixedHeight(
        QFontMetrics(big).lineSpacing() + 3 * view.header.fontMetrics().lineSpacing() + 4
    )
    pl.addWidget(view.header)
    view.score_label = QLabel()
    view.score_label.setToolTip(
        "The pirates win by carrying off at least "
        f"{view.rules.game.attacker_win_coins} of the town's coins"
    )
    view.score_label.setStyleSheet(
        "background:#f6ecd2; border:1px solid #b9a57a; border-radius:4px; padding:4px;"
        "font-weight:bold; color:#3a2a12"
    )
    pl.addWidget(view.score_label)
    view.prompt = FixedLinesLabel(PROMPT_LINES)
    view.prompt.setStyleSheet("color:#2b2114; padding:2px")
    pl.addWidget(view.prompt)
    row = QHBoxLayout()
    view.primary = QPushButton("Roll")
    view.primary.setStyleSheet("font-weight:bold; padding:6px")
    view.primary.clicked.connect(view._primary_clicked)
    view.withdraw_btn = QPushButton("Withdraw to the boats")
    view.withdraw_btn.clicked.connect(lambda: view.do(A.Withdraw()))
    row.addWidget(view.primary, 2)
    row.addWidget(view.withdraw_btn, 1)
    pl.addLayout(row)

    view.tabs = QTabWidget()
    orders = QWidget()
    ol = QVBoxLayout(orders)
    ol.setContentsMargins(4, 4, 4, 4)
    view.figures_label = QLabel("Figures in the square")
    ol.addWidget(view.figures_label)
    view.figures = QListWidget()
    view.figures.setMaximumHeight(150)
    view.figures.setMinimumHeight(40)
    view.figures.itemClicked.connect(view._figure_clicked)
    view.figures.itemChanged.connect(view._figure_changed)
    ol.addWidget(view.figures)
    ol.addWidget(QLabel("Orders you may give now (double-click):"))
    view.orders = QListWidget()
    view.orders.setMinimumHeight(40)
    view.orders.itemActivated.connect(view._order_activated)
    ol.addWidget(view.orders, 1)
    view.tabs.addTab(orders, "Orders")
    score = QWidget()
    sl = QVBoxLayout(score)
    sl.setContentsMargins(4, 4, 4, 4)
    view.account_label = QLabel()
    view.account_label.setWordWrap(True)
    sl.addWidget(view.account_label)
    view.ledger = QListWidget()
    sl.addWidget(view.ledger, 1)
    view.tabs.addTab(score, "Score")
    view.log.setStyleSheet("font-size: 11px")
    view.tabs.addTab(view.log, "Log")
    view.forces = ForceBuilder()
    view.forces.build_requested.connect(view._build_forces)
    view.forces.start_requested.connect(view._start_setup)
    view.tabs.addTab(_scrolled(view.forces), "Forces")
    view.town_editor = TownEditor(view.rules)
    view.town_editor.resize_requested.connect(view._resize_town)
    view.town_editor.town_name.editingFinished.connect(view._rename_town)
    view.town_editor.save_requested.connect(view._save_town)
    view.town_editor.load_requested.connect(view._load_town)
    view.town_editor.export_requested.connect(view._export_setup)
    view.tabs.addTab(_scrolled(view.town_editor), "Town")
    view.tabs.currentChanged.connect(view._tab_changed)
    pl.addWidget(view.tabs, 1)
    pl.addWidget(Legend(view.rules))
    split.addWidget(panel)
    split.setStretchFactor(0, 3)
    split.setStretchFactor(1, 1)
    split.setSizes([900, 380])
    outer.addWidget(split, 1)

    for keys, slot, what in (
        ("Space", view._primary_clicked, "Raid: the highlighted order"),
        ("Escape", view.clear_selection, "Raid: clear the selection"),
    ):
        sc = QShortcut(QKeySequence(keys), view)
        sc.setWhatsThis(what)
        sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        sc.activated.connect(slot)
        if keys == "Escape":
            view_only(sc)  # clears the selection only


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    return area
