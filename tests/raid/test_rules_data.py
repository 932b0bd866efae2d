from wargame.raid.rules import raid_rules


def test_every_2d6_alarm_total_has_an_effect() -> None:
    r = raid_rules()
    assert sorted(r.alarm.results) == list(range(2, 13))


def test_unlisted_alarm_totals_are_quiet_by_ruling() -> None:
    r = raid_rules()
    assert [r.alarm.results[t] for t in (5, 8, 9, 11)] == ["quiet"] * 4


def test_listed_alarm_totals_follow_the_seed() -> None:
    res = raid_rules().alarm.results
    assert res[2] == res[3] == "raise_dead"
    assert res[4] == "desert"
    assert res[6] == "alarm_hardened"
    assert res[7] == "alarm_full"
    assert res[10] == "lost"
    assert res[12] == "sail_ahoy"


def test_seed_numbers_are_in_the_rules_data() -> None:
    r = raid_rules()
    assert r.movement.square_capacity == 6
    assert r.initiative.attacker_bonus == 1
    assert r.fighting.factors["hand-to-hand"] == 4
    assert r.fighting.factors["musket"] == 2
    assert r.fighting.officer == 2
    assert r.fighting.factors["mob"] == 2
    assert r.fighting.factors["unarmed"] == 1
    assert r.fighting.hits_by_face == (0, 0, 1, 1, 1, 2)
    assert r.fighting.save_on == {"hardened": 3, "able": 4, "scurvy": 5}
    assert (r.morale.officer, r.morale.hardened, r.morale.able, r.morale.scurvy) == (6, 6, 5, 4)
    assert r.victory.defender_coins == 45
    assert r.officer_hit.by_face[:3] == ("dead", "captured", "move")


def test_eight_square_types_with_distinct_map_characters() -> None:
    sq = raid_rules().squares
    assert set(sq) == {
        "open",
        "street",
        "building",
        "treasury",
        "residence",
        "church",
        "fort",
        "dock",
    }
    assert len({t.char for t in sq.values()}) == 8
