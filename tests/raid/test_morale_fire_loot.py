import pytest

from wargame.errors import IllegalAction
from wargame.raid import actions as A

from .helpers import dice, group, officer, raid

TOWN = ["..B..", ".T...", "..B..", "...G.", "F...."]


def _square(runs: str = "every"):  # noqa: ANN202
    s = raid(
        [
            group("P1", "hand-to-hand", "hardened", (0, 0)),
            group("P2", "mob", "scurvy", (0, 0)),
            group("P3", "mob", "able", (0, 0)),
        ],
        [group("D1", "mob", "able", (4, 4))],
        phase="morale",
    )
    if runs != s.rules.morale.runs:
        s.rules = s.rules.model_copy(
            update={"morale": s.rules.morale.model_copy(update={"runs": runs})}
        )
    s.morale_tests = [(0, (0, 0))]
    return s


def test_raid_morale_one_die_against_every_figure_in_the_square() -> None:
    """22.19 "6=Officer /hardened runs 5,6=Able run 4,5,6=Scurvy run": one die for the
    dead figure; every figure there whose number it reaches runs (issue 28)."""
    for roll, runners in ((3, []), (4, ["P2"]), (5, ["P2", "P3"]), (6, ["P1", "P2", "P3"])):
        s = _square()
        s.apply(A.RollMorale(), dice(roll))
        assert sorted(u.id for u in s.units if u.status == "fled") == runners


def test_morale_the_weakest_figure_runs_on_its_number_under_the_switch() -> None:
    for roll, runner in ((4, "P2"), (3, None), (6, "P2")):
        s = _square("weakest")
        s.apply(A.RollMorale(), dice(roll))
        fled = [u.id for u in s.units if u.status == "fled"]
        assert fled == ([runner] if runner else [])


@pytest.mark.parametrize(
    ("kind", "quality", "runs_on"),
    [("officer", "", 6), ("mob", "hardened", 6), ("mob", "able", 5), ("mob", "scurvy", 4)],
)
def test_morale_numbers_by_quality(kind, quality, runs_on) -> None:
    for roll in range(1, 7):
        fig = (
            officer("P1", "officer", (0, 0))
            if kind == "officer"
            else group("P1", kind, quality, (0, 0))
        )
        s = raid(
            [fig, group("P9", "mob", "able", (3, 0))],
            [group("D1", "mob", "able", (4, 4))],
            phase="morale",
        )
        s.morale_tests = [(0, (0, 0))]
        s.apply(A.RollMorale(), dice(roll))
        assert (s.unit("P1").status == "fled") == (roll >= runs_on)


def test_no_morale_roll_when_no_one_is_left_in_the_square() -> None:
    s = raid(
        [group("P9", "mob", "able", (3, 0))], [group("D1", "mob", "able", (4, 4))], phase="morale"
    )
    s.morale_tests = [(0, (0, 0))]
    s.apply(A.RollMorale(), dice())  # no die asked for
    assert s.morale_tests == []


def fire_state(**kw):
    return raid(
        [
            group("P1", "hand-to-hand", "able", (1, 0)),
            group("P2", "mob", "able", (0, 4)),
            group("P3", "mob", "able", (3, 1)),
        ],
        [group("D1", "mob", "able", (4, 4))],
        town=TOWN,
        phase="fire",
        **kw,
    )


def test_a_six_sets_a_building_on_fire_and_scores_two() -> None:
    s = fire_state()
    s.apply(A.Ignite("P1", (2, 0)), dice(5))
    assert (2, 0) not in s.fire
    s = fire_state()
    s.apply(A.Ignite("P1", (2, 0)), dice(6))
    assert (2, 0) in s.fire and s.coins[0] == 2 and s.pirates_fired


def test_a_fort_does_not_burn_and_a_group_tries_once() -> None:
    s = fire_state()
    with pytest.raises(IllegalAction, match="does not burn"):
        s.apply(A.Ignite("P2", (0, 4)), dice())
    s.apply(A.Ignite("P1", (2, 0)), dice(1))
    with pytest.raises(IllegalAction, match="already tried"):
        s.apply(A.Ignite("P1", (1, 1)), dice())


BLOCK = ["BBBBB", "BBBBB", "BBBBB", "BBBBB", "....."]


