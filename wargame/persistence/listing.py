"""Listing the saved games, row by row, so one damaged row never hides the others.

The ORM reads a whole result at once: one save whose name is no longer UTF-8 or
whose date no longer reads (a bad byte on disk) made the listing raise, and the
home screen showed no save at all. Here the columns come as raw bytes and each
row is read on its own: a row that does not read is listed as damaged, under
whatever of its name can be read, and the rest list as usual.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Engine

#: What a damaged row's unreadable date sorts as: before every real save.
NO_DATE = datetime(1970, 1, 1, tzinfo=UTC)

#: The columns the saves list may be ordered by (SQL: never from user text).
ORDERS = {
    "updated": "updated DESC, id DESC",
    "name": "name COLLATE NOCASE, id",
    "mode": "mode, updated DESC, id DESC",
}


@dataclass(frozen=True)
class SaveInfo:
    id: int
    mode: str
    name: str
    updated: datetime
    finished: bool
    autosave: bool
    #: Why the row is damaged (its name, date or kind does not read), or None.
    damaged: str | None = None


def _text(raw: Any, what: str, problems: list[str]) -> str:
    if isinstance(raw, bytes | bytearray):
        try:
            return bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"its {what} holds bytes that are not text")
            return bytes(raw).decode("utf-8", errors="replace")
    if raw is None:
        problems.append(f"it has no {what}")
        return ""
    problems.append(f"its {what} is not text")
    return str(raw)


def _when(raw: str, problems: list[str]) -> datetime:
    try:
        value = datetime.fromisoformat(raw)
    except ValueError:
        problems.append("its date does not read")
        return NO_DATE
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _flag(raw: Any, what: str, problems: list[str]) -> bool:
    if raw in (0, 1):
        return bool(raw)
    problems.append(f"its {what} mark does not read")
    return False


def row_info(row: Sequence[Any]) -> SaveInfo:
    """One ``saved_game`` row (id, mode, name, updated as bytes; finished, autosave)."""
    sid, raw_mode, raw_name, raw_updated, finished, autosave = row
    problems: list[str] = []
    mode = _text(raw_mode, "kind of game", problems)
    name = _text(raw_name, "name", problems)
    updated = _when(_text(raw_updated, "date", problems), problems)
    return SaveInfo(
        int(sid),
        mode,
        name,
        updated,
        _flag(finished, "finished", problems),
        _flag(autosave, "autosave", problems),
        "; ".join(dict.fromkeys(problems)) or None,
    )


def list_saves(
    engine: Engine,
    *,
    mode: str | None = None,
    limit: int | None = 20,
    order: str = "updated",
) -> list[SaveInfo]:
    """The saves, newest first (or by ``order``: a key of :data:`ORDERS`), at most
    ``limit`` of them (None: all); damaged rows are listed with ``damaged`` set."""
    sql = (
        "SELECT id, CAST(mode AS BLOB), CAST(name AS BLOB), CAST(updated AS BLOB), "
        "finished, autosave FROM saved_game"
    )
    params: dict[str, Any] = {}
    if mode:
        sql += " WHERE mode = :mode"
        params["mode"] = mode
    sql += f" ORDER BY {ORDERS[order]}"
    if limit is not None:
        sql += " LIMIT :limit"
        params["limit"] = int(limit)
    with engine.connect() as conn:
        return [row_info(tuple(r)) for r in conn.execute(text(sql), params)]


def list_scenarios(engine: Engine, mode: str | None = None) -> list[tuple[int, str, str]]:
    """The scenario rows as (id, mode, name), by name."""
    sql = "SELECT id, CAST(mode AS BLOB), CAST(name AS BLOB) FROM scenario"
    params = {"mode": mode} if mode else {}
    if mode:
        sql += " WHERE mode = :mode"
    with engine.connect() as conn:
        rows = [
            (int(r[0]), _lenient(r[1]), _lenient(r[2]))
            for r in conn.execute(text(sql + " ORDER BY name, id"), params)
        ]
    return rows


def _lenient(raw: Any) -> str:
    if isinstance(raw, bytes | bytearray):
        return bytes(raw).decode("utf-8", errors="replace")
    return "" if raw is None else str(raw)


def damage(exc: BaseException) -> str:
    """Why a save's stored data does not read, in a few words."""
    if isinstance(exc, UnicodeDecodeError):
        return "it holds bytes that are not text"
    if isinstance(exc, json.JSONDecodeError):
        return exc.msg
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, TypeError):
        return "it holds no game"
    return "a number is too long"


def row_json(raw: Any) -> Any:
    """A data column read as bytes, parsed (TypeError for a value that is no text)."""
    if not isinstance(raw, bytes | bytearray):
        raise TypeError("not text")
    return json.loads(bytes(raw).decode("utf-8"))
