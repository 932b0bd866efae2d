"""Watching a saved game back from its start."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.play import load_session, new_session
from wargame.core.replay import ReplayPlan
from wargame.errors import BadInput


def _played(game: str, players: int, actions: int, seed: int = 3):  # noqa: ANN202
    from wargame.core.game import RandomBot

    session = new_session(GameSpec(game, players), DiceService.seeded(seed))
    bot = RandomBot(DiceService.seeded(seed + 1))
    for _ in range(actions):
        if session.state.is_terminal():
            break
        session.apply(bot.choose(session.state, session.state.current_player()))
    return session


def test_every_step_of_a_replay_is_the_game_as_it_stood() -> None:
    session = _played("raid", 2, 40)
    states = []
    replay_states = []
    plan = ReplayPlan(session.to_json())
    assert plan.length == len(session.entries)
    for k in (0, 1, 17, plan.length):
        replayed = load_session(plan.save_at(k)).state.to_json()
        replay_states.append(replayed)
        ref = _played("raid", 2, k).state.to_json()
        states.append(ref)
    assert replay_states == states
    assert plan.caption(0).startswith("The set-up")
    assert plan.caption(1).startswith(f"Step 1 of {plan.length}: ")


def test_a_replay_leaves_the_save_unchanged() -> None:
    import copy

    session = _played("naval", 2, 30)
    data = session.to_json()
    original = copy.deepcopy(data)
    plan = ReplayPlan(data)
    plan.save_at(5)
    whole = load_session(plan.save_at(plan.length))
    assert whole.state.to_json() == session.state.to_json()
    assert [e.label for e in whole.entries] == [e.label for e in session.entries]
    assert data == original
    with pytest.raises(BadInput, match="outside"):
        plan.save_at(plan.length + 1)


def test_an_unfinished_game_with_hidden_hands_cannot_be_replayed() -> None:
    plan = ReplayPlan(_played("pieces-of-eight", 4, 30).to_json())
    with pytest.raises(BadInput, match="Finish the game first"):
        plan.check_fair()
    ReplayPlan(_played("raid", 2, 30).to_json()).check_fair()  # dice only: fine
