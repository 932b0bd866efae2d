"""Correcting a mistyped physical die before the next action (issue 26)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from tests.naval.test_combat import duel
from wargame.core.correction import CorrectionRefused
from wargame.core.dice import DiceService, ManualProvider, Roll, RollRequest
from wargame.core.log import Session
from wargame.errors import DiceEntryError
from wargame.naval.actions import Fire
from wargame.naval.rules import Position
from wargame.naval.state import NavalState

SHOT = Fire("A", Position.BOW, "B", "hull")


def typed(values: list[int], asked: list[str]) -> Callable[[RollRequest], str]:
    """A player typing ``values`` in, as many as each roll asks for."""

    def ask(request: RollRequest) -> str:
        asked.append(request.purpose)
        return " ".join(str(values.pop(0)) for _ in range(request.count))

    return ask


def shot_with_physical_dice(
    values: list[int], asked: list[str] | None = None
) -> Session[NavalState]:
    """A's bow guns fire at B (6 d6: hits on 6), every die typed in."""
    s: Session[NavalState] = Session(
        lambda _d: duel(),
        DiceService(ManualProvider(typed(values, [] if asked is None else asked))),
    )
    s.apply(SHOT)
    return s


def test_a_corrected_die_re_resolves_the_shot_and_the_damage_follows_it() -> None:
    asked: list[str] = []
    s = shot_with_physical_dice([6, 6, 1, 1, 1, 1, 1, 1, 1, 1], asked)
    b = s.state.ships["B"]
    assert b.hull[Position.STARBOARD] == 4  # two hits typed in
    assert all(r.typed for r in s.entries[-1].rolls)
    entry = s.correct_last_roll(0, "6 6 6 1 1 1")  # the table threw three sixes
    assert s.state.ships["B"].hull[Position.STARBOARD] == 3
    assert entry.told[0] == "die corrected: 6 6 1 1 1 1 -> 6 6 6 1 1 1 (A: bow guns at B (hull))"
    assert "3 hits" in "\n".join(entry.told)
    assert len(s.entries) == 1 and s.entries[-1] is entry and entry.barrier
    # the fire gamble typed in before is given back, not asked again; the critical
    # the third hit now calls for is a new die, typed in at the table
    assert asked == [
        "A: bow guns at B (hull)",
        "B: fire gamble",
        "B: return fire",
        "B: critical (3 points or less)",
    ]
    assert [r.purpose for r in entry.rolls] == [
        "A: bow guns at B (hull)",
        "B: fire gamble",
        "B: critical (3 points or less)",
    ]


def test_a_digital_roll_can_not_be_corrected() -> None:
    s: Session[NavalState] = Session(lambda _d: duel(), DiceService.seeded(3))
    s.apply(SHOT)
    before = s.state.to_json()
    with pytest.raises(CorrectionRefused, match="rolled by the app, not typed in"):
        s.correct_last_roll(0, "6 6 6 6 6 6")
    assert s.state.to_json() == before


def test_a_correction_is_refused_after_the_next_action() -> None:
    s = shot_with_physical_dice([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    quiet = next(  # B's next move throws no dice
        a for a in s.state.legal_actions() if not _throws_dice(s.state, a)
    )
    s.apply(quiet)
    with pytest.raises(CorrectionRefused, match="the last action threw no dice"):
        s.correct_last_roll(0, "6 6 6 1 1 1")
    assert s.state.ships["B"].hull[Position.STARBOARD] == 4


def test_a_correction_is_refused_after_another_action_even_once_it_is_undone() -> None:
    """Issue 39: the next action made and undone, the die could be corrected again (it
    sank a ship in the review). Once another action is made the die stands."""
    s = shot_with_physical_dice([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    quiet = next(a for a in s.state.legal_actions() if not _throws_dice(s.state, a))
    s.apply(quiet)
    s.undo()
    assert s.entries[-1].action == SHOT
    with pytest.raises(CorrectionRefused, match="another action was made after it"):
        s.correct_last_roll(0, "6 6 6 1 1 1")
    assert s.state.ships["B"].hull[Position.STARBOARD] == 4
    s.redo()
    s.undo()  # and back again: still refused
    with pytest.raises(CorrectionRefused, match="another action was made after it"):
        s.correct_last_roll(0, "6 6 6 1 1 1")
    # saved and opened again with the undone action waiting to be redone: refused too
    again = Session.from_json(json.loads(json.dumps(s.to_json())), lambda _d: duel())
    with pytest.raises(CorrectionRefused, match="another action was made after it"):
        again.correct_last_roll(0, "6 6 6 1 1 1")


def test_a_wrong_face_or_the_same_value_is_refused_and_changes_nothing() -> None:
    s = shot_with_physical_dice([6, 6, 1, 1, 1, 1, 1, 1])
    with pytest.raises(DiceEntryError, match="a d6 shows 1 to 6, not 7"):
        s.correct_last_roll(0, "6 6 1 1 1 7")
    with pytest.raises(CorrectionRefused, match="is what was typed in already"):
        s.correct_last_roll(0, "6 6 1 1 1 1")
    assert s.state.ships["B"].hull[Position.STARBOARD] == 4


def test_save_and_load_keep_the_correction_in_the_log() -> None:
    s = shot_with_physical_dice([6, 6, 1, 1, 1, 1, 1, 1, 1, 1])
    s.correct_last_roll(0, "6 6 6 1 1 1")
    data = json.loads(json.dumps(s.to_json()))
    loaded: Session[NavalState] = Session.from_json(data, lambda _d: duel())
    entry = loaded.entries[-1]
    assert entry.told[0].startswith("die corrected: 6 6 1 1 1 1 -> 6 6 6 1 1 1")
    assert all(r.typed for r in entry.rolls)
    assert loaded.state.to_json() == s.state.to_json()
    assert loaded.state.ships["B"].hull[Position.STARBOARD] == 3


def test_a_typed_roll_keeps_its_mark_through_its_text_form() -> None:
    roll = Roll(1, 6, (3,), "to hit", typed=True)
    assert Roll.from_json(roll.to_json()) == roll
    assert Roll.from_json([1, 6, [3], "old save"]).typed is False


def _throws_dice(state: NavalState, action: object) -> bool:
    probe = state.clone()
    dice = DiceService.seeded(0)
    with dice.recording() as rolls:
        probe.apply(action, dice)
    return bool(rolls)
