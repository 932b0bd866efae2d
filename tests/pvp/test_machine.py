"""A hypothesis state machine: any dice, any legal action, any refused move; the
invariants hold after every step and a refused action changes nothing."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.pvp.helpers import scripted
from wargame.errors import IllegalAction
from wargame.pvp import actions as A
from wargame.pvp.game import PirateVersusPirateGame
from wargame.pvp.state import MOVE, ORDER, ROLL


class PvpMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.state = None

    @rule(players=st.sampled_from([2, 3]), variant=st.sampled_from(["standard", "no-backstabbing"]))
    @precondition(lambda self: self.state is None)
    def start(self, players: int, variant: str) -> None:
        self.state = PirateVersusPirateGame({"variant": variant}).new_initial_state(
            players, scripted()
        )

    @rule(a=st.integers(1, 4), b=st.integers(1, 4))
    @precondition(lambda self: self.state is not None and self.state.phase in (ROLL, ORDER))
    def roll(self, a: int, b: int) -> None:
        self.state.apply(A.Roll(), scripted(a, b))

    @rule(pick=st.integers(0, 10_000))
    @precondition(
        lambda self: (
            self.state is not None
            and not self.state.is_terminal()
            and self.state.phase not in (ROLL, ORDER)
        )
    )
    def act(self, pick: int) -> None:
        actions = self.state.legal_actions()
        self.state.apply(actions[pick % len(actions)], scripted())

    @rule(
        pirate=st.integers(0, 17),
        cell=st.integers(0, 400),
        coin=st.integers(-1, 3),
        abandon=st.booleans(),
    )
    @precondition(lambda self: self.state is not None and self.state.phase == MOVE)
    def try_any_move(self, pirate: int, cell: int, coin: int, abandon: bool) -> None:
        s = self.state
        b = s.board
        name = s.pirate_name(pirate % len(s.pos))
        move = A.Move(
            name, b.labels[cell % len(b)], b.coin_names[coin] if coin >= 0 else "", abandon
        )
        legal = move in s.legal_actions()
        before = s.to_json()
        copy = s.clone()
        try:
            copy.apply(move, scripted())
        except IllegalAction:
            assert not legal, f"{move} is legal but was refused"
            assert s.to_json() == before
            copy_json = copy.to_json()
            assert copy_json == before
        else:
            assert legal, f"{move} was applied but is not among the legal actions"

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is not None:
            self.state.check_invariants()
            assert self.state.clone().to_json() == self.state.to_json()


PvpMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=60, deadline=None, suppress_health_check=list(HealthCheck)
)
TestPvpMachine = PvpMachine.TestCase
