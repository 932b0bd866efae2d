"""Reading map files the safe way: a file another file names (a tileset, a template,
a map in a scenario) is resolved only inside the folder of the file naming it, and
text from a foreign file is cleaned before it becomes a name.

The reader itself (regular files only, a size cap that holds) is the one every user
file goes through: :func:`wargame.persistence.files.read_regular_text`, re-exported
here with the ``--out`` check for the map modules.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from wargame.errors import FileFormatError, shown
from wargame.persistence.files import check_output_path, read_regular_bytes, read_regular_text

__all__ = [
    "bad_character",
    "check_output_path",
    "clean_text",
    "inside",
    "read_regular_bytes",
    "read_regular_text",
]


def inside(base: Path, ref: str, source: str, what: str) -> Path:
    """``ref`` (a file named inside ``source``) resolved within the folder ``base``.

    An absolute path, a ``..`` that climbs out or a link pointing outside is refused;
    the message names the reference, never the contents of what it points at."""
    if not isinstance(ref, str) or not ref.strip() or "\x00" in ref:
        raise FileFormatError(f"{source}: the {what} reference is empty or not a file name")
    if os.path.isabs(ref) or ref.startswith(("/", "\\")) or (len(ref) > 1 and ref[1] == ":"):
        raise FileFormatError(
            f"{source}: the {what} {shown(ref[:80])} is an absolute path; name a file in "
            "the same folder (or below it)"
        )
    root = base.resolve()
    target = (root / ref).resolve()
    if target != root and root not in target.parents:
        raise FileFormatError(
            f"{source}: the {what} {shown(ref[:80])} lies outside the folder of the file naming it"
        )
    return target


#: Characters refused in ids and names: controls, format characters (zero-width
#: spaces and joiners, bidi overrides), private use, unassigned, surrogates.
_BAD_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"}


def bad_character(text: str) -> str | None:
    """The first character of ``text`` an id or name may not hold, as U+XXXX, or None."""
    if text.isprintable():  # the common case, in C: no control or format characters
        return None
    for ch in text:
        if unicodedata.category(ch) in _BAD_CATEGORIES:
            return f"U+{ord(ch):04X}"
    return None


def clean_text(text: str, limit: int = 200) -> str:
    """``text`` from a foreign file made fit for a name: invisible and control
    characters dropped, runs of white space made one space, cut at ``limit``."""
    if text.isprintable() and "  " not in text:
        return text.strip()[:limit]
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch) not in _BAD_CATEGORIES
    )
    return " ".join(kept.split())[:limit]
