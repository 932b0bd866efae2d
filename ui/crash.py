"""An unexpected error in the app: autosave first, write a report, tell the player.

:class:`CrashHandler` becomes ``sys.excepthook``, which PySide6 also calls for
an exception raised in a slot or an overridden Qt method. It logs the error,
autosaves every open document (each view's autosave slot, as after any action),
writes a report file (wargame/reports.py: versions, the log's tail, the
traceback; no local variables, no game state) and shows one dialog in the
player's words. Help > Report a problem (:func:`report_a_problem`) writes a
report without an error and opens its folder in the file manager. Nothing is
sent anywhere.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QTimer, QUrl, qVersion
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox, QWidget

from ui.qtcompat import run_modal
from wargame.plural import count

if TYPE_CHECKING:
    from ui.shell.host import Shell

log = logging.getLogger(__name__)

TITLE = "Something went wrong"
ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def qt_versions() -> dict[str, str]:
    return {"Qt": qVersion(), "PySide6": pyside_version}


def crash_message(saved: list[str], failed: list[str], report: Path | None) -> str:
    """What the dialog says, in the player's words."""
    if saved and not failed:
        games = "your game was" if len(saved) == 1 else "your games were"
        lines = [f"Something went wrong; {games} autosaved ({', '.join(saved)})."]
        lines.append("You can carry on, or resume it from the home screen's list of saves.")
    elif failed:
        lines = [
            f"Something went wrong, and {', '.join(failed)} could not be autosaved: "
            "use File > Save As to keep it if you can."
        ]
    else:
        lines = ["Something went wrong. Nothing unsaved was open, so nothing was lost."]
    if report is not None:
        lines.append(
            f"A report was written to {report}. Help > Report a problem opens its folder, "
            "if you want to send it to the people who make the app; nothing is sent by itself."
        )
    else:
        lines.append("The report could not be written; the log file in the data folder has it.")
    return "\n\n".join(lines)


def show_dialog(parent: QWidget | None, text: str, folder: Path) -> None:
    """The crash dialog (tests replace this to not block)."""
    box = QMessageBox(QMessageBox.Icon.Warning, TITLE, text, parent=parent)
    open_button = box.addButton("Open the report folder", QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Close)
    run_modal(box)
    if box.clickedButton() is open_button:
        from wargame.reports import reports_dir

        open_folder(reports_dir(folder))


def open_folder(folder: Path) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


class CrashHandler:
    """``sys.excepthook`` for the app's window (see the module's docstring)."""

    def __init__(self, window: Shell, folder: Path) -> None:
        self.window = window
        self.folder = folder
        self._previous: ExceptHook | None = None
        self._busy = False
        self._shown: set[tuple[str, str, int]] = set()
        #: The last report written (tests read it).
        self.last_report: Path | None = None

    def install(self) -> CrashHandler:
        self._previous = sys.excepthook
        sys.excepthook = self.handle
        return self

    def uninstall(self) -> None:
        if sys.excepthook == self.handle and self._previous is not None:
            sys.excepthook = self._previous

    def handle(
        self, kind: type[BaseException], error: BaseException, tb: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            (self._previous or sys.__excepthook__)(kind, error, tb)
            return
        if tb is not None and error.__traceback__ is None:
            error = error.with_traceback(tb)
        log.error("unexpected error", exc_info=(kind, error, tb))
        if self._busy:  # an error while handling one: the log has it
            return
        self._busy = True
        try:
            self._report(error, tb)
        except Exception:  # noqa: BLE001 - the handler must never raise
            log.exception("the crash handler failed")
        finally:
            self._busy = False

    def _report(self, error: BaseException, tb: TracebackType | None) -> None:
        # imported when needed: importlib.metadata and hashlib would slow the app's start
        from wargame.reports import report_text, write_report

        saved, failed = self.autosave_all()
        try:
            text = report_text(
                self.folder, error=error, what="an unexpected error", versions=qt_versions()
            )
            report: Path | None = write_report(self.folder, text)
        except OSError as exc:
            log.error("could not write the report: %s", exc)
            report = None
        self.last_report = report
        # A paint error repeats at every frame: one dialog per place it comes from.
        last = _last_frame(tb)
        signature = (type(error).__name__, last[0], last[1])
        if signature in self._shown:
            return
        self._shown.add(signature)
        message = crash_message(saved, failed, report)
        # Not inside the failing call (a paint event, a drag): once Qt is back in its loop.
        QTimer.singleShot(0, lambda: show_dialog(self.window, message, self.folder))

    def autosave_all(self) -> tuple[list[str], list[str]]:
        """Autosave every open document with unsaved changes; the titles of those
        saved and of those that could not be."""
        saved: list[str] = []
        failed: list[str] = []
        for view in list(self.window.views.values()):
            try:
                if not view.can_save() or view.undo_stack.isClean():
                    continue
                title = view.title
                view.autosave()
                (saved if view.autosave_slot.id is not None else failed).append(title)
            except Exception:  # noqa: BLE001 - a broken view must not stop the others
                log.exception("autosave after an error failed in %s", view.mode_key)
                failed.append(getattr(view, "title", view.mode_key))
        log.info(
            "after the error: autosaved %s, %d failed",
            count(len(saved), "document", "documents"),
            len(failed),
        )
        return saved, failed


def _last_frame(tb: TracebackType | None) -> tuple[str, int]:
    where = ("", 0)
    while tb is not None:
        where = (tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    return where


def report_a_problem(window: Shell, folder: Path) -> Path | None:
    """Help > Report a problem: a report of how things are now, and its folder opened."""
    from wargame.reports import report_text, reports_dir, write_report

    try:
        text = report_text(
            folder, what="reported by the player (Help > Report a problem)", versions=qt_versions()
        )
        report: Path | None = write_report(folder, text)
    except OSError as exc:
        window.error("Report a problem", f"Could not write the report in {folder}: {exc}")
        return None
    if not open_folder(reports_dir(folder)):
        window.error(
            "Report a problem",
            f"The report is {report}; the file manager could not be opened on its folder.",
        )
    return report
