"""Playing across computers in the app: the lobby (Host / Join) and a table window
per seat played at this screen, over :mod:`wargame.net` (docs/network.md)."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget


def add_menu_action(window: QWidget, menu: QMenu) -> QAction:
    """File > Play across computers... (the one hook in the main window). The network
    modules load only when it is chosen: the app starts as fast as before."""
    act = QAction("Play across &computers...", window)

    def open_lobby() -> None:
        from ui.net.lobby import LobbyDialog

        # not modal (the table windows it opens stay usable); the window owns it
        LobbyDialog(window).show()

    act.triggered.connect(open_lobby)
    menu.addAction(act)
    return act
