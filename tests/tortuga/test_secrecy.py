"""Secrets at one table: observation, log text, undo barriers, samples, bots."""

from __future__ import annotations

import json
import re

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec, RandomBot
from wargame.core.play import new_session
from wargame.errors import UndoBlocked
from wargame.tortuga import actions as A
from wargame.tortuga.bots import StrongBot
from wargame.tortuga.game import TortugaGame
from wargame.tortuga.rules import TITLES, vote_name
from wargame.tortuga.state import TortugaState

from .helpers import CANNON_B_SKULL, arrange, hand, new, play, put_card


def random_states(n: int, seeds: range, every: int = 7) -> list[TortugaState]:
    out = []
    for seed in seeds:
        dice = DiceService.seeded(seed)
        st = TortugaGame().new_initial_state(n, dice)
        bot = RandomBot(DiceService.seeded(seed + 1000))
        k = 0
        while not st.is_terminal():
            st.apply(bot.choose(st, st.current_player()), dice)
            k += 1
            if k % every == 0:
                out.append(st.clone())
    return out


def test_observation_shows_only_the_seats_own_loyalty_and_hand() -> None:
    st = new(5)
    obs = st.observation(2)
    assert [t is not None for t in obs["loyalty"]] == [False, False, True, False, False]
    assert obs["hand"] == sorted(st.hands[2])
    assert obs["hand_sizes"] == [3] * 5 and isinstance(obs["vote_deck"], int)
    assert obs["row"] == ["down"] * 5 and obs["viewed"] == {}
    text = json.dumps(obs)
    assert "deck_order" not in text and obs["deck"] == len(st.deck)
    spectator = st.observation(None)
    assert spectator["hand"] is None and all(t is None for t in spectator["loyalty"])


@pytest.mark.parametrize("n", [3, 4, 6, 9])
def test_a_resampled_state_looks_the_same_to_the_seat(n: int) -> None:
    for st in random_states(n, range(3)):
        seat = st.current_player()
        if seat is None:
            continue
        for k in range(3):
            sample = st.resample_hidden(seat, DiceService.seeded(k))
            sample.check_invariants()
            assert sample.observation(seat) == st.observation(seat)
            assert sorted(sample.team) == sorted(st.team)
            assert sample.legal_actions() == st.legal_actions()


def test_resampling_redraws_what_the_seat_cannot_know() -> None:
    st = new(6)
    teams, hands, kinds = set(), set(), set()
    for k in range(30):
        s = st.resample_hidden(0, DiceService.seeded(k))
        assert s.team[0] == st.team[0] and s.hands[0] == st.hands[0]
        teams.add(tuple(s.team))
        hands.add(tuple(s.hands[1]))
        kinds.add(tuple(s.cards[c] for c in s.row))
    assert len(teams) > 1 and len(hands) > 1 and len(kinds) > 1


def test_resampling_keeps_what_the_seat_viewed_and_the_armada_under_the_deck() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    put_card(st, 1, "pistol")
    play(st, A.View(1, 3))
    for k in range(10):
        s = st.resample_hidden(0, DiceService.seeded(k))
        assert s.cards[s.row[1]] == "pistol" and s.cards[s.row[3]] == st.cards[st.row[3]]
        assert s.cards[s.deck[0]] == "spanish_armada"


def test_the_strong_bot_decides_the_same_whatever_the_hidden_loyalties() -> None:
    checked = 0
    for st in random_states(4, range(6), every=3):
        seat = st.current_player()
        if seat is None or len(st.legal_actions()) < 2:
            continue
        others = [o for o in range(st.n) if o != seat and o not in st.known[seat]]
        pair = [o for o in others if st.team[o] != st.team[others[0]]]
        if not pair:
            continue
        a, b = others[0], pair[0]
        twin = st.clone()
        twin.team[a], twin.team[b] = twin.team[b], twin.team[a]
        assert twin.observation(seat) == st.observation(seat)
        one = StrongBot(DiceService.seeded(9)).choose(st, seat)
        two = StrongBot(DiceService.seeded(9)).choose(twin, seat)
        assert one == two
        checked += 1
    assert checked > 50


def test_secret_actions_are_marked_and_described_without_their_contents() -> None:
    assert A.Vote.secret and A.View.secret and A.Pick.secret and A.Take.secret
    assert not A.Reveal.secret and not A.Move.secret
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    put_card(st, 2, "pistol")
    text = st.describe(A.View(2, 4))
    assert "3" not in text and "5" not in text and "Pistol" not in text
    st2 = new(4)
    arrange(st2, [0, 1], [2, 3], active=0)
    hand(st2, 0, [CANNON_B_SKULL, CANNON_B_SKULL, CANNON_B_SKULL])
    play(st2, A.Attack())
    text = st2.describe(A.Vote((CANNON_B_SKULL,)))
    assert text == "Pirate 1 plays a vote card face down"
    for word in vote_name(CANNON_B_SKULL).split(" / "):
        assert word not in text


def test_describe_never_names_a_face_down_card_or_a_loyalty() -> None:
    hidden_words = [TITLES[k] for k in TITLES] + ["British", "French", "Dutch"]
    for st in random_states(5, range(2), every=1):
        for a in st.legal_actions():
            text = st.describe(a)
            if isinstance(a, A.Reveal):
                continue  # a reveal names the card it turns over: public from then on
            for w in ("British", "French", "Dutch"):
                if isinstance(a, A.Shift | A.StartHold | A.Loot):
                    continue  # holds are named by nation: public places, not loyalties
                assert not re.search(rf"\b{w}\b", text), (text, a)
            if a.secret:
                assert not any(w in text for w in hidden_words), text


def test_views_votes_reveals_and_shuffles_are_undo_barriers() -> None:
    session = new_session(GameSpec("tortuga-1667", 4), DiceService.seeded(4))
    st = session.state
    session.apply(st.legal_actions()[0])  # the first captain's hold
    assert session.entries[-1].barrier is False
    session.undo()
    session.apply(st.legal_actions()[0])
    session.apply(session.state.legal_actions()[0])
    active = session.state.active
    view = next(a for a in session.state.legal_actions() if isinstance(a, A.View))
    session.apply(view)
    assert session.entries[-1].barrier
    with pytest.raises(UndoBlocked):
        session.undo()
    assert active is not None
    mover = next(a for a in session.state.legal_actions() if isinstance(a, A.Move))
    session.apply(mover)
    assert not session.entries[-1].barrier
    session.undo()
    reveal = next(a for a in session.state.legal_actions() if isinstance(a, A.Reveal))
    session.apply(reveal)
    assert session.entries[-1].barrier
