"""The home screen: every mode, the recent saves and the shipped scenarios."""

from __future__ import annotations

import textwrap

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QPaintEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ui.context import AppContext
from ui.mode_base import ModeView
from ui.modes import entries, is_built, map_modes, setup_mode
from ui.saves_list import AllSavesDialog, mode_titles, row_texts
from wargame.errors import WargameError, shown

#: The scenario list keeps each row's mode here; "Set up..." opens the setup screen of
#: the mode that takes it (``ui/modes.py``: a sea fight to change it, or a map for a sea
#: fight on it).
MODE_ROLE = Qt.ItemDataRole.UserRole + 1
#: A row of the scenarios list that is a map saved in the app (a save, not a scenario).
SAVED_MAP_ROLE = Qt.ItemDataRole.UserRole + 2

CARD_STYLE = """
HomeView { background: #efe6d2; }
QPushButton#modeCard { text-align: left; border: 1px solid #b9a57a;
  border-radius: 8px; background: #fbf6ea; }
QPushButton#modeCard:hover { background: #f3e6c4; border-color: #8a6d35; }
QPushButton#modeCard[built="false"] { background: #efece6; border-style: dashed; }
QLabel#cardTitle { color: #2b2114; font-size: 15px; font-weight: bold; }
QLabel#cardBlurb { color: #4a3c26; }
QLabel#cardBadge { color: #8b6b2e; font-style: italic; }
QListWidget { background: #fbf6ea; border: 1px solid #b9a57a; border-radius: 6px; }
"""


def mode_card(title: str, blurb: str, built: bool) -> QPushButton:
    """A clickable card: bold title, wrapped blurb, a badge for modes not built yet."""
    btn = QPushButton()
    btn.setObjectName("modeCard")
    btn.setProperty("built", "true" if built else "false")
    btn.setMinimumSize(180, 86)
    btn.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    btn.setFixedHeight(90)
    lay = QVBoxLayout(btn)
    lay.setContentsMargins(14, 10, 14, 10)
    lay.setSpacing(2)
    for text, name in ((title, "cardTitle"), (blurb, "cardBlurb")):
        label = QLabel(text)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        lay.addWidget(label)
    if not built:
        badge = QLabel("Not built yet")
        badge.setObjectName("cardBadge")
        badge.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        lay.addWidget(badge)
    lay.addStretch(1)
    btn.setAccessibleName(title)
    btn.setToolTip(blurb if built else f"{title} is not built yet")
    return btn


#: How many of the newest saves the home screen lists (All saves... lists every one).
RECENT = 15


