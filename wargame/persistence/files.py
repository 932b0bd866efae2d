"""Reading user files safely and writing files atomically.

No pickle, no eval: user files are JSON (or TOML for rules), size-limited and
checked, and every error names the file and what is wrong.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from wargame.errors import FileFormatError, binary_text, not_text

#: Refuse files larger than this before parsing them (a hostile file can't eat memory).
MAX_FILE_BYTES = 64 * 1024 * 1024


def read_text_file(path: str | os.PathLike[str], *, max_bytes: int = MAX_FILE_BYTES) -> str:
    p = Path(path)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise FileFormatError(f"{p}: no such file") from None
    except OSError as exc:
        raise FileFormatError(f"{p}: cannot be read: {exc.strerror}") from None
    if p.is_dir():
        raise FileFormatError(f"{p}: is a folder, not a file")
    if size > max_bytes:
        raise FileFormatError(f"{p}: {size} bytes is larger than the {max_bytes}-byte limit")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"{p}: {not_text(exc)}") from None
    except OSError as exc:
        raise FileFormatError(f"{p}: cannot be read: {exc.strerror}") from None
    problem = binary_text(text)
    if problem is not None:
        raise FileFormatError(f"{p}: {problem}")
    return text


def read_json_file(path: str | os.PathLike[str], *, max_bytes: int = MAX_FILE_BYTES) -> Any:
    text = read_text_file(path, max_bytes=max_bytes)
    return parse_json(text, str(path))


def parse_json(text: str, source: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(
            f"{source}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise FileFormatError(f"{source}: JSON nested too deeply") from None


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
