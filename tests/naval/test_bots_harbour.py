"""The captain bot sails for the harbour when the victory is holding one (issue 26): a
captain who ignores it gives the harbour away for nothing."""

from __future__ import annotations

from typing import Any

from tests.naval.helpers import ship
from wargame.core.dice import DiceService
from wargame.naval.bots import CaptainBot
from wargame.naval.scenario import state_from_scenario
from wargame.naval.victory import holds


def harbour_fight() -> dict[str, Any]:
    """The attacker must hold the hex five rows downwind of her; the enemy comes from
    upwind, so chasing the enemy instead would take her away from the harbour."""
    return {
        "format": "wargame-scenario",
        "mode": "naval",
        "name": "hold the harbour",
        "sea": {"cols": 24, "rows": 12, "hex_cm": 5.0},
        "coins": 12,
        "wind": 5,
        "victory": {"kind": "hold", "side": "attacker", "harbour": [12, 10], "turns": 2},
        "ships": [ship("A1", 0, (12, 5), heading=1), ship("D1", 1, (12, 0), heading=3)],
    }


def turn_reached(seed: int) -> int | None:
    """The game turn the attacker first had a ship at the harbour (None: never)."""
    dice = DiceService.seeded(seed)
    st = state_from_scenario(harbour_fight())
    st.start(dice)
    hold = st.victory.hold
    assert hold is not None
    bots = [CaptainBot(DiceService.seeded(seed + 100)), CaptainBot(DiceService.seeded(seed + 200))]
    for _ in range(3000):
        if holds(st.ships.values(), hold, 0):
            return st.turn_no
        if st.is_terminal():
            return None
        seat = st.current_player()
        assert seat is not None
        st.apply(bots[seat].choose(st, seat), dice)
    return None


def test_the_captain_with_a_harbour_to_hold_sails_there_in_a_few_turns() -> None:
    reached = [turn_reached(seed) for seed in range(20)]
    in_time = [t for t in reached if t is not None and t <= 5]
    assert len(in_time) >= 14, reached  # before: he chased the enemy upwind, 0 of 20


def test_nobody_sails_off_the_table_while_a_harbour_is_at_stake() -> None:
    dice = DiceService.seeded(1)
    st = state_from_scenario(harbour_fight())
    st.start(dice)
    bots = [CaptainBot(DiceService.seeded(2)), CaptainBot(DiceService.seeded(3))]
    for _ in range(3000):
        if st.is_terminal():
            break
        seat = st.current_player()
        assert seat is not None
        st.apply(bots[seat].choose(st, seat), dice)
    assert all(s.status.value != "left" for s in st.ships.values())
