"""Random legal play of the board game under hypothesis (issue 18)."""

from __future__ import annotations

import pytest

from tests.stateful_machine import machine
from wargame.core.play import simulate
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


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("bots", ["random", "strong", "mixed"])
def test_strict_simulate_every_player_count(players: int, bots: str) -> None:
    """The short form of the long check (1,000 games each, run before a report)."""
    names = [["strong", "random"][i % 2] for i in range(players)] if bots == "mixed" else [bots]
    games = 3
    run = simulate(
        "pieces-of-eight", players=players, games=games, seed=18, bots=names, strict=True
    )
    assert all(g["end"] != "action limit" for g in run["games"])
