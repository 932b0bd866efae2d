"""A hypothesis state machine plays Pirate Coins with scripted dice: every draw and flip
is chosen by hypothesis, and after every action every coin is accounted for, clones
are equal and independent, and no observation shows another pirate's pending choice."""

from __future__ import annotations

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wargame.coins import actions as A
from wargame.coins.game import PirateCoinsGame
from wargame.coins.state import DECIDE, OVER
from wargame.core.dice import DiceService, RollRequest


class HypothesisDice:
    """A provider whose every value hypothesis draws (within the request's range)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def values(self, request: RollRequest) -> tuple[int, ...]:
        return tuple(
            self.data.draw(st.integers(request.low, request.high), label=request.purpose)
            for _ in range(request.count)
        )


class CoinsMachine(RuleBasedStateMachine):
    @initialize(
        players=st.integers(2, 5),
        monsters=st.sampled_from(["five-kinds", "by-metal"]),
        data=st.data(),
    )
    def setup(self, players: int, monsters: str, data: st.DataObject) -> None:
        self.dice = DiceService(HypothesisDice(data))
        self.state = PirateCoinsGame({"monsters": monsters}).new_initial_state(players, self.dice)

    @precondition(lambda self: self.state.phase != OVER)
    @rule(plunder=st.booleans(), data=st.data())
    def act(self, plunder: bool, data: st.DataObject) -> None:
        self.dice.provider = HypothesisDice(data)
        legal = self.state.legal_actions()
        action = (A.PLUNDER_NOW if plunder else A.SALLY_FORTH) if len(legal) == 2 else legal[0]
        before = self.state.clone()
        self.state.apply(action, self.dice)
        assert before.to_json() != self.state.to_json() or self.state.phase == OVER

    @precondition(lambda self: self.state.phase == DECIDE)
    @rule()
    def others_never_see_a_pending_choice(self) -> None:
        s = self.state
        for seat in range(s.n):
            obs = s.observation(seat)
            text = json.dumps({k: v for k, v in obs.items() if k not in ("my_choice", "last")})
            assert '"plunder"' not in text and '"sally"' not in text
            assert obs["my_choice"] == {-1: None, 0: "sally", 1: "plunder"}[s.choice[seat]]

    @rule()
    def a_spectator_sees_no_choice(self) -> None:
        obs = self.state.observation(None)
        assert obs["my_choice"] is None and "choices" not in obs

    @invariant()
    def coins_accounted_for(self) -> None:
        self.state.check_invariants()
        assert sum(self.state.coins.total) == 75

    @invariant()
    def clone_is_equal_and_independent(self) -> None:
        copy = self.state.clone()
        assert copy.to_json() == self.state.to_json()
        copy.pouch[0] += 1
        assert copy.to_json() != self.state.to_json()


CoinsMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=80, deadline=None)
TestCoinsMachine = CoinsMachine.TestCase
