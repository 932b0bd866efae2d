"""Random legal play of the sea fight under hypothesis (issue 18)."""

from __future__ import annotations

from tests.stateful_machine import machine
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
