"""File > New, Open (a dialog, drag and drop, home's lists), Replay: what a file opens
as is the registry's word (``ui/modes.py``: :func:`~ui.modes.opening_for`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from ui.background import BackgroundTask
from ui.history import restore_history
from ui.mode_base import ModeView
from ui.modes import entry, opening_for
from ui.shell.host import Shell
from wargame.core.registry import game_names
from wargame.core.replay import ReplayPlan
from wargame.core.saveformat import UnsealedSave
from wargame.errors import FileFormatError, WargameError
from wargame.persistence.convert import convert_unsealed_save, is_unsealed_save
from wargame.persistence.files import read_json_file

log = logging.getLogger(__name__)

#: How many of the newest saves File > Open recent lists (home lists more).
RECENT_IN_MENU = 10
#: A file larger than this is read off the window's thread by File > Open.
LARGE_FILE_BYTES = 2 * 1024 * 1024


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size if path.is_file() else 0
    except (OSError, ValueError):
        return 0  # the reader says what is wrong


def dropped_files(mime: QMimeData) -> list[Path]:
    """The local files a drag carries (none: the drop is refused)."""
    if not mime.hasUrls():
        return []
    return [Path(u.toLocalFile()) for u in mime.urls() if u.isLocalFile()]


class FileCommands:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        #: A large file being read by File > Open (None before the first).
        self.reading: BackgroundTask | None = None

    def new_document(self) -> None:
        shell = self.shell
        view = shell.current
        if view is shell.home:
            return
        try:
            if not view.replace_document(view.new_document):
                return
        except WargameError as exc:
            shell.error("Could not start a new document", str(exc))
            return
        view.undo_stack.clear()
        shell.update_title()

    def start_mode(self, key: str) -> Any:
        """A home card: the mode's ``start`` dialog over the screen we are on (the mode
        shows once it is accepted; cancelled, nothing changes), else the mode itself."""
        e = entry(key)
        view = self.shell.view(key)
        start = getattr(view, e.start, None) if e is not None and e.start else None
        if start is None:  # no dialog first (or a mode not built yet: says so)
            self.shell.activate(view)
            return view
        dialog = start()
        dialog.accepted.connect(lambda: self.shell.activate(view))
        return dialog

    def mode_action(self, key: str, method: str) -> Any:
        """A mode's button on the home screen (``ModeEntry.home_action``): its view's
        ``method``, which shows the mode itself when it has something to show."""
        return getattr(self.shell.view(key), method)()

    # -- opening -------------------------------------------------------------------------
    def open_file(self, path: str | Path | None = None) -> bool:
        shell = self.shell
        if not path:
            path, _ = QFileDialog.getOpenFileName(
                shell,  # type: ignore[arg-type]
                "Open",
                str(Path.home()),
                "Wargame files (*.json);;All files (*)",
            )
            if not path:
                return False
        if _file_size(Path(path)) > LARGE_FILE_BYTES:
            self._open_in_background(Path(path))
            return True
        try:
            self.open_path(Path(path))
        except WargameError as exc:
            shell.error("Could not open the file", str(exc))
            return False
        return True

    def open_dropped(self, mime: QMimeData) -> bool:
        """Files dropped on the window open as File > Open opens them (each in turn)."""
        paths = dropped_files(mime)
        return all([self.open_file(p) for p in paths]) if paths else False

    def fill_recent(self, menu: QMenu) -> None:
        """File > Open recent, filled as it opens: the newest saves, as home lists them."""
        from ui.saves_list import mode_titles, row_texts

        menu.clear()
        try:
            saves = self.shell.ctx.db.list_saves(limit=RECENT_IN_MENU)
        except WargameError as exc:
            menu.addAction(f"The database can't be used: {exc}"[:90]).setEnabled(False)
            return
        titles = mode_titles()
        for info in saves:
            name, mode, when, state = row_texts(info, titles)
            text = f"{name} ({state})" if info.damaged or info.autosave else f"{name} - {mode}"
            act = menu.addAction(text.replace("&", "&&"))
            act.setToolTip(f"{name}: {mode}, {state}, saved {when}")
            act.triggered.connect(lambda _=False, sid=info.id: self.open_save(sid))
        if not saves:
            menu.addAction("No saves yet").setEnabled(False)

    def _open_in_background(self, path: Path) -> None:
        """A large file is read off the window's thread (progress, Cancel), then opened."""

        def job(progress: Callable[[str, float], None], _cancelled: Callable[[], bool]) -> Any:
            progress(f"Reading {path.name}", 0.0)
            return read_json_file(path)

        def done(data: Any) -> None:
            try:
                self.open_data(data, path)
            except WargameError as exc:
                self.shell.error("Could not open the file", str(exc))

        self.reading = BackgroundTask(
            self.shell,  # type: ignore[arg-type]
            f"Opening {path.name}",
            job,
            done,
            lambda message: self.shell.error("Could not open the file", message),
        )

    def open_path(self, path: Path) -> ModeView | None:
        """Open a save, scenario or map file in its mode. Raises BadInput."""
        log.info("open file %s", path)
        return self.open_data(read_json_file(path), path)

    def open_data(
        self, data: Any, path: Path | None, *, save_id: int | None = None
    ) -> ModeView | None:
        """Open a save, scenario or map in its mode's view (asking first when that view
        has unsaved changes; if the player cancels, nothing changes)."""
        from wargame.persistence.guard import check_shape, loading

        if not isinstance(data, dict):
            raise FileFormatError(
                f"{path or 'The file'}: not a save, map or scenario of this app "
                "(it holds no {...} object of settings)"
            )
        source = str(path or "file")
        check_shape(data, source)
        converted = is_unsealed_save(data)
        if converted:
            if not self._convert_unsealed_asked(source):
                return None
            with loading(source):
                data = convert_unsealed_save(data)
        how = opening_for(data, path)
        view = self.shell.view(how.key)
        if how.own_document:  # into the document it belongs to (an e-mailed turn)
            with loading(source):
                getattr(view, how.method)(data, path)
            self.shell.activate(view)
            return view
        with loading(source):
            if not view.replace_document(lambda: getattr(view, how.method)(data, path)):
                return None
        # A template (a scenario, a map opened as a game board) is a new document: Save
        # must not overwrite it; so is a converted old save (the old file stays as it was).
        view.path = None if converted or how.template else path
        if view.path is not None:
            view.document_name = view.path.stem
            view.document_changed.emit()
        view.save_id = save_id
        self._restore_history(view)
        self.shell.activate(view)
        return view

    def _convert_unsealed_asked(self, source: str) -> bool:
        """An old, unsealed save: convert it (marked for good) only if the player says
        so (``unsealed_answerer`` answers instead in tests)."""
        shell = self.shell
        if shell.unsealed_answerer is not None:
            return shell.unsealed_answerer(source)
        if shell.ctx.quiet_errors:  # no one to ask (wargame screenshot): refuse in words
            raise UnsealedSave()
        answer = QMessageBox.question(
            shell,  # type: ignore[arg-type]
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
        shell = self.shell
        try:
            info, data = shell.ctx.db.load_game(save_id)
            # Resuming an autosave keeps writing to that slot; Save makes a real save.
            view = self.open_data(data, None, save_id=None if info.autosave else save_id)
            if view is None:
                return  # the player cancelled
            view.document_name = info.name
            if info.autosave:
                view.autosave_id = save_id
            shell.update_title()
        except WargameError as exc:
            shell.error("Could not open the save", str(exc))

    def open_db_scenario(self, scenario_id: int) -> None:
        try:
            self.open_data(self.shell.ctx.db.get_scenario(scenario_id), None)
        except WargameError as exc:
            self.shell.error("Could not open the scenario", str(exc))

    # -- replay --------------------------------------------------------------------------
    def replay(self, path: str | Path | None = None) -> bool:
        """File > Replay: watch a game back from its start. The open game (if any)
        is replayed, else a saved file chosen here; the save itself never changes."""
        shell = self.shell
        v = shell.current
        data: Any = None
        name = v.document_name
        if path is None and v.history_session() is not None and v.mode_key in game_names():
            data = v.save_json()
        else:
            if not path:
                path, _ = QFileDialog.getOpenFileName(
                    shell,  # type: ignore[arg-type]
                    "Replay a saved game",
                    str(Path.home()),
                    "Saved games (*.json)",
                )
                if not path:
                    return False
            try:
                data = read_json_file(path)
            except WargameError as exc:
                shell.error("Could not replay the game", str(exc))
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
            view = shell.view(key)
            # The replay is a new document: asked for like any other, its own autosave slot.
            if not view.replace_document(lambda: shell.replay_dock.start(plan, view, name)):
                return False
            shell.show_mode(key)
        except WargameError as exc:
            shell.error("Could not replay the game", str(exc))
            return False
        return True
