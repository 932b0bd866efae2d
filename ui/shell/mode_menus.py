"""The Modes menu (one entry a registered mode, Alt+1...Alt+9) and each mode's own menu
(a view's ``mode_menu``: Campaign, ...), in the menu bar before Help while it is shown."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from ui.mode_base import ModeView
from ui.modes import entries


def add_modes_menu(window: QWidget, bar: QMenuBar, show: Callable[[str], object]) -> QMenu:
    menu = bar.addMenu("&Modes")
    for i, e in enumerate(entries(), 1):
        act = QAction(e.title, window)
        if i <= 9:
            act.setShortcut(QKeySequence(f"Alt+{i}"))
        act.triggered.connect(lambda _=False, k=e.key: show(k))
        menu.addAction(act)
    return menu


def show_mode_menu(bar: QMenuBar, views: Iterable[ModeView], shown: ModeView) -> None:
    """Only the shown view's own menu is in the bar (each is put before Help once)."""
    for v in views:
        menu = v.mode_menu
        if menu is not None:
            if menu.menuAction() not in bar.actions():
                bar.insertMenu(bar.actions()[-1], menu)  # before Help
            menu.menuAction().setVisible(v is shown)
