"""Every error the domain raises on purpose. All are ``ValueError`` subclasses.

The CLI maps :class:`BadInput` (and subclasses) to exit code 2 with a one-line
message; the UI shows ``str(error)`` in a dialog. Messages name what is wrong
and where (a file, a key, a field), never a traceback.
"""

from __future__ import annotations

from wargame.plural import count


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


def shown(value: object, limit: int = 40) -> str:
    """A value read from a file, as a message shows it to a player: text in quotes
    (cut to ``limit``), numbers as numbers, and for anything else what kind of thing
    it is ("nothing (null)", "a list of 3 items", "an object") - never Python's repr."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**15 else "a very large number"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        text = " ".join(value.split())
        if not text:
            return "empty text"
        text = "".join(ch if ch.isprintable() else "?" for ch in text)
        return f"'{text[:limit]}...'" if len(text) > limit else f"'{text}'"
    if isinstance(value, list | tuple | set | frozenset):
        n = len(value)
        return "an empty list" if n == 0 else f"a list of {count(n, 'item', 'items')}"
    if isinstance(value, dict):
        return "an object ({...})" if value else "an empty object ({})"
    if isinstance(value, bytes | bytearray):
        return "binary data"
    return "a value of the wrong kind"


def not_text(exc: UnicodeDecodeError) -> str:
    """Why a file that should be text can't be read, in the player's words."""
    raw = exc.object
    bad = raw[exc.start] if 0 <= exc.start < len(raw) else None
    where = "first byte" if exc.start == 0 else f"byte {exc.start + 1}"
    if bad is not None and (bad == 0 or b"\x00" in raw[:1024]):
        return f"the file is not text: it looks like a binary file ({where} 0x{bad:02X})"
    what = f"0x{bad:02X}" if bad is not None else "an unreadable byte"
    return (
        f"the file is not UTF-8 text ({where} is {what}); save it again as UTF-8 in a text editor"
    )


def binary_text(text: str) -> str | None:
    """Why ``text`` (valid UTF-8) is no text file after all, or None: a NUL in its
    first 4 KiB means a binary file (a picture, a spreadsheet...)."""
    nul = text.find("\x00", 0, 4096)
    if nul < 0:
        return None
    where = "first byte" if nul == 0 else f"character {nul + 1}"
    return f"the file is not text: it looks like a binary file ({where} 0x00)"
