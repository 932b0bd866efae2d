"""The shared exact-probability helper, and the raid's alarm odds built on it."""

from __future__ import annotations

from fractions import Fraction

from wargame.core.probability import percent, sum_distribution, table_odds


def test_two_d6_totals_are_the_triangle_and_add_up_to_one() -> None:
    dist = sum_distribution(2, 6)
    assert dist[7] == Fraction(6, 36) and dist[2] == Fraction(1, 36)
    assert sum(dist.values()) == 1
    assert sum(sum_distribution(3, 4).values()) == 1


def test_the_raid_alarm_table_odds_come_from_the_rules_data() -> None:
    from wargame.raid.rules import raid_rules

    odds = table_odds(raid_rules().alarm.results)
    assert sum(odds.values()) == 1
    # 5, 8, 9 and 11 do nothing (the ruling): 4 + 5 + 4 + 2 ways out of 36
    assert odds["quiet"] == Fraction(15, 36)
    assert odds["sail_ahoy"] == Fraction(1, 36)


def test_percent_never_hides_a_small_chance() -> None:
    assert percent(Fraction(1, 36)) == "3%"
    assert percent(Fraction(1, 1000)) == "<1%"
    assert percent(0) == "0%"


def test_the_raid_panel_states_the_alarm_odds_before_the_roll() -> None:
    from ui.raid.panel import alarm_odds_text
    from wargame.core.dice import DiceService
    from wargame.core.game import GameSpec
    from wargame.core.play import new_session

    state = new_session(GameSpec("raid", 2), DiceService.seeded(1)).state
    text = alarm_odds_text(state)
    assert "nothing happens 42%" in text and "Sail ahoy!" in text
