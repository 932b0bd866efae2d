"""Table override in the land raid: figures moved and taken off, the alarm set."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.override import OverrideMove, OverrideRefused, OverrideSet, targets
from wargame.core.play import new_session


def session():  # noqa: ANN201
    return new_session(GameSpec("raid", 2), DiceService.seeded(3))


def unit(s, uid: str):  # noqa: ANN001, ANN201
    return next(u for u in s.state.units if u.id == uid)


def test_a_casualty_leaves_the_table_and_comes_back_by_a_move() -> None:
    s = session()
    s.override(OverrideSet("P1", "status", "dead"))
    assert unit(s, "P1").status == "dead" and unit(s, "P1").sq is None
    assert s.state.log[-1].startswith("Table override: Hardened hand-to-hand group P1 set to dead")
    with pytest.raises(OverrideRefused, match="move it to a square"):
        s.override(OverrideSet("P1", "status", "ready"))
    s.override(OverrideMove("P1", (1, 1)))
    assert unit(s, "P1").status == "ready" and unit(s, "P1").sq == (1, 1)
    s.state.check_invariants()


def test_a_figure_cant_join_the_other_side_on_a_square() -> None:
    s = session()
    enemy = next(u for u in s.state.units if u.side == 1 and u.sq is not None)
    with pytest.raises(OverrideRefused, match="other side's figures"):
        s.override(OverrideMove("P1", enemy.sq))


def test_only_officers_can_be_captured_and_the_alarm_is_a_table_counter() -> None:
    s = session()
    found = {t.piece: t for t in targets(s.state)}
    assert "captured" not in found["P1"].counter("status").choices
    assert "captured" in found["P0"].counter("status").choices
    s.override(OverrideSet("table", "alarm", "hardened"))
    assert s.state.alarm == "hardened" and s.state.alarm_turn == s.state.turn_no
