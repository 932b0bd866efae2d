"""Every marooning case: from a ship, an empty ship, Tortuga again, a rowboat."""

from __future__ import annotations

from collections import Counter

from wargame.core.dice import DiceService
from wargame.tortuga import actions as A
from wargame.tortuga.places import maroon

from .helpers import arrange, new, play, put_card


def test_marooned_from_a_ship_the_pawns_behind_move_up() -> None:
    st = new(5)
    arrange(st, [0, 1, 2], [3], [4], active=0)
    play(st, A.Maroon(1))
    assert st.lines[0] == [0, 2] and st.rank(2) == 1
    assert st.lines[2] == [4, 1]  # to the back of Tortuga's line


def test_a_marooned_captain_is_replaced_by_the_first_mate() -> None:
    st = new(4)
    arrange(st, [0, 1, 2], [3], active=3)
    put_card(st, 0, "pistol")
    play(st, A.Reveal(0))
    play(st, A.Pistol(0))
    assert st.lines[0] == [1, 2] and st.roles(1) == ["captain"]


def test_an_empty_ship_keeps_its_treasure_and_the_next_aboard_is_captain() -> None:
    st = new(3, holds=(1, 0))
    arrange(st, [0], [1], [2], active=1)
    st.holds[0], st.galleon = [2, 3], 0
    put_card(st, 0, "pistol")
    play(st, A.Reveal(0))
    play(st, A.Pistol(0))
    assert st.lines[0] == [] and st.holds[0] == [2, 3]
    assert st.totals() == (2 + 1 + 1, 3 + 0 + 1)
    arrange(st, [], [1], [0], (2, -1), active=2)
    play(st, A.Move(0))
    assert st.lines[0] == [2] and st.roles(2) == ["captain", "cabin boy"]


def test_marooned_again_on_tortuga_loses_a_vote_card_chosen_by_another_player() -> None:
    st = new(4)
    arrange(st, [0], [1], [2, 3], active=0)
    put_card(st, 0, "pistol")
    before = Counter(st.hands[2])
    play(st, A.Reveal(0))
    play(st, A.Pistol(2))
    assert st.lines[2] == [3, 2]
    # the shooter picks one of three face-down cards; it goes unseen under the deck
    assert st.current_player() == 0
    assert st.legal_actions() == [A.Take(0), A.Take(1), A.Take(2)]
    lost = st.hands[2][1]
    play(st, A.Take(1))
    assert len(st.hands[2]) == 2 and st.vdeck[0] == lost
    assert Counter(st.hands[2]) + Counter([lost]) == before


def test_alone_on_tortuga_the_pawn_stays_governor_but_still_loses_a_card() -> None:
    st = new(3)
    arrange(st, [0], [1], [2], active=2)
    put_card(st, 0, "black_spot")
    play(st, A.Reveal(0))
    assert st.lines[2] == [2]
    # marooned by their own black spot: the next player chooses the card
    assert st.current_player() == 0 and len(st.legal_actions()) == 3


def test_a_pawn_with_one_vote_card_loses_it_without_a_choice() -> None:
    st = new(3)
    arrange(st, [0], [1], [2], active=0)
    st.vdeck[0:0] = st.hands[2][1:]
    del st.hands[2][1:]
    maroon(st, 2, 0, DiceService.seeded(1), fountain=True)
    assert st.hands[2] == [] and not st.pending
    st.check_invariants()


def test_marooned_from_a_rowboat_goes_to_tortuga_without_losing_a_card() -> None:
    st = new(4)
    arrange(st, [0], [1], [2], (3, -1), active=0)
    put_card(st, 0, "pistol")
    play(st, A.Reveal(0))
    play(st, A.Pistol(3))
    assert st.boat == [-1, -1] and st.lines[2] == [2, 3] and len(st.hands[3]) == 3
    assert st.active == 1


def test_two_albatrosses_on_a_ship_maroon_all_aboard_in_reverse_rank() -> None:
    st = new(5)
    arrange(st, [0, 1, 2], [3], [4], active=1)
    put_card(st, 0, "albatross")
    put_card(st, 1, "albatross")
    play(st, A.Reveal(0))
    assert st.lines[0] == [0, 1, 2]  # one albatross is harmless
    st.active = 2
    st._legal = None
    play(st, A.Reveal(1))
    assert st.lines[0] == [] and st.lines[2] == [4, 2, 1, 0]  # cabin boy first


def test_a_walking_bomb_boarding_a_ship_maroons_everyone() -> None:
    st = new(4)
    arrange(st, [0, 1], [2], [], (3, -1), active=3)
    a1 = put_card(st, 0, "albatross")
    st.row[0] = -1  # set the card in front of the pawn by hand
    st.kept[3] = [a1]
    st.alb[3] = 1
    a2 = put_card(st, 1, "albatross")
    play(st, A.Reveal(1))  # on a rowboat: no effect yet
    assert a2 in st.kept[3] and st.lines[0] == [0, 1]
    st.active = 3
    st._legal = None
    st.row[0] = st.deck.pop()
    play(st, A.Move(0))
    assert st.lines[0] == [] and st.lines[2] == [3, 1, 0]


def test_albatrosses_do_nothing_on_tortuga() -> None:
    st = new(4)
    arrange(st, [0], [1], [2, 3], active=2)
    put_card(st, 0, "albatross")
    put_card(st, 1, "albatross")
    play(st, A.Reveal(0))
    st.active = 2
    st._legal = None
    play(st, A.Reveal(1))
    assert st.lines[2] == [2, 3] and st.alb[2] == 2
