"""Playing across computers in the app: the lobby (Host / Join) and a table window
per seat played at this screen, over :mod:`wargame.net` (docs/network.md)."""

from __future__ import annotations

import sys

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget


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


def open_tables() -> list[str]:
    """The tables this app hosts or sits at, one line each (nothing when the network
    was never used: its modules are not even loaded)."""
    lobby = sys.modules.get("ui.net.lobby")
    return lobby.table_lines() if lobby is not None else []


def leave_tables(parent: QWidget, *, ask: bool = True) -> bool:
    """Quit: one question listing the tables it will end or leave, then every window of
    the network closed (the hosted tables closed for their players, who are told). False:
    the player chose to stay."""
    lines = open_tables()
    if lines and ask:
        answer = QMessageBox.question(
            parent,
            "Quit",
            "Quitting closes every window of the app, and these tables:\n\n"
            + "\n".join(f"- {line}" for line in lines)
            + "\n\nQuit?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return False
    lobby = sys.modules.get("ui.net.lobby")
    if lobby is not None:
        lobby.close_everything()
    return True
