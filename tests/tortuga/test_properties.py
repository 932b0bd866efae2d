"""A hypothesis state machine over whole games: any legal action, undo and redo through
the Session, save and load; everything stays accounted for."""

from __future__ import annotations

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.play import load_session, new_session
from wargame.errors import IllegalAction
from wargame.tortuga import actions as A


class TortugaMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 9), seed=st.integers(0, 10_000))
    def start(self, players: int, seed: int) -> None:
        self.session = new_session(GameSpec("tortuga-1667", players), DiceService.seeded(seed))
        self.players = players

    @property
    def state(self):  # noqa: ANN201
        return self.session.state

    @precondition(lambda self: not self.state.is_terminal())
    @rule(pick=st.integers(0, 10_000))
    def act(self, pick: int) -> None:
        legal = self.state.legal_actions()
        seat = self.state.current_player()
        self.session.apply(legal[pick % len(legal)])
        assert seat is not None

    @precondition(lambda self: not self.state.is_terminal())
    @rule()
    def illegal_action_changes_nothing(self) -> None:
        before = self.state.to_json()
        for bad in (A.Move(9), A.Take(99), A.Loot(5, 5)):
            try:
                self.state.apply(bad, DiceService.seeded(0))
            except IllegalAction:
                pass
            else:  # pragma: no cover
                raise AssertionError(f"{bad} was accepted")
        assert self.state.to_json() == before

    @precondition(lambda self: self.session.can_undo)
    @rule()
    def undo_then_redo(self) -> None:
        before = self.state.to_json()
        self.session.undo()
        self.session.redo()
        assert self.state.to_json() == before

    @rule()
    def save_and_load(self) -> None:
        data = json.loads(json.dumps(self.session.to_json()))
        again = load_session(data)
        assert again.state.to_json() == self.state.to_json()

    @invariant()
    def accounted_for(self) -> None:
        self.state.check_invariants()
        clone = self.state.clone()
        assert clone.to_json() == self.state.to_json()
        seat = self.state.current_player()
        if seat is not None:
            sample = self.state.resample_hidden(seat, DiceService.seeded(1))
            sample.check_invariants()
            assert sample.observation(seat) == self.state.observation(seat)


TortugaMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=60, deadline=None)
test_tortuga_machine = TortugaMachine.TestCase
