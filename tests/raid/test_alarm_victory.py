import pytest

from wargame.errors import IllegalAction
from wargame.raid import actions as A

from .helpers import dice, group, raid


def alarm_state(**kw):
    return raid(
        [group("P1", "mob", "able", (0, 0)), group("P2", "mob", "able", (0, 2))],
        [
            group("D1", "mob", "able", (4, 4)),
            group("D2", "mob", "hardened", (4, 4)),
            group("D3", "mob", "able", (3, 0)),
        ],
        phase="alarm",
        **kw,
    )


@pytest.mark.parametrize("dice_pair", [(1, 4), (3, 5), (4, 5), (5, 6)])
def test_unlisted_totals_five_eight_nine_eleven_do_nothing(dice_pair) -> None:
    s = alarm_state()
    s.apply(A.RollAlarm(), dice(*dice_pair))
    assert s.alarm == "none" and s.turn == 2 and s.sail_ahoy_turn is None


@pytest.mark.parametrize("dice_pair", [(1, 1), (1, 2)])
def test_two_or_three_raises_the_dead_on_five_or_six(dice_pair) -> None:
    s = alarm_state()
    s.unit("D3").status, s.unit("D3").sq = "dead", None
    s._occ = None
    s.apply(A.RollAlarm(), dice(*dice_pair, 5))
    assert s.pending == ("place", 1, ("D3",))
    with pytest.raises(IllegalAction):
        s.apply(A.PlaceRaised("D3", (0, 0)), dice())  # the pirates' square
    s.apply(A.PlaceRaised("D3", (2, 2)), dice())
    assert s.unit("D3").sq == (2, 2) and s.turn == 2


def test_a_dead_figure_rolling_four_stays_dead() -> None:
    s = alarm_state()
    s.unit("D3").status, s.unit("D3").sq = "dead", None
    s._occ = None
    s.apply(A.RollAlarm(), dice(1, 1, 4))
    assert s.pending is None and s.unit("D3").status == "dead"


def test_desertion_with_one_possible_square_needs_no_choice() -> None:
    s = raid(
        [group("P1", "mob", "able", (0, 0))],
        [group("D1", "mob", "scurvy", (4, 4)), group("D2", "mob", "hardened", (3, 3))],
        phase="alarm",
    )
    s.apply(A.RollAlarm(), dice(2, 2, 6))
    assert s.pending is None and s.unit("D1").status == "deserted"


def test_four_makes_able_and_scurvy_groups_desert_on_five_or_six() -> None:
    s = alarm_state()
    s.apply(A.RollAlarm(), dice(1, 3))
    assert s.pending == ("pick", 0, "desert")  # two squares: the attacker picks
    s.apply(A.PickSquare((4, 4)), dice(5))
    assert s.unit("D1").status == "deserted" and s.unit("D2").status == "ready"


def test_six_alarms_hardened_and_officers_or_everyone_after_shots() -> None:
    s = alarm_state()
    s.apply(A.RollAlarm(), dice(3, 3))
    assert s.alarm == "hardened" and s.alarm_turn == 1
    s = alarm_state()
    s.pirates_fired = True
    s.apply(A.RollAlarm(), dice(3, 3))
    assert s.alarm == "full"


def test_seven_alarms_the_whole_town() -> None:
    s = alarm_state()
    s.apply(A.RollAlarm(), dice(3, 4))
    assert s.alarm == "full"


def test_ten_loses_attackers_in_a_square_of_the_defenders_choice() -> None:
    s = alarm_state()
    s.apply(A.RollAlarm(), dice(4, 6))
    assert s.pending == ("pick", 1, "lost")
    s.apply(A.PickSquare((0, 2)), dice(6))
    assert s.unit("P2").status == "lost"
    assert s.coins == [0, 45]  # lost is not dead


def test_twelve_sail_ahoy_ends_the_game_at_the_end_of_the_next_turn() -> None:
    s = alarm_state()
    s.apply(A.RollAlarm(), dice(6, 6))
    assert s.sail_ahoy_turn == 1 and not s.is_terminal()
    s.phase = "alarm"
    s.apply(A.RollAlarm(), dice(4, 5))
    assert s.is_terminal() and "Sail ahoy" in s.end


