"""A Pirate Coins seat across computers reads each reveal from its copy of the table."""

from __future__ import annotations

from types import SimpleNamespace

from ui.coins.drawing import CoinsDrawing
from wargame.coins import actions as A


def seat_copy(turn: int) -> SimpleNamespace:
    reveal = ("reveal", 0, (1, 1), 3, (2, 0), (0,), False)  # seat 0 plundered, took 2
    state = SimpleNamespace(last=reveal, round=1, turn_in_round=turn)
    return SimpleNamespace(state=state, session=SimpleNamespace(entries=[]))


def reveal_logged(view: SimpleNamespace, turn: int) -> None:
    view.session.entries.append(SimpleNamespace(action=A.Reveal()))
    view.state.turn_in_round = turn


def test_a_second_reveal_like_the_first_shows_with_its_own_turn() -> None:
    view = seat_copy(1)
    reveal_logged(view, 1)
    shown, gains = CoinsDrawing._remote_record(view)  # type: ignore[arg-type]
    assert shown is not None and shown[2] == 1 and gains == {0: 2}
    reveal_logged(view, 2)  # the same choices, fortune and take a turn later
    shown, gains = CoinsDrawing._remote_record(view)  # type: ignore[arg-type]
    assert shown is not None and shown[2] == 2 and gains == {0: 2}


def test_a_redraw_without_a_new_reveal_keeps_the_one_shown() -> None:
    view = seat_copy(1)
    reveal_logged(view, 1)
    first = CoinsDrawing._remote_record(view)  # type: ignore[arg-type]
    view.state.turn_in_round = 2  # the next turn began; nobody has revealed yet
    assert CoinsDrawing._remote_record(view) == first  # type: ignore[arg-type]


def test_a_new_round_clears_the_reveal_until_its_own() -> None:
    view = seat_copy(3)
    reveal_logged(view, 3)
    CoinsDrawing._remote_record(view)  # type: ignore[arg-type]
    view.state.round, view.state.turn_in_round = 2, 0
    assert CoinsDrawing._remote_record(view) == (None, {})  # type: ignore[arg-type]
