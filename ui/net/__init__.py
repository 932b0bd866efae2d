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
    quitting = getattr(window, "quitting", None)  # the shell's quit flow (ui/shell)
    if quitting is not None:
        quitting.ask_before_quit(lambda: ask_to_leave(window))
        quitting.close_on_quit(close_tables)
    return act


def open_tables() -> list[str]:
    """The tables this app hosts or sits at, one line each (nothing when the network
    was never used: its modules are not even loaded)."""
    lobby = sys.modules.get("ui.net.lobby")
    return lobby.table_lines() if lobby is not None else []


def ask_to_leave(parent: QWidget) -> bool:
    """Quit's one question about the tables: it lists those it will end (hosted here) or
    leave (joined); False: the player chose to stay. Nothing asked without tables, or
    headless (tests, screenshots)."""
    lines = open_tables()
    ctx = getattr(parent, "ctx", None)
    if not lines or getattr(ctx, "quiet_errors", False):
        return True
    answer = QMessageBox.question(
        parent,
        "Quit",
        "Quitting closes every window of the app, and these tables:\n\n"
        + "\n".join(f"- {line}" for line in lines)
        + "\n\nQuit?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Yes


def close_tables() -> None:
    """Every window of the network closed (a hosted table closed for its players, who
    are told so), once quitting is decided."""
    lobby = sys.modules.get("ui.net.lobby")
    if lobby is not None:
        lobby.close_everything()


def leave_tables(parent: QWidget) -> bool:
    """:func:`ask_to_leave`, then :func:`close_tables` unless the player stayed."""
    if not ask_to_leave(parent):
        return False
    close_tables()
    return True
