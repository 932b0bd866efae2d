"""The host's saves of a table it serves (issue 25): the game is the host's, sealed as
at one screen. After every change it goes to an autosave row (home lists it; resumed,
it plays on at one screen), and Save the table... writes a file and a save (opened
with File > Open it is a hot-seat game; Host a saved game... serves it again)."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from ui.context import AppContext
from wargame.core.registry import mode
from wargame.errors import WargameError
from wargame.net.server import TableServer
from wargame.net.table import Table
from wargame.persistence.autosave import AutosaveSlot
from wargame.persistence.files import write_json_atomic

log = logging.getLogger(__name__)


class HostSaves:
    """The saves of table 0 of the server this app hosts."""

    def __init__(self, ctx: AppContext, server: TableServer) -> None:
        self.ctx = ctx
        self.server = server
        self.slot = AutosaveSlot()
        self.save_id: int | None = None
        #: The last failure, in words (None: the last write worked).
        self.problem: str | None = None
        #: The name the table was last saved under (Save the table...), else None.
        self.saved_as: str | None = None

    @property
    def table(self) -> Table | None:
        return self.server.tables[0] if self.server.tables else None

    def name(self, table: Table) -> str:
        names = ", ".join(table.name(s) for s in range(table.players))
        return f"{mode(table.game_name).title} — {names} — across computers"

    def autosave(self, tid: int = 0, _n: int = 0) -> None:
        """After a change at table ``tid`` (the server's ``on_broadcast``)."""
        table = self.table
        if tid != 0 or table is None:
            return
        try:
            table.save_json()  # the header's seats, the seed out
            session = table.session
            self.slot.write_session(
                self.ctx.db,
                table.game_name,
                self.name(table),
                head=session.head_json(),
                entries=session.entries,
                entry_json=session.entry_json,
                of_save=self.save_id,
            )
            self.problem = None
        except WargameError as exc:
            self.problem = f"autosave failed: {exc}"
            log.warning("%s", self.problem)

    def save(self, path: str | Path | None = None, parent: QWidget | None = None) -> bool:
        """Save the table: to ``path`` (asked when None) and to the database."""
        table = self.table
        if table is None:
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                parent, "Save the table", str(Path.home() / "table.json"), "Saves (*.json)"
            )
            if not path:
                return False
        try:
            data = table.save_json()
            write_json_atomic(Path(path), data)
            self.save_id = self.ctx.db.save_game(
                table.game_name,
                Path(path).stem,
                data,
                save_id=self.save_id,
                durable=True,
                drop_autosave=self.slot.id,
            )
            self.slot.detach()
        except (WargameError, OSError) as exc:
            if Path(path).exists():
                self.saved_as = Path(path).name
            self.problem = f"could not save: {exc}"
            return False
        self.problem = None
        self.saved_as = Path(path).name
        return True
