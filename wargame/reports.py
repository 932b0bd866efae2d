"""Problem reports: a plain text file in ``<data folder>/reports/`` for the player to
attach to a bug report. Nothing is sent anywhere.

A report holds the versions (app, rules data, Python, system, and what the
caller adds, e.g. Qt's), the log file's tail and, after a crash, the traceback:
``traceback.format_exception`` of the error, which names files, lines and the
error's message, never local variables or a game's state.
"""

from __future__ import annotations

import logging
import os
import traceback
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from wargame.about import summary
from wargame.logs import crash_trace_path, log_path, tail

REPORTS = "reports"
#: Reports kept; the oldest go first.
KEEP = 20
LOG_LINES = 150
TRACE_LINES = 60

log = logging.getLogger(__name__)


def reports_dir(folder: Path) -> Path:
    return folder / REPORTS


def format_error(error: BaseException) -> str:
    """The traceback of ``error`` as Python prints it (no local variables)."""
    return "".join(traceback.format_exception(type(error), error, error.__traceback__))


def report_text(
    folder: Path,
    *,
    error: BaseException | None = None,
    what: str = "",
    versions: Mapping[str, str] | None = None,
) -> str:
    lines = ["Pieces of Eight problem report", f"Written {datetime.now().astimezone():%c %Z}", ""]
    for key, value in {**summary(), **(versions or {})}.items():
        lines.append(f"{key}: {value}")
    if what:
        lines += ["", f"What happened: {what}"]
    if error is not None:
        lines += ["", "Traceback:", format_error(error).rstrip()]
    lines += [
        "",
        f"The end of the log ({log_path(folder).name}):",
        tail(log_path(folder), LOG_LINES),
    ]
    trace = tail(crash_trace_path(folder), TRACE_LINES)
    if trace.strip():  # a hard crash of an earlier run left its stacks
        lines += ["", f"The end of {crash_trace_path(folder).name}:", trace]
    return "\n".join(lines) + "\n"


def write_report(folder: Path, text: str) -> Path:
    """Write a report (:func:`report_text`) into ``folder/reports/`` and return its
    path (OSError if it can't)."""
    from wargame.persistence.files import write_atomic

    target = reports_dir(folder)
    target.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = target / f"report-{stamp}-{os.getpid()}.txt"
    n = 1
    while path.exists():
        n += 1
        path = target / f"report-{stamp}-{os.getpid()}-{n}.txt"
    write_atomic(path, text.encode("utf-8"))
    _prune(target)
    log.info("problem report written: %s", path.name)
    return path


def _prune(target: Path) -> None:
    old = sorted(target.glob("report-*.txt"), key=lambda p: p.stat().st_mtime)[:-KEEP]
    for path in old:
        try:
            path.unlink()
        except OSError:
            pass
