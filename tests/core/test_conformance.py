"""One conformance suite over every registered game mode (after OpenSpiel's).

A mode joins by being listed in ``wargame.core.registry.MODES`` with its Game
class importable. Every game must: end under random play, keep its invariants,
clone to an equal and independent state, refuse an illegal action without
changing, and save/load by replaying its log to the identical state.
"""

from __future__ import annotations

import json

import pytest

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameSpec, GameState, RandomBot
from wargame.core.play import bot_factories, game_seed, load_session, new_session, play_match
from wargame.core.registry import available_games, game_class

GAMES = available_games()
pytestmark = pytest.mark.skipif(not GAMES, reason="no game mode is built yet")


def pick(state: GameState, dice: DiceService) -> Action:
    """A uniformly random legal action for whoever must act (the core's RandomBot)."""
    return RandomBot(dice).choose(state, state.current_player())


def _players(name: str) -> int:
    return game_class(name)().default_players()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playout_ends_with_invariants_kept(name: str, seed: int) -> None:
    game = game_class(name)()
    n = _players(name)
    result = play_match(game, n, game_seed(seed, 0), ["random"] * n, strict=True)
    assert result.end != "action limit"
    assert result.actions > 0


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    game = game_class(name)()
    n = _players(name)
    a = play_match(game, n, 11, ["random"] * n)
    b = play_match(game, n, 11, ["random"] * n)
    assert a == b


@pytest.mark.parametrize("name", GAMES)
def test_clone_equals_and_is_independent(name: str) -> None:
    game = game_class(name)()
    dice = DiceService.seeded(5)
    state = game.new_initial_state(_players(name), dice)
    bot_dice = DiceService.seeded(6)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply(pick(state, bot_dice), dice)
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    if not copy.is_terminal():
        copy.apply(copy.legal_actions()[0], DiceService.seeded(9))
        assert copy.to_json() != state.to_json() or copy.current_player() == state.current_player()


@pytest.mark.parametrize("name", GAMES)
def test_save_load_replays_to_identical_state(name: str) -> None:
    session = new_session(GameSpec(name, _players(name)), DiceService.seeded(21))
    bot = DiceService.seeded(22)
    for _ in range(60):
        if session.state.is_terminal():
            break
        session.apply(pick(session.state, bot))
    saved = json.loads(json.dumps(session.to_json()))
    loaded = load_session(saved)
    assert loaded.state.to_json() == session.state.to_json()
    assert [e.action for e in loaded.entries] == [e.action for e in session.entries]


@pytest.mark.parametrize("name", GAMES)
def test_undo_returns_to_previous_state_when_allowed(name: str) -> None:
    session = new_session(GameSpec(name, _players(name)), DiceService.seeded(31))
    bot = DiceService.seeded(32)
    for _ in range(30):
        if session.state.is_terminal():
            break
        before = session.state.to_json()
        session.apply(pick(session.state, bot))
        if session.can_undo:
            after = session.state.to_json()
            session.undo()
            assert session.state.to_json() == before
            session.redo()
            assert session.state.to_json() == after


@pytest.mark.parametrize("name", GAMES)
def test_action_text_round_trips(name: str) -> None:
    game = game_class(name)()
    dice = DiceService.seeded(41)
    state = game.new_initial_state(_players(name), dice)
    bot = DiceService.seeded(42)
    for _ in range(40):
        if state.is_terminal():
            break
        actions = list(state.legal_actions())
        for a in actions[:20]:
            assert state.parse_action(a.to_text()) == a
        state.apply(pick(state, bot), dice)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_search_bot_plays_by_the_rules(name: str, seed: int) -> None:
    """The search bot (a small budget, short playouts) against random: only legal
    actions, invariants kept, the state it is shown left as it was."""
    game = game_class(name)()
    n = _players(name)
    options = {"search_iterations": 3, "search_playout_limit": 40}
    factories = bot_factories(game, options)
    dice = DiceService.seeded(game_seed(seed, 0))
    state = game.new_initial_state(n, dice)
    bots = [
        factories["search" if s == seed % n else "random"](DiceService.seeded(s)) for s in range(n)
    ]
    for _ in range(60):
        if state.is_terminal():
            break
        seat = state.current_player()
        before = state.to_json()
        action = bots[seat].choose(state, seat)
        assert state.to_json() == before
        assert action in state.legal_actions()
        state.apply(action, dice)
        state.check_invariants()


@pytest.mark.parametrize("name", GAMES)
def test_search_bot_finishes_a_game(name: str) -> None:
    game = game_class(name)()
    n = _players(name)
    names = ["search"] + ["random"] * (n - 1)
    options = {"search_iterations": 2, "search_playout_limit": 20}
    result = play_match(game, n, 3, names, strict=True, bot_options=options)
    assert result.end != "action limit"