def burning(a, d):
    s = raid(
        [group("P1", "mob", "able", (0, 4))],
        [group("D1", "mob", "able", (4, 4))],
        town=BLOCK,
        phase="burn",
    )
    s.fire = {(2, 2): 0}
    s.apply(A.BurnTown(), dice(a, d))
    return s


def test_fire_spreads_to_four_neighbours_on_a_difference_of_two() -> None:
    s = burning(3, 1)
    assert set(s.fire) == {(2, 2), (1, 2), (3, 2), (2, 1), (2, 3)}
    assert s.coins[0] == 8


def test_fire_does_not_spread_on_a_difference_of_one() -> None:
    s = burning(3, 2)
    assert set(s.fire) == {(2, 2)}


def test_figures_burn_to_death_on_five_or_six() -> None:
    s = raid(
        [group("P1", "mob", "able", (0, 4))],
        [group("D1", "mob", "able", (2, 2)), group("D2", "mob", "able", (2, 2))],
        town=BLOCK,
        phase="burn",
    )
    s.fire = {(2, 2): 0}
    s.apply(A.BurnTown(), dice(1, 1, 5, 4))
    assert [s.unit("D1").status, s.unit("D2").status] == ["dead", "ready"]
    assert s.morale_tests == [(1, (2, 2))]  # tested in the next morale phase


def test_a_fire_burns_out_after_two_phases() -> None:
    s = burning(1, 1)
    assert s.fire == {(2, 2): 1}
    s.phase = "burn"
    s.apply(A.BurnTown(), dice(1, 1))
    assert (2, 2) in s.burned and not s.fire
    assert not s.is_building((2, 2))


def looting(attacker, defender):
    return raid(attacker, defender, town=TOWN, phase="loot")


def test_two_groups_ransack_the_treasury_for_four_dice_and_leave() -> None:
    s = looting(
        [group("P1", "mob", "able", (1, 1)), group("P2", "mob", "scurvy", (1, 1))],
        [group("D1", "mob", "able", (4, 4))],
    )
    s.apply(A.Ransack(("P1", "P2"), (1, 1)), dice(1, 2, 3, 4))
    assert s.coins == [10, 35]
    assert s.unit("P1").status == s.unit("P2").status == "looting"
    assert (1, 1) in s.looted


def test_one_group_cannot_ransack_the_treasury() -> None:
    s = looting(
        [group("P1", "mob", "able", (1, 1)), group("P3", "mob", "able", (0, 0))],
        [group("D1", "mob", "able", (4, 4))],
    )
    before = s.to_json()
    with pytest.raises(IllegalAction, match="takes 2"):
        s.apply(A.Ransack(("P1",), (1, 1)), dice())
    assert s.to_json() == before


def test_one_group_ransacks_the_residence_for_d6_plus_two() -> None:
    s = looting(
        [group("P1", "mob", "able", (3, 3)), group("P3", "mob", "able", (0, 0))],
        [group("D1", "mob", "able", (4, 4))],
    )
    s.apply(A.Ransack(("P1",), (3, 3)), dice(4))
    assert s.coins[0] == 6


def test_an_unguarded_gun_is_spiked_from_the_next_square() -> None:
    s = looting(
        [group("P1", "mob", "able", (3, 4))],
        [group("D1", "guns", "able", (4, 4)), group("D2", "mob", "able", (0, 0))],
    )
    s.apply(A.SpikeGun("P1", "D1"), dice())
    assert s.unit("D1").status == "spiked" and s.coins[0] == 2


def test_a_guarded_gun_cannot_be_spiked() -> None:
    s = looting(
        [group("P1", "mob", "able", (3, 4)), group("P2", "mob", "able", (1, 1))],
        [group("D1", "guns", "able", (4, 4)), group("D2", "mob", "able", (4, 4))],
    )
    with pytest.raises(IllegalAction, match="no other defender"):
        s.apply(A.SpikeGun("P1", "D1"), dice())


def test_a_fire_burns_once_per_turn() -> None:
    """Issue 18: the burn phase repeated until every fire was out (four passes, 43 coins
    in one turn). One pass a turn; the fire burns on in the next turn."""
    s = burning(3, 1)
    assert s.phase != "burn"
    assert A.BurnTown() not in s.legal_actions()
    assert s.fire[(2, 2)] == 1  # still burning, for the next turn's pass
