"""Random table overrides never crash a game, break its invariants or its saves.

For every registered game: random legal play mixed with random overrides built
from what the mode lists (values in and just outside each counter's range,
places on and off the board). Each override is either applied (the invariants
hold, the legal actions can be listed) or refused with OverrideRefused and
nothing changed; the whole log saves, loads to the identical state, and every
override is undone and redone without trouble.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameSpec, RandomBot
from wargame.core.override import OverrideMove, OverrideRefused, OverrideSet, targets
from wargame.core.play import load_session, new_session
from wargame.core.registry import available_games, game_class
from wargame.errors import IllegalAction

GAMES = available_games()


def random_override(state: Any, rng: random.Random) -> Action | None:
    """An override aimed at one of the listed pieces, its value sometimes impossible."""
    found = targets(state)
    if not found:
        return None
    t = rng.choice(found)
    if t.movable and (not t.counters or rng.random() < 0.5):
        if t.grid == "place":
            to: Any = rng.choice([*t.places, "nowhere"]) if t.places else "nowhere"
        else:
            to = (rng.randint(-1, 25), rng.randint(-1, 25))
        return OverrideMove(t.piece, to)
    if not t.counters:
        return OverrideSet(t.piece, "bogus", 1)
    c = rng.choice(t.counters)
    if c.choices:
        value: Any = rng.choice([*c.choices, "bogus"])
    else:
        value = rng.randint(c.low - 1, c.high + 1)
    return OverrideSet(t.piece, c.name, value)


def run(name: str, seed: int, steps: int) -> None:
    n = game_class(name)().default_players()
    session = new_session(GameSpec(name, n), DiceService.seeded(seed))
    rng = random.Random(seed)
    bot = RandomBot(DiceService.seeded(seed + 1))
    applied = 0
    for _ in range(steps):
        state = session.state
        if state.is_terminal():
            break
        if rng.random() < 0.4:
            act = random_override(state, rng)
            if act is None:
                continue
            before = state.to_json()
            try:
                entry = session.override(act)
            except OverrideRefused:
                assert session.state.to_json() == before
                continue
            except IllegalAction:
                assert session.state.to_json() == before
                continue
            applied += 1
            assert entry.override and entry.label.startswith("Table override: ")
            assert not entry.barrier
            session.state.check_invariants()
            assert session.state.legal_actions() or session.state.is_terminal()
        else:
            session.apply(bot.choose(state, state.current_player()))
    saved = json.loads(json.dumps(session.to_json()))
    loaded = load_session(saved)
    assert loaded.state.to_json() == session.state.to_json()
    assert sum(1 for e in saved["log"] if e.get("override")) == sum(
        1 for e in session.entries if e.override
    )
    # Undo back to the last barrier and redo: the same state again.
    end = session.state.to_json()
    undone = 0
    while session.can_undo:
        session.undo()
        undone += 1
    for _ in range(undone):
        session.redo()
    assert session.state.to_json() == end


@pytest.mark.parametrize("name", GAMES)
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000))
def test_random_overrides_never_crash_or_break_saves(name: str, seed: int) -> None:
    run(name, seed, 60)
