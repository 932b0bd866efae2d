"""Pieces of Eight at the table."""

from __future__ import annotations

from typing import Any

from tests.ui.tables import TableDriver, click
from ui.poe.cards import CardWidget
from wargame.poe import actions as A


def start(main_window: Any, seats: Any, seed: int) -> Any:
    view = main_window.show_mode("pieces-of-eight")
    view.bot_delay_ms = 0
    view.new_game(list(seats), scenario=None, seed=seed)
    return view


def human_move(view: Any, qtbot: Any) -> None:
    """The human to move ends their phase as a player clicks: Done, else Pass, else the
    first legal move on the board or the card it plays (a menu of uses: the action)."""
    legal = view.state.legal_actions()
    before = len(view.session.entries)
    for kind, key in ((A.Done, "done"), (A.Pass, "pass")):
        button = view.buttons[key]
        if any(isinstance(a, kind) for a in legal) and button.isVisible():
            click(qtbot, button)
            assert len(view.session.entries) > before, view.last_error
            return
    first = legal[0]
    area = getattr(first, "to", None) or getattr(first, "area", None)
    card = getattr(first, "card", None)
    widget = view.hand_row.widgets.get(card) or view.faceup_row.widgets.get(card)
    if isinstance(area, str):
        view.board.area_clicked.emit(area)
    elif widget is not None and widget.isVisible():
        click(qtbot, widget)
    if len(view.session.entries) == before:  # a menu of the card's uses, or no widget
        menu = getattr(view, "_menu", None)
        if menu is not None:
            menu.close()
        assert view.do(first), view.last_error


def leaks(view: Any) -> list[str]:
    st = view.state
    drawn = {w.card.index for w in view.findChildren(CardWidget) if w.isVisible()}
    hidden: set[int] = set()
    for s in range(st.n):
        if s != view.viewer:
            hidden |= set(st.hand[s])
    out = [f"card {c} of another hand" for c in sorted(drawn & hidden)]
    if view.viewer is None and not st.over and "Chosen:" in _text(view):
        out.append("a burial being chosen")
    return out


def _text(view: Any) -> str:
    from tests.ui.tables import visible_text

    return visible_text(view)


def carry_on(view: Any) -> Any:
    return view.buttons["carry"] if view.shared_window() else None


DRIVER = TableDriver(
    mode="pieces-of-eight",
    start=start,
    human_move=human_move,
    leaks=leaks,
    seatings=(
        ("human", "human", "normal"),
        ("human", "normal", "human", "easy"),
        ("human", "human", "human", "human", "human"),
    ),
    bots=("normal", "easy", "easy"),
    carry_on=carry_on,
)
