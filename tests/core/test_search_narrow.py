"""``search_narrow=1``: the search compares only the root moves the mode names next to
its playout bot's choice (the raid: the tactician's step in the movement phase)."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.core.play import bot_factories
from wargame.core.registry import game_class
from wargame.raid import actions as A
from wargame.raid.bots import TacticianBot, root_moves


def _raid_movement(seed: int = 8):  # noqa: ANN202 - a RaidPlay in the pirates' movement
    game = game_class("raid")()
    dice = DiceService.seeded(seed)
    state = game.new_initial_state(2, dice)
    bot = TacticianBot(DiceService.seeded(seed + 1))
    while not (state.phase == "move" and len(state.legal_actions()) > 5):
        state.apply(bot.choose(state, state.current_player()), dice)
    return game, state


def test_the_raid_names_only_the_tacticians_step_in_the_movement_phase() -> None:
    _, state = _raid_movement()
    seat = state.current_player()
    hint = TacticianBot(DiceService.seeded(1)).choose(state, seat)
    assert type(hint) is A.Move
    named = root_moves(state, seat, state.legal_actions(), hint)
    assert named == [hint]


def test_a_narrowed_search_plays_a_single_move_named_at_once_and_searches_the_rest() -> None:
    game, state = _raid_movement()
    seat = state.current_player()
    params = {"search_iterations": 12, "search_halving": 1, "search_depth": 4}
    wide = bot_factories(game, params)["search"](DiceService.seeded(2))
    wide.choose(state, seat)
    assert len(wide.last_visits) == len(state.legal_actions())
    narrow = bot_factories(game, {**params, "search_narrow": 1})["search"](DiceService.seeded(2))
    chosen = narrow.choose(state, seat)
    assert narrow.last_iterations == 0
    assert chosen == TacticianBot(DiceService.seeded(1)).choose(state, seat)
    dice = DiceService.seeded(3)
    bot = TacticianBot(DiceService.seeded(4))
    while state.phase == "move" or len(state.legal_actions()) < 2:  # a decision left whole
        state.apply(bot.choose(state, state.current_player()), dice)
    seat = state.current_player()
    narrow.choose(state, seat)
    assert narrow.last_iterations > 0
    assert set(narrow.last_visits) == set(state.legal_actions())
