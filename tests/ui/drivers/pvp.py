"""Pirate Versus Pirate at the table: played by clicks (roll, a pirate, a triangle, a
side to face). Nothing on this board is hidden, so the only leak is a secret
appearing at all: a seat whose observation differs from the public one, or a
hand-off hiding a board with nothing to hide."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from tests.ui.tables import TableDriver, click
from wargame.pvp import actions as A
from wargame.pvp.legal import move_classes
from wargame.pvp.state import FACE, MOVE, ROLL, SETUP


def start(main_window: Any, seats: Any, seed: int) -> Any:
    view = main_window.show_mode("pirate-versus-pirate")
    view.bot_delay_ms = 0
    variant = "no-backstabbing" if seed % 2 else "standard"  # both, across the suites
    view.new_game(list(seats), variant=variant, scenario=None, seed=seed)
    return view


def click_cell(view: Any, qtbot: Any, i: int) -> None:
    qtbot.mouseClick(
        view.board.viewport(), Qt.MouseButton.LeftButton, pos=view.board.cell_centre_in_view(i)
    )


def human_move(view: Any, qtbot: Any) -> None:
    """What the player to move clicks: Roll; a pirate that can move, then where it
    ends (the first choice of a menu); Lose the turn; a side to face; Ready."""
    st = view.state
    before = len(view.session.entries)
    if st.phase == ROLL:
        click(qtbot, view.buttons["roll"])
    elif st.phase == MOVE and list(st.legal_actions()) == [A.Pass()]:
        click(qtbot, view.buttons["pass"])
    elif st.phase == MOVE:
        movers = [p for p in st.alive(st.active) if move_classes(st, p)]
        p = movers[st.turns % len(movers)]
        click_cell(view, qtbot, st.pos[p])
        click_cell(view, qtbot, move_classes(st, p)[0][0])
        menu = getattr(view, "_menu", None)
        if len(view.session.entries) == before and menu is not None and menu.isVisible():
            menu.actions()[0].trigger()
            menu.close()
    elif st.phase == FACE:
        click(qtbot, view.face_buttons[st.turns % 3])
    elif st.phase == SETUP:
        click(qtbot, view.buttons["ready"])
    assert len(view.session.entries) > before, view.last_error


def leaks(view: Any) -> list[str]:
    st = view.state
    out = []
    public = st.observation(None)
    out += [f"seat {s} sees a secret" for s in range(st.n) if st.observation(s) != public]
    if view.handoff.isVisible():
        out.append("a hand-off hides a board with nothing hidden")
    if view.viewer is not None:
        out.append("a private view of a game with nothing private")
    return out


DRIVER = TableDriver(
    mode="pirate-versus-pirate",
    start=start,
    human_move=human_move,
    leaks=leaks,
    seatings=(
        ("human", "human"),
        ("human", "normal", "human"),
        ("human", "human", "human"),
    ),
    bots=("normal", "normal"),
)