class HomeView(ModeView):
    mode_key = "home"
    title = "Home"

    open_mode = Signal(str)
    #: A card whose mode starts with a dialog (``ModeEntry.start``: the campaign's wizard).
    start_mode = Signal(str)
    #: A mode's button under the cards (``ModeEntry.home_action``): its key and method.
    mode_action = Signal(str, str)
    open_save = Signal(int)
    open_scenario = Signal(int)
    #: A save was deleted (the main window makes a document still showing it unsaved).
    save_deleted = Signal(int)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setStyleSheet(CARD_STYLE)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(28, 20, 28, 20)
        left = QVBoxLayout()
        heading = QLabel(
            "<h1 style='color:#3a2a12'>Pieces of Eight</h1>"
            "<p style='color:#5b4a2e'>Naval battles, land raids, campaigns and "
            "pirate board games.</p>"
        )
        left.addWidget(heading)
        grid = QGridLayout()
        grid.setSpacing(12)
        self.cards: dict[str, QPushButton] = {}
        for i, m in enumerate(entries()):
            btn = mode_card(m.title, m.blurb, is_built(m.key))
            if m.start:
                btn.clicked.connect(lambda _=False, k=m.key: self.start_mode.emit(k))
                btn.setToolTip(m.start_tip)
            else:
                btn.clicked.connect(lambda _=False, k=m.key: self.open_mode.emit(k))
            self.cards[m.key] = btn
            grid.addWidget(btn, i // 2, i % 2)
        left.addLayout(grid)
        #: The modes' buttons under the cards, by mode key ("Join a campaign from a
        #: turn file...").
        self.action_buttons: dict[str, QPushButton] = {}
        for m in entries():
            if not m.home_action:
                continue
            text, method, tip = m.home_action
            b = QPushButton(text)
            b.setObjectName(f"home-action-{m.key}")
            b.setToolTip(tip)
            b.clicked.connect(lambda _=False, k=m.key, f=method: self.mode_action.emit(k, f))
            self.action_buttons[m.key] = b
            left.addWidget(b, 0, Qt.AlignmentFlag.AlignLeft)
        left.addStretch(1)
        outer.addLayout(left, 3)

        right = QVBoxLayout()
        right.addWidget(
            QLabel(
                "<b>Recent saves</b> <span style='color:#6b5a3a'>(double-click to resume)</span>"
            )
        )
        self.saves = QListWidget()
        self.saves.setSpacing(3)
        # A long title ("Land raid — The sack of Puerto Bello — autosave ...") wraps, never cut.
        self.saves.setWordWrap(True)
        self.saves.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.saves.itemActivated.connect(self._save_activated)
        self.saves.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.delete_action = QAction("Delete save", self.saves)
        self.delete_action.setShortcut(QKeySequence.StandardKey.Delete)
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.delete_action.triggered.connect(self.delete_selected_save)
        self.saves.addAction(self.delete_action)
        right.addWidget(self.saves, 1)
        self.all_saves_button = QPushButton("All saves...")
        self.all_saves_button.setToolTip("Every saved game: search by name, sort by any column")
        self.all_saves_button.clicked.connect(self.show_all_saves)
        right.addWidget(self.all_saves_button, 0, Qt.AlignmentFlag.AlignRight)
        right.addWidget(QLabel("<b>Scenarios and maps</b>"))
        self.scenarios = QListWidget()
        self.scenarios.setSpacing(3)
        self.scenarios.setWordWrap(True)
        self.scenarios.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scenarios.itemActivated.connect(self._scenario_activated)
        self.scenarios.currentItemChanged.connect(lambda _c, _p: self._scenario_buttons())
        right.addWidget(self.scenarios, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.play_button = QPushButton("Play")
        self.play_button.setToolTip("Open the chosen scenario or map and play it")
        self.play_button.clicked.connect(self.play_selected_scenario)
        self.setup_button = QPushButton("Set up...")
        self.setup_button.setToolTip(
            "Open the chosen sea fight in the battle setup (or set up a sea fight on the "
            "chosen map): change the sea, the ships, where they start and the victory "
            "condition, then start it or save your own"
        )
        self.setup_button.clicked.connect(self.setup_selected_scenario)
        row.addWidget(self.play_button)
        row.addWidget(self.setup_button)
        right.addLayout(row)
        frame = QFrame()
        frame.setLayout(right)
        frame.setMinimumWidth(200)
        outer.addWidget(frame, 2)
        self.loaded = False
        self.problem: str | None = None
        self._pending = False
        self.saves.addItem(QListWidgetItem("Loading..."))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        super().paintEvent(event)
        if not self.loaded and not self._pending:
            # After the first paint: opening the database imports sqlmodel (~0.5 s).
            self._pending = True
            QTimer.singleShot(0, self.refresh)

    def refresh(self) -> None:
        self.loaded = True
        self.saves.clear()
        self.scenarios.clear()
        try:
            self._fill()
        except WargameError as exc:
            # no usable database: say so instead of showing empty lists
            self.saves.clear()
            text = textwrap.fill(str(exc).removeprefix("no database: "), 44)
            item = QListWidgetItem(f"The database can't be used:\n{text}")
            item.setToolTip(str(exc))
            self.saves.addItem(item)
            self.scenarios.clear()
            self.problem = str(exc)
            self.status_changed.emit(f"The database can't be used: {exc}")

    def _fill(self) -> None:
        self.problem: str | None = None
        titles = mode_titles()
        db = self.ctx.db
        for info in db.list_saves(limit=RECENT):
            name, mode, when, state = row_texts(info, titles)
            if info.damaged:
                item = QListWidgetItem(f"{name} (damaged)\n{mode} - {state}")
                item.setToolTip(
                    f"{name}: this saved game is damaged ({info.damaged}); double-click to "
                    "try to open it anyway"
                )
            elif info.autosave:
                item = QListWidgetItem(f"{name}\nunsaved work, kept for you")
                item.setToolTip(
                    f"{name}: the unsaved state of a game, kept automatically; "
                    "double-click to resume"
                )
            else:
                item = QListWidgetItem(f"{name}\n{mode} - {when}")
                item.setToolTip(f"{name} ({mode}), saved {when}; double-click to resume")
            item.setData(Qt.ItemDataRole.UserRole, info.id)
            self.saves.addItem(item)
        if not self.saves.count():
            self.saves.addItem(QListWidgetItem("No saves yet"))
        for sid, mode_key, name in db.list_scenarios():
            item = QListWidgetItem(f"{name}\n{titles.get(mode_key, mode_key)}")
            item.setData(Qt.ItemDataRole.UserRole, sid)
            item.setData(MODE_ROLE, mode_key)
            self.scenarios.addItem(item)
        # the maps saved in the app (the map editor's saves) are maps to play on too
        # (issue 40: they were only inside Battle setup)
        for key in map_modes():
            for info in db.list_saves(mode=key, limit=None):
                if info.damaged or info.autosave:
                    continue
                item = QListWidgetItem(f"{info.name}\nYour map, saved {info.updated:%Y-%m-%d}")
                item.setToolTip(
                    f"{info.name}: a map you saved. Play opens it; Set up... sets up a fight on it"
                )
                item.setData(Qt.ItemDataRole.UserRole, info.id)
                item.setData(MODE_ROLE, key)
                item.setData(SAVED_MAP_ROLE, True)
                self.scenarios.addItem(item)
        self._scenario_buttons()

    def show_all_saves(self) -> AllSavesDialog | None:
        """The searchable, sortable table of every save (double-click opens one)."""
        try:
            saves = self.ctx.db.list_saves(limit=None)
        except WargameError as exc:
            self.show_error(str(exc), "Could not list the saves")
            return None
        dialog = AllSavesDialog(saves, self)
        dialog.open_save.connect(self.open_save)
        dialog.show()
        return dialog

    def delete_selected_save(self) -> None:
        item = self.saves.currentItem()
        sid = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if sid is None:
            return
        name = item.text().splitlines()[0]
        if not self.ctx.quiet_errors:
            answer = QMessageBox.question(self, "Delete save", f"Delete the save {shown(name)}?")
            if answer != QMessageBox.StandardButton.Yes:
                return
        try:
            self.ctx.db.delete_save(int(sid))
        except WargameError as exc:
            self.show_error(str(exc), "Could not delete the save")
            return
        self.save_deleted.emit(int(sid))
        self.refresh()

    def _save_activated(self, item: QListWidgetItem) -> None:
        sid = item.data(Qt.ItemDataRole.UserRole)
        if sid is not None:
            self.open_save.emit(int(sid))

    def _scenario_activated(self, item: QListWidgetItem) -> None:
        sid = item.data(Qt.ItemDataRole.UserRole)
        if sid is None:
            return
        if item.data(SAVED_MAP_ROLE):  # a map saved in the app: its save
            self.open_save.emit(int(sid))
        else:
            self.open_scenario.emit(int(sid))

    def _scenario_buttons(self) -> None:
        item = self.scenarios.currentItem()
        chosen = item is not None and item.data(Qt.ItemDataRole.UserRole) is not None
        self.play_button.setEnabled(chosen)
        self.setup_button.setEnabled(chosen and setup_mode(item.data(MODE_ROLE)) is not None)

    def play_selected_scenario(self) -> None:
        item = self.scenarios.currentItem()
        if item is not None:
            self._scenario_activated(item)

    def setup_selected_scenario(self) -> object | None:
        """Set up...: the chosen sea fight on the table with its battle setup open over
        it, so a club can change it; for a map, the battle setup with that map as the
        sea (the ships placed afresh). Returns the setup screen."""
        item = self.scenarios.currentItem()
        sid = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        mode = item.data(MODE_ROLE) if item is not None else None
        setup = setup_mode(mode) if sid is not None else None
        if setup is None:
            return None
        window = self.window()
        try:
            if mode != setup:  # a map: the setup screen with that map as its ground
                dialog = window.show_mode(setup).open_setup(None)
                saved = " (saved)" if item.data(SAVED_MAP_ROLE) else ""
                dialog.choose_map(f"Map: {item.text().splitlines()[0]}{saved}")
                if dialog.problems:
                    dialog.place_all()
                return dialog
            data = self.ctx.db.get_scenario(int(sid))
            view = window.open_data(data, None)
        except WargameError as exc:
            self.show_error(str(exc), "Could not open the scenario")
            return None
        open_setup = getattr(view, "open_setup", None)
        return open_setup(data) if open_setup is not None else None

    def status_text(self) -> str:
        return "Choose a mode, a save or a scenario"

    def can_save(self) -> bool:
        return False
