"""The board-game tables as the parametrised UI suites drive them (issue 24).

Every game on ``ui/table`` has one :class:`TableDriver` in ``tests/ui/drivers/<game>.py``
(found by :func:`drivers`, so a game joins every suite by adding its file): how to lay
its table with given seats and seed, what the human to move does, and what the screen
shows that the seat on screen may not see. The rest is the table's own: take the
hand-off, let the bots move, carry on after a prompt to the whole table.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QListWidget, QWidget


@dataclass(frozen=True)
class TableDriver:
    mode: str
    #: (main_window, seats, seed) -> the view with a new game on it, bots at full speed.
    start: Callable[[Any, Sequence[str], int], Any]
    #: (view, qtbot): the human to move (the screen is theirs) makes one move.
    human_move: Callable[[Any, Any], None]
    #: (view) -> what is on screen that the seat shown may not see (empty: nothing).
    leaks: Callable[[Any], list[str]]
    #: Seatings for the hot-seat secrecy test: 2-5 humans, bots between them.
    seatings: tuple[tuple[str, ...], ...]
    #: A seating of bots only, played to the end.
    bots: tuple[str, ...]
    #: A shared prompt is open: the button that answers it for the table (or None).
    carry_on: Callable[[Any], QAbstractButton | None] = lambda view: None


def drivers() -> dict[str, TableDriver]:
    """Every table's driver, by mode key."""
    import tests.ui.drivers as pkg

    found: dict[str, TableDriver] = {}
    for info in pkgutil.iter_modules(pkg.__path__):
        driver = importlib.import_module(f"{pkg.__name__}.{info.name}").DRIVER
        found[driver.mode] = driver
    return dict(sorted(found.items()))


def click(qtbot: Any, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def step(driver: TableDriver, view: Any, qtbot: Any) -> None:
    """One move at the table, as the people at it make it."""
    if view.handoff.isVisible():
        click(qtbot, view.handoff.button)
        return
    seat = view.state.current_player()
    if seat is not None and view.bot_acts(seat):
        view.run_bots(limit=1)
        return
    button = driver.carry_on(view)
    if button is not None:
        click(qtbot, button)
        return
    driver.human_move(view, qtbot)


def until(
    driver: TableDriver, view: Any, qtbot: Any, done: Callable[[], bool], limit: int = 400
) -> None:
    for _ in range(limit):
        if done():
            return
        step(driver, view, qtbot)
    raise AssertionError("the table never got there")


def visible_text(view: Any) -> str:
    """Every visible widget's text, tooltip and accessible name, and every list row."""
    parts: list[str] = []
    for w in view.findChildren(QWidget):
        if not (w.isVisibleTo(view) and w.isVisible()):
            continue
        parts += [w.toolTip(), w.accessibleName()]
        if isinstance(w, (QLabel, QAbstractButton)):
            parts.append(w.text())
        if isinstance(w, QListWidget):
            parts += [w.item(i).text() for i in range(w.count())]
            parts += [w.item(i).toolTip() for i in range(w.count())]
    return "\n".join(parts)


def log_lines(view: Any) -> list[str]:
    return [view.log.item(i).text() for i in range(view.log.count())]


def nothing_hidden_leaks(board: str, game: str) -> Callable[[Any], list[str]]:
    """The leak check of a game that hides nothing from a seat (the naval battle, the
    raid): every seat's observation is the public one, and no hand-off or private view
    covers the ``board`` of the ``game``."""

    def leaks(view: Any) -> list[str]:
        st = view.state
        public = st.observation(None)
        out = [f"seat {s} sees a secret" for s in range(2) if st.observation(s) != public]
        if view.handoff.isVisible():
            out.append(f"a hand-off hides a {board} with nothing hidden")
        if view.viewer is not None:
            out.append(f"a private view of a {game} with nothing private")
        return out

    return leaks
