"""Tortuga 1667 at the table."""

from __future__ import annotations

import difflib
from typing import Any

from tests.ui.tables import TableDriver, click, visible_text
from wargame.core.dice import DiceService


def start(main_window: Any, seats: Any, seed: int) -> Any:
    view = main_window.show_mode("tortuga-1667")
    view.bot_delay_ms = 0
    view.new_game(list(seats), seed=seed)
    return view


def human_move(view: Any, qtbot: Any) -> None:
    """The human with the screen clicks: Done after a private look, else one of the
    decision's buttons, else an allowed main action (and an entry of its menu); which
    one varies with the length of the log, so games wander."""
    k = len(view.session.entries)
    choices = view.choice_buttons()
    done = [b for b in choices if b.text().startswith("Done")]
    if done or choices:
        click(qtbot, done[0] if done else choices[k % len(choices)])
        return
    allowed = [b for b in view.prompt.main_buttons.values() if b.property("legal") == "true"]
    view._menu = None
    click(qtbot, allowed[k % len(allowed)])
    menu = view._menu
    if len(view.session.entries) == k and menu is not None:
        actions = menu.actions()
        actions[k % len(actions)].trigger()
        menu.close()


def leaks(view: Any) -> list[str]:
    """What the screen shows that the shown seat's observation hides: the screen must
    be the same in every world that seat cannot tell from this one (the state's
    ``resample_hidden``); the public view is tried from two seats' ignorance."""
    st = view.state
    before = visible_text(view)
    out = []
    if view.viewer is None and "Your loyalty" in before:
        out.append("a loyalty card on the public screen")
    worlds = [view.viewer] if view.viewer is not None else [0, 1]
    try:
        for i, seat in enumerate(worlds):
            view.session.state = st.resample_hidden(seat, DiceService.seeded(len(before) + i))
            view.draw()
            after = visible_text(view).splitlines()
            diff = difflib.ndiff(before.splitlines(), after)
            out += [f"{seat}'s world: {d}" for d in diff if d[:1] in "+-" and d[2:].strip()]
    finally:
        view.session.state = st
        view.draw()
    return out


DRIVER = TableDriver(
    mode="tortuga-1667",
    start=start,
    human_move=human_move,
    leaks=leaks,
    seatings=(  # 2-9 pirates: two humans with a bot, three among bots, five alone
        ("human", "normal", "human"),
        ("normal", "human", "easy", "human", "normal", "human"),
        ("human", "human", "human", "human", "human"),
    ),
    bots=("normal", "easy", "normal", "easy"),
)
