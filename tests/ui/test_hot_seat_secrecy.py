"""Hot-seat secrecy at every board-game table: whole stretches of play with 2-5 human
seats (bots between them); after every move nothing the seat on screen may not see is
drawn, written, or in a tooltip or accessible name (a hand-off or the public view
passes). The games come from ``tests/ui/drivers``."""

from __future__ import annotations

import pytest

from tests.ui.tables import drivers, step

pytestmark = pytest.mark.usefixtures("discard_unsaved")

STEPS = 160
CASES = [
    pytest.param(d, seats, id=f"{mode}-{'-'.join(seats)}")
    for mode, d in drivers().items()
    for seats in d.seatings
]


def check_screen(driver, view) -> None:  # noqa: ANN001
    if view.handoff.isVisible():
        assert view.viewer is None, "a private view behind the hand-off"
    viewer = view.viewer
    if viewer is not None:
        assert view.seats[viewer] == "human"
        humans = view.humans()
        mine = view.private_seat() == viewer or len(humans) == 1
        assert mine or view.state.is_terminal(), "a private view outside its seat's moment"
    leaks = driver.leaks(view)
    assert not leaks, (viewer, leaks)


@pytest.mark.parametrize(("driver", "seats"), CASES)
def test_no_screen_shows_what_its_seat_may_not_see(main_window, qtbot, driver, seats) -> None:  # noqa: ANN001
    view = driver.start(main_window, seats, len(seats))
    check_screen(driver, view)
    for _ in range(STEPS):
        if view.state.is_terminal():
            break
        step(driver, view, qtbot)
        check_screen(driver, view)
