"""The main window, a shell: menus, status bar, the docks, one mode shown at a time.

It knows no mode: ``ui/modes.py`` (the registry) says which modes there are, what a
file opens as, what a home card does and which Help page a mode brings. The work
behind the menus is in ``ui/shell/``, one topic a module (files, saving, quitting,
help, database, table tools, the mode menus); this module puts them together.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QUndoGroup,
)
from PySide6.QtWidgets import QDialog, QLabel, QMainWindow, QMenu, QMessageBox, QStackedWidget

from ui.context import AppContext
from ui.dice_dock import DiceLogDock
from ui.fixed_lines import FixedLinesLabel
from ui.history import HistoryDock
from ui.home import HomeView
from ui.mode_base import ModeView
from ui.modes import make_view
from ui.replay import ReplayDock
from ui.screen_fit import fit_window
from ui.shell.database import DatabaseCommands
from ui.shell.files import FileCommands, dropped_files
from ui.shell.help_menu import HelpMenu
from ui.shell.host import add_action
from ui.shell.mode_menus import add_modes_menu, show_mode_menu
from ui.shell.quitting import QuitFlow
from ui.shell.saving import SaveCommands
from ui.shell.table_tools import TableTools
from ui.shell.title import title_of
from ui.window_state import restore_window_state
from wargame.errors import WargameError

if TYPE_CHECKING:
    from ui.background import BackgroundTask
    from wargame.persistence.check import DatabaseUnusable

log = logging.getLogger(__name__)

Keys = QKeySequence.StandardKey


class MainWindow(QMainWindow):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        ctx.dialog_parent = self
        self.setObjectName("main-window")
        self.setAcceptDrops(True)  # a file dropped on the window opens as File > Open
        self.undo_group = QUndoGroup(self)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.views: dict[str, ModeView] = {}
        #: The last error shown (tests and headless runs read it instead of a dialog).
        self.last_error: str | None = None
        #: Tests answer the unsaved-changes prompt with this (view -> SAVE/DISCARD/CANCEL).
        self.unsaved_answerer: Callable[[ModeView], str] | None = None
        #: Tests answer the quit dialog with this (the unsaved games' lines -> answer).
        self.quit_answerer: Callable[[list[str]], str] | None = None
        #: Tests answer the unusable-database dialog with this (error, backup -> choice).
        self.database_answerer: Callable[[DatabaseUnusable, Path | None], str] | None = None
        #: Answers "convert this old, unsealed save?" in tests (None: ask the player).
        self.unsealed_answerer: Callable[[str], bool] | None = None
        self.files = FileCommands(self)
        self.saving = SaveCommands(self)
        self.quitting = QuitFlow(self)
        self.database = DatabaseCommands(self)
        self.tools = TableTools(self)
        ctx.db_problem_handler = self.database.problem
        self.home = HomeView(ctx)
        self.home.open_mode.connect(self.show_mode)
        self.home.start_mode.connect(self.start_mode)
        self.home.mode_action.connect(self.files.mode_action)
        self.home.open_save.connect(self.open_save)
        self.home.open_scenario.connect(self.open_db_scenario)
        self.home.save_deleted.connect(self.database.save_deleted)
        self._add_view(self.home)
        self.dice_dock = DiceLogDock(ctx.dice_hub, self)
        self.history_dock = HistoryDock(self.undo_group, self)
        self.replay_dock = ReplayDock(self)
        for dock, area in (
            (self.dice_dock, Qt.DockWidgetArea.RightDockWidgetArea),
            (self.history_dock, Qt.DockWidgetArea.RightDockWidgetArea),
            (self.replay_dock, Qt.DockWidgetArea.BottomDockWidgetArea),
        ):
            self.addDockWidget(area, dock)
            dock.hide()
        # A long status (whose turn, what to do) wraps onto a second line; the line keeps
        # two lines' height whatever it says, and a longer one is cut and told whole in
        # its tooltip, so the board above never moves under the pointer (issue 26).
        self.status_label = FixedLinesLabel(2)
        self.statusBar().addWidget(self.status_label, 1)
        self.dice_mode_label = QLabel()
        self.statusBar().addPermanentWidget(self.dice_mode_label)
        # A passing message (showMessage) hides the status line: the bar keeps its height.
        self.statusBar().setFixedHeight(self.statusBar().sizeHint().height())
        self._build_menus()
        self.current: ModeView = self.home
        self.activate(self.home)
        fit_window(self, remembered=self._restore_window_state())

    # -- menus -----------------------------------------------------------------------
    def _action(self, menu: QMenu, text: str, keys: Any, slot: Any) -> QAction:
        return add_action(self, menu, text, keys, slot)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        file_menu = mb.addMenu("&File")
        act = self._action
        self.act_new = act(file_menu, "&New", Keys.New, self.new_document)
        self.act_open = act(file_menu, "&Open...", Keys.Open, lambda: self.open_file())
        self.recent_menu = file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(lambda: self.files.fill_recent(self.recent_menu))
        self.act_save = act(file_menu, "&Save", Keys.Save, self.save)
        self.act_save_as = act(file_menu, "Save &As...", Keys.SaveAs, lambda: self.save_as())
        self.act_print_table = act(
            file_menu, "&Print table 1:1...", QKeySequence("Ctrl+Alt+P"), self.print_table
        )
        self.act_replay = act(
            file_menu, "&Replay a saved game...", QKeySequence("Ctrl+Alt+R"), self.replay
        )
        file_menu.addSeparator()
        restore = self.database.restore_backup_dialog
        self.act_restore = act(file_menu, "&Restore a backup...", None, restore)
        from ui.net import add_menu_action  # File > Play across computers...

        self.act_network = add_menu_action(self, file_menu)
        file_menu.addSeparator()
        self.act_home = act(file_menu, "&Home", QKeySequence("Ctrl+H"), self.go_home)
        file_menu.addSeparator()
        self.act_quit = act(file_menu, "&Quit", QKeySequence("Ctrl+Q"), self.close)

        edit = mb.addMenu("&Edit")
        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(Keys.Undo)
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([Keys.Redo, QKeySequence("Ctrl+Y")])
        edit.addAction(self.act_undo)
        edit.addAction(self.act_redo)
        edit.addSeparator()
        self.act_override = act(
            edit, "Table &override...", QKeySequence("Ctrl+Shift+O"), self.table_override
        )
        self.act_history = self.history_dock.toggleViewAction()
        self.act_history.setText("Show &history")
        self.act_history.setShortcut(QKeySequence("Ctrl+Shift+H"))
        edit.addAction(self.act_history)

        add_modes_menu(self, mb, self.show_mode)

        dice = mb.addMenu("&Dice")
        self.act_manual = QAction("&Enter physical dice", self, checkable=True)
        self.act_manual.setShortcut(QKeySequence("Ctrl+Shift+D"))
        self.act_manual.toggled.connect(self._set_manual)
        dice.addAction(self.act_manual)
        self.act_dice_log = self.dice_dock.toggleViewAction()
        self.act_dice_log.setText("Show dice &log")
        self.act_dice_log.setShortcut(QKeySequence("Ctrl+L"))
        dice.addAction(self.act_dice_log)
        self.act_correct_die = act(
            dice, "&Correct last die...", QKeySequence("Ctrl+Alt+D"), self.correct_last_die
        )
        self.act_correct_die.setToolTip(
            "Re-enter a die typed in wrongly: the last action is resolved again with it "
            "(only dice typed in from the table, only before the next action)"
        )
        export = self.saving.export_dice_log
        self.act_export_dice = act(dice, "E&xport dice log...", None, lambda: export())

        self.help = HelpMenu(self, self, mb.addMenu("&Help"))
        self.act_rules = self.help.act_rules
        self.act_shortcuts = self.help.act_shortcuts
        self.act_saves_help = self.help.act_saves_help

    def _set_manual(self, on: bool) -> None:
        self.ctx.manual_dice = on
        self._update_status()

    # -- views -----------------------------------------------------------------------
    def _add_view(self, view: ModeView) -> None:
        self.views[view.mode_key] = view
        self.stack.addWidget(view)
        self.undo_group.addStack(view.undo_stack)
        view.status_changed.connect(lambda _t, v=view: v is self.current and self._update_status())
        view.document_changed.connect(self.update_title)
        view.undo_stack.cleanChanged.connect(lambda _c: self._title_if_alive())

    def view(self, key: str) -> ModeView:
        if key not in self.views:
            view = make_view(key, self.ctx)
            self._add_view(view)
            try:
                # A fresh table, like any new document (bots' opening moves are not unsaved).
                view.replace_document(view.load_default)
            except WargameError as exc:
                self.error("Could not load the default", str(exc))
        return self.views[key]

    def show_mode(self, key: str) -> ModeView:
        view = self.view(key)
        self.activate(view)
        return view

    def start_mode(self, key: str) -> Any:
        """A home card (``ui/modes.py``: a mode may open a dialog first, the mode shown
        once it is accepted)."""
        return self.files.start_mode(key)

    def go_home(self) -> None:
        self.home.refresh()
        self.activate(self.home)

    def activate(self, view: ModeView) -> None:
        self.current = view
        self.stack.setCurrentWidget(view)
        self.undo_group.setActiveStack(view.undo_stack)
        can_save = view.can_save()
        self.act_save.setEnabled(can_save)
        self.act_save_as.setEnabled(can_save)
        self.act_new.setEnabled(view is not self.home)
        show_mode_menu(self.menuBar(), self.views.values(), view)
        self.update_title()
        self._update_status()

    def _title_if_alive(self) -> None:
        """A stack announces its clean state while the window is being destroyed."""
        try:
            self.update_title()
        except RuntimeError:
            return

    def update_title(self) -> None:
        title = title_of(self.current, self.home)
        if title is not None:
            self.setWindowTitle(title)

    def _update_status(self) -> None:
        note = self.current.unsealed_note()
        text = self.current.status_text()
        self.status_label.setText(f"CONVERTED FROM AN UNSEALED SAVE - {text}" if note else text)
        self.status_label.setToolTip(note)
        self.dice_mode_label.setText("Dice: typed in" if self.ctx.manual_dice else "Dice: digital")

    # -- the commands (ui/shell/*), by the names the views and tests call -----------------
    @property
    def reading(self) -> BackgroundTask | None:
        return self.files.reading

    def new_document(self) -> None:
        self.files.new_document()

    def open_file(self, path: str | Path | None = None) -> bool:
        return self.files.open_file(path)

    def open_path(self, path: Path) -> ModeView | None:
        return self.files.open_path(path)

    def open_data(
        self, data: Any, path: Path | None, *, save_id: int | None = None
    ) -> ModeView | None:
        return self.files.open_data(data, path, save_id=save_id)

    def open_save(self, save_id: int) -> None:
        self.files.open_save(save_id)

    def open_db_scenario(self, scenario_id: int) -> None:
        self.files.open_db_scenario(scenario_id)

    def replay(self, path: str | Path | None = None) -> bool:
        return self.files.replay(path)

    def save(self) -> bool:
        return self.saving.save()

    def save_as(self, path: str | Path | None = None) -> bool:
        return self.saving.save_as(path)

    def print_table(self, path: str | Path | None = None, **how: Any) -> int:
        return self.saving.print_table(path, **how)

    def export_dice_log(self, path: str | Path | None = None) -> bool:
        return self.saving.export_dice_log(path)

    def table_override(self, *, piece: str | None = None) -> QDialog | None:
        return self.tools.table_override(piece=piece)

    def correct_last_die(self) -> None:
        self.tools.correct_last_die()

    def restore_backup(self, backup: Path) -> bool:
        return self.database.restore_backup(backup)

    def show_rules(self) -> QDialog:
        return self.help.show_rules()

    @property
    def rules_dialog(self) -> QDialog | None:
        return self.help.rules_dialog

    def show_shortcuts(self) -> QDialog:
        return self.help.show_shortcuts()

    def about(self) -> QDialog:
        return self.help.about()

    def report_problem(self) -> Path | None:
        return self.help.report_problem()

    # -- drag and drop, closing ----------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        if dropped_files(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        if dropped_files(event.mimeData()):
            event.acceptProposedAction()
            self.files.open_dropped(event.mimeData())

    def confirm_replace(self, view: ModeView) -> bool:
        """Before ``view``'s document is replaced: Save / Discard / Cancel if unsaved."""
        return self.quitting.confirm_discard(view)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self.quitting.may_quit():
            event.ignore()
            return
        self.quitting.finish(self, (self.dice_dock.objectName(), self.history_dock.objectName()))
        event.accept()

    def _restore_window_state(self) -> bool:
        """Restore the remembered place and docks; True if a place was remembered."""
        return restore_window_state(self, self.ctx.settings)

    def error(self, title: str, message: str) -> None:
        log.warning("shown to the player: %s: %s", title, message)
        self.last_error = message
        self.statusBar().showMessage(message, 8000)
        if not self.ctx.quiet_errors:
            QMessageBox.warning(self, title, message)
