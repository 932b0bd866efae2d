"""Attacks, brawls and mutinies, with the seed's worked attack examples."""

from __future__ import annotations

from collections import Counter

import pytest

from wargame.tortuga import actions as A
from wargame.tortuga.rules import vote_type
from wargame.tortuga.votes import ATTACK, MUTINY, brawl_split, tally

from .helpers import (
    CANNON_B_SKULL,
    CANNON_F_HELM,
    TORCH_B_HELM,
    TORCH_F_SKULL,
    WATER_B_SKULL,
    WATER_F_HELM,
    arrange,
    hand,
    new,
    play,
    top_of_vote_deck,
)

C = vote_type("cannon", "british", "skull")
T = vote_type("torch", "british", "skull")
W = vote_type("water", "british", "skull")


@pytest.mark.parametrize(
    ("cards", "wins"),
    [
        ([C, C, T, W], False),  # "2 cannons, 1 torch, and 1 water ... the attack would fail"
        ([C, T, T, W], True),  # "1 cannon, 2 torches, and 1 water ... would succeed"
        ([C, C, T, T], True),  # "2 cannons and 2 torches ... would succeed"
        ([T, T], False),  # no cannon
        ([C, C], False),  # no torch
    ],
)
def test_attack_examples_from_the_seed(cards: list[int], wins: bool) -> None:
    assert tally(ATTACK, cards) is wins


def test_mutiny_needs_a_majority_of_skulls() -> None:
    skull, helm = CANNON_B_SKULL, CANNON_F_HELM
    assert tally(MUTINY, [skull, skull, helm]) is True
    assert tally(MUTINY, [skull, helm]) is False  # a tie does nothing
    assert tally(MUTINY, [helm, helm, skull]) is False


def test_brawl_majority_takes_both_and_a_tie_splits() -> None:
    b, f = CANNON_B_SKULL, CANNON_F_HELM
    assert brawl_split([b, b, f], 2) == (2, 0)
    assert brawl_split([f, f, b], 2) == (0, 2)
    assert brawl_split([b, f], 2) == (1, 1)


def test_attack_vote_adds_the_deck_card_and_the_captain_takes_a_galleon_treasure() -> None:
    st = new(4)
    arrange(st, [0, 1], [2], [3], active=0)
    hand(st, 0, [CANNON_B_SKULL, WATER_F_HELM, WATER_B_SKULL])
    hand(st, 1, [TORCH_B_HELM, WATER_F_HELM, WATER_B_SKULL])
    top_of_vote_deck(st, TORCH_F_SKULL)
    deck_before = len(st.vdeck)
    play(st, A.Attack())
    assert st.current_player() == 0 and st.vote is not None and st.vote.voters == (0, 1)
    play(st, A.Vote((CANNON_B_SKULL,)))
    assert st.current_player() == 1
    play(st, A.Vote((TORCH_B_HELM,)))
    assert st.last_vote is not None
    kind, caller, cards, ok = st.last_vote
    assert (kind, caller, ok) == (ATTACK, 0, True)
    assert Counter(cards) == Counter([CANNON_B_SKULL, TORCH_B_HELM, TORCH_F_SKULL])
    # the played cards went under the deck; each voter drew one
    assert len(st.hands[0]) == 3 and len(st.hands[1]) == 3
    assert len(st.vdeck) == deck_before
    assert st.current_player() == 0
    assert set(st.legal_actions()) == {A.Loot(-1, 0), A.Loot(-1, 1), A.LeaveLoot()}
    play(st, A.Loot(-1, 1))
    assert st.galleon == 3 and st.holds[0] == [1, 1]
    assert st.active == 1


def test_attack_on_the_other_ship_once_the_galleon_is_empty() -> None:
    st = new(4, holds=(0, 1))
    arrange(st, [0], [1, 2], [3], active=0)
    st.galleon, st.holds[1] = 0, [2, 3]
    hand(st, 0, [CANNON_B_SKULL, TORCH_B_HELM, TORCH_F_SKULL])
    top_of_vote_deck(st, TORCH_B_HELM)
    play(st, A.Attack())
    assert st.vote.voters == (0,)  # alone on the ship: still a vote
    play(st, A.Vote((CANNON_B_SKULL,)))
    legal = set(st.legal_actions())
    assert legal == {A.Loot(h, to) for h in (0, 1) for to in (0, 1)} | {A.LeaveLoot()}
    play(st, A.Loot(1, 0))
    assert st.holds[1] == [2, 2] and st.holds[0] == [2, 0]


