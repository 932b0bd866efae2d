"""Random legal play of the land raid under hypothesis (issue 18)."""

from __future__ import annotations

import pytest

from tests.stateful_machine import machine
from wargame.core.play import simulate
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


@pytest.mark.parametrize(
    "bots", [["tactician", "tactician"], ["tactician", "random"], ["random", "tactician"]]
)
def test_strict_simulate_every_pairing(bots: list[str]) -> None:
    """The short form of the long check (1,000 games a pairing, run before a report)."""
    run = simulate("raid", games=4, seed=18, bots=bots, strict=True)
    assert all(g["end"] != "action limit" for g in run["games"])
