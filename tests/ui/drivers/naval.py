"""The naval battle at the table: played as a player does (a green hex chosen and sailed
with Enter, E to end a ship's turn, the panel's buttons, Fire). Nothing at sea is
hidden, so the only leak is a secret appearing at all: a seat whose observation differs
from the public one, a hand-off, or a private view."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QPushButton

from tests.ui.tables import TableDriver, click, nothing_hidden_leaks
from wargame.core.game import GameSpec
from wargame.naval.actions import ExtraMove, Move
from wargame.naval.scenario import default_scenario


def start(main_window: Any, seats: Any, seed: int) -> Any:
    view = main_window.show_mode("naval")
    view.bot_delay_ms = 0
    view.start_game(GameSpec("naval", 2, scenario=default_scenario()), list(seats), seed=seed)
    return view


def human_move(view: Any, qtbot: Any) -> None:
    """Sail the first green hex (Enter), else a button of the panel (which one varies
    with the log's length), else E: end the ship's turn, else fire."""
    before = len(view.session.entries)
    legal = view.legal()
    moves = [a for a in legal if isinstance(a, Move | ExtraMove)]
    buttons = [
        b for b in view.buttons_box.findChildren(QPushButton) if b.isVisible() and b.isEnabled()
    ]
    if moves and before % 3:
        view.select(moves[0].ship)
        view.choose_hex(tuple(moves[before % len(moves)].to))
        view.act_confirm.trigger()  # Enter (the action: a seat's window need not be active)
    elif buttons:
        click(qtbot, buttons[before % len(buttons)])
    elif view.act_end.isEnabled():
        view.act_end.trigger()  # E
    else:
        assert view.act(legal[before % len(legal)]), view.last_error
    assert len(view.session.entries) > before, view.last_error


DRIVER = TableDriver(
    mode="naval",
    start=start,
    human_move=human_move,
    leaks=nothing_hidden_leaks("sea", "battle"),
    seatings=(("human", "human"), ("human", "easy"), ("normal", "human")),
    bots=("normal", "normal"),
)
