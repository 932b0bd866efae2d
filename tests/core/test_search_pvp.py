"""Pirate Versus Pirate's search: cheap greedy playouts and a judged position."""

from __future__ import annotations

import time

from wargame.core.dice import DiceService
from wargame.core.play import bot_factories
from wargame.pvp.game import PirateVersusPirateGame
from wargame.pvp.greedy import GreedyBot, evaluate
from wargame.pvp.state import MOVE, ROLL


def _midgame(seed: int = 4, moves: int = 30):  # noqa: ANN202 - a PvpPlay
    game = PirateVersusPirateGame()
    dice = DiceService.seeded(seed)
    state = game.new_initial_state(2, dice)
    bot = GreedyBot(DiceService.seeded(seed))
    for _ in range(moves):
        if state.is_terminal():
            break
        seat = state.current_player()
        state.apply(bot.choose(state, seat), dice)
    return state, dice


def test_the_search_plays_out_with_the_greedy_bot_and_judges_with_its_evaluation() -> None:
    bot = bot_factories(PirateVersusPirateGame())["search"](DiceService.seeded(1))
    assert bot.playout_bot is GreedyBot
    assert bot.evaluate is not None


def test_greedy_plays_only_legal_moves_and_takes_a_coin_it_can_reach() -> None:
    state, dice = _midgame(moves=0)
    bot = GreedyBot(DiceService.seeded(2))
    for _ in range(400):
        if state.is_terminal():
            break
        seat = state.current_player()
        action = bot.choose(state, seat)
        assert state.is_legal(action)
        state.apply(action, dice)
    assert state.is_terminal() or state.turns >= 100


def test_evaluation_gives_each_seat_a_reward_between_turns_only() -> None:
    state, dice = _midgame()
    while state.phase not in (ROLL, MOVE):
        state.apply(state.legal_actions()[0], dice)
    judged = evaluate(state)
    assert judged is not None and set(judged) == {0, 1}
    assert all(0.0 <= v <= 1.0 for v in judged.values())
    assert abs(sum(judged.values()) - 1.0) < 1e-9


def test_search_runs_hundreds_of_playouts_a_second_not_a_dozen() -> None:
    """Issue 27: with expectimax playouts 1 s bought 12 iterations; greedy playouts cut
    off and judged buy hundreds (asserted loosely: a loaded test machine)."""
    state, dice = _midgame()
    while state.phase != MOVE or len(state.legal_actions()) < 2:
        state.apply(GreedyBot(dice).choose(state, state.current_player()), dice)
    params = {"search_iterations": 60, "search_depth": 0, "search_halving": 0}
    bot = bot_factories(PirateVersusPirateGame(), params)["search"](DiceService.seeded(3))
    start = time.process_time()
    bot.choose(state, state.current_player())
    spent = time.process_time() - start
    assert bot.last_iterations == 60
    assert spent < 1.0, spent
