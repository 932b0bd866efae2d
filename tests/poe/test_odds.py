"""Issue 17: exact odds before a fight's dice, with the cards played so far."""

from __future__ import annotations

from fractions import Fraction

from tests.poe.helpers import act, blank, card, crew, give, phase, place, settle
from wargame.poe import actions as A
from wargame.poe.effects import fight_frame
from wargame.poe.odds import fight_odds, roll_odds


def test_an_even_fight_ties_one_time_in_six_and_the_tie_goes_to_the_defender() -> None:
    o = roll_odds(0, 1, 0, 6)
    assert (o.attacker_wins, o.tie, o.defender_higher) == (
        Fraction(15, 36),
        Fraction(6, 36),
        Fraction(15, 36),
    )
    assert o.attacker_wins + o.defender_wins == 1


def test_the_odds_follow_each_card_played_in_the_fight_window() -> None:
    st = blank(3, params={"windows": "everyone"})
    place(st, 0, "L1")
    place(st, 1, "L2")
    place(st, 2, "L5")
    plus = card("have-at-thee")  # +1 in combat
    minus = card("yellow-fever")  # -3 in combat
    give(st, 2, [plus, minus])
    st.stack.append(fight_frame(st, 0, 1))
    st.stack[-1].cur = 2
    st._legal = None
    f = st.stack[-1]
    assert fight_odds(st, f).attacker_wins == Fraction(15, 36)
    act(st, A.PlayOn(plus, 0))
    f = st.stack[-1]
    # attacker +1: wins when its die is at least the defender's: 21 of 36
    assert fight_odds(st, f).margin == 1
    assert fight_odds(st, f).attacker_wins == Fraction(21, 36)
    act(st, A.PlayOn(minus, 0))
    f = st.stack[-1]
    assert fight_odds(st, f).margin == -2
    assert fight_odds(st, f).attacker_wins == Fraction(6, 36)


def test_mutiny_odds_count_the_minus_three_and_the_treasure_bonus() -> None:
    st = blank(3, params={"windows": "everyone"})
    place(st, 0, "L1")
    crew(st, 1, 0)
    place(st, 2, "L5")
    give(st, 0, [c for c in st.deck if st.cards[c].value == 3][:2], faceup=True)  # 6 spots
    give(st, 1, [c for c in st.deck if st.cards[c].value == 2][:1], faceup=True)  # 2 spots
    phase(st, "bury", 1)
    settle(st)
    act(st, A.Mutiny())
    f = st.stack[-1]
    assert f.kind == "fight" and f.mutiny and f.a == 1
    # -3, and (6 - 2) / 2 = +2 for the mutineer: margin -1
    assert fight_odds(st, f).margin == -1
    assert fight_odds(st, f).attacker_wins == Fraction(10, 36)
