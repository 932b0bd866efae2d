"""The naval battle table's widgets: the toolbar (setup, the seats, the tools), the sea,
and the side panel (the phase, the buttons of what may be done, the fire controls, the
ship sheet and the battle log). Built once by :func:`build` for
:class:`~ui.naval.view.NavalView`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ui.naval.scene import SeaScene
from ui.naval.seaview import SeaView
from ui.naval.units import length
from ui.override import attach_piece_menu
from ui.table.bots import view_only
from ui.table.seats import add_side_seats
from wargame.naval.rules import Aim

#: The battle log's rows in view at the least (at 1024x768 some of its lines wrap, so
#: this shows six lines or more; more on a taller screen).
LOG_LINES = 10


class ShrinkingSplitter(QSplitter):
    """A splitter that asks only for its minimum height: the side panel's scroll area
    sizes the panel by its preferred height (height-for-width), so the sheet's and the
    log's preferred heights pushed the log below the fold even when all fitted."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return self.minimumSizeHint()


def log_height(log: QListWidget, lines: int) -> int:
    """The height of a list showing ``lines`` one-row lines."""
    return lines * log.fontMetrics().lineSpacing() + 2 * log.frameWidth() + 4


def tool(
    view: Any, bar: QToolBar, text: str, key: str, slot: Any, *, checkable: bool = False
) -> QAction:
    act = QAction(f"{text}", view)
    act.setShortcut(QKeySequence(key))
    act.setToolTip(f"{text} ({key})")
    act.setCheckable(checkable)
    act.triggered.connect(slot)
    bar.addAction(act)
    view.addAction(act)
    return act


def key_action(view: Any, text: str, key: str, step: int) -> QAction:
    act = QAction(text, view)
    act.setShortcut(QKeySequence(key))
    act.triggered.connect(lambda: view.turn_intent(step))
    view.addAction(act)
    return act


