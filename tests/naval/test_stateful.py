"""Random legal play of the sea fight under hypothesis (issue 18)."""

from __future__ import annotations

import pytest

from tests.stateful_machine import machine
from wargame.core.play import simulate
from wargame.naval.game import NavalGame
from wargame.naval.ship import Status
from wargame.naval.state import NavalState


def ships_placed(state: object) -> None:
    assert isinstance(state, NavalState)
    for s in state.ships.values():
        if s.status in (Status.AFLOAT, Status.SURRENDERED):
            assert state.sea.is_sea(s.hex), f"{s.name} is afloat off the sea at {s.hex}"
        else:
            assert s.status in (Status.SUNK, Status.LEFT), f"{s.name}: {s.status}"
            assert not s.grappled, f"{s.name} is off the table but grappled"
    if state.phase == "ship":
        assert state.ts is not None and state.ships[state.ts.ship].in_play


TestNavalMachine = machine(
    lambda d: NavalGame().new_initial_state(2, d), ships_placed, steps=80
).TestCase


@pytest.mark.parametrize(
    "bots", [["captain", "captain"], ["captain", "random"], ["random", "captain"], ["random"]]
)
def test_strict_simulate_every_pairing(bots: list[str]) -> None:
    """The short form of the long check (1,000 games a pairing, run before a report)."""
    run = simulate("naval", games=12, seed=18, bots=bots, strict=True)
    assert all(g["end"] != "action limit" for g in run["games"])
