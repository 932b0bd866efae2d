import pytest

from wargame.errors import IllegalAction
from wargame.raid import actions as A
from wargame.raid.model import ATTACKER, DEFENDER

from .helpers import dice, group, officer, raid


def two_sides():
    return raid(
        [group("P1", "hand-to-hand", "able", (0, 0))],
        [group("D1", "hand-to-hand", "able", (4, 4)), officer("D0", "officer", (4, 3))],
    )


def test_pirates_add_one_to_the_initiative_roll() -> None:
    s = two_sides()
    s.apply(A.RollInitiative(), dice(3, 4))  # 3+1 = 4 ties 4
    assert s.first == ATTACKER
    s2 = two_sides()
    s2.apply(A.RollInitiative(), dice(2, 4))  # 3 < 4
    assert s2.first == DEFENDER
    assert s2.phase == "move" and s2.current_player() == DEFENDER


def test_phases_run_in_the_seed_order() -> None:
    s = two_sides()
    seen = [s.phase]
    s.apply(A.RollInitiative(), dice(6, 1))
    seen.append(s.phase)
    s.apply(A.Done(), dice())  # pirates done moving
    # the defender (not alarmed) first rolls for his officers
    assert s.legal_actions() == [A.RouseOfficers()]
    s.apply(A.RouseOfficers(), dice(5))
    assert s.phase == "move" and s.current_player() == DEFENDER
    s.apply(A.Done(), dice())
    seen.append(s.phase)  # nothing to shoot, fight, burn or loot: straight to the alarm
    assert seen == ["initiative", "move", "alarm"]
    s.apply(A.RollAlarm(), dice(4, 5))  # 9: quiet
    assert s.phase == "initiative" and s.turn == 2


def test_an_order_out_of_its_phase_is_refused_and_changes_nothing() -> None:
    s = two_sides()
    before = s.to_json()
    with pytest.raises(IllegalAction, match="turn sequence"):
        s.apply(A.Shoot("P1", (1, 1)), dice())
    assert s.to_json() == before


def test_legal_actions_are_all_accepted() -> None:
    s = two_sides()
    s.apply(A.RollInitiative(), dice(6, 1))
    for a in s.legal_actions():
        c = s.clone()
        c.apply(a, dice(6, 6, 6, 6))


def test_a_failed_officer_roll_leaves_the_defender_nothing_to_move() -> None:
    s = two_sides()
    s.apply(A.RollInitiative(), dice(6, 1))
    s.apply(A.Done(), dice())
    s.apply(A.RouseOfficers(), dice(4))
    assert s.phase == "alarm"
