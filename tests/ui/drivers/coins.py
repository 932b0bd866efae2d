"""Pirate Coins at the table."""

from __future__ import annotations

from typing import Any

from tests.ui.tables import TableDriver, click, visible_text
from wargame.coins.state import DECIDE


def start(main_window: Any, seats: Any, seed: int) -> Any:
    view = main_window.show_mode("pirate-coins")
    view.bot_delay_ms = 0
    view.new_game(list(seats), seed=seed)
    return view


def human_move(view: Any, qtbot: Any) -> None:
    """The pirate to move decides (sally forth early in a round, then plunder), or,
    with the chores left to the table's humans, takes the starting pirate's step."""
    st = view.state
    if st.phase != DECIDE:
        click(qtbot, view.decision.step)
        return
    d = view.decision
    click(qtbot, d.sally if st.turn_in_round < 2 else d.plunder)


def leaks(view: Any) -> list[str]:
    """A pending choice shown for anyone but the seat on screen, or the decision
    buttons of a seat that does not have the screen."""
    st = view.state
    out = []
    for s, row in enumerate(view.players.rows[: st.n]):
        if "(you:" in row[3].text() and row[3].isVisible() and s != view.viewer:
            out.append(f"{st.name(s)}'s pending choice")
    if view.viewer is None and "(you:" in visible_text(view):
        out.append("a pending choice on the public screen")
    buttons = view.decision.plunder.isVisible() or view.decision.sally.isVisible()
    if buttons and view.viewer != st.current_player():
        out.append("the decision of a pirate who does not have the computer")
    return out


#: Two to five humans at the table, bots between some of them.
SEATINGS = (
    ("human", "human"),
    ("human", "normal", "human", "easy"),
    ("human", "human", "easy", "human", "human"),
)
BOTS = ("normal", "easy", "easy")
DRIVER = TableDriver("pirate-coins", start, human_move, leaks, SEATINGS, BOTS)
