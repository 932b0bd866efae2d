"""Quitting with unsaved games: one dialog listing them all, Save all / Discard all /
Cancel (issue 40: six open games asked six times).

:func:`confirm_quit` is what the main window's close asks; it returns True when the
window may close. Save all saves each game in turn as File > Save would (a game never
saved asks where); if one is not saved (its Save As is cancelled or fails), quitting
stops there and the games saved so far stay saved. Discard all drops each game's
autosave slot, as Discard does for one game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.qtcompat import run_modal
from wargame.core.registry import MODES
from wargame.plural import ngettext

if TYPE_CHECKING:
    from ui.mode_base import ModeView

SAVE_ALL, DISCARD_ALL, CANCEL = "save", "discard", "cancel"


def unsaved_views(views: Sequence[ModeView]) -> list[ModeView]:
    """The views whose game has changes no save holds (in the order given)."""
    return [v for v in views if not v.undo_stack.isClean() and v.can_save()]


def game_line(view: ModeView) -> str:
    """One line of the list: the game's name and its mode ("Letters of Marque - Campaign")."""
    titles = {m.key: m.title for m in MODES}
    return f"{view.document_name} - {titles.get(view.mode_key, view.mode_key)}"


class QuitDialog(QDialog):
    """The unsaved games, and one answer for all of them."""

    def __init__(self, lines: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("quit-dialog")
        self.setWindowTitle("Unsaved games")
        self.answer = CANCEL
        layout = QVBoxLayout(self)
        n = len(lines)
        self.heading = QLabel(
            ngettext(
                "%(n)d game has unsaved changes:",
                "%(n)d games have unsaved changes:",
                n,
            )
            % {"n": n}
        )
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.games = QListWidget()
        self.games.setObjectName("unsaved-games")
        self.games.addItems(list(lines))
        self.games.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.games.setWordWrap(True)
        self.games.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.games.setSpacing(3)
        layout.addWidget(self.games, 1)
        buttons = QDialogButtonBox()
        self.save_all = QPushButton("&Save all")
        self.save_all.setToolTip("Save every game listed (a game never saved asks where)")
        self.discard_all = QPushButton("&Discard all")
        self.discard_all.setToolTip("Quit without saving the changes of the games listed")
        self.cancel = QPushButton("Cancel")
        self.cancel.setToolTip("Don't quit")
        buttons.addButton(self.save_all, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_all, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.cancel, QDialogButtonBox.ButtonRole.RejectRole)
        self.save_all.clicked.connect(lambda: self._answer(SAVE_ALL))
        self.discard_all.clicked.connect(lambda: self._answer(DISCARD_ALL))
        self.cancel.clicked.connect(lambda: self._answer(CANCEL))
        self.save_all.setDefault(True)
        layout.addWidget(buttons)
        self.resize(480, 320)

    def _answer(self, answer: str) -> None:
        self.answer = answer
        if answer == CANCEL:
            self.reject()
        else:
            self.accept()


def confirm_quit(
    window: Any,
    views: Sequence[ModeView],
    *,
    answerer: Callable[[list[str]], str] | None = None,
    save: Callable[[ModeView], bool],
    discard: Callable[[ModeView], None],
) -> bool:
    """Ask once about every unsaved game in ``views``; True if the window may close.

    ``answerer`` (tests) answers instead of the dialog, from the listed lines; headless
    (``ctx.quiet_errors``) with nobody to ask, the autosave slots keep the work."""
    todo = unsaved_views(views)
    if not todo:
        return True
    lines = [game_line(v) for v in todo]
    if answerer is not None:
        answer = answerer(lines)
    elif window.ctx.quiet_errors:
        return True
    else:
        dialog = QuitDialog(lines, window)
        window.quit_dialog = dialog
        run_modal(dialog)
        answer = dialog.answer
    if answer == SAVE_ALL:
        return all(save(v) for v in todo)  # stops at the first game not saved
    if answer == DISCARD_ALL:
        for v in todo:
            discard(v)
        return True
    return False


__all__ = [
    "CANCEL",
    "DISCARD_ALL",
    "SAVE_ALL",
    "QuitDialog",
    "confirm_quit",
    "game_line",
    "unsaved_views",
]
