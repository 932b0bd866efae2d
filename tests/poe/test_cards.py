"""Every card's action (the combat and mutiny cards are also in test_fights)."""

from __future__ import annotations

import pytest

from tests.poe.helpers import act, blank, card, crew, give, named, phase, place, scripted
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.poe import actions as A
from wargame.poe.effects import settle, start_turn
from wargame.poe.rules import deck


def table(players: int = 3):
    st = blank(players)
    place(st, 0, "L1")
    place(st, 1, "L3")
    place(st, 2, "L5")
    return st


def test_every_action_in_the_deck_is_covered_here_or_in_test_fights() -> None:
    covered = {
        "walk-the-plank",
        "clap-em-in-irons",
        "thieving-parrot",
        "shore-leave",
        "law-of-the-sea",
        "a-dead-mans-chest",
        "davy-joness-locker",
        "have-at-thee",
        "shiver-me-timbers",
        "avast-ye-dogs",
        "lily-liver",
        "stap-me-vitals",
        "yellow-fever",
        "paddle-wretches",
        "step-to-it",
        "cram-on-sail",
        "god-speed",
        "me-likie",
        "my-precious",
        "wheel-lashed",
        "becalmed",
        "fools-gold",
        "rough-swell",
        "extra-grog-ration",
        "short-grog-ration",
    }
    assert {c.action for c in deck().cards} == covered


def test_thieving_parrot_steals_a_face_up_treasure_into_your_own() -> None:
    st = table()
    parrot = named("Opal Ring")
    loot = card("avast-ye-dogs")
    give(st, 0, [parrot])
    give(st, 1, [loot], faceup=True)
    st.origin[loot] = 1
    act(st, A.PlayTake(parrot, loot))
    assert st.faceup[0] == [loot] and st.faceup[1] == []
    assert st.origin[loot] == 1  # it still remembers where it was dug
    assert parrot in st.discard


def test_thieving_parrot_cannot_steal_from_yourself() -> None:
    st = table()
    parrot = named("Opal Ring")
    mine = card("avast-ye-dogs")
    give(st, 0, [parrot])
    give(st, 0, [mine], faceup=True)
    with pytest.raises(IllegalAction):
        st.apply(A.PlayTake(parrot, mine), DiceService.seeded(0))


def test_shore_leave_draws_as_in_town_at_the_next_replenish() -> None:
    st = table()
    leave = named("Emerald Pendant")
    give(st, 0, [leave])
    act(st, A.Play(leave))
    assert st.shore_leave[0]
    phase(st, "replenish")
    d = DiceService.seeded(4)
    n = 0
    while A.Draw() in st.legal_actions():
        st.apply(A.Draw(), d)
        n += 1
    assert n == 6  # on plain land: 2 without the card
    assert not st.shore_leave[0]


def test_davy_joness_locker_takes_any_card_from_the_discard_pile() -> None:
    st = table()
    locker = named("Gold Crown")
    give(st, 0, [locker])
    old = st.deck.pop(10)
    st.discard = [old]
    act(st, A.PlayTake(locker, old))
    assert st.hand[0] == [old] and st.discard == [locker]


@pytest.mark.parametrize(
    ("action", "modifier"),
    [
        ("have-at-thee", 1),
        ("shiver-me-timbers", 2),
        ("avast-ye-dogs", 3),
        ("lily-liver", -1),
        ("stap-me-vitals", -2),
        ("yellow-fever", -3),
    ],
)
def test_combat_modifier_changes_a_combatants_total(action: str, modifier: int) -> None:
    st = table()
    place(st, 1, "L2")
    phase(st, "move")
    c = card(action)
    give(st, 2, [c])
    act(st, A.Move("L2"), A.Fight())
    assert st.current_player() == 2
    act(st, A.PlayOn(c, 1), dice=scripted(3, 3))
    assert st.last_fight["modifiers"] == [0, modifier]
    assert st.last_fight["totals"] == [3, 3 + modifier]


def test_paddle_wretches_moves_into_a_sea_area_without_a_ship() -> None:
    st = table()
    st.ship_area = [st.board.index("S4")] * len(st.ship_area)
    phase(st, "move")
    assert A.Move("S1") not in st.legal_actions()
    paddle = card("paddle-wretches")
    give(st, 0, [paddle])
    act(st, A.Play(paddle), A.Move("S1"))
    assert st.area[0] == st.board.index("S1") and st.ship[0] == -1
    st.check_invariants()


def test_step_to_it_moves_two_areas_the_second_onto_land() -> None:
    st = table()
    place(st, 0, "S1", ship=True)
    step = card("step-to-it")
    give(st, 0, [step])
    phase(st, "move")
    act(st, A.Play(step), A.Move("S2"))
    second = {a.to for a in st.legal_actions() if isinstance(a, A.Move)}
    assert second == {"L2", "L3"}  # land only (L3 is Pirate 2's: a fight)
    act(st, A.Move("L2"))
    assert st.area[0] == st.board.index("L2") and st.phase != "move"


def test_cram_on_sail_moves_two_areas_the_second_by_sea() -> None:
    st = table()
    place(st, 0, "S1", ship=True)
    cram = card("cram-on-sail")
    give(st, 0, [cram])
    phase(st, "move")
    act(st, A.Play(cram), A.Move("S2"))
    second = {a.to for a in st.legal_actions() if isinstance(a, A.Move)}
    assert second == {"S1", "S3"}