def test_failed_attack_takes_nothing() -> None:
    st = new(4)
    arrange(st, [0, 1], [2], [3], active=0)
    hand(st, 0, [CANNON_B_SKULL, WATER_F_HELM, WATER_B_SKULL])
    hand(st, 1, [WATER_F_HELM, CANNON_F_HELM, CANNON_B_SKULL])
    top_of_vote_deck(st, TORCH_F_SKULL)
    play(st, A.Attack())
    play(st, A.Vote((CANNON_B_SKULL,)))
    play(st, A.Vote((WATER_F_HELM,)))
    assert st.last_vote[3] is False and st.galleon == 4 and st.active == 1


def test_brawl_on_tortuga_moves_both_treasures() -> None:
    st = new(4)
    arrange(st, [0], [1], [2, 3], active=2)
    hand(st, 2, [CANNON_F_HELM, WATER_F_HELM, TORCH_F_SKULL])
    hand(st, 3, [TORCH_F_SKULL, WATER_F_HELM, CANNON_F_HELM])
    top_of_vote_deck(st, CANNON_B_SKULL)
    play(st, A.Brawl())
    play(st, A.Vote((CANNON_F_HELM,)))
    play(st, A.Vote((TORCH_F_SKULL,)))
    assert st.holds[2] == [0, 2]


def test_mutiny_maroons_the_captain_and_the_first_mate_takes_command() -> None:
    st = new(4)
    arrange(st, [0, 1, 2], [3], active=1)
    hand(st, 1, [CANNON_B_SKULL, WATER_F_HELM, WATER_B_SKULL])
    hand(st, 2, [TORCH_F_SKULL, WATER_F_HELM, CANNON_F_HELM])
    top_of_vote_deck(st, CANNON_F_HELM)
    play(st, A.Mutiny())
    assert st.vote.voters == (1, 2)  # the captain does not vote
    play(st, A.Vote((CANNON_B_SKULL,)))
    play(st, A.Vote((TORCH_F_SKULL,)))
    assert st.lines[0] == [1, 2] and st.lines[2] == [0]


def test_mutiny_tie_does_nothing() -> None:
    st = new(4)
    arrange(st, [0, 1], [2], [3], active=1)
    hand(st, 1, [CANNON_B_SKULL, WATER_F_HELM, WATER_B_SKULL])
    top_of_vote_deck(st, CANNON_F_HELM)
    play(st, A.Mutiny())
    play(st, A.Vote((CANNON_B_SKULL,)))
    assert st.lines[0] == [0, 1]


def test_rowboat_pawns_do_not_vote() -> None:
    st = new(4)
    arrange(st, [0], [1], [2], (3, -1), active=2)
    play(st, A.Brawl())
    assert st.vote is not None and st.vote.voters == (2,)


def test_tortuga_loot_may_be_declined() -> None:
    """Seed 004: "the captain *may* take 1 piece of treasure": after a won attack he may
    leave it (issue 28; turn.loot_optional = false makes the loot compulsory)."""
    st = new(4, holds=(0, 1))
    arrange(st, [0], [1, 2], [3], active=0)
    hand(st, 0, [CANNON_B_SKULL, TORCH_B_HELM, TORCH_F_SKULL])
    top_of_vote_deck(st, TORCH_B_HELM)
    play(st, A.Attack())
    play(st, A.Vote((CANNON_B_SKULL,)))
    before = ([h[:] for h in st.holds], st.galleon)
    assert A.LeaveLoot() in st.legal_actions()
    assert st.describe(A.LeaveLoot()).endswith("leaves the treasure where it is")
    play(st, A.LeaveLoot())
    assert ([h[:] for h in st.holds], st.galleon) == before
    assert not st.pending and st.active == 1
