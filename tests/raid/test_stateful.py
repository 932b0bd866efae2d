"""Random legal play of the land raid under hypothesis (issue 18)."""

from __future__ import annotations

from tests.stateful_machine import machine
from wargame.raid.game import RaidGame
from wargame.raid.model import STATUSES
from wargame.raid.state import RaidState


def units_placed(state: object) -> None:
    assert isinstance(state, RaidState)
    for u in state.units:
        if u.status == "ready":
            assert u.sq is not None and state.town.contains(u.sq), f"{u.id} is off the town"
        else:
            assert u.status in STATUSES, f"{u.id}: {u.status}"


TestRaidMachine = machine(lambda d: RaidGame().new_initial_state(2, d), units_placed).TestCase
