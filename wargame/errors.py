"""Every error the domain raises on purpose. All are ``ValueError`` subclasses.

The CLI maps :class:`BadInput` (and subclasses) to exit code 2 with a one-line
message; the UI shows ``str(error)`` in a dialog. Messages name what is wrong
and where (a file, a key, a field), never a traceback.
"""

from __future__ import annotations


class WargameError(ValueError):
    """Base of every deliberate domain error."""


class BadInput(WargameError):
    """A file, field, option or entry the user supplied is wrong."""


class DiceEntryError(BadInput):
    """A typed-in die value is impossible (a 7 on a d6) or the entry is malformed."""


class DiceEntryCancelled(WargameError):
    """The player cancelled typing in physical dice; the action is abandoned."""


class RulesDataError(BadInput):
    """A rules data file under resources/rules is missing, malformed or invalid."""


class FileFormatError(BadInput):
    """A save, scenario or map file cannot be read."""


class ActionTextError(BadInput):
    """The text form of an action cannot be parsed."""


class IllegalAction(WargameError):
    """An action the rules forbid. ``rule`` names the rule, e.g. "12. Movement"."""

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule
        self.reason = message


class UndoBlocked(WargameError):
    """Undo would reveal hidden information (a drawn card, a secret vote)."""


class InvariantViolation(WargameError):
    """A game invariant broke (a card lost or created, an illegal state)."""


class PersistenceError(WargameError):
    """The database could not be read or written; nothing was changed."""
