"""Dice > Correct last die: re-enter a mistyped physical die before the next action.

The domain does the work (:meth:`wargame.core.log.Session.correct_last_roll`): only a
roll typed in from the table, only the last action's, the action resolved again with
the corrected value and logged as such. This module asks which roll and its new
faces, then redraws the view.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QInputDialog, QWidget

from ui.dice_entry import DiceEntryDialog
from ui.qtcompat import run_modal
from wargame.core.correction import typed_rolls
from wargame.core.dice import Roll, RollRequest
from wargame.core.entry import Entry
from wargame.errors import WargameError


def why_not(view: Any) -> str | None:
    """Why the open game's last die can't be corrected now, in words; None if it can."""
    session = view.history_session() if view is not None else None
    if session is None:
        return "Correct last die: there is no game open"
    if not session.entries:
        return "Correct last die: nothing has been played yet"
    rolls = session.entries[-1].rolls
    if not rolls:
        return "Correct last die: the last action threw no dice (a die can be corrected only before the next action)"
    if not typed_rolls(rolls):
        return (
            "Correct last die: the last action's dice were rolled by the app; only dice "
            "typed in from the table (Dice > Enter physical dice) can be corrected"
        )
    if session.last_roll_settled:
        return (
            "Correct last die: another action was made after it and taken back; once "
            "another action is made the dice of the one before stand"
        )
    return None


def choose_roll(rolls: list[Roll], parent: QWidget) -> int | None:
    """Which typed-in roll to correct (asked only when the action threw several)."""
    typed = typed_rolls(rolls)
    if len(typed) == 1:
        return typed[0]
    items = [f"{rolls[i].purpose or 'roll'}: {' '.join(map(str, rolls[i].values))}" for i in typed]
    item, ok = QInputDialog.getItem(parent, "Correct last die", "Which roll?", items, 0, False)
    return typed[items.index(item)] if ok else None


def correct_last_die(
    view: Any, parent: QWidget, *, index: int | None = None, text: str | None = None
) -> Entry | None:
    """Ask for the corrected faces (``index`` and ``text`` given: no questions) and
    re-resolve the last action; a refusal is shown in words and changes nothing."""
    reason = why_not(view)
    if reason is not None:
        if view is not None:
            view.show_error(reason, "Correct last die")
        return None
    session = view.history_session()
    rolls = list(session.entries[-1].rolls)
    if index is None:
        index = choose_roll(rolls, parent)
        if index is None:
            return None
    if text is None:
        roll = rolls[index]
        dialog = DiceEntryDialog(
            RollRequest(roll.low, roll.high, len(roll.values), roll.purpose),
            parent,
            correcting=roll.values,
        )
        if run_modal(dialog) != QDialog.DialogCode.Accepted or dialog.values is None:
            return None
        text = " ".join(map(str, dialog.values))
    try:
        entry = session.correct_last_roll(index, text)
    except WargameError as exc:
        view.show_error(str(exc), "Correct last die")
        view.history_changed()
        return None
    _report_again(view)
    view.history_changed()
    view.autosave()
    view.status_changed.emit(entry.told[0] if entry.told else "die corrected")
    return entry


def _report_again(view: Any) -> None:
    """A campaign fight that had ended and reported its result: the corrected die may
    change it, so the result waiting for the campaign is taken back, and the view
    reports again when (and if) the fight is over."""
    scenario = getattr(view, "scenario", None)
    link = scenario.get("campaign_link") if isinstance(scenario, dict) else None
    if getattr(view, "reported", False) and isinstance(link, dict):
        view.ctx.withdraw_result(link)
        view.reported = False
