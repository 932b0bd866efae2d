"""The main window: menus, shortcuts, status bar, dice log dock, one mode at a time."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
)

from ui.background import BackgroundTask
from ui.campaign.join_turn import is_turn_file, join_from_turn, join_turn_dialog
from ui.context import AppContext
from ui.dice_dock import DiceLogDock
from ui.file_drop import FileDrops
from ui.fixed_lines import FixedLinesLabel
from ui.help import RulesDialog, SavesDialog, ShortcutsDialog
from ui.history import HistoryDock, restore_history
from ui.home import HomeView
from ui.mode_base import ModeView
from ui.modes import make_view, view_class
from ui.print_table import print_table
from ui.replay import ReplayDock
from ui.screen_fit import fit_window
from ui.window_state import restore_window_state, save_window_state
from wargame.core.registry import MODES, game_names
from wargame.core.replay import ReplayPlan
from wargame.core.saveformat import UnsealedSave
from wargame.errors import FileFormatError, WargameError, shown
from wargame.geometry.tiling import PAPER, PageSetup
from wargame.persistence.convert import convert_unsealed_save, is_unsealed_save
from wargame.persistence.files import read_json_file, write_atomic, write_json_atomic
from wargame.plural import count
from wargame.scenarios import scenario_from_json

if TYPE_CHECKING:
    from wargame.persistence.check import DatabaseUnusable
    from wargame.persistence.db import Database

log = logging.getLogger(__name__)

#: An answer to the unsaved-changes prompt.
SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


APP_TITLE = "Pieces of Eight"


def window_title(name: str, mark: str, mode_title: str, mode_key: str, path: Any) -> str:
    """ "Name* - Mode - Pieces of Eight", never the same words twice: an unsaved new
    document is "untitled", and the app's name is left out where the mode has it."""
    if path is None and name in (mode_key, mode_title, ""):
        name = "untitled"
    parts = [f"{name}{mark}", mode_title]
    if mode_title != APP_TITLE:
        parts.append(APP_TITLE)
    return " - ".join(parts)


#: A file larger than this is read off the window's thread by File > Open.
LARGE_FILE_BYTES = 2 * 1024 * 1024


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size if path.is_file() else 0
    except (OSError, ValueError):
        return 0  # the reader says what is wrong