def test_god_speed_moves_two_areas_either_way() -> None:
    st = table()
    speed = card("god-speed")
    give(st, 0, [speed])
    phase(st, "move")
    act(st, A.Play(speed), A.Move("L2"))
    second = {a.to for a in st.legal_actions() if isinstance(a, A.Move)}
    assert second == {"L1", "S2"}


def test_movement_cards_played_in_anothers_turn_apply_to_your_next_move() -> None:
    st = table()
    speed = card("god-speed")
    give(st, 0, [speed])
    d = DiceService.seeded(0)
    start_turn(st, 2, d)
    settle(st, d)
    assert st.current_player() == 0  # the turn-start window of Pirate 3
    act(st, A.Play(speed))
    assert st.extra_step[0] == "god-speed"


def test_me_likie_swaps_face_up_treasure_of_the_same_value() -> None:
    st = table()
    likie = card("me-likie")
    mine = card("avast-ye-dogs", 0)
    theirs = card("yellow-fever", 1)
    other = card("becalmed")
    give(st, 0, [likie])
    give(st, 0, [mine], faceup=True)
    give(st, 1, [theirs, other], faceup=True)
    legal = [a for a in st.legal_actions() if isinstance(a, A.Swap)]
    assert legal == [A.Swap(likie, mine, theirs)]  # the 3-value card is not the same value
    act(st, A.Swap(likie, mine, theirs))
    assert st.faceup[0] == [theirs] and sorted(st.faceup[1]) == sorted([other, mine])


def test_my_precious_takes_your_own_face_up_card_into_hand() -> None:
    st = table()
    precious = card("my-precious")
    mine = card("avast-ye-dogs")
    give(st, 0, [precious])
    give(st, 0, [mine], faceup=True)
    act(st, A.PlayTake(precious, mine))
    assert st.hand[0] == [mine] and st.faceup[0] == []


def test_wheel_lashed_forces_the_targets_next_move() -> None:
    st = table()
    lash = card("wheel-lashed")
    give(st, 1, [lash])
    d = DiceService.seeded(0)
    start_turn(st, 0, d)
    settle(st, d)
    assert st.current_player() == 1
    act(st, A.Lash(lash, 0, "S1"))
    pass_rest(st)
    phase(st, "move")
    assert st.legal_actions()[0] == A.Move("S1")
    assert A.Done() not in st.legal_actions() and A.Move("L2") not in st.legal_actions()
    act(st, A.Move("S1"))
    assert st.lashed[0] == -1


def pass_rest(st) -> None:  # noqa: ANN001
    while st.stack:
        st.apply(A.Pass(), DiceService.seeded(0))


def test_wheel_lashed_does_not_apply_to_crew() -> None:
    st = table()
    crew(st, 2, 1)
    lash = card("wheel-lashed")
    give(st, 0, [lash])
    targets = {a.seat for a in st.legal_actions() if isinstance(a, A.Lash)}
    assert targets == {1}


def test_becalmed_stops_the_pirate_moving_this_turn() -> None:
    st = table()
    calm = card("becalmed")
    give(st, 1, [calm])
    d = DiceService.seeded(0)
    start_turn(st, 0, d)
    settle(st, d)
    assert st.current_player() == 1
    act(st, A.PlayOn(calm, 0))
    pass_rest(st)
    phase(st, "move")
    assert not any(isinstance(a, A.Move) for a in st.legal_actions())
    with pytest.raises(IllegalAction, match="Becalmed"):
        st.apply(A.Move("L2"), DiceService.seeded(0))


def test_becalmed_is_not_offered_against_crew() -> None:
    st = table()
    crew(st, 0, 1)
    calm = card("becalmed")
    give(st, 2, [calm])
    d = DiceService.seeded(0)
    start_turn(st, 0, d)
    settle(st, d)
    assert st.current_player() != 2 or A.PlayOn(calm, 0) not in st.legal_actions()


def test_fools_gold_adds_the_bonus_of_a_retyped_card() -> None:
    st = table()
    gold = card("fools-gold")
    picks = [card("have-at-thee", type_="crowns"), card("lily-liver", type_="crowns")]
    picks.append(card("have-at-thee", type_="sovereigns"))
    give(st, 0, [gold, *picks])
    act(st, *[A.Select(c) for c in picks], A.Play(gold), A.Bury())
    assert st.vp[0] == 3 + 1


def test_rough_swell_makes_the_victim_choose_a_treasure_to_lose() -> None:
    st = table()
    swell = card("rough-swell")
    a, b = card("avast-ye-dogs"), card("becalmed")
    give(st, 0, [swell])
    give(st, 1, [a, b], faceup=True)
    act(st, A.PlayOn(swell, 1))
    assert st.current_player() == 1
    assert set(st.legal_actions()) == {A.Overboard(a), A.Overboard(b)}
    act(st, A.Overboard(a))
    assert st.faceup[1] == [b] and a in st.discard
    assert st.current_player() == 0


def test_cards_can_only_be_played_from_your_own_hand() -> None:
    st = table()
    c = card("god-speed")
    give(st, 1, [c])
    with pytest.raises(IllegalAction, match="from your hand"):
        st.apply(A.Play(c), DiceService.seeded(0))
