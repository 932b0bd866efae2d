"""Edge cases: crowded boards, ships after fights, hidden selections, the round limit."""

from __future__ import annotations

from tests.poe.helpers import act, blank, card, crew, give, phase, place, scripted
from wargame.core.dice import DiceService
from wargame.poe import actions as A
from wargame.poe.effects import end_turn


def test_with_every_land_area_taken_a_newcomer_may_land_on_a_pirate() -> None:
    st = blank(6)
    for s, area in enumerate(["L1", "L2", "L3", "L4", "L5"], start=1):
        place(st, s, area)
    phase(st, "move")
    enters = {a.area for a in st.legal_actions() if isinstance(a, A.Enter)}
    assert enters == {"L1", "L2", "L3", "L4", "L5"}
    act(st, A.Enter("L3"))
    assert set(st.legal_actions()) == {A.Fight(), A.Join()}


def test_a_banished_loser_at_sea_sails_away_on_their_own_ship() -> None:
    st = blank(3)
    place(st, 0, "S1", ship=True)
    place(st, 1, "S2", ship=True)
    place(st, 2, "L5")
    phase(st, "move")
    theirs = st.ship[1]
    act(st, A.Move("S2"), A.Fight(), dice=scripted(6, 1))
    act(st, A.Banish("S3"))
    assert st.area[1] == st.board.index("S3") and st.ship[1] == theirs
    assert st.ship_area[theirs] == st.board.index("S3")
    st.check_invariants()


def test_a_captain_beaten_by_a_mutineer_is_banished_without_the_ship() -> None:
    st = blank(3)
    place(st, 1, "S2", ship=True)
    crew(st, 0, 1)
    place(st, 2, "L5")
    k = st.ship[1]
    give(st, 0, [card("paddle-wretches")])
    phase(st, "bury")
    act(st, A.Mutiny(), dice=scripted(6, 1))
    targets = {a.to for a in st.legal_actions() if isinstance(a, A.Banish)}
    assert targets <= {"L2", "L3", "S1", "S3"}
    assert "S1" not in targets and "S3" not in targets  # no ship to sail on
    act(st, A.Banish("L2"))
    assert st.ship[0] == k and st.captain[0] == -1
    assert st.area[1] == st.board.index("L2") and st.ship[1] == -1
    st.check_invariants()


def test_others_do_not_see_which_hand_cards_are_chosen_for_burial() -> None:
    st = blank(3)
    place(st, 0, "L1")
    c, f = card("have-at-thee"), card("lily-liver")
    give(st, 0, [c])
    give(st, 0, [f], faceup=True)
    act(st, A.Select(c), A.Select(f))
    assert st.observation(1)["selection"] == [-1, f]
    assert st.observation(0)["selection"] == [c, f]


def test_the_round_limit_ends_a_game_that_never_runs_out() -> None:
    st = blank(3)
    st.round = st.rules.end.max_rounds
    st.active = 2
    end_turn(st, DiceService.seeded(0))
    assert st.over and "round limit" in st.end_reason


def test_a_stolen_selected_treasure_leaves_the_burial_choice() -> None:
    st = blank(3)
    place(st, 0, "L1")
    place(st, 1, "L2")
    f = card("avast-ye-dogs")
    give(st, 0, [f], faceup=True)
    act(st, A.Select(f))
    # a fight the chooser loses takes the treasure away
    from wargame.poe.effects import settle
    from wargame.poe.frames import Frame

    st.stack.append(Frame("fate", a=1, b=0))
    st.stack.append(Frame("loot", a=1, b=0, budget=2))
    st._legal = None
    act(st, A.Loot(f))
    settle(st, DiceService.seeded(0))
    assert f in st.faceup[1]
    assert f not in st.selection


def test_invariants_catch_a_lost_or_doubled_card() -> None:
    import pytest

    from wargame.errors import InvariantViolation

    st = blank(3)
    lost = st.deck.pop()
    with pytest.raises(InvariantViolation, match="103 of 104"):
        st.check_invariants()
    st.hand[0].append(lost)
    st.hand[1].append(lost)
    with pytest.raises(InvariantViolation, match="twice"):
        st.check_invariants()


def test_invariants_catch_two_captains_in_one_area() -> None:
    import pytest

    from wargame.errors import InvariantViolation

    st = blank(3)
    place(st, 0, "L1")
    place(st, 1, "L1")
    with pytest.raises(InvariantViolation, match="share L1"):
        st.check_invariants()
