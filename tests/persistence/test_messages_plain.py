"""Every message a loader gives a player is in the player's words: no Python repr
noise (None, b'', a Traceback, a class or exception name, a dict or list repr),
whatever the file holds (issue 17)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.persistence.fuzzlib import (
    campaign_docs,
    fuzz_settings,
    game_saves,
    game_scenarios,
    mutate,
    mutations,
)
from wargame.core.registry import available_games
from wargame.errors import BadInput, shown
from wargame.persistence.files import read_json_file
from wargame.persistence.loaders import check_game_scenario, guarded, load_game_save

#: What a player should never read: Python's own words and reprs.
NOISE = re.compile(
    r"\bNone\b|\bTrue\b|\bFalse\b|(?<![\w])b'|(?<![\w])b\"|Traceback|<class|NoneType|"
    r"object has no attribute|object is not|not subscriptable|unhashable|argument must be|"
    r"invalid literal|\{'|\['|\[\d+, |\b[A-Z]\w*Error\b|__\w+__|\bint\(\)|\bstr\(\)|"
    r"\bdict\b|\btuple\b|\bbytes\b"
)


#: A value quoted from the file itself ('...' as ``shown`` writes text): whatever it
#: holds is the player's own text, not code words.
QUOTED = re.compile(r"(?:(?<=[\s(])|^)'.*?'(?=[\s,);:.]|$)")


def plain(load: Any, data: Any) -> None:
    try:
        load(data)
    except BadInput as exc:
        text = str(exc)
        assert not NOISE.search(QUOTED.sub("'...'", text)), (
            f"code words in a player's message: {text}"
        )


@pytest.mark.parametrize("game", available_games())
def test_mutated_saves_and_scenarios_are_refused_in_plain_words(game: str) -> None:
    save = game_saves()[game]
    scenarios = game_scenarios()[game] or [None]

    @fuzz_settings(120)
    @given(st.sampled_from(scenarios), mutations)
    def run(scenario: Any, steps: Any) -> None:
        plain(lambda d: load_game_save(d, f"{game} save"), mutate(save, steps))
        if scenario is not None:
            plain(
                lambda d: check_game_scenario(game, d, f"{game} scenario"),
                mutate(scenario, steps),
            )

    run()


@pytest.mark.parametrize("kind", ["scenario", "save"])
def test_mutated_campaigns_are_refused_in_plain_words(kind: str) -> None:
    from wargame.campaign.document import campaign_from_scenario, load_campaign
    from wargame.core.dice import DiceService

    doc = campaign_docs()[kind]
    load = campaign_from_scenario if kind == "scenario" else load_campaign

    @fuzz_settings(120)
    @given(mutations)
    def run(steps: Any) -> None:
        plain(
            lambda d: guarded(f"campaign {kind}", lambda x: load(x, DiceService.seeded(1)), d),
            mutate(doc, steps),
        )

    run()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            b"\x00\x01\x02binary",
            "the file is not text: it looks like a binary file (first byte 0x00)",
        ),
        (b'{"a": "caf\xe9"}', "not UTF-8 text (byte 11 is 0xE9)"),
    ],
)
def test_a_file_that_is_not_text_is_named_so(tmp_path: Path, content: bytes, expected: str) -> None:
    p = tmp_path / "game.json"
    p.write_bytes(content)
    with pytest.raises(BadInput) as err:
        read_json_file(p)
    assert expected in str(err.value)
    assert not NOISE.search(str(err.value))


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (None, "nothing (null)"),
        ({"": None}, "an object ({...})"),
        ([1, "a", None], "a list of 3 items"),
        ("pointy-ish", "'pointy-ish'"),
        (b"\x00", "binary data"),
        (True, "true"),
    ],
)
def test_shown_says_what_a_value_is_without_python_repr(value: object, words: str) -> None:
    assert shown(value) == words
