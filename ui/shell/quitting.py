"""Quitting: the unsaved-work question, then closing what else is open.

The window's close (File > Quit, Ctrl+Q, the title bar's button) asks :class:`QuitFlow`.
The open documents with unsaved changes are asked about once, all together
(``ui/quit_dialog.py``: one list, Save all / Discard all / Cancel; issue 40: six games
asked six times); then every *asker* registered with :meth:`QuitFlow.ask_before_quit` (another app window
with its own unsaved work); only if none cancels, every *closer* registered with
:meth:`QuitFlow.close_on_quit` runs (seat windows, the lobby, a server...), the
window's place is remembered and the app quits. The same question guards a document
about to be replaced (New, Open, Replay: :meth:`QuitFlow.confirm_discard`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtWidgets import QMainWindow, QMessageBox

from ui.mode_base import ModeView
from ui.quit_dialog import confirm_quit
from ui.shell.host import Shell
from ui.window_state import save_window_state
from wargame.errors import WargameError

log = logging.getLogger(__name__)

#: An answer to the unsaved-changes prompt.
SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


class QuitFlow:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self._askers: list[Callable[[], bool]] = []
        self._closers: list[Callable[[], None]] = []

    # -- what else takes part in quitting ----------------------------------------------
    def ask_before_quit(self, ask: Callable[[], bool]) -> None:
        """``ask()`` is called when the app is about to quit (after the documents);
        it returns False to keep the app open (the player cancelled)."""
        self._askers.append(ask)

    def close_on_quit(self, close: Callable[[], None]) -> None:
        """``close()`` is called once quitting is decided (an error in one is logged and
        the others still close)."""
        self._closers.append(close)

    # -- the question --------------------------------------------------------------------
    def confirm_discard(self, view: ModeView) -> bool:
        """Save / Discard / Cancel when ``view`` has unsaved changes; True: go on."""
        shell = self.shell
        if view.undo_stack.isClean() or not view.can_save():
            return True
        if shell.unsaved_answerer is not None:
            answer = shell.unsaved_answerer(view)
        elif shell.ctx.quiet_errors:
            # Headless (tests, screenshots): nobody to ask; the autosave slot keeps the work.
            return True
        else:
            button = QMessageBox.question(
                shell,  # type: ignore[arg-type]
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
            return self.save_view(view)
        if answer == DISCARD:
            self.drop_autosave(view)
            return True
        return False

    def drop_autosave(self, view: ModeView) -> None:
        """The autosave slot holds unsaved work only: gone once saved or discarded."""
        slot = view.autosave_id
        if slot is not None and slot != view.save_id:
            try:
                self.shell.ctx.db.delete_save(slot)
            except WargameError as exc:
                self.shell.statusBar().showMessage(f"Could not remove the autosave: {exc}", 6000)
                return
        view.autosave_id = None

    # -- quitting ------------------------------------------------------------------------
    def may_quit(self) -> bool:
        """Ask once about every unsaved document, then every asker; False: the player
        cancelled."""
        if not confirm_quit(
            self.shell,
            list(self.shell.views.values()),
            answerer=getattr(self.shell, "quit_answerer", None),
            save=self.save_view,
            discard=self.drop_autosave,
        ):
            return False
        return all(ask() for ask in list(self._askers))

    def save_view(self, view: ModeView) -> bool:
        """File > Save for ``view`` (shown while it saves, as the one-game prompt does)."""
        shell = self.shell
        previous = shell.current
        shell.activate(view)
        saved = shell.save()
        if previous is not view:
            shell.activate(previous)
        return saved

    def finish(self, window: QMainWindow, shown_docks: tuple[str, ...]) -> None:
        """Quitting is decided: close what registered, remember the window's place."""
        for close in list(self._closers):
            try:
                close()
            except Exception:  # noqa: BLE001 - one failing must not keep the others open
                log.exception("closing on quit failed")
        settings = self.shell.ctx.settings
        save_window_state(window, settings, remember_shown=shown_docks)
        problem = settings.sync()  # a read-only folder or a full disk: quit anyway
        if problem is not None:
            self.shell.statusBar().showMessage(problem, 4000)
