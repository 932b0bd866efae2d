"""The last line of the loaders: any input gives BadInput, never another exception.

Loaders validate what they read and raise :class:`~wargame.errors.FileFormatError`
naming the key. What a check missed (a wrong type deep in a structure, a huge
number) still must not escape as a traceback: :func:`loading` turns it into a
one-line FileFormatError naming the file, and refuses inputs nested too deeply
or with numbers no game uses before a loader sees them (:func:`check_shape`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from wargame.errors import BadInput, FileFormatError, WargameError, shown

#: No save, scenario or rules file nests deeper than this.
MAX_DEPTH = 48
#: No number in a file is larger than this. Seeds fit in 64 bits, but a deck shuffled
#: with one draw over every order of its cards records n! - 1 (30 cards: about 2.7e32);
#: 10^200 covers a deck of 120 cards and is still cheap arithmetic.
MAX_NUMBER = 10**200
#: No file has more items than this in all (a save of a very long game has ~10^6).
MAX_ITEMS = 5_000_000
#: A message longer than this is cut (a huge value quoted in it).
MAX_MESSAGE = 300

_ESCAPES = (
    TypeError,
    ValueError,
    KeyError,
    AttributeError,
    IndexError,
    OverflowError,
    RecursionError,
    ArithmeticError,
    LookupError,
    UnicodeError,
    AssertionError,
)


def _one_line(exc: BaseException) -> str:
    """What went wrong, in the player's words: Python's own message (a type name, a
    repr) never reaches the player."""
    if isinstance(exc, KeyError) and exc.args:
        key = exc.args[0]
        return (
            f"the entry {shown(key)} is missing" if isinstance(key, str) else "an entry is missing"
        )
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, OverflowError):
        return "a number is too large"
    if isinstance(exc, TypeError | AttributeError):
        return "a value is of the wrong kind, such as text where a number or a list belongs"
    if isinstance(exc, IndexError):
        return "a list is shorter than it should be"
    if isinstance(exc, UnicodeError):
        return "it holds characters that cannot be read"
    if isinstance(exc, ZeroDivisionError | ArithmeticError):
        return "a number is out of range (a zero where it can't be)"
    if isinstance(exc, AssertionError):
        return "its content breaks a rule of the game"
    return "a value is not one this file can hold"


def one_line(message: str) -> str:
    """``message`` on one line, cut to :data:`MAX_MESSAGE` characters."""
    text = " ".join(message.split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def malformed(source: str, exc: BaseException) -> FileFormatError:
    """A one-line FileFormatError for an unexpected exception while loading ``source``."""
    return FileFormatError(f"{source}: not a valid file ({_one_line(exc)})")


@contextmanager
def loading(source: str) -> Iterator[None]:
    """Run a loader: its BadInput passes (on one line), any other slip becomes a
    FileFormatError naming ``source``."""
    try:
        yield
    except BadInput as exc:
        text = one_line(str(exc))
        if text == str(exc):
            raise
        raise type(exc)(text) from None
    except WargameError as exc:  # a rule refused the file's content (a bad setup, a log)
        raise FileFormatError(one_line(f"{source}: {exc}")) from None
    except _ESCAPES as exc:
        raise FileFormatError(one_line(str(malformed(source, exc)))) from None


def check_shape(data: Any, source: str) -> None:
    """Refuse JSON no loader should walk: too deep, too many items, absurd numbers."""
    count = [0]

    def walk(value: Any, depth: int) -> None:
        kind = type(value)
        if kind is dict or kind is list:
            if depth >= MAX_DEPTH:
                raise FileFormatError(f"{source}: nested more than {MAX_DEPTH} levels deep")
            items = value.values() if kind is dict else value
            count[0] += len(items)
            if count[0] > MAX_ITEMS:
                raise FileFormatError(f"{source}: too many items ({MAX_ITEMS} at most)")
            for item in items:
                if type(item) in _CONTAINERS_AND_NUMBERS:
                    walk(item, depth + 1)
        elif kind is int:
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                # never as a float (past 1.8e308 that overflows) nor as text (past 4,300 digits)
                digits = int(value.bit_length() * 0.30103) + 1
                raise FileFormatError(
                    f"{source}: a number of about {digits} digits is out of range"
                )
        elif kind is float and (not math.isfinite(value) or abs(value) > MAX_NUMBER):
            raise FileFormatError(f"{source}: the number {shown(value)} is out of range")

    walk(data, 0)


_CONTAINERS_AND_NUMBERS = frozenset({dict, list, int, float})
