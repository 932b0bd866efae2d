"""UI tests click through the first turns of new games seeded from the OS: Pieces of
Eight and Tortuga 1667 then start from a random seat (issue 28), which would make a
test's path depend on the draw. Here Pirate 1 starts; a test that gives ``starter``
still gets its own (the random first seat is tested in tests/core/test_fair_play.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _pirate_one_starts_in_ui_tests(pirate_one_starts: None) -> None:
    return None
