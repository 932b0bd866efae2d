"""Entering occupied areas, joining, fights, loot, fate and mutiny."""

from __future__ import annotations

import pytest

from tests.poe.helpers import act, blank, card, crew, give, named, pass_all, phase, place, scripted
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.poe import actions as A


def meeting(players: int = 3):
    """Pirate 1 on L1 about to move into Pirate 2's L2; Pirate 3 far away."""
    st = blank(players)
    place(st, 0, "L1")
    place(st, 1, "L2")
    for s in range(2, players):
        place(st, s, "L5" if s == 2 else "L4")
    phase(st, "move")
    return st


def test_entering_an_occupied_area_means_fight_or_ask_to_join() -> None:
    st = meeting()
    act(st, A.Move("L2"))
    assert st.current_player() == 0
    assert set(st.legal_actions()) == {A.Fight(), A.Join()}


def test_attacker_wins_only_on_a_higher_roll() -> None:
    st = meeting()
    act(st, A.Move("L2"), A.Fight())
    pass_all(st)  # nobody holds a card, so the dice are rolled at once
    st2 = meeting()
    act(st2, A.Move("L2"), A.Fight(), dice=scripted(4, 4))
    assert st2.last_fight["winner"] == 1  # a tie goes to the defender
    st3 = meeting()
    act(st3, A.Move("L2"), A.Fight(), dice=scripted(5, 4))
    assert st3.last_fight["winner"] == 0


def test_any_player_may_play_combat_modifiers_before_the_roll() -> None:
    st = meeting()
    plus2 = card("shiver-me-timbers")
    minus3 = card("yellow-fever")
    give(st, 2, [plus2])  # the bystander
    give(st, 1, [minus3])
    act(st, A.Move("L2"), A.Fight())
    f = st.stack[-1]
    assert f.kind == "fight" and st.current_player() == 1  # the attacker holds nothing
    act(st, A.PlayOn(minus3, 0))
    # Pirate 2 has nothing more to play: the bystander is asked next
    assert st.current_player() == 2
    act(st, A.PlayOn(plus2, 0), dice=scripted(6, 4))
    lf = st.last_fight
    assert lf["modifiers"] == [-1, 0]
    assert lf["totals"] == [5, 4] and lf["winner"] == 0
    assert minus3 in st.discard and plus2 in st.discard


def test_the_fight_window_reopens_for_everyone_after_a_card() -> None:
    st = meeting()
    give(st, 0, [card("have-at-thee", 0)])
    give(st, 1, [card("lily-liver", 0)])
    act(st, A.Move("L2"), A.Fight())
    assert st.current_player() == 0
    give(st, 0, [card("have-at-thee", 1)])
    act(st, A.PlayOn(card("have-at-thee", 0), 0), A.Pass())
    assert st.current_player() == 1
    act(st, A.PlayOn(card("lily-liver", 0), 0))
    # a card was played: Pirate 1, who had passed, is asked again
    assert st.current_player() == 0 and st.stack[-1].passed == 0
    act(st, A.Pass(), dice=scripted(3, 3))
    assert st.last_fight["modifiers"] == [0, 0]


def test_winner_takes_up_to_half_the_losers_spots_and_the_rest_is_discarded() -> None:
    st = meeting()
    three = card("becalmed", 0)
    two = card("avast-ye-dogs", 0)
    one = card("have-at-thee", 0)
    give(st, 1, [three, two, one], faceup=True)  # 6 spots: winner may take 3
    act(st, A.Move("L2"), A.Fight(), dice=scripted(6, 1))
    assert st.stack[-1].kind == "loot" and st.current_player() == 0
    loots = {a.card for a in st.legal_actions() if isinstance(a, A.Loot)}
    assert loots == {three, two, one}
    act(st, A.Loot(two))
    assert {a.card for a in st.legal_actions() if isinstance(a, A.Loot)} == {one}
    act(st, A.Loot(one))
    assert sorted(st.faceup[0]) == sorted([two, one])
    assert st.faceup[1] == [] and three in st.discard
    assert st.stack[-1].kind == "fate"


