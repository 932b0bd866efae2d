"""Reading user files safely and writing files atomically.

No pickle, no eval: user files are JSON (or TOML for rules), size-limited and
checked, and every error names the file and what is wrong.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from wargame.errors import FileFormatError

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
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"{p}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise FileFormatError(f"{p}: cannot be read: {exc.strerror}") from None


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


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old or the new file."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
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


def write_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
