"""Whole-game properties over many seeded playouts: invariants hold, every listed order is accepted."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.play import play_match
from wargame.errors import IllegalAction
from wargame.raid import actions as A
from wargame.raid.game import RaidGame, new_raid


@pytest.mark.parametrize(
    "bots", [["random", "random"], ["tactician", "tactician"], ["random", "tactician"]]
)
def test_playouts_keep_every_invariant(bots) -> None:
    game = RaidGame()
    for seed in range(4):
        result = play_match(game, 2, seed, bots, strict=True)
        assert result.end != "action limit"
        assert result.scores[0] + result.scores[1] == 45


def test_every_listed_order_is_accepted_and_a_refusal_changes_nothing() -> None:
    state = new_raid()
    dice = DiceService.seeded(99)
    pick = DiceService.seeded(100)
    checked = 0
    for _step in range(400):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        for a in actions[:: max(1, len(actions) // 12)]:
            copy = state.clone()
            copy.apply(a, DiceService.seeded(checked))
            checked += 1
        # an order for the wrong phase is refused without a trace
        before = state.to_json()
        wrong = A.BurnTown() if state.phase != "burn" else A.RollAlarm()
        with pytest.raises(IllegalAction):
            state.apply(wrong, dice)
        assert state.to_json() == before
        state.apply(actions[pick.randint(0, len(actions) - 1)], dice)
    assert checked > 300
