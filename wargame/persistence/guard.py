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

from wargame.errors import FileFormatError, WargameError

#: No save, scenario or rules file nests deeper than this.
MAX_DEPTH = 48
#: No number in a file is larger than this (seeds and the dice state fit in 64 bits).
MAX_NUMBER = 2**64
#: No file has more items than this in all (a save of a very long game has ~10^6).
MAX_ITEMS = 5_000_000

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
    if isinstance(exc, KeyError) and exc.args:
        return f"missing key {exc.args[0]!r}"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, OverflowError):
        return "a number is too large"
    text = " ".join(str(exc).split()) or exc.__class__.__name__
    return text[:160]


def malformed(source: str, exc: BaseException) -> FileFormatError:
    """A one-line FileFormatError for an unexpected exception while loading ``source``."""
    return FileFormatError(f"{source}: not a valid file ({_one_line(exc)})")


@contextmanager
def loading(source: str) -> Iterator[None]:
    """Run a loader: its BadInput passes, any other slip becomes a FileFormatError."""
    try:
        yield
    except WargameError:
        raise
    except _ESCAPES as exc:
        raise malformed(source, exc) from None


def check_shape(data: Any, source: str) -> None:
    """Refuse JSON no loader should walk: too deep, too many items, absurd numbers."""
    items = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise FileFormatError(f"{source}: too many items ({MAX_ITEMS} at most)")
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                raise FileFormatError(f"{source}: nested more than {MAX_DEPTH} levels deep")
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                raise FileFormatError(f"{source}: nested more than {MAX_DEPTH} levels deep")
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise FileFormatError(f"{source}: the number {value:.3e} is out of range")
        elif isinstance(value, float) and (not math.isfinite(value) or abs(value) > MAX_NUMBER):
            raise FileFormatError(f"{source}: the number {value!r} is out of range")
