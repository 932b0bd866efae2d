"""Random legal play of the board game under hypothesis (issue 18)."""

from __future__ import annotations

from tests.stateful_machine import machine
from wargame.poe.game import PiecesOfEightGame
from wargame.poe.state import PoeState


def pirates_placed(state: object) -> None:
    assert isinstance(state, PoeState)
    for s in range(state.n):
        # -1: not yet come ashore (explicitly off the board)
        assert -1 <= state.area[s] < state.board.size, f"Pirate {s + 1} at {state.area[s]}"
    for k, a in enumerate(state.ship_area):
        assert 0 <= a < state.board.size and state.board.sea[a], f"ship {k} is not at sea"


TestPoeMachine = machine(
    lambda d: PiecesOfEightGame().new_initial_state(4, d), pirates_placed
).TestCase
TestPoeMachineSixPlayers = machine(
    lambda d: PiecesOfEightGame({"my_precious": "another"}).new_initial_state(6, d),
    pirates_placed,
).TestCase
