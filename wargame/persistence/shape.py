"""What the database's helpers (startup check, backups, housekeeping) know of it: its
schema version and the :class:`DatabaseLike` shape they take, so that they need not
import ``db.py``, which opens the database through them (imports go one way:
db -> housekeeping -> backup -> check -> shape)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

SCHEMA_VERSION = 2


class DatabaseLike(Protocol):
    """The open database (:class:`wargame.persistence.db.Database`) as its helpers use it."""

    path: Path | None
    engine: Any
    notes: list[str]

    def migrate(self, seed_from: Path | None = None) -> None: ...
    def remove_orphans(self) -> int: ...
    def list_documents(self, kind: str) -> list[tuple[int, str]]: ...
    def put_document(
        self, kind: str, name: str, data: dict[str, Any], *, doc_id: int | None = None
    ) -> int: ...
