from __future__ import annotations

from pathlib import Path

import pytest

from wargame.errors import RulesDataError
from wargame.rules.loader import RulesModel, load_rules


class Gun(RulesModel):
    range_cm: int
    dice_modifier: int


class Rules(RulesModel):
    basic_factor: int
    guns: dict[str, Gun]


GOOD = """
basic_factor = 5
[guns.light]
range_cm = 30
dice_modifier = -2
"""


def write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "test.toml").write_text(text)
    return tmp_path


def test_good_file_loads(tmp_path: Path) -> None:
    rules = load_rules("test.toml", Rules, directory=write(tmp_path, GOOD), reload=True)
    assert rules.guns["light"].range_cm == 30


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"nothere\.toml: rules file is missing"):
        load_rules("nothere.toml", Rules, directory=tmp_path, reload=True)


def test_bad_toml_names_file_and_line(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"test\.toml: not valid TOML.*line 2"):
        load_rules("test.toml", Rules, directory=write(tmp_path, "a = 1\nb = = 2\n"), reload=True)


def test_wrong_type_names_the_key(tmp_path: Path) -> None:
    bad = GOOD.replace("range_cm = 30", 'range_cm = "far"')
    with pytest.raises(RulesDataError, match=r"key guns\.light\.range_cm"):
        load_rules("test.toml", Rules, directory=write(tmp_path, bad), reload=True)


def test_a_typo_key_is_refused(tmp_path: Path) -> None:
    bad = GOOD.replace("basic_factor", "basic_facter")
    with pytest.raises(RulesDataError, match="basic_facter"):
        load_rules("test.toml", Rules, directory=write(tmp_path, bad), reload=True)


def test_every_shipped_rules_file_is_valid_toml() -> None:
    import tomllib

    from wargame.paths import rules_dir

    for path in rules_dir().glob("*.toml"):
        with path.open("rb") as fh:
            assert isinstance(tomllib.load(fh), dict), path
