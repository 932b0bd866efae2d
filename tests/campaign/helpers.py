"""Building small campaigns quickly in tests (a cheap key cost: not what is tested)."""

from __future__ import annotations

from typing import Any

from wargame.campaign import actions as A
from wargame.campaign.document import add_player_action, new_campaign, reveal_action, seal_action
from wargame.campaign.secrets import KdfParams, PlayerKey
from wargame.campaign.state import CampaignState
from wargame.core.dice import DiceService, ScriptedProvider
from wargame.core.log import Session

FAST = KdfParams(16, 1, 1)
SECRET_SHIP = "Queen Annes Revenge"


def contents(ship: str, *, party: bool = True) -> dict[str, Any]:
    return {
        "ships": [{"name": ship, "type": "medium", "quality": "hardened"}],
        "party": [{"kind": "musket", "quality": "able", "count": 3}] if party else [],
    }


def two_players(rolls: tuple[int, ...] = ()) -> tuple[Session[CampaignState], list[PlayerKey]]:
    """Alice (Spain) and Bob (France), forces A (3) and B (2) each, all sealed."""
    s = new_campaign("Test", dice=DiceService(ScriptedProvider(rolls)), uid="test-campaign")
    keys = []
    for name, country, phrase in (("Alice", "Spain", "alice-pw"), ("Bob", "France", "bobby-pw")):
        act, key = add_player_action(name, country, phrase, params=FAST)
        s.apply(act)
        keys.append(key)
    for seat, key in enumerate(keys):
        for letter, value in (("A", 3), ("B", 2)):
            s.apply(A.SetForce(seat, letter, value))
            ship = SECRET_SHIP if (seat, letter) == (0, "A") else f"Ship {seat}{letter}"
            s.apply(seal_action(s.state, seat, letter, contents(ship), key))
    return s, keys


def declare_and_reveal(s: Session[CampaignState], keys: list[PlayerKey]) -> None:
    """Alice's A attacks Bob's B; Bob's A attacks Alice's B; all done and unfolded."""
    s.apply(A.Declare(0, "A", 1, "B", True))
    s.apply(A.Declare(1, "A", 0, "B", True))
    s.apply(A.DoneDeclaring(0))
    s.apply(A.DoneDeclaring(1))
    for seat, key in enumerate(keys):
        s.apply(reveal_action(s.state, seat, key))
