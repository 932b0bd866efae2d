"""The table server's own bots (seated from the start, or standing in for a player gone
past the grace period) think on a worker thread, never on the event loop: a long
search or a table of bots playing a whole game leaves every other table answering.

While a table's bot thinks, nothing reads or changes that table's game: the bot works
on a clone, an action sent meanwhile is stale, and the table's update waits until the
bot's action is in (:meth:`BotRunner.busy`). A table whose every player has gone
waits for one to come back: stand-in bots do not play games out to an empty room.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wargame.net.server import TableServer
    from wargame.net.table import Table

log = logging.getLogger(__name__)

#: How often a long run of bot moves is shown to the table (seconds).
SHOW_EVERY = 0.25


class BotRunner:
    """One task per table while its bots have the move."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self._thinking: set[int] = set()

    def busy(self, tid: int) -> bool:
        """A bot of table ``tid`` is thinking on another thread now."""
        return tid in self._thinking

    def _bots_move(self, tid: int, table: Table) -> bool:
        seat = table.to_act()
        if seat is None or table.seats[seat].bot is None:
            return False
        people = any(s.token is not None for s in table.seats)
        return not people or bool(self.server.clients.get(tid))

    def kick(self, tid: int) -> None:
        """Table ``tid``'s bots play while it is theirs to move (now, when no event
        loop runs: a table driven by hand in a test)."""
        table = self.server.tables[tid]
        if table is None or tid in self.tasks:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            if table.run_bots():
                self.server.broadcast(tid)
            return
        if self._bots_move(tid, table):
            self.tasks[tid] = loop.create_task(self._run(tid, table))

    async def _run(self, tid: int, table: Table) -> None:
        loop = asyncio.get_running_loop()
        shown = loop.time()
        try:
            while self.server.tables[tid] is table and self._bots_move(tid, table):
                seat = table.to_act()
                assert seat is not None
                bot = table.seats[seat].bot
                assert bot is not None
                state, n = table.state.clone(), len(table.session.entries)
                self._thinking.add(tid)
                try:
                    action = await asyncio.to_thread(bot.choose, state, seat)
                finally:
                    self._thinking.discard(tid)
                if (
                    self.server.tables[tid] is not table
                    or len(table.session.entries) != n
                    or table.seats[seat].bot is not bot
                ):
                    continue  # the table moved on meanwhile (a player took the seat back)
                table.session.apply(action)
                if loop.time() - shown > SHOW_EVERY:
                    self.server.broadcast(tid)
                    shown = loop.time()
        except Exception:  # a bot's fault: the table waits, the server goes on
            log.exception("table %d: a bot failed", tid)
        finally:
            self.tasks.pop(tid, None)
            self._thinking.discard(tid)
        self.server.broadcast(tid)
