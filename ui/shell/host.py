"""The :class:`Shell`: what the main window's parts (``ui/shell/*``, ``ui/crash.py``)
ask of the window, so that none of them imports ``ui/main_window.py``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QStatusBar, QWidget

from ui.context import AppContext
from ui.mode_base import ModeView

if TYPE_CHECKING:
    from ui.dice_dock import DiceLogDock
    from ui.replay import ReplayDock


class Shell(Protocol):
    """The main window (a QMainWindow) as its parts see it."""

    ctx: AppContext
    home: ModeView
    current: ModeView
    views: dict[str, ModeView]
    dice_dock: DiceLogDock
    replay_dock: ReplayDock
    #: The last error shown (tests and headless runs read it instead of a dialog).
    last_error: str | None
    #: Tests answer the unsaved-changes prompt with this (view -> SAVE/DISCARD/CANCEL).
    unsaved_answerer: Callable[[ModeView], str] | None
    #: Tests answer the quit dialog with this (the unsaved games' lines -> answer).
    quit_answerer: Callable[[list[str]], str] | None
    #: Answers "convert this old, unsealed save?" in tests (None: ask the player).
    unsealed_answerer: Callable[[str], bool] | None
    #: Tests answer the unusable-database dialog with this (error, backup -> choice).
    database_answerer: Callable[[Any, Path | None], str] | None

    def view(self, key: str) -> ModeView: ...
    def show_mode(self, key: str) -> ModeView: ...
    def activate(self, view: ModeView) -> None: ...
    def update_title(self) -> None: ...
    def save(self) -> bool: ...
    def error(self, title: str, message: str) -> None: ...
    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt API
    def close(self) -> bool: ...


def add_action(window: QWidget, menu: QMenu, text: str, shortcut: Any, slot: Any) -> QAction:
    """A menu command owned by the window (so its shortcut works and Help > Keyboard
    shortcuts lists it)."""
    act = QAction(text, window)
    if shortcut is not None:
        act.setShortcut(shortcut)
    act.triggered.connect(slot)
    menu.addAction(act)
    return act