class MainWindow(QMainWindow):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        ctx.dialog_parent = self
        self.setObjectName("main-window")
        self.undo_group = QUndoGroup(self)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.views: dict[str, ModeView] = {}
        #: The last error shown (tests and headless runs read it instead of a dialog).
        self.last_error: str | None = None
        #: A large file being read by File > Open (None before the first).
        self.reading: BackgroundTask | None = None
        #: The last Help > Rules quick reference opened (None before the first).
        self.rules_dialog: QDialog | None = None
        #: Tests answer the unsaved-changes prompt with this (view -> SAVE/DISCARD/CANCEL).
        self.unsaved_answerer: Callable[[ModeView], str] | None = None
        #: Tests answer the quit dialog with this (the unsaved games' lines -> answer).
        self.quit_answerer: Callable[[list[str]], str] | None = None
        #: Tests answer the unusable-database dialog with this (error, backup -> choice).
        self.database_answerer: Callable[[DatabaseUnusable, Path | None], str] | None = None
        #: Answers "convert this old, unsealed save?" in tests (None: ask the player).
        self.unsealed_answerer: Callable[[str], bool] | None = None
        ctx.db_problem_handler = self._database_problem
        self.home = HomeView(ctx)
        self.home.open_mode.connect(self.show_mode)
        self.home.new_campaign.connect(self.new_campaign)
        self.home.join_turn.connect(lambda: join_turn_dialog(self))
        self.home.open_save.connect(self.open_save)
        self.home.open_scenario.connect(self.open_db_scenario)
        self.home.save_deleted.connect(self.save_deleted)
        self._add_view(self.home)
        self.dice_dock = DiceLogDock(ctx.dice_hub, self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dice_dock)
        self.dice_dock.hide()
        self.history_dock = HistoryDock(self.undo_group, self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.history_dock.hide()
        self.replay_dock = ReplayDock(self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.replay_dock)
        self.replay_dock.hide()
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
        self._activate(self.home)
        fit_window(self, remembered=self._restore_window_state())
        self.file_drops = FileDrops(self)  # a dropped file opens as File > Open would

    # -- menus -----------------------------------------------------------------------
    def _build_menus(self) -> None:
        mb = self.menuBar()
        file_menu = mb.addMenu("&File")
        self.act_new = self._action(
            file_menu, "&New", QKeySequence.StandardKey.New, self.new_document
        )
        self.act_open = self._action(
            file_menu, "&Open...", QKeySequence.StandardKey.Open, self.open_file
        )
        self.act_save = self._action(file_menu, "&Save", QKeySequence.StandardKey.Save, self.save)
        self.act_save_as = self._action(
            file_menu, "Save &As...", QKeySequence.StandardKey.SaveAs, self.save_as
        )
        self.act_print_table = self._action(
            file_menu, "&Print table 1:1...", QKeySequence("Ctrl+Alt+P"), self.print_table
        )
        self.act_replay = self._action(
            file_menu, "&Replay a saved game...", QKeySequence("Ctrl+Alt+R"), self.replay
        )
        file_menu.addSeparator()
        self.act_restore = self._action(
            file_menu, "&Restore a backup...", None, self.restore_backup_dialog
        )
        from ui.net import add_menu_action  # File > Play across computers...

        self.act_network = add_menu_action(self, file_menu)
        file_menu.addSeparator()
        self.act_home = self._action(file_menu, "&Home", QKeySequence("Ctrl+H"), self.go_home)
        file_menu.addSeparator()
        self.act_quit = self._action(file_menu, "&Quit", QKeySequence("Ctrl+Q"), self.close)

        edit = mb.addMenu("&Edit")
        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([QKeySequence.StandardKey.Redo, QKeySequence("Ctrl+Y")])
        edit.addAction(self.act_undo)
        edit.addAction(self.act_redo)
        edit.addSeparator()
        self.act_override = self._action(
            edit, "Table &override...", QKeySequence("Ctrl+Shift+O"), self.table_override
        )
        self.act_history = self.history_dock.toggleViewAction()
        self.act_history.setText("Show &history")
        self.act_history.setShortcut(QKeySequence("Ctrl+Shift+H"))
        edit.addAction(self.act_history)

        modes = mb.addMenu("&Modes")
        for i, m in enumerate(MODES, 1):
            act = QAction(m.title, self)
            if i <= 9:
                act.setShortcut(QKeySequence(f"Alt+{i}"))
            act.triggered.connect(lambda _=False, k=m.key: self.show_mode(k))
            modes.addAction(act)

        dice = mb.addMenu("&Dice")
        self.act_manual = QAction("&Enter physical dice", self, checkable=True)
        self.act_manual.setShortcut(QKeySequence("Ctrl+Shift+D"))
        self.act_manual.toggled.connect(self._set_manual)
        dice.addAction(self.act_manual)
        self.act_dice_log = self.dice_dock.toggleViewAction()
        self.act_dice_log.setText("Show dice &log")
        self.act_dice_log.setShortcut(QKeySequence("Ctrl+L"))
        dice.addAction(self.act_dice_log)
        self.act_correct_die = self._action(
            dice, "&Correct last die...", QKeySequence("Ctrl+Alt+D"), self.correct_last_die
        )
        self.act_correct_die.setToolTip(
            "Re-enter a die typed in wrongly: the last action is resolved again with it "
            "(only dice typed in from the table, only before the next action)"
        )
        self.act_export_dice = self._action(dice, "E&xport dice log...", None, self.export_dice_log)

        help_menu = mb.addMenu("&Help")
        self.act_rules = self._action(
            help_menu, "&Rules quick reference...", QKeySequence("F1"), self.show_rules
        )
        self.act_shortcuts = self._action(
            help_menu, "&Keyboard shortcuts...", QKeySequence("Ctrl+/"), self.show_shortcuts
        )
        self.act_saves_help = self._action(
            help_menu, "&Saves and secrets...", None, self.show_saves_help
        )
        help_menu.addSeparator()
        self._action(help_menu, "Report a &problem...", None, self.report_problem)
        self._action(help_menu, "&About", None, self.about)

    def _action(self, menu: Any, text: str, shortcut: Any, slot: Any) -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(shortcut)
        act.triggered.connect(slot)
        menu.addAction(act)
        return act

    def _set_manual(self, on: bool) -> None:
        self.ctx.manual_dice = on
        self._update_status()

    # -- views -----------------------------------------------------------------------
    def _add_view(self, view: ModeView) -> None:
        self.views[view.mode_key] = view
        self.stack.addWidget(view)
        self.undo_group.addStack(view.undo_stack)
        view.status_changed.connect(lambda _t, v=view: v is self.current and self._update_status())
        view.document_changed.connect(self._update_title)
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
        self._activate(view)
        return view

    def new_campaign(self) -> Any:
        """Home's Campaign card: the New campaign wizard over the screen we are on; the
        campaign shows once it has started (cancelled, nothing changes)."""
        view = self.view("campaign")
        wizard = view.new_campaign_wizard()  # type: ignore[attr-defined]
        wizard.accepted.connect(lambda: self._activate(view))
        return wizard

    def go_home(self) -> None:
        self.home.refresh()
        self._activate(self.home)

    def _activate(self, view: ModeView) -> None:
        self.current = view
        self.stack.setCurrentWidget(view)
        self.undo_group.setActiveStack(view.undo_stack)
        can_save = view.can_save()
        self.act_save.setEnabled(can_save)
        self.act_save_as.setEnabled(can_save)
        self.act_new.setEnabled(view is not self.home)
        self._show_mode_menu(view)
        self._update_title()
        self._update_status()

    def _show_mode_menu(self, view: ModeView) -> None:
        """A view's own menu (``mode_menu``: Campaign) is in the menu bar while it is shown."""
        bar = self.menuBar()
        for v in self.views.values():
            menu = getattr(v, "mode_menu", None)
            if menu is not None:
                if menu.menuAction() not in bar.actions():
                    bar.insertMenu(bar.actions()[-1], menu)  # before Help
                menu.menuAction().setVisible(v is view)

    def _title_if_alive(self) -> None:
        """A stack announces its clean state while the window is being destroyed."""
        try:
            self._update_title()
        except RuntimeError:
            return

    def _update_title(self) -> None:
        v = self.current
        if v is self.home:
            self.setWindowTitle("Pieces of Eight")
            return
        try:
            mark = "" if v.undo_stack.isClean() else "*"
        except RuntimeError:  # the stack announces its clean state while being destroyed
            return
        self.setWindowTitle(window_title(v.document_name, mark, v.title, v.mode_key, v.path))

    def _update_status(self) -> None:
        note = self.current.unsealed_note()
        text = self.current.status_text()
        self.status_label.setText(f"CONVERTED FROM AN UNSEALED SAVE - {text}" if note else text)
        self.status_label.setToolTip(note)
        self.dice_mode_label.setText("Dice: typed in" if self.ctx.manual_dice else "Dice: digital")

    # -- file commands ---------------------------------------------------------------
    def new_document(self) -> None:
        view = self.current
        if view is self.home:
            return
        try:
            if not view.replace_document(view.new_document):
                return
        except WargameError as exc:
            self.error("Could not start a new document", str(exc))
            return
        view.undo_stack.clear()
        self._update_title()

    def open_file(self, path: str | Path | None = None) -> bool:
        if not path:
            path, _ = QFileDialog.getOpenFileName(
                self, "Open", str(Path.home()), "Wargame files (*.json);;All files (*)"
            )
            if not path:
                return False
        if _file_size(Path(path)) > LARGE_FILE_BYTES:
            self._open_in_background(Path(path))
            return True
        try:
            self.open_path(Path(path))
        except WargameError as exc:
            self.error("Could not open the file", str(exc))
            return False
        return True

    def _open_in_background(self, path: Path) -> None:
        """A large file is read off the window's thread (progress, Cancel), then opened."""

        def job(progress: Callable[[str, float], None], _cancelled: Callable[[], bool]) -> Any:
            progress(f"Reading {path.name}", 0.0)
            return read_json_file(path)

        def done(data: Any) -> None:
            try:
                self.open_data(data, path)
            except WargameError as exc:
                self.error("Could not open the file", str(exc))

        self.reading = BackgroundTask(
            self,
            f"Opening {path.name}",
            job,
            done,
            lambda message: self.error("Could not open the file", message),
        )

    def open_path(self, path: Path) -> ModeView | None:
        """Open a save, scenario or map file in its mode. Raises BadInput."""
        log.info("open file %s", path)
        data = read_json_file(path)
        return self.open_data(data, path)

    def open_data(
        self, data: Any, path: Path | None, *, save_id: int | None = None
    ) -> ModeView | None:
        """Open a save, scenario or map in its mode's view (asking first when that view
        has unsaved changes; if the player cancels, nothing changes)."""
        from wargame.errors import FileFormatError
        from wargame.persistence.guard import check_shape, loading

        if not isinstance(data, dict):
            raise FileFormatError(
                f"{path or 'The file'}: not a save, map or scenario of this app "
                "(it holds no {...} object of settings)"
            )
        source = str(path or "file")
        check_shape(data, source)
        fmt = data.get("format")
        load: Callable[[], object]
        converted = is_unsealed_save(data)
        if converted:
            if not self._convert_unsealed_asked(source):
                return None
            with loading(source):
                data = convert_unsealed_save(data)
        if fmt == "wargame-session":
            header = data.get("header") or {}
            key = header.get("game") if isinstance(header, dict) else None
            if not isinstance(key, str) or view_class(key) is None:
                raise FileFormatError(
                    f"{path or 'The file'}: a saved game of a mode this app does not have "
                    f"(its header names {shown(key)})"
                )
            view = self.view(key)
            load = lambda: view.open_json(data, path)  # noqa: E731
        elif fmt in ("wargame-scenario", "wargame-map"):
            sc = scenario_from_json(data, str(path or "scenario"), path)
            if view_class(sc.mode) is None:
                raise FileFormatError(f"{path}: the {sc.mode} mode is not built yet")
            view = self.view(sc.mode)
            load = lambda: view.load_scenario_data(data, path)  # noqa: E731
        elif is_turn_file(data):  # an e-mailed campaign turn: straight to joining it
            return join_from_turn(self, path, data)
        else:
            found = None
            for m in MODES:
                cls = view_class(m.key)
                if cls is not None and cls.accepts(data):
                    found = self.view(m.key)
                    break
            if found is None:
                raise FileFormatError(
                    f"{path or 'The file'}: this file is not a save, map or scenario of this "
                    + (
                        "app (it has no 'format' field)"
                        if fmt is None
                        else f"app (its 'format' is {shown(fmt)}, which this app does not know)"
                    )
                )
            view = found
            load = lambda: view.open_json(data, path)  # noqa: E731
        with loading(source):
            if not view.replace_document(load):
                return None
        # A scenario (or a map opened as a game board) is a template: Save must not
        # overwrite it. Anything else opened from a file is that file's document.
        # A converted old save is a new document too: the old file stays as it was.
        template = (
            converted
            or fmt == "wargame-scenario"
            or (fmt == "wargame-map" and view.mode_key != "map-editor")
        )
        view.path = None if template else path
        if view.path is not None:
            view.document_name = view.path.stem
            view.document_changed.emit()
        view.save_id = save_id
        self._restore_history(view)
        self._activate(view)
        return view

    def _convert_unsealed_asked(self, source: str) -> bool:
        """An old, unsealed save: convert it (marked for good) only if the player says
        so (``unsealed_answerer`` answers instead in tests)."""
        if self.unsealed_answerer is not None:
            return self.unsealed_answerer(source)
        if self.ctx.quiet_errors:  # no one to ask (wargame screenshot): refuse in words
            raise UnsealedSave()
        answer = QMessageBox.question(
            self,
            "An old, unsealed save",
            f"{source} is an old save (version 1) that is not sealed: anyone could have "
            "changed its dice, switched friendly undo on or planted the dice to come.\n\n"
            'Convert it? The game will be marked "converted from an unsealed save" in '
            "its header, its log and the status line, for good; friendly undo and any "
            "saved dice are dropped and the dice are seeded afresh.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _restore_history(self, view: ModeView) -> None:
        """A reopened game keeps its undo history (within the fair-play barriers)."""
        session = view.history_session()
        if session is None:
            view.undo_stack.clear()
            return
        restore_history(
            view.undo_stack, session, view.history_changed, command=view.history_command
        )

    def open_save(self, save_id: int) -> None:
        try:
            info, data = self.ctx.db.load_game(save_id)
            # Resuming an autosave keeps writing to that slot; Save makes a real save.
            view = self.open_data(data, None, save_id=None if info.autosave else save_id)
            if view is None:
                return  # the player cancelled
            view.document_name = info.name
            if info.autosave:
                view.autosave_id = save_id
            self._update_title()
        except WargameError as exc:
            self.error("Could not open the save", str(exc))

    def open_db_scenario(self, scenario_id: int) -> None:
        try:
            self.open_data(self.ctx.db.get_scenario(scenario_id), None)
        except WargameError as exc:
            self.error("Could not open the scenario", str(exc))

    def save(self) -> bool:
        """Save the current document: to its file first (so Save As rescues a game
        whatever state the database is in), then durably to the database."""
        v = self.current
        if not v.can_save():
            return False
        try:
            data = v.save_json()
        except WargameError as exc:
            self.error("Could not save", str(exc))
            return False
        if v.path is not None:
            try:
                write_json_atomic(v.path, data)
            except OSError as exc:
                self.error("Could not save", f"{v.path}: {exc.strerror or exc}")
                return False
        try:
            db = self.ctx.db
            v.save_id = db.save_game(
                v.mode_key,
                v.document_name,
                data,
                save_id=v.save_id,
                durable=True,
                drop_autosave=v.autosave_id,
            )
            v.autosave_slot.detach()
            if v.path is not None:
                from wargame.persistence.housekeeping import remember_folder

                remember_folder(db, v.path.parent)
        except WargameError as exc:
            if v.path is None:
                self.error("Could not save", str(exc))
                return False
            self.error(
                "Saved to the file only",
                f"Saved to {v.path}; the database could not keep a copy: {exc}",
            )
        v.undo_stack.setClean()
        self.statusBar().showMessage(f"Saved {v.document_name}", 4000)
        self._update_title()
        return True

    def save_as(self, path: str | Path | None = None) -> bool:
        v = self.current
        if not v.can_save():
            return False
        if not path:
            path, _ = QFileDialog.getSaveFileName(
                self, "Save as", str(Path.home() / f"{v.document_name}.json"), v.file_filter
            )
            if not path:
                return False
        v.path = Path(path)
        v.document_name = v.path.stem
        v.document_changed.emit()
        return self.save()

    def replay(self, path: str | Path | None = None) -> bool:
        """File > Replay: watch a game back from its start. The open game (if any)
        is replayed, else a saved file chosen here; the save itself never changes."""
        v = self.current
        data: Any = None
        name = v.document_name
        if path is None and v.history_session() is not None and v.mode_key in game_names():
            data = v.save_json()
        else:
            if not path:
                path, _ = QFileDialog.getOpenFileName(
                    self, "Replay a saved game", str(Path.home()), "Saved games (*.json)"
                )
                if not path:
                    return False
            try:
                data = read_json_file(path)
            except WargameError as exc:
                self.error("Could not replay the game", str(exc))
                return False
            name = Path(path).stem
        try:
            if not isinstance(data, dict) or data.get("format") != "wargame-session":
                raise FileFormatError(f"{name}: not a saved game, so there is nothing to replay")
            key = (data.get("header") or {}).get("game")
            if key not in game_names():
                raise FileFormatError(f"{name}: not a game this app can replay")
            plan = ReplayPlan(data)
            plan.check_fair()
            view = self.view(key)
            # The replay is a new document: asked for like any other, its own autosave slot.
            if not view.replace_document(lambda: self.replay_dock.start(plan, view, name)):
                return False
            self.show_mode(key)
        except WargameError as exc:
            self.error("Could not replay the game", str(exc))
            return False
        return True

    def print_table(
        self,
        path: str | Path | None = None,
        *,
        paper: str | None = None,
        ink_saving: bool | None = None,
    ) -> int:
        """File > Print table 1:1: the sea or the town on paper at table scale, as a
        PDF of pages to glue together. Returns the number of pages (0: nothing done)."""
        source = self.current.print_source()
        if source is None:
            self.error(
                "Nothing to print",
                "Print table 1:1 prints the naval sea or the raid town: open a battle or a raid.",
            )
            return 0
        asking = paper is None  # from the menu: ask; a caller naming the paper is not asked
        if paper is None:
            paper, ok = QInputDialog.getItem(
                self, "Print table 1:1", "Paper:", list(PAPER), 0, False
            )
            if not ok:
                return 0
        if ink_saving is None:
            ink_saving = False
            if asking and source.ink_saver is not None:
                choice, ok = QInputDialog.getItem(
                    self,
                    "Print table 1:1",
                    "Print:",
                    ["In colour", "Saving ink (outlines)"],
                    0,
                    False,
                )
                if not ok:
                    return 0
                ink_saving = choice.startswith("Saving")
        if not path:
            path, _ = QFileDialog.getSaveFileName(
                self,
                "Print table 1:1",
                str(Path.home() / f"{self.current.document_name}-table.pdf"),
                "PDF files (*.pdf)",
            )
            if not path:
                return 0
        try:
            pages = print_table(source, path, PageSetup(paper=paper), ink_saving=ink_saving)
        except (WargameError, OSError) as exc:
            self.error("Could not print the table", str(exc))
            return 0
        self.statusBar().showMessage(
            f"{count(pages, 'page', 'pages')} written to {path}: print at 100%", 6000
        )
        return pages

    def table_override(self, *, piece: str | None = None) -> QDialog | None:
        """Edit > Table override...: move any piece, change any counter of the open
        game, each change a logged, undoable override (ui/override.py); ``piece``
        is selected first (a right-click on it)."""
        from ui.override import OverrideDialog, apply_table_override
        from wargame.core.override import supports_override

        v = self.current
        session = v.history_session()
        if session is None or not supports_override(session.state):
            self.error(
                "Table override",
                "A table override changes a game in play: open or start a game first "
                "(Naval battle, Land raid or one of the board games).",
            )
            return None

        def apply(act: Any) -> Any:
            entry = apply_table_override(v, act)
            self.statusBar().showMessage(entry.label, 10000)
            return entry

        dialog = OverrideDialog(lambda: v.history_session().state, apply, self)
        follow = v.undo_stack.indexChanged.connect(lambda _i: dialog.reload())
        dialog.finished.connect(lambda _r: v.undo_stack.indexChanged.disconnect(follow))
        if piece is not None:
            dialog.reload(piece)
        dialog.open()
        return dialog

    def correct_last_die(self) -> None:
        """Dice > Correct last die (ui/dice_correct.py)."""
        from ui.dice_correct import correct_last_die

        entry = correct_last_die(self.current, self)
        if entry is not None and entry.told:
            self.dice_dock.add_note(self.current.title, entry.told[0])

    def export_dice_log(self, path: str | Path | None = None) -> bool:
        """Write every roll shown in the dice log to a CSV file."""
        if not path:
            path, _ = QFileDialog.getSaveFileName(
                self, "Export dice log", str(Path.home() / "dice-log.csv"), "CSV files (*.csv)"
            )
            if not path:
                return False
        try:
            write_atomic(path, self.dice_dock.csv_text())
        except OSError as exc:
            self.error("Could not export the dice log", f"{path}: {exc.strerror}")
            return False
        self.statusBar().showMessage(f"Dice log written to {path}", 4000)
        return True

    # -- the database ---------------------------------------------------------------
    def save_deleted(self, save_id: int) -> None:
        """A save was deleted from home: a document still showing it becomes unsaved."""
        for view in self.views.values():
            if view.save_id == save_id:
                view.save_id = None
                view.undo_stack.resetClean()
            if view.autosave_id == save_id:
                view.autosave_slot.detach()
                view.undo_stack.resetClean()
        self._update_title()

    def _database_problem(self, exc: DatabaseUnusable) -> Database | None:
        """The database can't be used: offer the last good backup, a fresh database
        beside it (the bad one renamed) or quitting. None: the player quits."""
        from ui.db_problem import ask_database_problem
        from wargame.paths import scenarios_dir
        from wargame.persistence.backup import last_good_backup
        from wargame.persistence.check import DatabaseUnusable, open_backup, start_fresh

        for _attempt in range(6):  # a choice that keeps failing ends in quitting
            backup = last_good_backup(exc.path)
            if self.database_answerer is not None:
                choice = self.database_answerer(exc, backup)
            else:
                choice = ask_database_problem(exc, backup, self)
            try:
                if choice == "backup" and backup is not None:
                    db, moved = open_backup(exc.path, backup, seed_from=scenarios_dir())
                elif choice == "fresh":
                    db, moved = start_fresh(exc.path, seed_from=scenarios_dir())
                else:
                    QTimer.singleShot(0, self.close)
                    return None
            except DatabaseUnusable as again:
                exc = again
                continue
            self.statusBar().showMessage(f"The unusable database was kept as {moved}", 15000)
            return db
        QTimer.singleShot(0, self.close)
        return None

    def restore_backup_dialog(self) -> None:
        from wargame.persistence.backup import list_backups

        path = self.ctx.db.path
        backups = list_backups(path) if path is not None else []
        if not backups:
            self.error("Restore a backup", "There is no backup of the database yet.")
            return
        labels = [p.name for p in backups]
        text, ok = QInputDialog.getItem(
            self, "Restore a backup", "Replace the database's content with:", labels, 0, False
        )
        if ok:
            self.restore_backup(backups[labels.index(text)])

    def restore_backup(self, backup: Path) -> bool:
        """Put a backup's content in the database (the current content is backed up
        first); open documents keep their content but become unsaved."""
        from wargame.persistence.backup import restore_backup

        try:
            before = restore_backup(self.ctx.db, backup)
        except WargameError as exc:
            self.error("Could not restore the backup", str(exc))
            return False
        for view in self.views.values():
            view.save_id = None
            view.autosave_slot.detach()
            if view.can_save():
                view.undo_stack.resetClean()
        self.home.refresh()
        self._update_title()
        kept = f"; the content before was backed up to {before.name}" if before else ""
        self.statusBar().showMessage(f"Restored {backup.name}{kept}", 15000)
        return True

    # -- closing ---------------------------------------------------------------------
    def confirm_replace(self, view: ModeView) -> bool:
        """Before ``view``'s document is replaced: Save / Discard / Cancel if unsaved."""
        return self._confirm_discard(view)

    def _confirm_discard(self, view: ModeView) -> bool:
        if view.undo_stack.isClean() or not view.can_save():
            return True
        if self.unsaved_answerer is not None:
            answer = self.unsaved_answerer(view)
        elif self.ctx.quiet_errors:
            # Headless (tests, screenshots): nobody to ask; the autosave slot keeps the work.
            return True
        else:
            button = QMessageBox.question(
                self,
                "Unsaved changes",
                f"{view.document_name} has unsaved changes. Save them?",
                QMessageBox.StandardButton.Save
                | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel,
            )
            answer = {
                QMessageBox.StandardButton.Save: SAVE,
                QMessageBox.StandardButton.Discard: DISCARD,
            }.get(button, CANCEL)
        if answer == SAVE:
            return self._save_view(view)
        if answer == DISCARD:
            self._drop_autosave(view)
            return True
        return False

    def confirm_quit(self) -> bool:
        """One question for every unsaved game (ui/quit_dialog.py); True: may quit."""
        from ui.quit_dialog import confirm_quit

        return confirm_quit(
            self,
            list(self.views.values()),
            answerer=self.quit_answerer,
            save=self._save_view,
            discard=self._drop_autosave,
        )

    def _save_view(self, view: ModeView) -> bool:
        """File > Save for ``view`` (shown while it saves, as the one-game prompt does)."""
        previous = self.current
        self._activate(view)
        saved = self.save()
        if previous is not view:
            self._activate(previous)
        return saved

    def _drop_autosave(self, view: ModeView) -> None:
        """The autosave slot holds unsaved work only: gone once saved or discarded."""
        slot = view.autosave_id
        if slot is not None and slot != view.save_id:
            try:
                self.ctx.db.delete_save(slot)
            except WargameError as exc:
                self.statusBar().showMessage(f"Could not remove the autosave: {exc}", 6000)
                return
        view.autosave_id = None

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self.confirm_quit():
            event.ignore()
            return
        shown = (self.dice_dock.objectName(), self.history_dock.objectName())
        save_window_state(self, self.ctx.settings, remember_shown=shown)
        problem = self.ctx.settings.sync()  # a read-only folder or a full disk: quit anyway
        if problem is not None:
            self.statusBar().showMessage(problem, 4000)
        event.accept()

    def _restore_window_state(self) -> bool:
        """Restore the remembered place and docks; True if a place was remembered."""
        return restore_window_state(self, self.ctx.settings)

    # -- messages --------------------------------------------------------------------
    def error(self, title: str, message: str) -> None:
        log.warning("shown to the player: %s: %s", title, message)
        self.last_error = message
        self.statusBar().showMessage(message, 8000)
        if not self.ctx.quiet_errors:
            QMessageBox.warning(self, title, message)

    def show_rules(self) -> QDialog:
        """Help > Rules quick reference (F1): the active mode's page (home: the sea fight's)."""
        key = self.current.mode_key if self.current is not self.home else "naval"
        dialog = RulesDialog(key, self)
        self.rules_dialog = dialog
        dialog.show()
        return dialog

    def show_shortcuts(self) -> QDialog:
        """Help > Keyboard shortcuts: every shortcut of the menus and the open views."""
        dialog = ShortcutsDialog(self)
        dialog.show()
        return dialog

    def show_saves_help(self) -> None:
        """Help > Saves and secrets: what sealing protects, and what it cannot."""
        dialog = SavesDialog(self)
        dialog.setModal(False)
        dialog.show()
        self._saves_help = dialog

    def about(self) -> QDialog:
        """Help > About: versions and the bundled libraries' licences (ui/about.py)."""
        from ui.about import AboutDialog

        dialog = AboutDialog(self)
        dialog.show()
        return dialog

    def report_problem(self) -> Path | None:
        """Help > Report a problem: a report file, its folder opened (ui/crash.py)."""
        from ui.crash import report_a_problem

        return report_a_problem(self, self.ctx.data_dir)
