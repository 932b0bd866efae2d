import pytest

from wargame.errors import IllegalAction
from wargame.raid import actions as A

from .helpers import dice, group, officer, raid


def moving(attacker, defender, **kw):
    kw.setdefault("phase", "move")
    return raid(attacker, defender, **kw)


def refused(s, action, match):
    before = s.to_json()
    with pytest.raises(IllegalAction, match=match) as info:
        s.apply(action, dice())
    assert s.to_json() == before
    return info.value


def test_a_pirate_group_moves_one_square_in_any_of_eight_directions() -> None:
    s = moving([group("P1", "musket", "able", (2, 2))], [group("D1", "mob", "able", (4, 4))])
    targets = {a.to for a in s.legal_actions() if isinstance(a, A.Move)}
    assert targets == {(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)}
    s.apply(A.Move("P1", (3, 3)), dice())
    assert s.unit("P1").sq == (3, 3) and s.unit("P1").moved


def test_moving_two_squares_is_refused() -> None:
    s = moving([group("P1", "musket", "able", (0, 0))], [group("D1", "mob", "able", (4, 4))])
    refused(s, A.Move("P1", (2, 0)), "1 square")


def test_a_move_into_a_full_square_is_refused_naming_the_limit() -> None:
    full = [group(f"P{i}", "mob", "able", (1, 0)) for i in range(1, 7)]
    s = moving([group("P9", "musket", "able", (0, 0)), *full], [group("D1", "mob", "able", (4, 4))])
    err = refused(s, A.Move("P9", (1, 0)), "limit of 6")
    assert err.rule == "22.13 Movement"


def test_an_enemy_square_cannot_be_entered() -> None:
    s = moving([group("P1", "musket", "able", (0, 0))], [group("D1", "mob", "able", (1, 1))])
    refused(s, A.Move("P1", (1, 1)), "held by the defender")


def test_a_figure_moves_once_a_turn() -> None:
    s = moving(
        [group("P1", "musket", "able", (0, 0)), group("P2", "musket", "able", (3, 0))],
        [group("D1", "mob", "able", (4, 4))],
    )
    s.apply(A.Move("P1", (1, 0)), dice())
    refused(s, A.Move("P1", (2, 0)), "already moved")


def test_unalarmed_defender_groups_move_only_with_a_roused_officer() -> None:
    s = moving(
        [group("P1", "musket", "able", (0, 0))],
        [officer("D0", "officer", (3, 3)), group("D1", "hand-to-hand", "able", (3, 3))],
        step=1,
    )
    s.apply(A.RouseOfficers(), dice(6))
    refused(s, A.Move("D1", (3, 2)), "only move with a roused officer")
    s.apply(A.Move("D0", (3, 2), ("D1",)), dice())
    assert s.unit("D1").sq == (3, 2) and s.unit("D0").sq == (3, 2)


def test_an_officer_who_rolls_four_stays_put() -> None:
    s = moving(
        [group("P1", "musket", "able", (0, 0))],
        [officer("D0", "officer", (3, 3)), officer("D2", "officer", (1, 4))],
        step=1,
    )
    s.apply(A.RouseOfficers(), dice(4, 5))
    assert not s.unit("D0").roused and s.unit("D2").roused
    refused(s, A.Move("D0", (3, 2)), "did not roll 5,6")


def test_an_officer_takes_at_most_three_groups() -> None:
    s = moving(
        [group("P1", "musket", "able", (0, 0))],
        [officer("D0", "officer", (3, 3))]
        + [group(f"D{i}", "hand-to-hand", "able", (3, 3)) for i in range(1, 5)],
        step=1,
    )
    s.apply(A.RouseOfficers(), dice(5))
    refused(s, A.Move("D0", (3, 2), ("D1", "D2", "D3", "D4")), "at most 3 groups")
    s.apply(A.Move("D0", (3, 2), ("D1", "D2", "D3")), dice())
    assert s.unit("D4").sq == (3, 3)


def test_scurvy_groups_go_with_an_officer_up_to_his_d6() -> None:
    s = moving(
        [group("P1", "musket", "able", (0, 0))],
        [officer("D0", "officer", (3, 3))]
        + [group(f"D{i}", "mob", "scurvy", (3, 3)) for i in range(1, 6)],
        step=1,
    )
    s.apply(A.RouseOfficers(), dice(6, 1))  # moves; 3 groups and 1 more scurvy group
    assert s.unit("D0").scurvy_escort == 1
    refused(s, A.Move("D0", (3, 2), ("D1", "D2", "D3", "D4", "D5")), "1 more scurvy group")
    s.apply(A.Move("D0", (3, 2), ("D1", "D2", "D3", "D4")), dice())


def test_after_a_six_alarm_an_officer_takes_three_groups_of_any_quality() -> None:
    """Issue 18: after a "6" an officer moved with 2 able and 3 scurvy groups."""
    s = moving(
        [group("P1", "musket", "able", (0, 0))],
        [officer("D0", "officer", (3, 3))]
        + [group(f"D{i}", "mob", "able", (3, 3)) for i in (1, 2)]
        + [group(f"D{i}", "mob", "scurvy", (3, 3)) for i in (3, 4, 5)],
        step=1,
        alarm="hardened",
    )
    assert all(len(m.escort) <= 3 for m in s.legal_actions() if isinstance(m, A.Move))
    refused(s, A.Move("D0", (3, 2), ("D1", "D2", "D3", "D4", "D5")), "at most 3 groups")
    refused(s, A.Move("D0", (3, 2), ("D1", "D3", "D4", "D5")), "at most 3 groups")
    s.apply(A.Move("D0", (3, 2), ("D1", "D3", "D4")), dice())


def test_guns_move_only_on_five_or_six() -> None:
    s = moving(
        [group("P1", "guns", "able", (0, 0)), group("P2", "guns", "able", (0, 1))],
        [group("D1", "mob", "able", (4, 4))],
    )
    s.apply(A.Move("P1", (1, 0)), dice(4))
    assert s.unit("P1").sq == (0, 0) and s.unit("P1").moved
    s.apply(A.Move("P2", (1, 1)), dice(5))
    assert s.unit("P2").sq == (1, 1)


def test_a_hardened_alarm_frees_hardened_groups_but_not_able_ones() -> None:
    s = moving(
        [group("P1", "musket", "able", (0, 0))],
        [group("D1", "hand-to-hand", "hardened", (3, 3)), group("D2", "mob", "able", (4, 4))],
        step=1,
        alarm="hardened",
    )
    refused(s, A.Move("D2", (4, 3)), "not alarmed")
    s.apply(A.Move("D1", (3, 2)), dice())
    assert s.unit("D1").sq == (3, 2)


def test_full_alarm_frees_every_defender_group() -> None:
    s = moving(
        [group("P1", "musket", "able", (0, 0))],
        [group("D2", "mob", "scurvy", (4, 4))],
        step=1,
        alarm="full",
    )
    s.apply(A.Move("D2", (4, 3)), dice())
    assert s.unit("D2").sq == (4, 3)


def test_an_attacked_square_must_stay_and_takes_no_reinforcement() -> None:
    s = moving(
        [group("P1", "musket", "able", (0, 0)), group("P2", "musket", "able", (2, 0))],
        [group("D1", "mob", "able", (4, 4))],
    )
    s.engaged = {(0, 0)}
    refused(s, A.Move("P1", (1, 0)), "must stay")
    s.engaged = {(1, 0)}
    refused(s, A.Move("P2", (1, 0)), "no reinforcement")
