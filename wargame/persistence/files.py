"""Reading user files safely and writing files atomically.

No pickle, no eval: user files are JSON (or TOML for rules), size-limited and
checked, and every error names the file and what is wrong. Every door that reads
a file a player names (a save, a scenario, a map, a key, a passphrase file, File >
Open) goes through :func:`read_regular_text`: regular files only, so ``/dev/zero``
and a FIFO are refused at once, and never more than the limit in memory.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from wargame.errors import BadInput, FileFormatError, binary_text, not_text

#: Refuse files larger than this before parsing them (a hostile file can't eat memory).
MAX_FILE_BYTES = 64 * 1024 * 1024
BOM = "\ufeff"


def read_regular_bytes(path: str | os.PathLike[str], *, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; FileFormatError otherwise.

    ``Path.stat().st_size`` is 0 for ``/dev/zero`` and for a FIFO, so a size check
    before reading does not stop them: the file is opened without blocking, checked
    with ``fstat`` on the open descriptor to be a regular file, and at most
    ``max_bytes + 1`` bytes are read (a file growing while read is caught too)."""
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise FileFormatError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise FileFormatError(f"{p}: is a folder, not a file") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise FileFormatError(f"{p}: cannot be read: {_why(exc)}") from None
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
        raise FileFormatError(f"{p}: cannot be read: {_why(exc)}") from None
    finally:
        os.close(fd)


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or "not a usable file name"


def read_regular_text(path: str | os.PathLike[str], *, max_bytes: int) -> str:
    """A regular UTF-8 text file of at most ``max_bytes`` (a leading byte-order mark
    is dropped): the one reader of every file a player hands the app."""
    raw = read_regular_bytes(path, max_bytes=max_bytes)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"{path}: {not_text(exc)}") from None
    problem = binary_text(text)
    if problem is not None:
        raise FileFormatError(f"{path}: {problem}")
    return text[1:] if text.startswith(BOM) else text


def read_text_file(path: str | os.PathLike[str], *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """:func:`read_regular_text` with the app's default size limit."""
    return read_regular_text(path, max_bytes=max_bytes)


def read_json_file(path: str | os.PathLike[str], *, max_bytes: int = MAX_FILE_BYTES) -> Any:
    text = read_text_file(path, max_bytes=max_bytes)
    return parse_json(text, str(path))


#: A JSON text escape of a UTF-16 surrogate: only then can a parsed string hold a lone one.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def parse_json(text: str, source: str) -> Any:
    """``text`` parsed as JSON; FileFormatError naming ``source`` for anything a loader
    cannot use: bad syntax, nesting too deep, a number with thousands of digits, a
    string holding half of a character (a lone surrogate: no file can store it)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(
            f"{source}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise FileFormatError(f"{source}: JSON nested too deeply") from None
    except ValueError:  # Python refuses to convert an integer of more than 4,300 digits
        raise FileFormatError(f"{source}: a number has too many digits") from None
    if _SURROGATE_ESCAPE.search(text) and _has_lone_surrogate(data):
        raise FileFormatError(
            f"{source}: a text holds half of a character (a lone \\uD800-\\uDFFF escape)"
        )
    return data


def _has_lone_surrogate(data: Any) -> bool:
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def check_output_path(path: str | os.PathLike[str], option: str = "--out") -> Path:
    """``path`` if it is a regular file or does not exist yet; BadInput otherwise.

    A device, FIFO or socket is never replaced by the atomic rename."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        return p
    except (OSError, ValueError) as exc:
        raise BadInput(f"{option}: cannot write {p}: {_why(exc)}") from None
    if stat.S_ISDIR(st.st_mode):
        raise BadInput(f"{option}: {p} is a folder; name a file")
    if not stat.S_ISREG(st.st_mode):
        raise BadInput(f"{option}: {p} is a device, pipe or socket; name a regular file")
    return p


def write_user_file(path: str | os.PathLike[str], data: str | bytes, option: str = "--out") -> None:
    """Write a file the player named, atomically: a folder, a device or a place that
    cannot be written (no permission, a full disk) is BadInput naming ``option``."""
    p = check_output_path(path, option)
    try:
        write_atomic(p, data)
    except (OSError, ValueError) as exc:
        raise BadInput(f"{option}: cannot write {p}: {_why(exc)}") from None


#: Temporary files written beside their target end with this; a crash can leave one.
TEMP_SUFFIX = ".wgtmp"


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old or the new file.

    The data is fsynced before the rename and the folder after it, so a file the
    player saved survives a power cut too. The temporary file's name carries this
    process's id: :func:`remove_stale_temps` clears those a dead process left.
    """
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=p.parent)
    try:
        with os.fdopen(
            fd, mode, **({} if isinstance(data, bytes) else {"encoding": "utf-8"})
        ) as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(p.parent)


def fsync_dir(folder: str | os.PathLike[str]) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders can't be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def remove_stale_temps(
    folders: Iterable[str | os.PathLike[str]], *, max_age_s: float = 24 * 3600
) -> list[Path]:
    """Delete the temporary files a crashed write left in ``folders``.

    A temp file is stale when the process that wrote it is gone, or when it is
    older than ``max_age_s`` (a pid reused since). Returns what was removed.
    """
    removed: list[Path] = []
    now = time.time()
    for folder in folders:
        try:
            candidates = list(Path(folder).glob(f".*{TEMP_SUFFIX}"))
        except OSError:
            continue
        for tmp in candidates:
            parts = tmp.name.rsplit(".", 3)
            try:
                pid = int(parts[-3])
            except (ValueError, IndexError):
                pid = -1
            try:
                old = now - tmp.stat().st_mtime > max_age_s
                if tmp.is_file() and (old or pid < 0 or not _pid_alive(pid)):
                    tmp.unlink()
                    removed.append(tmp)
            except OSError:
                continue
    return removed


def write_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