def test_winner_may_compel_the_loser_and_their_crew_into_the_crew() -> None:
    st = meeting(4)
    crew(st, 3, 1)
    act(st, A.Move("L2"), A.Fight(), dice=scripted(6, 1))
    act(st, A.Compel())
    assert st.captain[1] == 0 and st.captain[3] == 0
    st.check_invariants()


def test_winner_may_move_the_loser_away_but_not_into_another_pirate() -> None:
    st = meeting()
    place(st, 2, "L1")  # hmm: L1 is where Pirate 1 came from
    st.area[2] = st.board.index("L5")
    act(st, A.Move("L2"), A.Fight(), dice=scripted(6, 1))
    targets = {a.to for a in st.legal_actions() if isinstance(a, A.Banish)}
    assert "L1" in targets  # empty now that Pirate 1 left it
    act(st, A.Banish("L1"))
    assert st.area[1] == st.board.index("L1") and st.captain[1] == -1


def test_with_no_move_away_the_winner_must_take_the_loser_as_crew() -> None:
    st = meeting(4)
    st.ship_area = [st.board.index("S4")] * len(st.ship_area)  # no ship to flee to
    place(st, 2, "L5")
    act(st, A.Move("L2"), A.Fight(), dice=scripted(6, 1))
    # L1 is free again, so make it occupied by Pirate 4
    place(st, 3, "L1")
    st._legal = None
    assert st.legal_actions() == [A.Compel()]


def test_losing_attacker_is_dealt_with_by_the_defender() -> None:
    st = meeting()
    act(st, A.Move("L2"), A.Fight(), dice=scripted(2, 5))
    assert st.current_player() == 1
    act(st, A.Compel())
    assert st.captain[0] == 1
    assert st.phase in ("discard", "replenish") or st.active != 0  # crew: no digging


def test_asking_to_join_and_being_accepted_makes_crew_without_a_fight() -> None:
    st = meeting()
    act(st, A.Move("L2"), A.Join())
    assert st.current_player() == 1
    act(st, A.Accept())
    assert st.captain[0] == 1 and st.last_fight is None


def test_a_refused_joiner_must_fight_as_the_defender() -> None:
    st = meeting()
    act(st, A.Move("L2"), A.Join(), A.Refuse(), dice=scripted(3, 3))
    lf = st.last_fight
    assert lf["attacker"] == 1 and lf["defender"] == 0
    assert lf["winner"] == 0  # the joiner defends, so wins the tie


def test_law_of_the_sea_makes_the_newcomer_crew_without_a_fight() -> None:
    st = meeting()
    law = named("Ruby Earrings")
    give(st, 1, [law])
    act(st, A.Move("L2"))
    assert st.current_player() == 1 and A.Play(law) in st.legal_actions()
    act(st, A.Play(law))
    assert st.captain[0] == 1 and st.last_fight is None and law in st.discard


def test_becoming_crew_abandons_your_ship_and_crew_move_with_the_captain() -> None:
    st = blank(3)
    place(st, 0, "S1", ship=True)
    place(st, 1, "S2", ship=True)
    phase(st, "move")
    k = st.ship[0]
    act(st, A.Move("S2"), A.Join(), A.Accept())
    assert st.ship[0] == -1 and st.ship_area[k] == st.board.index("S2")
    st.check_invariants()
    phase(st, "move", 1)
    st.steps = 0
    act(st, A.Move("S3"))
    assert st.area[0] == st.board.index("S3")


# -- mutiny -----------------------------------------------------------------------------------
def mutiny_table(captain_spots: int, mutineer_spots: int):
    """Pirate 1 is crew of Pirate 2 on L1, with face-up treasure of the given spots."""
    st = blank(3)
    place(st, 1, "L1")
    crew(st, 0, 1)
    place(st, 2, "L5")
    for seat, spots in ((1, captain_spots), (0, mutineer_spots)):
        ones = [c.index for c in st.cards if c.value == 1 and c.index in st.deck][:spots]
        give(st, seat, ones, faceup=True)
    phase(st, "bury")
    return st


