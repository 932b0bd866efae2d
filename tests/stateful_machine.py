"""One hypothesis RuleBasedStateMachine shape for every game (issue 18): set up a game
with dice seeded by hypothesis, apply random legal actions, and check the invariants
after each, including that every piece is on the table or explicitly off it."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import settings
from hypothesis import strategies as st_
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wargame.core.dice import DiceService
from wargame.core.game import GameState


def machine(
    new_state: Callable[[DiceService], GameState],
    pieces_placed: Callable[[GameState], None],
    *,
    steps: int = 60,
) -> type[RuleBasedStateMachine]:
    """A state machine class over the game ``new_state`` sets up; ``pieces_placed`` raises
    AssertionError naming a piece that is neither on the table nor explicitly off it."""

    class GameMachine(RuleBasedStateMachine):
        state: GameState
        dice: DiceService

        @initialize(seed=st_.integers(min_value=0, max_value=2**32))
        def set_up(self, seed: int) -> None:
            self.dice = DiceService.seeded(seed)
            self.state = new_state(self.dice)

        @precondition(lambda self: not self.state.is_terminal())
        @rule(pick=st_.integers(min_value=0, max_value=10_000))
        def apply_a_legal_action(self, pick: int) -> None:
            legal = list(self.state.legal_actions())
            assert legal, "a live game offers no legal action"
            action = legal[pick % len(legal)]
            self.state.apply(action, self.dice)

        @precondition(lambda self: self.state.is_terminal())
        @rule(seed=st_.integers(min_value=0, max_value=2**32))
        def after_the_end_a_new_game(self, seed: int) -> None:
            assert self.state.outcome() is not None
            self.set_up(seed)

        @invariant()
        def invariants_hold(self) -> None:
            if hasattr(self, "state"):
                self.state.check_invariants()

        @invariant()
        def every_piece_is_on_the_table_or_explicitly_off_it(self) -> None:
            if hasattr(self, "state"):
                pieces_placed(self.state)

        @invariant()
        def a_live_game_has_someone_to_act(self) -> None:
            if hasattr(self, "state") and not self.state.is_terminal():
                assert self.state.current_player() is not None

    GameMachine.TestCase.settings = settings(
        max_examples=25, stateful_step_count=steps, deadline=None
    )
    return GameMachine
