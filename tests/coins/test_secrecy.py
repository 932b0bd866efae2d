"""No pirate's choice shows before the reveal: observation, log text, undo labels, save;
the reveal and every draw are undo barriers; resampling redraws only what is hidden."""

from __future__ import annotations

import json

import pytest

from tests.coins.helpers import GOLD, position
from wargame.coins import actions as A
from wargame.coins.state import DECIDE, REVEAL
from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.play import new_session


def _session_at_decision(seed: int = 4):  # noqa: ANN202
    session = new_session(GameSpec("pirate-coins", 3, {"starter": "1"}), DiceService.seeded(seed))
    session.apply(A.StartRound())
    session.apply(A.DrawFortune())
    assert session.state.phase == DECIDE
    return session


def test_observation_shows_a_seat_its_own_choice_but_not_others() -> None:
    st = position(players=3)
    st.apply(A.Decide("plunder"), DiceService.seeded(0))  # Pirate 1
    mine = st.observation(0)
    theirs = st.observation(1)
    spectator = st.observation(None)
    assert mine["my_choice"] == "plunder"
    assert theirs["my_choice"] is None and spectator["my_choice"] is None
    for obs in (theirs, spectator):
        assert "plunder" not in json.dumps(obs)
    assert theirs["decided"] == [True, False, False]
    assert "choices" not in theirs and "round_stack" in theirs
    assert isinstance(theirs["round_stack"], int) and isinstance(theirs["pouch"], int)


def test_observations_of_others_do_not_change_with_a_pending_choice() -> None:
    a = position(players=3)
    b = position(players=3)
    a.apply(A.Decide("plunder"), DiceService.seeded(0))
    b.apply(A.Decide("sally"), DiceService.seeded(0))
    assert a.observation(1) == b.observation(1)
    assert a.observation(None) == b.observation(None)
    assert a.observation(0) != b.observation(0)


def test_log_text_and_undo_labels_say_only_that_a_pirate_decided() -> None:
    session = _session_at_decision()
    st = session.state
    for choice in ("plunder", "sally"):
        text = st.describe(A.Decide(choice))
        assert text == f"{st.name(st.current_player())} has decided"
    session.apply(A.Decide("plunder"))
    from wargame.coins.describe import event_text

    assert "plunder" not in event_text(session.state)
    assert A.Decide.secret


def test_undo_of_a_decision_is_allowed_but_never_past_the_reveal_or_a_draw() -> None:
    session = _session_at_decision()
    # the fortune draw is a barrier
    assert session.entries[-1].barrier and not session.can_undo
    session.apply(A.Decide("plunder"))
    assert session.can_undo  # a decision may be taken back before the reveal
    while session.state.phase == DECIDE:
        session.apply(A.Decide("sally"))
    assert session.state.phase == REVEAL
    session.apply(A.Reveal())
    assert session.entries[-1].barrier and not session.can_undo
    if not session.state.is_terminal() and session.state.legal_actions() == (A.FLIP,):
        session.apply(A.Flip())
        assert session.entries[-1].barrier


def test_start_of_round_reveals_the_round_stack_top_and_is_a_barrier() -> None:
    session = new_session(GameSpec("pirate-coins", 2, {"starter": "1"}), DiceService.seeded(2))
    session.apply(A.StartRound())
    assert session.entries[-1].barrier


@pytest.mark.xfail(
    reason="the save seals secret actions once the fair-play Session lands (Action.secret)",
    strict=False,
)
def test_a_save_before_the_reveal_does_not_show_the_choice() -> None:
    session = _session_at_decision()
    session.apply(A.Decide("plunder"))
    assert "plunder" not in json.dumps(session.to_json())


def test_resample_hidden_keeps_the_seats_view_and_redraws_the_others() -> None:
    st = position(players=4)
    st.apply(A.Decide("plunder"), DiceService.seeded(0))  # Pirate 1
    st.apply(A.Decide("plunder"), DiceService.seeded(0))  # Pirate 2
    dice = DiceService.seeded(8)
    seen = set()
    stacks = set()
    for _ in range(40):
        copy = st.resample_hidden(1, dice)
        copy.check_invariants()
        assert copy.observation(1) == st.observation(1)
        assert copy.choice[1] == st.choice[1]
        seen.add(copy.choice[0])
        stacks.add(tuple(copy.stack))
    assert seen == {0, 1}  # Pirate 1's choice is redrawn both ways
    assert len(stacks) > 1  # and the round stack's order


def test_resample_hidden_outside_the_decision_keeps_every_public_thing() -> None:
    st = position(players=3, fortune=(GOLD, 0), phase=DECIDE)
    copy = st.resample_hidden(2, DiceService.seeded(1))
    assert copy.observation(2) == st.observation(2)
    assert copy.observation(0) == st.observation(0)
