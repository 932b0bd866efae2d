"""Every event card."""

from __future__ import annotations

from collections import Counter

import pytest

from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.tortuga import actions as A

from .helpers import CANNON_B_SKULL, TORCH_B_HELM, arrange, hand, kinds, new, play, put_card


def reveal(st, slot: int, kind: str, seat: int | None = None) -> int:  # noqa: ANN001
    if seat is not None:
        st.active = seat
        st._legal = None
    c = put_card(st, slot, kind)
    play(st, A.Reveal(slot))
    return c


def test_letter_of_marque_used_at_once_moves_a_pawn_to_a_ship() -> None:
    st = new(4)
    arrange(st, [0], [1], [2], (3, -1), active=0)
    reveal(st, 0, "letter_of_marque")
    legal = st.legal_actions()
    assert A.Keep() in legal and A.Marque(3, 1) in legal and A.Marque(2, 0) in legal
    assert A.Marque(1, 0) not in legal  # only pawns on Tortuga or a rowboat
    play(st, A.Marque(3, 1))
    assert st.lines[1] == [1, 3] and st.boat[0] == -1 and kinds(st, 0) == []


def test_letter_of_marque_kept_is_a_later_action() -> None:
    st = new(4)
    arrange(st, [0], [1], [2, 3], active=0)
    reveal(st, 0, "letter_of_marque")
    play(st, A.Keep())
    assert kinds(st, 0) == ["letter_of_marque"]
    st.active = 0
    st._legal = None
    assert A.Marque(2, 0) in st.legal_actions()
    play(st, A.Marque(2, 0))
    assert st.lines[0] == [0, 2] and kinds(st, 0) == [] and st.active == 1


def test_pistol_maroons_another_player() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    reveal(st, 0, "pistol")
    assert {a.target for a in st.legal_actions()} == {1, 2, 3}
    play(st, A.Pistol(2))
    assert st.lines[1] == [3] and st.lines[2] == [2]


def test_black_spot_maroons_the_revealer() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=1)
    reveal(st, 0, "black_spot")
    assert st.lines[0] == [0] and st.lines[2] == [1]


@pytest.mark.parametrize("kind", ["atlantis", "el_dorado", "fountain_of_youth"])
def test_treasure_maps_are_given_to_another_player(kind: str) -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    reveal(st, 0, kind)
    assert {a.target for a in st.legal_actions()} == {1, 2, 3}
    play(st, A.Give(2))
    assert kinds(st, 2) == [kind] and kinds(st, 0) == []


def test_el_dorado_draws_a_card_and_allows_one_double_vote() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    reveal(st, 0, "el_dorado")
    play(st, A.Give(1))
    assert len(st.hands[1]) == 4
    hand(st, 1, [CANNON_B_SKULL, TORCH_B_HELM, TORCH_B_HELM, CANNON_B_SKULL])
    st.active = 0
    st._legal = None
    play(st, A.Attack())
    play(st, A.Vote((st.hands[0][0],)))
    assert A.Vote((TORCH_B_HELM, TORCH_B_HELM)) in st.legal_actions()
    play(st, A.Vote((CANNON_B_SKULL, TORCH_B_HELM)))
    assert kinds(st, 1) == [] and len(st.hands[1]) == 3  # two played, one drawn
    assert len(st.last_vote[2]) == 4


def test_fountain_of_youth_refuses_a_marooning_once() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    reveal(st, 0, "fountain_of_youth")
    play(st, A.Give(1))
    st.active = 0
    st._legal = None
    play(st, A.Maroon(1))  # by the captain
    assert st.current_player() == 1
    assert st.legal_actions() == [A.Fountain(True), A.Fountain(False)]
    play(st, A.Fountain(True))
    assert st.lines[0] == [0, 1] and kinds(st, 1) == []
    st.active = 0
    st._legal = None
    play(st, A.Maroon(1))  # no fountain left
    assert st.lines[0] == [0]


def test_fountain_of_youth_may_be_kept_and_the_owner_marooned() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    reveal(st, 0, "fountain_of_youth")
    play(st, A.Give(1))
    reveal(st, 1, "black_spot", seat=1)
    play(st, A.Fountain(False))
    assert st.lines[2] == [1] and kinds(st, 1) == ["fountain_of_youth"]


def test_atlantis_sails_its_owner_across_before_a_turn() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    reveal(st, 0, "atlantis")
    play(st, A.Give(2))
    # before Pirate 2's turn, the owner may use it
    assert st.current_player() == 2 and st.pending[-1][0] == "atlantis"
    play(st, A.Atlantis(False))
    assert st.current_player() == 1
    play(st, A.Move(3))
    assert st.current_player() == 2
    play(st, A.Atlantis(True))
    assert st.lines[0] == [0, 2] and kinds(st, 2) == [] and st.current_player() == 2


