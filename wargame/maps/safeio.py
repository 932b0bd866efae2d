"""Reading map files the safe way: regular files only, with a size cap that holds.

``Path.stat().st_size`` is 0 for ``/dev/zero`` and for a FIFO, so a size check
before reading does not stop them; these helpers open without blocking, check
with ``fstat`` on the open descriptor that it is a regular file, and read at most
``max_bytes + 1`` bytes. A file another file names (a tileset, a template, a map
in a scenario) is resolved only inside the folder of the file naming it.
Output paths are checked too: ``--out`` writes only to a regular file or a new path.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path

from wargame.errors import BadInput, FileFormatError, binary_text, not_text, shown

BOM = "\ufeff"


def read_regular_bytes(path: str | os.PathLike[str], *, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; FileFormatError otherwise."""
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise FileFormatError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise FileFormatError(f"{p}: is a folder, not a file") from None
    except OSError as exc:
        raise FileFormatError(f"{p}: cannot be read: {exc.strerror}") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileFormatError(f"{p}: is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise FileFormatError(f"{p}: is a device, pipe or socket, not a regular file")
        if st.st_size > max_bytes:
            raise FileFormatError(
                f"{p}: {st.st_size:,} bytes is larger than the {max_bytes:,}-byte limit"
            )
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:
            raise FileFormatError(f"{p}: larger than the {max_bytes:,}-byte limit")
        return b"".join(chunks)
    except OSError as exc:
        raise FileFormatError(f"{p}: cannot be read: {exc.strerror}") from None
    finally:
        os.close(fd)


def read_regular_text(path: str | os.PathLike[str], *, max_bytes: int) -> str:
    """A regular UTF-8 text file (a leading byte-order mark is dropped)."""
    raw = read_regular_bytes(path, max_bytes=max_bytes)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"{path}: {not_text(exc)}") from None
    problem = binary_text(text)
    if problem is not None:
        raise FileFormatError(f"{path}: {problem}")
    return text[1:] if text.startswith(BOM) else text


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


def check_output_path(path: str | os.PathLike[str], option: str = "--out") -> Path:
    """``path`` if it is a regular file or does not exist yet; BadInput otherwise.

    A device, FIFO or socket is never replaced by the atomic rename."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        return p
    except OSError as exc:
        raise BadInput(f"{option}: cannot write {p}: {exc.strerror}") from None
    if stat.S_ISDIR(st.st_mode):
        raise BadInput(f"{option}: {p} is a folder; name a file")
    if not stat.S_ISREG(st.st_mode):
        raise BadInput(f"{option}: {p} is a device, pipe or socket; name a regular file")
    return p


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
