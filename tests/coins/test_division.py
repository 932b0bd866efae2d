"""Every fortune's division of the pile of loot, on the rules' own examples and edges."""

from __future__ import annotations

from tests.coins.helpers import COPPER, GOLD, SILVER, metals, position, scripted
from wargame.coins import actions as A
from wargame.coins.division import equal_numbers, make_change, value_shares
from wargame.coins.state import FLIP

VALUES = (1, 2, 3)


def decide_all(st, *choices) -> None:  # noqa: ANN001
    for ch in choices:
        st.apply(A.Decide(ch), scripted())


def test_copper_fortune_single_plunderer_takes_the_whole_value() -> None:
    pile = [2, 1, 1]  # value 7
    booties = [[0, 0, 1]]
    nets, share = value_shares(pile, booties, VALUES)
    assert share == 7
    assert nets == [[2, 1, 1]]
    assert pile == [0, 0, 0]


def test_copper_share_takes_gold_before_silver_before_copper() -> None:
    pile = [2, 2, 2]  # value 12, two plunderers: 6 each
    nets, share = value_shares(pile, [[0, 0, 1], [0, 0, 1]], VALUES)
    assert share == 6
    assert nets[0] == [0, 0, 2]  # two gold coins
    assert nets[1] == [2, 2, 0]  # no gold left: silver, then copper
    assert pile == [0, 0, 0]


def test_copper_share_makes_change_from_own_booty_copper_first() -> None:
    # Two plunderers, a gold coin in the pile: value 3 // 2 = 1 each.
    pile = [0, 0, 1]
    booties = [[2, 1, 0], [0, 0, 0]]
    nets, share = value_shares(pile, booties, VALUES)
    assert share == 1
    assert nets[0] == [-2, 0, 1]  # gold taken, two coppers back (copper before silver)
    assert booties[0] == [0, 1, 1]
    # the second plunderer takes a copper from the change
    assert nets[1] == [1, 0, 0]
    assert pile == [1, 0, 0]


def test_copper_share_uses_silver_for_change_when_copper_runs_short() -> None:
    pile = [0, 0, 1]
    booties = [[1, 1, 0], [5, 0, 0]]  # owed 1: gold needs 2 back; 1 copper + ? -> a silver
    nets, _ = value_shares(pile, booties, VALUES)
    assert nets[0] == [0, -1, 1]
    assert booties[0] == [1, 0, 1]


def test_copper_share_gets_less_when_change_cannot_be_made() -> None:
    # Owed 1 each, the pile only holds a gold coin and nobody has small coins.
    pile = [0, 0, 1]
    booties = [[0, 0, 1], [0, 0, 1]]
    nets, share = value_shares(pile, booties, VALUES)
    assert share == 1
    assert nets == [[0, 0, 0], [0, 0, 0]]
    assert pile == [0, 0, 1]


def test_copper_share_falls_back_to_a_cheaper_metal_when_change_fails() -> None:
    # Owed 2 (value 5 // 2): gold would need 1 copper back; none, so take a silver.
    pile = [0, 1, 1]
    booties = [[0, 0, 1], [0, 0, 1]]
    nets, _ = value_shares(pile, booties, VALUES)
    assert nets[0] == [0, 1, 0]
    assert nets[1] == [0, 0, 0]  # owed 2, only a gold left, no copper to give back


def test_make_change_prefers_copper_and_refuses_what_it_cannot_pay() -> None:
    assert make_change(2, [5, 5, 0]) == (2, 0)
    assert make_change(2, [1, 1, 0]) == (0, 1)
    assert make_change(1, [0, 3, 0]) is None
    assert make_change(2, [1, 0, 0]) is None


def test_silver_fortune_equal_numbers_leave_remainders_in_the_pile() -> None:
    pile = [5, 3, 1]
    booties = [[0, 0, 1], [0, 0, 1]]
    nets = equal_numbers(pile, booties)
    assert nets == [[2, 1, 0], [2, 1, 0]]
    assert pile == [1, 1, 1]


def test_silver_fortune_can_give_everyone_nothing() -> None:
    pile = [1, 1, 1]
    nets = equal_numbers(pile, [[0, 0, 0], [0, 0, 0]])
    assert nets == [[0, 0, 0], [0, 0, 0]]
    assert pile == [1, 1, 1]


def test_gold_fortune_single_plunderer_takes_the_whole_pile() -> None:
    st = position(players=3, pile=(2, 1, 1), fortune=(GOLD, 0))
    decide_all(st, "plunder", "sally", "sally")
    st.apply(A.Reveal(), scripted())
    assert metals(st, 0) == [2, 1, 2]
    assert st.metal_counts(st.pile) == [0, 0, 0]
    assert not st.in_round[0] and st.in_round[1]
    assert st.phase == FLIP


def test_gold_fortune_shared_gives_nobody_anything_and_the_pile_stays() -> None:
    st = position(players=3, pile=(2, 1, 1), fortune=(GOLD, 0))
    decide_all(st, "plunder", "plunder", "sally")
    st.apply(A.Reveal(), scripted())
    assert metals(st, 0) == [0, 0, 1] and metals(st, 1) == [0, 0, 1]
    assert st.metal_counts(st.pile) == [2, 1, 1]
    # they still sit out the rest of the round
    assert st.in_round == [False, False, True]
    st.check_invariants()


def test_copper_fortune_through_the_game_pays_in_order_from_the_starter() -> None:
    # Starter is Pirate 2 (seat 1): it takes first and gets the gold.
    st = position(
        players=3,
        pile=(1, 0, 1),
        fortune=(COPPER, 0),
        starter=1,
        booty=[(0, 0, 1), (0, 0, 1), (0, 0, 1)],
    )
    decide_all(st, "plunder", "sally", "plunder")  # seats 1, 2, 0 in decision order
    st.apply(A.Reveal(), scripted())
    # value 4 // 2 = 2 each: Pirate 2 would take the gold and owe 1 back - no copper,
    # so it takes the copper (1) and stops; Pirate 1 then owes 2, gold needs 1 back: none.
    assert metals(st, 1) == [1, 0, 1]
    assert metals(st, 0) == [0, 0, 1]
    st.check_invariants()


def test_silver_fortune_through_the_game() -> None:
    st = position(players=2, pile=(3, 2, 0), fortune=(SILVER, 0))
    decide_all(st, "plunder", "plunder")
    st.apply(A.Reveal(), scripted())
    assert metals(st, 0) == [1, 1, 1] and metals(st, 1) == [1, 1, 1]
    assert st.last[4] == (3, 3)
