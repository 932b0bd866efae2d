"""The rules data (resources/rules/coins.toml): 75 coins, the monster sets, refusals."""

from __future__ import annotations

import copy

import pytest

from wargame.coins.rules import CoinsRules, coin_set, monster_sets
from wargame.errors import RulesDataError
from wargame.paths import rules_dir
from wargame.rules.loader import read_toml, validate


def test_every_shipped_monster_set_has_25_coins_of_each_metal() -> None:
    for key in monster_sets():
        c = coin_set(key)
        k = len(c.kinds)
        for metal in range(3):
            assert sum(c.total[metal * k : metal * k + k]) == 25, (key, metal)
        assert sum(c.total) == 75


def test_the_default_is_five_kinds_and_the_fortunes_follow_the_seed() -> None:
    c = coin_set()
    assert c.key == "five-kinds" and len(c.kinds) == 5
    assert c.divisions == ("value-shares", "equal-numbers", "all-or-nothing")
    assert (c.win_booty, c.attack_at, c.round_stack) == (25, 3, 5)
    assert c.monster_chance == 0.5


def test_a_monster_set_with_the_wrong_number_of_counts_is_refused_by_name() -> None:
    data = read_toml(rules_dir() / "coins.toml")
    bad = copy.deepcopy(data)
    bad["monsters"]["sets"]["five-kinds"]["gold"] = [5, 5, 5]
    with pytest.raises(RulesDataError, match="five-kinds.gold"):
        validate(bad, CoinsRules, "coins.toml")


def test_a_misspelt_key_is_refused() -> None:
    data = read_toml(rules_dir() / "coins.toml")
    bad = copy.deepcopy(data)
    bad["turn"]["attack_att"] = 3
    with pytest.raises(RulesDataError, match="attack_att"):
        validate(bad, CoinsRules, "coins.toml")
