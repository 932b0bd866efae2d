"""Section 19: the fire factor, its ranges and the exact odds."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wargame.errors import BadInput
from wargame.naval.cli import fire_odds
from wargame.naval.odds import binomial, fire_factor, hit_distribution
from wargame.naval.rules import Quality, Weight, naval_rules
from wargame.naval.sea import range_band

R = naval_rules()


def dice(**kw: object) -> int:
    opts = {"weight": Weight.MEDIUM, "band": "normal"}
    opts.update(kw)
    return fire_factor(R, **opts).dice  # type: ignore[arg-type]


def test_basic_factor_is_five_dice() -> None:
    assert dice() == 5


@pytest.mark.parametrize(
    ("kw", "expected"),
    [
        ({"raking": True}, 7),
        ({"first_shot": True}, 7),
        ({"crew": Quality.HARDENED}, 7),
        ({"weight": Weight.HEAVY}, 7),
        ({"band": "short"}, 6),
        ({"band": "long"}, 4),
        ({"crew": Quality.SCURVY}, 3),
        ({"weight": Weight.LIGHT}, 3),
    ],
)
def test_each_fire_modifier_row(kw: dict, expected: int) -> None:
    assert dice(**kw) == expected


def test_every_plus_modifier_together_makes_fourteen_dice() -> None:
    assert (
        dice(weight=Weight.HEAVY, band="short", raking=True, first_shot=True, crew=Quality.HARDENED)
        == 14
    )


def test_factor_never_goes_below_zero() -> None:
    assert dice(weight=Weight.LIGHT, band="long", crew=Quality.SCURVY) == 0


def test_out_of_range_rolls_no_dice() -> None:
    assert dice(band="out") == 0


@pytest.mark.parametrize(
    ("weight", "cm", "band"),
    [
        (Weight.LIGHT, 0.0, "short"),
        (Weight.LIGHT, 10.0, "short"),
        (Weight.LIGHT, 10.1, "normal"),
        (Weight.LIGHT, 20.0, "normal"),
        (Weight.LIGHT, 20.1, "long"),
        (Weight.LIGHT, 30.0, "long"),
        (Weight.LIGHT, 30.1, "out"),
        (Weight.MEDIUM, 30.0, "normal"),
        (Weight.MEDIUM, 35.0, "long"),
        (Weight.MEDIUM, 40.5, "out"),
        (Weight.HEAVY, 40.0, "normal"),
        (Weight.HEAVY, 45.0, "long"),
        (Weight.HEAVY, 50.0, "long"),
        (Weight.HEAVY, 50.5, "out"),
    ],
)
def test_range_bands_first_ten_short_last_ten_long(weight: Weight, cm: float, band: str) -> None:
    assert range_band(cm, weight, R) == band


def test_hit_distribution_is_binomial_one_sixth() -> None:
    d = hit_distribution(2)
    assert d == pytest.approx((25 / 36, 10 / 36, 1 / 36))
    assert sum(binomial(30)) == pytest.approx(1.0)
    assert binomial(30)[30] == pytest.approx(6.0**-30)


def test_odds_json_matches_contract() -> None:
    out = fire_odds(gun="heavy", range_cm=45, raking=True, first_shot=True, crew="hardened")
    assert out["dice"] == 12
    assert out["hit_on"] == [6]
    assert out["band"] == "long"
    assert len(out["distribution"]) == 13
    assert out["expected_hits"] == pytest.approx(2.0)


def test_odds_out_of_range_is_zero_dice() -> None:
    out = fire_odds(gun="light", range_cm=31)
    assert (out["dice"], out["band"], out["distribution"]) == (0, "out", [1.0])


def test_negative_range_is_bad_input() -> None:
    with pytest.raises(BadInput, match="negative"):
        fire_odds(gun="light", range_cm=-1)


def test_odds_command_exit_codes() -> None:
    run = [sys.executable, "-m", "wargame", "odds", "fire", "--gun", "medium", "--range-cm"]
    ok = subprocess.run([*run, "25", "--json"], capture_output=True, text=True)
    assert ok.returncode == 0
    assert json.loads(ok.stdout)["dice"] == 5
    bad = subprocess.run([*run, "-5"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert "range" in bad.stderr and "Traceback" not in bad.stderr


def test_rules_file_with_a_bad_number_is_refused_naming_the_key(tmp_path) -> None:  # noqa: ANN001
    from wargame.errors import RulesDataError
    from wargame.naval.rules import RULES_FILE, NavalRules
    from wargame.paths import rules_dir
    from wargame.rules.loader import load_rules

    text = (rules_dir() / RULES_FILE).read_text(encoding="utf-8")
    (tmp_path / RULES_FILE).write_text(
        text.replace("hit_on = 6\n", "hit_on = 9\n", 1), encoding="utf-8"
    )
    with pytest.raises(RulesDataError, match="fire.hit_on"):
        load_rules(RULES_FILE, NavalRules, directory=tmp_path, reload=True)
    load_rules(RULES_FILE, NavalRules, reload=True)  # leave the cache on the real file
