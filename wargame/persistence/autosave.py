"""One autosave slot per open document, appending only what changed.

A session document is stored as its head (:meth:`Session.head_json`) plus one
row per log entry (:meth:`Session.entry_json`); the slot remembers which
entries it holds, so after an action only the new entry is written (after an
undo, only the tail that changed). Any other document is stored whole.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # sqlmodel is imported only when the database is first used
    from wargame.persistence.db import Database


class AutosaveSlot:
    """The autosave row of one open document (``id`` None: nothing stored yet)."""

    def __init__(self) -> None:
        self._id: int | None = None
        self._stored: list[object] = []

    @property
    def id(self) -> int | None:
        return self._id

    @id.setter
    def id(self, value: int | None) -> None:
        """Point at another row (a resumed autosave): the next write stores everything."""
        self._id = value
        self._stored = []

    def detach(self) -> None:
        """A new document: the next autosave makes a new row; this one is left as it is."""
        self.id = None

    def write_session(
        self,
        db: Database,
        mode: str,
        name: str,
        *,
        head: dict[str, Any],
        entries: Sequence[object],
        entry_json: Callable[[int], dict[str, Any]],
        of_save: int | None = None,
    ) -> int:
        keep = _common_prefix(self._stored, entries) if self._id is not None else 0
        new = [entry_json(i) for i in range(keep, len(entries))]
        slot = db.write_autosave(self._id, mode, name, head, new, keep=keep, of_save=of_save)
        if slot is None:  # the row was deleted meanwhile: store everything in a new one
            self._id = None
            new = [entry_json(i) for i in range(len(entries))]
            slot = db.write_autosave(None, mode, name, head, new, keep=0, of_save=of_save)
        assert slot is not None
        self._id = slot
        self._stored = list(entries)
        return slot

    def write_whole(
        self, db: Database, mode: str, name: str, data: dict[str, Any], *, of_save: int | None
    ) -> int:
        if self._id is not None and not db.save_exists(self._id):
            self._id = None
        self._id = db.save_game(mode, name, data, save_id=self._id, autosave=True)
        self._stored = []
        return self._id


def _common_prefix(stored: Sequence[object], entries: Sequence[object]) -> int:
    """How many leading entries are the very objects already stored."""
    n = min(len(stored), len(entries))
    for i, same in enumerate(map(operator.is_, stored[:n], entries[:n])):
        if not same:
            return i
    return n


#: Between the parts of a save's title ("Pieces of Eight — Caribbean — autosave ...").
DASH = " \N{EM DASH} "


def local_time(when: datetime) -> datetime:
    """A stored time (UTC; SQLite may give it back without its zone) on this computer's clock."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone()


def save_title(name: str, mode_title: str, updated: datetime, *, autosave: bool) -> str:
    """How a save is listed: a save by its name; an autosave by its mode, what it is
    played on (its scenario or map, or the name it was saved under) and when:
    "Pieces of Eight — Caribbean — autosave 24 Nov 14:05"."""
    if not autosave:
        return name
    at = local_time(updated)
    parts = [mode_title]
    name = name.strip().removeprefix(mode_title + DASH)  # a table's name starts with its game
    if name.strip() and name.strip().casefold() not in (mode_title.casefold(), "untitled"):
        parts.append(name.strip())
    parts.append(f"autosave {at.day} {at:%b %H:%M}")
    return DASH.join(parts)
