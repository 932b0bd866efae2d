import pytest

from wargame.errors import IllegalAction
from wargame.raid import actions as A

from .helpers import dice, group, officer, raid


def shooting(attacker, defender, town=None, **kw):
    kw.setdefault("phase", "shoot")
    return raid(attacker, defender, town=town, **kw)


def one_shot(shooter_kind: str, quality: str, roll: int, *, more: tuple[int, ...] = (1, 1)):
    s = shooting(
        [group("P1", shooter_kind, quality, (0, 0)), group("P2", "mob", "able", (0, 1))],
        [group("D1", "mob", "able", (1, 1)), group("D2", "mob", "able", (4, 4))],
    )
    s.apply(A.Shoot("P1", (1, 1)), dice(roll, *more))
    return s


@pytest.mark.parametrize(
    ("kind", "quality", "roll", "hit"),
    [
        ("musket", "able", 4, False),
        ("musket", "able", 5, True),
        ("musket", "hardened", 4, True),
        ("musket", "hardened", 3, False),
        ("musket", "scurvy", 5, False),
        ("musket", "scurvy", 6, True),
        ("militia", "able", 5, False),
        ("militia", "able", 6, True),
        ("militia", "scurvy", 5, False),
        ("militia", "hardened", 5, True),
    ],
)
def test_hits_on_five_or_six_with_quality_and_militia_modifiers(kind, quality, roll, hit) -> None:
    s = one_shot(kind, quality, roll)
    assert (s.unit("D1").status == "dead") == hit


def test_a_save_of_five_or_six_keeps_the_group() -> None:
    s = one_shot("musket", "able", 6, more=(1, 5))
    assert s.unit("D1").status == "ready"
    s = one_shot("musket", "able", 6, more=(1, 4))
    assert s.unit("D1").status == "dead"


def test_a_hardened_group_in_a_building_saves_on_three() -> None:
    town = [".B...", ".....", ".....", ".....", "....."]
    s = shooting(
        [group("P1", "musket", "able", (0, 0)), group("P2", "mob", "able", (0, 1))],
        [group("D1", "mob", "hardened", (1, 0)), group("D2", "mob", "able", (4, 4))],
        town=town,
    )
    s.apply(A.Shoot("P1", (1, 0)), dice(6, 1, 3))
    assert s.unit("D1").status == "ready"


def test_an_officer_saves_with_plus_two_then_rolls_the_officer_hit_table() -> None:
    s = shooting(
        [group("P1", "musket", "able", (0, 0)), group("P2", "mob", "able", (0, 1))],
        [officer("D0", "officer", (1, 0)), group("D2", "mob", "able", (4, 4))],
    )
    s.apply(A.Shoot("P1", (1, 0)), dice(6, 1, 3))  # 3+2 saves
    assert s.unit("D0").status == "ready"
    s2 = shooting(
        [group("P1", "musket", "able", (0, 0)), group("P2", "mob", "able", (0, 1))],
        [officer("D0", "officer", (1, 0)), group("D2", "mob", "able", (4, 4))],
    )
    s2.apply(A.Shoot("P1", (1, 0)), dice(6, 1, 2, 1))  # fails, officer hit 1: dead
    assert s2.unit("D0").status == "dead"
    assert s2.coins[0] == 2


def test_shooter_chooses_the_victim_on_four_to_six() -> None:
    s = shooting(
        [group("P1", "musket", "able", (0, 0)), group("P2", "mob", "able", (0, 1))],
        [group("D1", "mob", "able", (1, 1)), group("D2", "hand-to-hand", "hardened", (1, 1))],
    )
    s.apply(A.Shoot("P1", (1, 1)), dice(5, 4))
    assert s.pending == ("casualty", 0)
    assert s.current_player() == 0
    s.apply(A.ChooseCasualty("D2"), dice(1))
    assert s.unit("D2").status == "dead"


def test_the_owner_chooses_the_victim_on_one_to_three() -> None:
    s = shooting(
        [group("P1", "musket", "able", (0, 0)), group("P2", "mob", "able", (0, 1))],
        [group("D1", "mob", "able", (1, 1)), group("D2", "hand-to-hand", "hardened", (1, 1))],
    )
    s.apply(A.Shoot("P1", (1, 1)), dice(5, 3))
    assert s.pending == ("casualty", 1)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(A.ChooseCasualty("P2"), dice())
    assert s.to_json() == before


def test_range_two_squares_straight_over_open_empty_ground() -> None:
    s = shooting(
        [group("P1", "musket", "able", (0, 2)), group("P2", "mob", "able", (0, 0))],
        [group("D1", "mob", "able", (2, 2))],
    )
    assert A.Shoot("P1", (2, 2)) in s.legal_actions()


def test_no_line_of_fire_through_a_building_or_figures() -> None:
    town = [".....", ".....", ".B...", ".....", "....."]
    s = shooting(
        [group("P1", "musket", "able", (0, 2)), group("P2", "mob", "able", (0, 0))],
        [group("D1", "mob", "able", (2, 2))],
        town=town,
    )
    before = s.to_json()
    with pytest.raises(IllegalAction, match="no line of fire") as info:
        s.apply(A.Shoot("P1", (2, 2)), dice())
    assert info.value.rule == "22.15 Shooting"
    assert s.to_json() == before
    s2 = shooting(
        [group("P1", "musket", "able", (0, 2)), group("P2", "mob", "able", (1, 2))],
        [group("D1", "mob", "able", (2, 2))],
    )
    assert A.Shoot("P1", (2, 2)) not in s2.legal_actions()


def test_no_diagonal_shot_at_two_squares() -> None:
    s = shooting(
        [group("P1", "musket", "able", (0, 0)), group("P2", "mob", "able", (4, 0))],
        [group("D1", "mob", "able", (2, 2))],
    )
    with pytest.raises(IllegalAction, match="out of range"):
        s.apply(A.Shoot("P1", (2, 2)), dice())


def test_only_musket_and_militia_groups_shoot() -> None:
    s = shooting(
        [group("P1", "hand-to-hand", "able", (0, 0)), group("P2", "musket", "able", (4, 0))],
        [group("D1", "mob", "able", (1, 1))],
    )
    with pytest.raises(IllegalAction, match="no muskets"):
        s.apply(A.Shoot("P1", (1, 1)), dice())


def test_a_group_shoots_once_a_turn() -> None:
    s = shooting(
        [group("P1", "musket", "able", (0, 0)), group("P2", "musket", "able", (2, 1))],
        [group("D1", "mob", "able", (1, 1)), group("D2", "mob", "able", (1, 0))],
    )
    s.apply(A.Shoot("P1", (1, 1)), dice(1))
    with pytest.raises(IllegalAction, match="already shot"):
        s.apply(A.Shoot("P1", (1, 0)), dice())


def test_scurvy_militia_can_still_hit_on_a_six() -> None:
    """Issue 18: the -1 for militia and the -1 for scurvy added up, so a 6 missed and the
    shipped town's scurvy militia could never hit. "-1 militia/scurvy" is one -1."""
    s = one_shot("militia", "scurvy", 6)
    assert s.unit("D1").status == "dead"
