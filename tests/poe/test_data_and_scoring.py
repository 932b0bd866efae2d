"""The deck as printed, burial scoring and the mutiny formula."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.poe.helpers import card, named
from wargame.poe.rules import deck, rules
from wargame.poe.scoring import burial_limit, mutiny_bonus, score_burial


def cards(*idx: int):
    d = deck().cards
    return [d[i] for i in idx]


def test_deck_has_104_cards_with_the_printed_mix() -> None:
    d = deck().cards
    assert len(d) == 104
    assert Counter(c.value for c in d) == {1: 4 + 45, 2: 3 + 30, 3: 3 + 15, 4: 2, 5: 2}
    assert sum(1 for c in d if c.named) == 14
    per_type = Counter(c.type for c in d if not c.named)
    assert set(per_type.values()) == {18}  # 9 ones, 6 twos, 3 threes of each of 5 types
    actions = Counter(c.action for c in d)
    assert actions["have-at-thee"] == 10
    assert actions["lily-liver"] == 10
    assert actions["walk-the-plank"] == 4
    assert actions["becalmed"] == 3 and actions["short-grog-ration"] == 3
    assert len(actions) == 25


def test_every_card_has_both_faces_as_data() -> None:
    for c in deck().cards:
        assert c.title.endswith("!")
        assert c.text and c.name


def test_burial_scores_the_spot_count() -> None:
    one = card("have-at-thee", type_="crowns")
    two = card("avast-ye-dogs", type_="doubloons")
    assert score_burial(cards(one, two), rules()).total == 3


@pytest.mark.parametrize(("n", "bonus"), [(2, 0), (3, 1), (4, 2), (5, 3)])
def test_same_type_bonus_is_1_2_3_for_3_4_5_cards(n: int, bonus: int) -> None:
    crowns = [c.index for c in deck().cards if c.type == "crowns" and c.value == 1][:n]
    s = score_burial(cards(*crowns), rules())
    assert s.same_type == bonus
    assert s.total == n + bonus


@pytest.mark.parametrize(("n", "bonus"), [(2, 0), (3, 1), (4, 3), (5, 5)])
def test_different_types_bonus_is_1_3_5_for_3_4_5_types(n: int, bonus: int) -> None:
    types = rules().bury.types[:n]
    picks = [card("have-at-thee", type_=t) for t in types]
    s = score_burial(cards(*picks), rules())
    assert s.different_types == bonus
    assert s.same_type == 0


def test_named_treasure_counts_as_the_best_type() -> None:
    crowns = [c.index for c in deck().cards if c.type == "crowns" and c.value == 1][:2]
    s = score_burial(cards(*crowns, named("Brass Telescope")), rules())
    assert s.same_type == 1  # the telescope makes three crowns
    assert s.total == 3 + 1
    assert s.types == ("crowns", "crowns", "crowns")


def test_fools_gold_lets_one_treasure_count_as_another_type() -> None:
    picks = [card("have-at-thee", type_="crowns"), card("lily-liver", type_="crowns")]
    picks.append(card("have-at-thee", type_="sovereigns"))
    plain = score_burial(cards(*picks), rules())
    gold = score_burial(cards(*picks), rules(), fools_gold=1)
    assert plain.same_type == plain.different_types == 0
    assert gold.same_type + gold.different_types == 1
    assert gold.total == plain.total + 1


def test_six_of_one_type_scores_the_five_card_bonus() -> None:
    crowns = [c.index for c in deck().cards if c.type == "crowns" and c.value == 1][:5]
    s = score_burial(cards(*crowns, named("Emerald Pendant")), rules())
    assert s.same_type == 3


def test_burial_limit_is_5_or_6_with_a_4_value_or_7_with_a_5_value() -> None:
    ones = [c.index for c in deck().cards if c.value == 1 and not c.named][:6]
    assert burial_limit(cards(*ones), rules()) == 5
    assert burial_limit(cards(*ones, named("Ruby Earrings")), rules()) == 6
    assert burial_limit(cards(*ones, named("Gold Crown")), rules()) == 7


def test_mutiny_example_captain_6_mutineer_3_gives_plus_1() -> None:
    assert mutiny_bonus(6, 3) == 1


def test_mutiny_example_captain_6_mutineer_1_gives_plus_5() -> None:
    assert mutiny_bonus(6, 1) == 5


def test_mutiny_bonus_divides_by_one_when_the_mutineer_has_nothing() -> None:
    assert mutiny_bonus(4, 0) == 4


def test_mutiny_bonus_is_zero_unless_the_captain_has_more() -> None:
    assert mutiny_bonus(3, 3) == 0
    assert mutiny_bonus(2, 5) == 0


def test_mutiny_bonus_rounding_variants() -> None:
    assert mutiny_bonus(7, 2) == 2  # 5/2 rounded down
    assert mutiny_bonus(7, 2, rounding="nearest") == 3
    assert mutiny_bonus(8, 3, rounding="up") == 2
    assert mutiny_bonus(8, 3, rounding="nearest") == 2
