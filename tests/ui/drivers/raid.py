"""The land raid at the table: played as a player does (the main button, Space, an
order of the list double-clicked). Nothing in the town is hidden, so the only leak is a
secret appearing at all: a seat whose observation differs from the public one, a
hand-off, or a private view."""

from __future__ import annotations

from typing import Any

from tests.ui.tables import TableDriver, click, nothing_hidden_leaks
from wargame.core.game import GameSpec
from wargame.raid.scenario import default_scenario


def start(main_window: Any, seats: Any, seed: int) -> Any:
    view = main_window.show_mode("raid")
    view.bot_delay_ms = 0
    view.start_game(GameSpec("raid", 2, scenario=default_scenario()), list(seats), seed=seed)
    return view


def human_move(view: Any, qtbot: Any) -> None:
    """An order of the list (which one varies with the log's length), else the main
    button ("Done", a roll)."""
    before = len(view.session.entries)
    orders = view.orders
    if orders.count() and (before % 4 or not view.primary.isEnabled()):
        view.orders.itemActivated.emit(orders.item(before % orders.count()))
    else:
        click(qtbot, view.primary)
    assert len(view.session.entries) > before, view.last_error


DRIVER = TableDriver(
    mode="raid",
    start=start,
    human_move=human_move,
    leaks=nothing_hidden_leaks("town", "raid"),
    # two seatings (a raid's screen is the dearest to draw): both sides human, a bot first
    seatings=(("human", "human"), ("easy", "human")),
    bots=("normal", "normal"),
)
