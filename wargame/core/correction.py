"""Correcting a mistyped physical die before the next action.

A player typing in the dice thrown at the table may hit the wrong key. Until the next
action, the last entry's typed-in roll can be re-entered
(:meth:`wargame.core.log.Session.correct_last_roll`): the state goes back to before the
entry, the same action is resolved again with the corrected die, and the entry is
replaced by one that says so ("die corrected: 3 -> 5"). Fairness holds: only a roll
typed in from the table can be corrected (a digital roll is refused), and every other
die of the action is given back as recorded, never rolled again. A die the action
did not need before (a hit now calls for a damage roll) is asked afresh: typed in if
the table is typing, else drawn (docs/rulings.md, "Correcting a mistyped die").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from wargame.core.dice import Provider, Roll, RollRequest, parse_dice_entry
from wargame.errors import BadInput
from wargame.plural import count


class CorrectionRefused(BadInput):
    """The last roll can't be corrected (a digital roll, nothing typed, no change)."""


class CorrectionProvider:
    """The recorded rolls of an entry, one of them corrected, given back in order while
    the re-resolved action asks for the same dice for the same purpose; from the first
    request that differs (the return-fire die is not the critical die the corrected
    hit now calls for), every value comes from ``live`` (the table's own provider)."""

    def __init__(self, rolls: Sequence[Roll], live: Provider) -> None:
        self._rolls = list(rolls)
        self._pos = 0
        self._diverged = False
        self.live = live
        self.last_typed = False

    def _recorded(self, request: RollRequest) -> Roll | None:
        if self._diverged or self._pos >= len(self._rolls):
            self._diverged = True
            return None
        roll = self._rolls[self._pos]
        asked = (request.low, request.high, request.count, request.purpose)
        if (roll.low, roll.high, len(roll.values), roll.purpose) != asked:
            self._diverged = True
            return None
        self._pos += 1
        return roll

    def values(self, request: RollRequest) -> tuple[int, ...]:
        roll = self._recorded(request)
        if roll is not None:
            self.last_typed = roll.typed
            return roll.values
        values = self.live.values(request)
        self.last_typed = bool(getattr(self.live, "last_typed", False))
        return values

    def shuffle_values(self, request: RollRequest) -> tuple[int, ...]:
        roll = self._recorded(RollRequest(0, request.high, request.count, request.purpose))
        if roll is not None:
            return roll.values
        ask = self.live.values
        return tuple(
            ask(RollRequest(0, i, 1, request.purpose, request.hidden))[0]
            for i in range(request.count, 0, -1)
        )


def typed_rolls(rolls: Sequence[Roll]) -> list[int]:
    """Indexes of the rolls typed in from the table (the ones that may be corrected)."""
    return [i for i, r in enumerate(rolls) if r.typed and not r.hidden]


def corrected_rolls(rolls: Sequence[Roll], index: int, text: str) -> tuple[list[Roll], str]:
    """The rolls with roll ``index`` re-entered as ``text`` and the log's line
    ("die corrected: 3 -> 5 (to hit)"); CorrectionRefused naming what is wrong."""
    if not rolls:
        raise CorrectionRefused("correct a die: the last action threw no dice")
    if not 0 <= index < len(rolls):
        raise CorrectionRefused(
            f"correct a die: the last action threw {count(len(rolls), 'roll', 'rolls')}"
        )
    roll = rolls[index]
    if not roll.typed or roll.hidden:
        raise CorrectionRefused(
            f"correct a die: the {roll.label} for {roll.purpose or 'the roll'} was rolled by "
            "the app, not typed in from the table; only a die typed in can be corrected"
        )
    request = RollRequest(roll.low, roll.high, len(roll.values), roll.purpose)
    values = parse_dice_entry(text, request)
    if values == roll.values:
        raise CorrectionRefused(
            f"correct a die: {' '.join(map(str, values))} is what was typed in already"
        )
    out = list(rolls)
    out[index] = replace(roll, values=values)
    old, new = (" ".join(map(str, v)) for v in (roll.values, values))
    what = f" ({roll.purpose})" if roll.purpose else ""
    return out, f"die corrected: {old} -> {new}{what}"