def build(view: Any) -> None:
    """The toolbar, the sea and the side panel (phase, buttons, fire, sheet, log)."""
    outer = QVBoxLayout(view)
    outer.setContentsMargins(0, 0, 0, 0)
    bar = QToolBar("Naval")
    view.toolbar = bar
    view.act_setup = tool(view, bar, "Battle setup", "Ctrl+Shift+B", lambda: view.open_setup())
    view.act_setup.setToolTip(
        "Set up a battle: the sea (any map or open sea), ships from the Roster, where "
        "they start, the victory condition; save it as a scenario (Ctrl+Shift+B)"
    )
    view.act_return = tool(
        view, bar, "Return to the campaign", "Ctrl+Shift+C", view.return_to_campaign
    )
    view.act_return.setToolTip(
        "Back to the campaign this battle was fought for; its result goes onto the "
        "sheets when the battle is over (Ctrl+Shift+C)"
    )
    view.act_return.setVisible(False)
    setup_end = bar.addSeparator()  # hidden with the setup at a remote seat
    view.act_ruler = tool(view, bar, "Ruler", "R", view._toggle_ruler, checkable=True)
    view.act_end = tool(view, bar, "End ship's turn", "E", view._end_turn)
    view.act_bot = tool(view, bar, "Bot move", "B", view.bot_step)
    view.act_bot.setToolTip("Bot move (B): a bot makes the move of the side to move")
    # What sets the table up or commands a side by bot (hidden at a remote seat).
    seats = add_side_seats(view, bar, "naval", [w.title() for w in view.side_words])
    speed = bar.addWidget(view.speed_box())
    view.setup_actions = [view.act_setup, view.act_return, setup_end, view.act_bot, *seats, speed]
    # Above the sea: what shows it (all of it in view at 1024 px, never behind ">>").
    bar = QToolBar("Naval view")
    bar.setObjectName("naval-view-tools")
    view.view_toolbar = bar
    fit = tool(view, bar, "Fit table", "0", view.sea_view_fit)
    zoom_in = tool(view, bar, "Zoom in", "+", lambda: view._zoom(1.25))
    zoom_out = tool(view, bar, "Zoom out", "-", lambda: view._zoom(0.8))
    bar.addSeparator()
    view.act_all_arcs = tool(view, bar, "All arcs", "A", view._refresh, checkable=True)
    view.act_all_arcs.setToolTip("Show every ship's gun arcs, not only the selected ship's (A)")
    view.act_legend = tool(view, bar, "Legend", "L", view._toggle_legend, checkable=True)
    view.act_legend.setChecked(True)
    view.act_inches = tool(view, bar, "Inches", "I", view._toggle_inches, checkable=True)
    view.act_inches.setToolTip(
        "Show inches beside cm on the ruler, the arcs, the hover and the odds (I); "
        "the rules still measure in cm"
    )
    view.act_coords = tool(view, bar, "Coordinates", "C", view._toggle_coords, checkable=True)
    view.act_coords.setToolTip(
        "Show each hex's (column, row) on the sea, as the log and the status bar name them (C)"
    )
    row = view.toolbar
    row.addSeparator()
    sheets = tool(view, row, "Sheets (PDF)", "Ctrl+P", view._export_pdf)
    sheets.setToolTip("Export every ship's sheet as a PDF (Ctrl+P)")
    # what only shows the table: a thinking bot leaves them on
    view_only(fit, zoom_in, zoom_out, sheets, view.act_ruler, view.act_all_arcs)
    view_only(view.act_legend, view.act_inches, view.act_coords)
    view.setup_actions.append(tool(view, row, "Roster", "Ctrl+R", view._roster))
    outer.addWidget(view.toolbar)
    # Choosing a move: the hex by a click, the heading by keys or a drag, then Enter.
    view.act_turn_left = key_action(view, "Turn the chosen heading anticlockwise", "Left", -1)
    view.act_turn_right = key_action(view, "Turn the chosen heading clockwise", "Right", 1)
    view.act_confirm = QAction("Sail the chosen move", view)
    view.act_confirm.setShortcuts([QKeySequence("Return"), QKeySequence("Enter")])
    view.act_confirm.triggered.connect(view.confirm_intent)
    view.act_cancel = QAction("Cancel the chosen move", view)
    view.act_cancel.setShortcut(QKeySequence("Escape"))
    view.act_cancel.triggered.connect(view.cancel_intent)
    for act in (view.act_confirm, view.act_cancel):
        view.addAction(act)
    split = QSplitter(Qt.Orientation.Horizontal)
    view.scene = SeaScene(view)
    view.sea_view = SeaView(view.scene)
    view.sea_view.clicked.connect(view._clicked)
    view.sea_view.hovered.connect(view._hovered)
    view.sea_view.grab_test = view._grab_test
    view.sea_view.grab_moved.connect(view._grab_moved)
    view.sea_view.grab_released.connect(view._grab_moved)
    view.sea_view.ruler_changed.connect(
        lambda cm: view._set_status(f"Ruler: {length(cm, inches=view.inches)}")
    )
    attach_piece_menu(view.sea_view, view, view._ship_under)  # right-click: Override...
    sea = QWidget()
    sea_lay = QVBoxLayout(sea)
    sea_lay.setContentsMargins(0, 0, 0, 0)
    sea_lay.setSpacing(0)
    sea_lay.addWidget(view.view_toolbar)
    sea_lay.addWidget(view.sea_view, 1)
    split.addWidget(sea)
    side = QWidget()
    side.setMinimumWidth(360)
    lay = QVBoxLayout(side)
    lay.setContentsMargins(6, 6, 6, 6)
    view.phase_label = QLabel()
    view.phase_label.setWordWrap(True)
    view.phase_label.setToolTip(
        "Point of sailing, from the wind's direction to her heading:<br>"
        "<b>running</b>: wind behind her, the fastest;<br><b>reaching</b>: wind on "
        "her quarter;<br><b>beating</b>: wind ahead at an angle, 1 hex and she must "
        "turn;<br><b>against</b>: wind in her face, she can only turn one face."
    )
    view.phase_label.setStyleSheet(
        "QLabel{background:#2b2118;color:#f3e6c8;padding:8px;border-radius:4px;font-size:13px}"
    )
    lay.addWidget(view.phase_label)
    view.buttons_box = QWidget()
    view.buttons = QGridLayout(view.buttons_box)
    view.buttons.setContentsMargins(0, 0, 0, 0)
    lay.addWidget(view.buttons_box)
    fire = QGroupBox("Fire")
    fl = QGridLayout(fire)
    view.battery_box = QComboBox()
    view.aim_box = QComboBox()
    view.aim_box.addItems([a.value for a in Aim])
    view.side_box = QComboBox()
    view.fire_button = QPushButton("Fire!  (F)")
    view.fire_button.setShortcut(QKeySequence("F"))
    view.fire_button.clicked.connect(view._fire)
    view.target_label = QLabel("Target: click an enemy ship")
    view.target_label.setWordWrap(True)
    fl.addWidget(view.target_label, 0, 0, 1, 2)
    fl.addWidget(QLabel("Battery"), 1, 0)
    fl.addWidget(view.battery_box, 1, 1)
    fl.addWidget(QLabel("Aim at"), 2, 0)
    fl.addWidget(view.aim_box, 2, 1)
    fl.addWidget(QLabel("Raking: damage side"), 3, 0)
    fl.addWidget(view.side_box, 3, 1)
    view.odds_label = QLabel()
    view.odds_label.setWordWrap(True)
    view.odds_label.setTextFormat(Qt.TextFormat.RichText)
    fl.addWidget(view.odds_label, 4, 0, 1, 2)
    fl.addWidget(view.fire_button, 5, 0, 1, 2)
    for box in (view.battery_box, view.aim_box, view.side_box):
        box.currentIndexChanged.connect(view._update_odds)
    view.fire_group = fire
    lay.addWidget(fire)
    # The ship sheet and the battle log share what height is left in a splitter:
    # they shrink together on a small screen and never draw over each other.
    # The log keeps LOG_LINES lines whatever the screen (issue 40: one line showed at
    # 1024x768); what height is left beyond both minimums goes half to each.
    info = ShrinkingSplitter(Qt.Orientation.Vertical)
    info.setChildrenCollapsible(False)
    view.sheet = QTextBrowser()
    view.sheet.setMinimumHeight(90)
    info.addWidget(view.sheet)
    log_box = QWidget()
    log_lay = QVBoxLayout(log_box)
    log_lay.setContentsMargins(0, 4, 0, 0)
    log_lay.addWidget(QLabel("<b>Battle log</b>"))
    view.log.setMinimumHeight(log_height(view.log, LOG_LINES))
    log_lay.addWidget(view.log, 1)
    info.addWidget(log_box)
    info.setStretchFactor(0, 1)
    info.setStretchFactor(1, 1)
    info.setSizes([100, 100])  # the weights of the extra height: alike, not the hints
    lay.addWidget(info, 1)
    # On a low screen the whole panel scrolls rather than squeezing its parts.
    side_scroll = QScrollArea()
    side_scroll.setWidgetResizable(True)
    side_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    side_scroll.setWidget(side)
    side_scroll.setMinimumWidth(372)
    view.side_scroll = side_scroll
    split.addWidget(side_scroll)
    split.setStretchFactor(0, 3)
    split.setStretchFactor(1, 1)
    split.setSizes([900, 380])
    outer.addWidget(split)
