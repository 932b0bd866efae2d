"""The loaders' guard: shapes no loader should walk are refused on one line."""

from __future__ import annotations

import pytest

from wargame.errors import FileFormatError
from wargame.persistence.files import parse_json
from wargame.persistence.guard import MAX_DEPTH, check_shape, loading
from wargame.persistence.loaders import load_game_save


def test_json_nested_ten_thousand_deep_is_refused() -> None:
    with pytest.raises(FileFormatError, match="nested too deeply"):
        parse_json("[" * 10_000 + "]" * 10_000, "deep.json")


@pytest.mark.parametrize(
    "data",
    [
        {
            "a": [[{"b": 1}]] * 2,
            "deep": __import__("functools").reduce(lambda v, _: [v], range(MAX_DEPTH + 1), 0),
        },
        {"n": 10**201},
        {"n": -(10**201)},
        {"x": float("inf")},
        {"x": [float("nan")]},
    ],
)
def test_absurd_shapes_are_refused_before_a_loader_walks_them(data: object) -> None:
    with pytest.raises(FileFormatError):
        check_shape(data, "file.json")


def test_an_unexpected_slip_becomes_one_line_naming_the_file() -> None:
    with pytest.raises(FileFormatError) as err, loading("game.json"):
        {}["ships"]  # noqa: B018 - the slip
    assert str(err.value) == "game.json: not a valid file (the entry 'ships' is missing)"


def test_a_save_that_is_not_an_object_is_refused() -> None:
    for data in (None, 7, [], "save", {"format": "wargame-session", "header": []}):
        with pytest.raises(FileFormatError):
            load_game_save(data)
