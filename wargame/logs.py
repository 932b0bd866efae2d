"""The log file and the crash trace, both in the user's data folder.

One rotating log file (``wargame.log``, 1 MB, three old ones kept) through the
standard :mod:`logging` module; modules log with ``logging.getLogger(__name__)``.
Nothing goes to stderr unless asked (``--log-level``): the command line keeps
its one-line errors. ``faulthandler`` writes the Python stacks of a hard crash
(a segfault in a library, an abort) to ``crash-trace.txt`` beside it.

What is logged: the app's start and stop, the data folder, the database (open,
migrations, backups), saves and loads by id and mode, imports, commands, and
errors shown to the player. Never hidden information: no hand, loyalty, vote,
secret action, dice seed or generator state (tests/core/test_log_secrecy.py
reads the file after whole bot games to hold this).
"""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import platform
import sys
from pathlib import Path
from typing import IO

LOG_NAME = "wargame.log"
CRASH_TRACE_NAME = "crash-trace.txt"
MAX_BYTES = 1_000_000
BACKUPS = 3
#: A crash trace file is started afresh past this size.
MAX_TRACE_BYTES = 256_000
LEVELS = ("debug", "info", "warning", "error")
DEFAULT_LEVEL = "info"
FORMAT = "%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"

#: Libraries whose debug records carry what they send and receive (a table's frames):
#: never below info.
QUIET = ("websockets",)
#: Marks the handlers this module installed, so a second set-up replaces them.
_OURS = "_wargame_handler"
_trace_file: IO[str] | None = None

log = logging.getLogger(__name__)


def system_name() -> str:
    """ "Linux 6.1.0 x86_64": cheap (``platform.platform()`` runs ``uname -p``)."""
    return f"{platform.system()} {platform.release()} {platform.machine()}"


def log_path(folder: Path) -> Path:
    return folder / LOG_NAME


def crash_trace_path(folder: Path) -> Path:
    return folder / CRASH_TRACE_NAME


def parse_level(text: str) -> int:
    """``debug`` / ``info`` / ``warning`` / ``error`` (any case) as a logging level."""
    name = text.strip().lower()
    if name not in LEVELS:
        from wargame.errors import BadInput, shown

        raise BadInput(f"--log-level: expected one of {', '.join(LEVELS)}, not {shown(text)}")
    return int(getattr(logging, name.upper()))


def setup_logging(folder: Path, level: str | None = None, *, echo: bool = False) -> Path | None:
    """Log to ``folder/wargame.log`` at ``level`` (default info); with ``echo`` the same
    records also go to stderr. Returns the log file, or None when it can't be written
    (a read-only folder): the program goes on without a log, and says nothing on stderr."""
    lvl = parse_level(level or DEFAULT_LEVEL)
    root = logging.getLogger()
    for handler in [h for h in root.handlers if getattr(h, _OURS, False)]:
        root.removeHandler(handler)
        handler.close()
    path: Path | None = log_path(folder)
    handler: logging.Handler
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
        handler.setFormatter(logging.Formatter(FORMAT))
    except OSError:
        path = None
        handler = logging.NullHandler()  # no "last resort" printing to stderr either
    _install(root, handler)
    if echo:
        err = logging.StreamHandler(sys.stderr)
        err.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        _install(root, err)
    root.setLevel(lvl)
    # websockets logs every frame at debug level: the moves, views and worlds of a
    # table, secrets among them. The log never holds those, whatever its level.
    for name in QUIET:
        logging.getLogger(name).setLevel(max(lvl, logging.INFO))
    return path


def _install(root: logging.Logger, handler: logging.Handler) -> None:
    setattr(handler, _OURS, True)
    root.addHandler(handler)


def enable_crash_trace(folder: Path) -> Path | None:
    """``faulthandler`` on, into ``folder/crash-trace.txt`` (started afresh past 256 kB).
    Returns the file, or None when it can't be written (faulthandler then stays off)."""
    global _trace_file
    path = crash_trace_path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        big = path.exists() and path.stat().st_size > MAX_TRACE_BYTES
        fh = path.open("w" if big else "a", encoding="utf-8")
    except OSError:
        return None
    if _trace_file is not None:
        faulthandler.disable()
        _trace_file.close()
    _trace_file = fh
    faulthandler.enable(file=fh, all_threads=True)
    return path


def stop_logging() -> None:
    """Undo :func:`setup_logging` and :func:`enable_crash_trace` (tests; an embedding host)."""
    global _trace_file
    root = logging.getLogger()
    for handler in [h for h in root.handlers if getattr(h, _OURS, False)]:
        root.removeHandler(handler)
        handler.close()
    if _trace_file is not None:
        faulthandler.disable()
        _trace_file.close()
        _trace_file = None


def tail(path: Path, lines: int = 200) -> str:
    """The last ``lines`` lines of a text file ("" if it can't be read)."""
    try:
        with path.open("rb") as fh:
            fh.seek(0, 2)
            size = fh.tell()
            fh.seek(max(0, size - 200 * lines))
            data = fh.read()
    except OSError:
        return ""
    text = data.decode("utf-8", errors="replace")
    return "\n".join(text.splitlines()[-lines:])
