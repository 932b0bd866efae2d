from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.core.actions import Action, action
from wargame.errors import ActionTextError


class Aim(StrEnum):
    HULL = "hull"
    CREW = "crew"


@action("test.fire")
@dataclass(frozen=True, slots=True)
class Fire(Action):
    ship: str
    target: str
    aim: Aim
    dice: int
    cells: tuple[tuple[int, int], ...] = ()
    raking: bool = False


def test_text_form_is_readable() -> None:
    a = Fire("Revenge", "Santa Maria", Aim.HULL, 7, ((1, 2),), True)
    assert a.to_text() == (
        'test.fire ship=Revenge target="Santa Maria" aim=hull dice=7 cells=[[1,2]] raking=true'
    )


def test_text_form_round_trips() -> None:
    a = Fire("Revenge", "Santa Maria", Aim.CREW, 3, ((1, -2), (0, 4)))
    b = Action.from_text(a.to_text())
    assert b == a
    assert hash(b) == hash(a)


def test_json_form_round_trips() -> None:
    a = Fire("Swan", "Fancy", Aim.HULL, 5)
    assert Action.from_json(a.to_json()) == a


@given(
    st.text(min_size=1, max_size=20),
    st.integers(-1000, 1000),
    st.lists(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), max_size=5),
)
def test_any_values_round_trip(name: str, n: int, cells: list[tuple[int, int]]) -> None:
    a = Fire(name, "true", Aim.HULL, n, tuple(cells))
    assert Action.from_text(a.to_text()) == a


def test_unknown_kind_is_refused_by_name() -> None:
    with pytest.raises(ActionTextError, match="unknown action 'test.sail'"):
        Action.from_text("test.sail ship=Revenge")


def test_unknown_field_is_refused_by_name() -> None:
    with pytest.raises(ActionTextError, match="no field 'speed'"):
        Action.from_text("test.fire ship=A target=B aim=hull dice=1 speed=3")


def test_missing_equals_is_refused() -> None:
    with pytest.raises(ActionTextError, match="expected name=value"):
        Action.from_text("test.fire ship")


def test_actions_are_frozen() -> None:
    a = Fire("Swan", "Fancy", Aim.HULL, 5)
    with pytest.raises(AttributeError):
        a.dice = 6  # type: ignore[misc]
