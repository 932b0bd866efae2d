"""Setup, the turn, and every main action with its refusals."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.tortuga import actions as A
from wargame.tortuga.game import TortugaGame
from wargame.tortuga.rules import rules

from .helpers import arrange, new, play, put_card


@pytest.mark.parametrize("n", range(2, 10))
def test_setup_deals_teams_ships_cards_and_treasure(n: int) -> None:
    st = TortugaGame().new_initial_state(n, DiceService.seeded(n))
    b, f, d = rules().teams[str(n)]
    assert sorted(st.team) == [0] * b + [1] * f + [2] * d
    assert (b == f) and (d == n % 2)
    assert len(st.lines[0]) == (n + 1) // 2 and len(st.lines[1]) == n // 2
    assert st.lines[2] == [] and st.boat == [-1, -1]
    assert all(len(h) == rules().votes.hand for h in st.hands)
    assert len(st.row) == 5 and st.cards[st.deck[0]] == "spanish_armada"
    assert len(st.cards) == 16 + 3
    # the captains choose where each ship's first treasure goes, ship 0's first
    assert st.current_player() == st.lines[0][0]
    assert st.legal_actions() == [A.StartHold(0), A.StartHold(1)]
    st.check_invariants()


def test_captains_place_the_first_treasures_then_seat_0_plays() -> None:
    st = new(4, holds=(1, 0))
    assert st.holds[0] == [0, 1] and st.holds[1] == [1, 0]
    assert st.galleon == 4 and st.holds[2] == [1, 1]
    assert st.current_player() == 0 and st.turns == 1


def test_one_action_a_turn_and_two_with_two_players() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    play(st, A.Move(3))
    assert st.active == 1
    st2 = new(2)
    arrange(st2, [0], [1], active=0)
    play(st2, A.Move(3))
    assert st2.active == 0 and st2.actions_left == 1
    play(st2, A.Move(2))
    assert st2.active == 1 and st2.loc[0] == 2


def test_view_two_cards_shows_them_to_the_viewer_only() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    c = put_card(st, 3, "pistol")
    play(st, A.View(1, 3))
    assert st.seen[0] == {1: st.row[1], 3: c}
    assert all(not st.seen[s] for s in (1, 2, 3))
    assert st.observation(0)["viewed"]["3"] == "pistol"
    assert st.observation(1)["viewed"] == {}


def test_reveal_resolves_and_replaces_from_the_deck() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    c = put_card(st, 2, "albatross")
    top = st.deck[-1]
    play(st, A.Reveal(2))
    assert st.row[2] == top and c in st.kept[0]


def test_force_another_player_to_reveal_one_of_two() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=0)
    put_card(st, 0, "black_spot")
    put_card(st, 4, "albatross")
    play(st, A.Force(2))
    assert st.current_player() == 0
    assert A.Offer(0, 4) in st.legal_actions()
    play(st, A.Offer(0, 4))
    assert st.current_player() == 2
    assert st.legal_actions() == [A.Reveal(0), A.Reveal(4)]
    play(st, A.Reveal(0))  # the forced player resolves the card: their own black spot
    assert st.loc[2] == 2 and st.lines[1] == [3]
    assert st.active == 1


def test_moves_go_through_the_rowboats() -> None:
    st = new(4)
    arrange(st, [0, 1], [2], [3], active=0)
    moves = {a.to for a in st.legal_actions() if isinstance(a, A.Move)}
    assert moves == {3}
    play(st, A.Move(3))
    arrange(st, [1], [2], [3], (0, -1), active=0)
    moves = {a.to for a in st.legal_actions() if isinstance(a, A.Move)}
    assert moves == {0, 2}
    st.active = 3
    st._legal = None
    moves = {a.to for a in st.legal_actions() if isinstance(a, A.Move)}
    assert moves == {4}  # the Dutchman's rowboat is taken
    with pytest.raises(IllegalAction, match="only one pawn"):
        st.apply(A.Move(3), DiceService.seeded(1))


def test_boarding_an_empty_ship_makes_you_captain() -> None:
    st = new(3)
    arrange(st, [], [1], [2], (0, -1), active=0)
    play(st, A.Move(0))
    assert st.lines[0] == [0] and "captain" in st.roles(0) and "cabin boy" in st.roles(0)


def test_roles_give_their_actions_and_refusals_name_the_rule() -> None:
    st = new(5)
    arrange(st, [0, 1, 2], [3], [4], active=0)
    kinds = {type(a) for a in st.legal_actions()}
    assert A.Attack in kinds and A.Maroon in kinds and A.Mutiny not in kinds
    st.active = 1
    st._legal = None
    kinds = {type(a) for a in st.legal_actions()}
    assert A.Mutiny in kinds and A.Attack not in kinds
    with pytest.raises(IllegalAction, match="only a ship's captain"):
        st.apply(A.Attack(), DiceService.seeded(1))
    with pytest.raises(IllegalAction, match="cabin boy"):
        st.apply(A.Shift(0), DiceService.seeded(1))
    with pytest.raises(IllegalAction, match="governor"):
        st.apply(A.Brawl(), DiceService.seeded(1))
    st.active = 4
    st._legal = None
    assert A.Brawl() in st.legal_actions()


def test_cabin_boy_moves_one_treasure_between_holds() -> None:
    st = new(4, holds=(0, 0))
    arrange(st, [0, 1], [2, 3], active=1)
    play(st, A.Shift(0))
    assert st.holds[0] == [0, 1]
    assert A.Shift(0) not in st.legal_actions()


def test_captain_maroons_another_pawn_on_their_ship() -> None:
    st = new(4)
    arrange(st, [0, 1, 2], [3], active=0)
    assert {a.target for a in st.legal_actions() if isinstance(a, A.Maroon)} == {1, 2}
    play(st, A.Maroon(1))
    assert st.lines[0] == [0, 2] and st.lines[2] == [1]


def test_a_player_without_vote_cards_may_still_call_a_vote() -> None:
    st = new(4)
    arrange(st, [0], [1], [2, 3], active=2)
    st.vdeck.extend(st.hands[2])
    st.hands[2] = []
    play(st, A.Brawl())
    assert st.current_player() == 3  # only the other pawn on Tortuga votes
