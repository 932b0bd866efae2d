"""A headless server's saves: each table's game in the data folder, as the app's host
keeps its own (``wargame serve``; ``wargame serve --resume FILE`` hosts one again).

After a change at a table its save is written again (atomically, before the seats
are sent the change: a client never holds an entry the save lacks; ``every`` > 0
groups a burst of changes into one write instead), sealed as any save of this
installation, with the seats' names and salted code hashes (:mod:`wargame.net.identity`)
and never the seed: a server killed at any moment loses at most the last moments,
and hosted again every seat waits for its own player's code.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import tempfile
import time
from pathlib import Path

from wargame.errors import WargameError
from wargame.net.server import TableServer
from wargame.net.table import Table
from wargame.persistence.files import TEMP_SUFFIX, write_atomic

log = logging.getLogger(__name__)

#: The data folder's subfolder of table saves.
FOLDER = "tables"


def tables_folder(data: Path) -> Path:
    return Path(data) / FOLDER


class TableSaves:
    """Writes every table of ``server`` to ``folder`` after each change."""

    def __init__(
        self,
        server: TableServer,
        folder: Path,
        *,
        every: float = 0.0,
        first: Path | None = None,
    ) -> None:
        """``first``: the file of table 0 (a resumed table goes on in its own file)."""
        self.server = server
        self.folder = Path(folder)
        self.every = every
        self.stamp = time.strftime("%Y%m%d-%H%M%S")
        self.paths: dict[int, Path] = {0: first} if first is not None else {}
        self._due: set[int] = set()
        #: Per table, its log rows as JSON text, written once (a row never changes).
        self._rows: dict[int, list[str]] = {}
        self._timer: asyncio.TimerHandle | None = None
        #: The last failure, in words (None: the last write worked).
        self.problem: str | None = None
        chained = server.on_broadcast

        def changed(tid: int, n: int) -> None:
            if chained is not None:
                chained(tid, n)
            self.changed(tid)

        server.on_broadcast = changed

    def path(self, tid: int) -> Path:
        if tid not in self.paths:
            self.paths[tid] = self.folder / f"{self.server.game}-{self.stamp}-table{tid}.json"
        return self.paths[tid]

    def changed(self, tid: int) -> None:
        self._due.add(tid)
        if self.every <= 0:
            self.flush()
        elif self._timer is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                self.flush()
                return
            self._timer = loop.call_later(self.every, self.flush)

    def flush(self, *, durable: bool = False) -> None:
        """Write every table changed since the last write (``durable``: fsynced, as at
        the server's end; between moves a kill of the server loses nothing, a power cut
        may lose the last moves)."""
        self._timer = None
        due, self._due = self._due, set()
        for tid in sorted(due):
            table = self.server.tables[tid] if tid < len(self.server.tables) else None
            if table is None:
                continue
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                text = self._text(tid, table)
                if durable:
                    write_atomic(self.path(tid), text)
                else:
                    _replace(self.path(tid), text)
                self.problem = None
            except (WargameError, OSError) as exc:
                self.problem = f"table {tid} could not be saved: {exc}"
                log.warning("%s", self.problem)

    def close(self) -> None:
        """The server's end: every table written once more, durably."""
        self._due.update(t for t, table in enumerate(self.server.tables) if table is not None)
        self.flush(durable=True)

    def _text(self, tid: int, table: Table) -> str:
        """The table's save as JSON text (``Table.save_json``), its log rows kept from
        the last write: a move costs its own row, not the whole log again."""
        head = table.save_head()
        rows = self._rows.setdefault(tid, [])
        entries = table.session.entries
        if len(rows) > len(entries):
            rows.clear()
        for i in range(len(rows), len(entries)):
            rows.append(_dumps(table.session.entry_json(i)))
        assert "log" not in head
        return _dumps(head)[:-1] + ',"log":[' + ",".join(rows) + "]}\n"


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _replace(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (a kill leaves the
    old file or the new one, never half of one), without waiting for the disk."""
    fd, tmp = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=path.parent
    )
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
