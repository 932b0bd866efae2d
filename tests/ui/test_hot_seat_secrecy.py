"""Hot-seat secrecy at the table: whole stretches of play with 2-5 human seats (bots
between them), and after every move nothing the on-screen seat may not see is drawn.

Pieces of Eight is on ``ui/table``; the other tables join the parametrisation as they
move onto it. A hand-off or the public view passes; a card of a hand is drawn only for
the seat whose hand it is, and only while that seat has the computer.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from tests.ui.test_table_leaks import poe, step
from ui.poe.cards import CardWidget

pytestmark = pytest.mark.usefixtures("discard_unsaved")

TABLES = [
    ("pieces-of-eight", ["human", "human", "strong"]),
    ("pieces-of-eight", ["human", "strong", "human", "random"]),
    ("pieces-of-eight", ["human", "human", "human", "human", "human"]),
]
STEPS = 160


def visible_text(view) -> str:  # noqa: ANN001
    parts = []
    for w in view.findChildren(QWidget):
        if w.isVisibleTo(view) and w.isVisible():
            parts += [w.toolTip(), w.accessibleName()]
            if isinstance(w, QLabel):
                parts.append(w.text())
    return "\n".join(parts)


def check_screen(view) -> None:  # noqa: ANN001
    st = view.state
    viewer = view.revealed
    if view.handoff.isVisible():
        assert viewer is None
    drawn = {w.card.index for w in view.findChildren(CardWidget) if w.isVisible()}
    hidden = set()
    for s in range(st.n):
        if s != viewer:
            hidden |= set(st.hand[s])
    assert not drawn & hidden, (viewer, drawn & hidden)
    if viewer is not None:
        assert view.seats[viewer] == "human"
        humans = [s for s, c in enumerate(view.seats) if c == "human"]
        mine = st.current_player() == viewer or len(humans) == 1
        assert mine or view.state.over, "a hand stays up outside its seat's moment"
    if viewer is None and not st.over:
        assert "Chosen:" not in visible_text(view)  # a burial being chosen is private


@pytest.mark.parametrize(("mode", "seats"), TABLES)
def test_no_screen_shows_what_its_seat_may_not_see(main_window, qtbot, mode, seats) -> None:  # noqa: ANN001
    view = poe(main_window, seats, seed=len(seats))
    for _ in range(STEPS):
        if view.state.over:
            break
        step(view, qtbot)
        check_screen(view)