def test_each_turn_after_the_alarm_costs_two() -> None:
    s = alarm_state()
    s.coins = [10, 35]
    s.apply(A.RollAlarm(), dice(3, 4))  # raised in turn 1: no charge yet
    assert s.coins == [10, 35]
    s.phase = "alarm"
    s.apply(A.RollAlarm(), dice(4, 5))
    assert s.coins == [8, 37]
    assert s.ledger[-1][1] == "turn 2 played after the alarm"


def test_points_are_paid_only_as_funds_permit() -> None:
    s = alarm_state()
    s.coins = [40, 5]
    assert s.score(10, "loot") == 5
    assert s.coins == [45, 0]
    s.coins = [1, 44]
    assert s.score(-2, "penalty") == -1
    assert s.coins == [0, 45]


def test_killing_scores_two_a_group_one_a_scurvy_group_minus_one_a_pirate() -> None:
    s = alarm_state()
    s.kill(s.unit("D1"))
    s.kill(s.unit("D2"))
    assert s.coins == [4, 41]
    s.kill(s.unit("P1"))
    assert s.coins == [3, 42]


def test_the_pirates_win_with_fifteen_coins() -> None:
    s = alarm_state()
    s.coins = [15, 30]
    s._finish("test")
    assert s.outcome().winner == 0
    s.coins = [14, 31]
    assert s.outcome().winner == 1


def test_withdrawing_needs_every_pirate_on_the_dock_from_turn_two() -> None:
    s = raid(
        [group("P1", "mob", "able", (0, 0))],
        [group("D1", "mob", "able", (4, 4))],
        town=["D....", ".....", ".....", ".....", "....."],
    )
    assert A.Withdraw() not in s.legal_actions()
    s.turn_no = 2
    s.apply(A.Withdraw(), dice())
    assert s.is_terminal() and s.unit("P1").status == "withdrawn"


def test_tactician_withdraws_once_the_towns_purse_is_empty() -> None:
    """Issue 18: with the 45 coins all taken, staying can only lose coins."""
    from wargame.core.dice import DiceService
    from wargame.raid.bots import TacticianBot

    s = raid(
        [group("P1", "mob", "able", (0, 0))],
        [group("D1", "mob", "able", (4, 4))],
        town=["D....", ".....", "..T..", ".....", "....."],
    )
    s.turn_no = 3
    bot = TacticianBot(DiceService.seeded(1))
    assert bot.choose(s, 0) == A.RollInitiative()  # loot is left and the town can pay
    s.coins = [45, 0]
    assert bot.choose(s, 0) == A.Withdraw()


def test_pirates_firing_after_a_six_alarm_the_whole_town_at_once() -> None:
    """22.12 "6 ... All groups alarmed if pirates have fired or set fire to buildings":
    judged whenever the pirates first fire after the 6, not only on the turn of the 6
    (issue 28; the switch alarm.six_watches_for_fire = false keeps the old reading)."""
    s = raid(
        [group("P1", "musket", "able", (0, 0))],
        [group("D1", "mob", "able", (1, 1)), group("D2", "mob", "able", (4, 4))],
        phase="shoot",
        alarm="hardened",
    )
    s.apply(A.Shoot("P1", (1, 1)), dice(1))
    assert s.alarm == "full" and s.pirates_fired
    assert any("whole town is alarmed" in t for t in s.log)

    s = raid(
        [group("P1", "musket", "able", (0, 0))],
        [group("D1", "mob", "able", (1, 1)), group("D2", "mob", "able", (4, 4))],
        phase="shoot",
        alarm="hardened",
    )
    s.rules = s.rules.model_copy(
        update={"alarm": s.rules.alarm.model_copy(update={"six_watches_for_fire": False})}
    )
    s.apply(A.Shoot("P1", (1, 1)), dice(1))
    assert s.alarm == "hardened" and s.pirates_fired