def test_black_powder_blows_up_a_rowboat_and_its_pawn_goes_to_tortuga() -> None:
    st = new(4)
    arrange(st, [0], [1], [2], (3, -1), active=0)
    reveal(st, 0, "black_powder")
    play(st, A.Powder(0))
    assert st.blown == [True, False] and st.boat == [-1, -1] and st.lines[2] == [2, 3]
    st.active = 0
    st._legal = None
    assert A.Move(3) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="Black Powder"):
        st.apply(A.Move(3), DiceService.seeded(1))


def test_cabin_fever_shuffles_two_loyalty_cards_and_each_learns_the_other_if_swapped() -> None:
    swapped = kept = 0
    for seed in range(12):
        st = new(4, seed=seed)
        arrange(st, [0, 1], [2, 3], active=0)
        a, b = st.team[0], st.team[1]
        reveal(st, 0, "cabin_fever")
        st.apply(A.Fever(1), DiceService.seeded(seed))
        st.check_invariants()
        assert Counter([st.team[0], st.team[1]]) == Counter([a, b])
        if st.team[0] != a:
            swapped += 1
            assert st.known[0] == {1: a} and st.known[1] == {0: b}
            assert st.observation(0)["loyalty"][1] is not None
        else:
            kept += 1
            assert st.known[0] == {} and st.observation(0)["loyalty"][1] is None
    assert swapped and kept


def test_crows_nest_replaces_a_hand_with_cards_picked_from_the_deck() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    reveal(st, 0, "crows_nest")
    play(st, A.Nest(2))
    assert st.hands[2] == [] and st.current_player() == 0
    obs = st.observation(0)
    assert isinstance(obs["vote_deck"], list)  # the searcher sees the deck
    assert isinstance(st.observation(2)["vote_deck"], int)
    for _ in range(3):
        play(st, A.Pick(CANNON_B_SKULL))
    assert st.hands[2] == [CANNON_B_SKULL] * 3 and st.active == 1


def test_eight_bells_redraws_the_line_where_the_revealer_stands() -> None:
    orders = set()
    for seed in range(10):
        st = new(5)
        arrange(st, [0, 1, 2], [3], [4], active=0)
        put_card(st, 0, "eight_bells")
        st.apply(A.Reveal(0), DiceService.seeded(seed))
        assert sorted(st.lines[0]) == [0, 1, 2]
        orders.add(tuple(st.lines[0]))
    assert len(orders) > 1


def test_facade_swaps_places_with_the_player_on_the_right() -> None:
    st = new(4)
    arrange(st, [0, 1], [2], [], (3, -1), active=2)
    reveal(st, 0, "facade")
    assert st.lines[1] == [1] and st.lines[0] == [0, 2]


def test_pirate_code_sits_out_two_votes_then_is_discarded() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=1)
    c = reveal(st, 0, "pirate_code")
    for _ in range(2):
        st.active = 0
        st._legal = None
        play(st, A.Attack())
        assert st.vote.voters == (0,)
        play(st, A.Vote((st.hands[0][0],)))
        if st.pending:
            play(st, st.legal_actions()[0])
    assert c in st.discard and st.code[1] == 0
    st.active = 0
    st._legal = None
    play(st, A.Attack())
    assert st.vote.voters == (0, 1)


def test_scurvy_costs_everyone_where_the_revealer_stands_their_next_turn() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    reveal(st, 0, "scurvy")
    assert st.active == 2  # seat 1's turn is lost at once
    assert st.skip == [1, 0, 0, 0]
    play(st, A.Move(4))
    play(st, A.View(1, 2))
    assert st.active == 1  # seat 0 lost its next turn too
    assert st.skip == [0, 0, 0, 0]


def test_stormy_seas_returns_a_ships_treasure_to_the_galleon() -> None:
    st = new(4, holds=(0, 1))
    arrange(st, [0, 1], [2, 3], active=0)
    reveal(st, 0, "stormy_seas")
    assert st.holds[0] == [0, 0] and st.galleon == 5


def test_stormy_seas_on_tortuga_resets_its_two_treasures() -> None:
    st = new(4)
    arrange(st, [0], [1], [2, 3], active=2)
    st.holds[2] = [2, 0]
    reveal(st, 0, "stormy_seas")
    assert st.holds[2] == [1, 1]


def test_stormy_seas_on_a_rowboat_does_nothing() -> None:
    st = new(4)
    arrange(st, [0], [1], [2], (3, -1), active=3)
    before = [h[:] for h in st.holds], st.galleon
    reveal(st, 0, "stormy_seas")
    assert ([h[:] for h in st.holds], st.galleon) == before
