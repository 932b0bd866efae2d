from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.toygame import Draw, Hold, Roll, ToyGame, ToyState
from wargame.core.dice import DiceService, ScriptedProvider
from wargame.core.log import Session
from wargame.errors import FileFormatError, IllegalAction, UndoBlocked


def new_session(seed: int = 1) -> Session[ToyState]:
    game = ToyGame()
    return Session(lambda d: game.new_initial_state(2, d), DiceService.seeded(seed))


def factory(d: DiceService) -> ToyState:
    return ToyGame().new_initial_state(2, d)


def test_apply_records_the_dice_used() -> None:
    s = Session(factory, DiceService(ScriptedProvider([0] * 9 + [5])))
    entry = s.apply(Roll(0))
    assert [r.values for r in entry.rolls] == [(5,)]
    assert s.state.scores == [5, 0]
    assert entry.seat == 0


def test_refused_action_changes_nothing() -> None:
    s = new_session()
    s.apply(Roll(0))
    before = s.state.to_json()
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        s.apply(Roll(0))
    assert s.state.to_json() == before
    assert len(s.entries) == 1


def test_undo_and_redo_restore_states_exactly() -> None:
    s = new_session()
    states = [s.state.to_json()]
    for a in [Hold(0), Hold(1), Hold(0), Hold(1)]:
        s.apply(a)
        states.append(s.state.to_json())
    for i in range(4, 0, -1):
        s.undo()
        assert s.state.to_json() == states[i - 1]
    for i in range(1, 5):
        s.redo()
        assert s.state.to_json() == states[i]


def test_undo_stops_at_a_hidden_draw() -> None:
    s = new_session()
    s.apply(Roll(0))
    s.apply(Draw(1))
    assert not s.can_undo
    with pytest.raises(UndoBlocked, match="hidden information"):
        s.undo()
    s.apply(Hold(0))
    s.undo()
    with pytest.raises(UndoBlocked):
        s.undo()


def test_new_action_after_undo_clears_redo() -> None:
    s = new_session()
    s.apply(Hold(0))
    s.undo()
    s.apply(Roll(0))
    assert not s.can_redo


def test_a_seen_roll_is_an_undo_barrier() -> None:
    """A roll everyone saw can't be undone to roll again (issue 11)."""
    s = Session(factory, DiceService(ScriptedProvider([0] * 9 + [2, 6])))
    s.apply(Roll(0))
    assert not s.can_undo
    with pytest.raises(UndoBlocked, match="dice were rolled"):
        s.undo()


def test_save_and_load_replay_to_the_identical_state() -> None:
    s = new_session(7)
    bot = DiceService.seeded(8)
    while not s.state.is_terminal():
        acts = s.state.legal_actions()
        s.apply(acts[bot.randint(0, len(acts) - 1)])
    data = json.loads(json.dumps(s.to_json()))
    loaded = Session.from_json(data, factory)
    assert loaded.state.to_json() == s.state.to_json()
    assert loaded.entries == s.entries


def test_loaded_session_continues_the_same_dice_sequence() -> None:
    a = new_session(3)
    a.apply(Roll(0))
    b = Session.from_json(json.loads(json.dumps(a.to_json())), factory)
    a.apply(Roll(1))
    b.apply(Roll(1))
    assert a.state.scores == b.state.scores


def test_typed_in_dice_replay_from_the_save() -> None:
    s = Session(factory, DiceService(ScriptedProvider([0] * 9 + [4, 1, 6])))
    for a in [Roll(0), Roll(1), Roll(0)]:
        s.apply(a)
    loaded = Session.from_json(s.to_json(), factory)
    assert loaded.state.scores == [10, 1]


def test_log_text_is_readable() -> None:
    s = Session(factory, DiceService(ScriptedProvider([0] * 9 + [4])))
    s.apply(Roll(0))
    s.apply(Draw(1))
    assert s.log_text().splitlines() == [
        "   1. toy.roll seat=0  [seat 0 rolls: 4]",
        "   2. toy.draw seat=1",
    ]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other"), "not a saved game"),
        (lambda d: d.update(version=99), "newer than this app"),
        (lambda d: d.update(log="x"), "'log' must be a list"),
        (lambda d: d["log"].append({"a": "toy.roll seat=0"}), "holds 3"),
        (lambda d: d["log"][0].update(a="toy.fly seat=0"), "altered outside the app"),
        (lambda d: d["log"][0].update(r=[[1, 6, [9], "x"]]), "altered outside the app"),
    ],
)
def test_bad_saves_are_refused_with_a_reason(mutate, message: str) -> None:  # noqa: ANN001
    s = new_session()
    s.apply(Roll(0))
    s.apply(Roll(1))
    data = json.loads(json.dumps(s.to_json()))
    mutate(data)
    with pytest.raises(FileFormatError, match=message):
        Session.from_json(data, factory)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["act0", "act1", "act2", "undo", "redo"]), max_size=60))
def test_any_mix_of_apply_undo_redo_matches_a_fresh_replay(ops: list[str]) -> None:
    s = new_session(11)
    for op in ops:
        if s.state.is_terminal():
            break
        if op == "undo":
            if s.can_undo:
                s.undo()
        elif op == "redo":
            if s.can_redo:
                s.redo()
        else:
            acts = s.state.legal_actions()
            s.apply(acts[int(op[-1]) % len(acts)])
        replayed = Session.from_json(json.loads(json.dumps(s.to_json())), factory)
        assert replayed.state.to_json() == s.state.to_json()
