"""The host's "Give the seat to a bot" tools, the same in the host's window and on the
shared table screen: a bot level and a button acting on the seat picked in the list."""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtWidgets import QComboBox, QListWidget, QPushButton

from wargame.core.play import bot_factories
from wargame.core.registry import game_class
from wargame.errors import WargameError
from wargame.net.server import TableServer


class HostScreen(Protocol):
    """What the tools need of the window they sit in."""

    seats: QListWidget
    status: Any  # a label: setText


def stand_in_tools(owner: HostScreen, server: TableServer) -> tuple[QComboBox, QPushButton]:
    """A bot level (none that thinks for seconds: the server plays its bots in the app's
    loop) and the button giving the seat picked in ``owner.seats`` to it."""
    choice = QComboBox()
    choice.setObjectName("net-bot-level")
    names = bot_factories(game_class(server.game)(server.params), {})
    choice.addItems([n for n in names if n not in ("search", "hard")])
    choice.setToolTip("The bot that plays a dropped seat until its player is back")
    give = QPushButton("Give the seat to a bot")
    give.setObjectName("net-give-seat")
    give.setToolTip("Pick a dropped seat in the list (after its grace period), then click")

    def give_seat() -> None:
        row = owner.seats.currentRow()
        if row < 0:
            owner.status.setText("Pick the seat in the list first.")
            return
        try:
            server.stand_in(0, row, choice.currentText())
        except WargameError as exc:
            owner.status.setText(str(exc))
            return
        owner.status.setText(f"A {choice.currentText()} bot plays seat {row + 1}.")

    give.clicked.connect(give_seat)
    return choice, give