def test_mutiny_example_captain_6_mutineer_3_gives_plus_1() -> None:
    st = mutiny_table(6, 3)
    act(st, A.Mutiny(), dice=scripted(5, 2))
    lf = st.last_fight
    assert lf["mutiny_terms"] == [-3, 1]
    assert lf["totals"] == [5 - 3 + 1, 2]
    assert lf["winner"] == 0


def test_mutiny_example_captain_6_mutineer_1_gives_plus_5() -> None:
    st = mutiny_table(6, 1)
    act(st, A.Mutiny(), dice=scripted(1, 3))
    assert st.last_fight["mutiny_terms"] == [-3, 5]
    assert st.last_fight["totals"] == [3, 3]
    assert st.last_fight["winner"] == 1  # the mutineer attacks: a tie fails


def test_crew_may_mutiny_once_on_their_own_turn() -> None:
    st = mutiny_table(0, 0)
    assert A.Mutiny() in st.legal_actions()
    act(st, A.Mutiny(), dice=scripted(1, 6))
    act(st, A.Compel())
    assert st.captain[0] == 1
    assert A.Mutiny() not in st.legal_actions()


def test_a_successful_mutineer_takes_command_of_ship_and_crew() -> None:
    st = blank(4)
    place(st, 1, "S1", ship=True)
    crew(st, 0, 1)
    crew(st, 3, 1)
    place(st, 2, "L5")
    k = st.ship[1]
    phase(st, "replenish")
    give(st, 0, [card("paddle-wretches")])
    act(st, A.Mutiny(), dice=scripted(6, 1))
    # no walk-the-plank: 6 - 3 = 3 > 1
    act(st, A.Compel())
    assert st.captain[0] == -1 and st.ship[0] == k
    assert st.captain[1] == 0 and st.captain[3] == 0
    st.check_invariants()


def test_walk_the_plank_cancels_the_mutiny_penalty() -> None:
    st = mutiny_table(0, 0)
    plank = card("walk-the-plank")
    give(st, 2, [plank])
    act(st, A.Mutiny())
    assert st.current_player() == 2
    act(st, A.Play(plank), dice=scripted(2, 1))
    assert st.last_fight["mutiny_terms"] == [0, 0]
    assert st.last_fight["winner"] == 0


def test_clap_em_in_irons_cancels_the_mutineers_bonus() -> None:
    st = mutiny_table(6, 1)
    irons = card("clap-em-in-irons")
    give(st, 1, [irons])
    act(st, A.Mutiny(), A.Play(irons), dice=scripted(4, 2))  # without Irons: 4-3+5 > 2
    assert st.last_fight["mutiny_terms"] == [-3, 0]
    assert st.last_fight["winner"] == 1


def test_extra_grog_ration_cancels_the_mutiny_for_the_turn() -> None:
    st = mutiny_table(0, 0)
    grog = card("extra-grog-ration")
    give(st, 1, [grog])
    short = card("short-grog-ration")
    give(st, 0, [short])
    act(st, A.Mutiny())
    assert st.current_player() == 1  # the mutineer holds no fight card
    act(st, A.Play(grog))
    assert st.last_fight["cancelled"] and st.captain[0] == 1
    assert st.barred[0]
    assert A.Play(short) not in st.legal_actions()


def test_short_grog_ration_allows_a_mutiny_on_anyones_turn() -> None:
    st = blank(3)
    place(st, 1, "L1")
    crew(st, 0, 1)
    place(st, 2, "L5")
    short = card("short-grog-ration")
    give(st, 0, [short])
    # Pirate 3's turn starts: Pirate 1 may play Short Grog Ration in the window
    from wargame.poe.effects import settle, start_turn

    d = DiceService.seeded(0)
    start_turn(st, 2, d)
    settle(st, d)
    assert st.current_player() == 0
    act(st, A.Play(short), dice=scripted(6, 1))
    assert st.last_fight["mutiny"] and st.last_fight["winner"] == 0


def test_illegal_fight_card_outside_a_fight_is_refused() -> None:
    st = meeting()
    c = card("have-at-thee")
    give(st, 0, [c])
    with pytest.raises(IllegalAction, match="HAVE AT THEE"):
        st.apply(A.PlayOn(c, 1), DiceService.seeded(0))
