"""A state machine over the table server (issue 37): joins, resumes (right, wrong and
duplicate codes), drops, moves (fresh, stale, from a replaced line), saves and
re-hosts in random order, on lines that are objects in memory (the server's own
handlers, its own queues). Always: no seat's view or secret reaches another seat's
line, no move is lost or played twice, a replaced line hears nothing after it is told
its seat was taken, a re-hosted table gives each seat only to its own code, and no
table is ever opened but the one asked for."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from wargame.net.protocol import ProtocolError, Refused
from wargame.net.rules import net_settings
from wargame.net.server import TableServer
from wargame.net.table import Table

GAME, PLAYERS = "pirate-coins", 3
#: net.toml's settings with no limit on how often a seat comes back (the machine resumes
#: as often as it likes; the limit has its own test in test_attack.py).
_NET = net_settings()
UNHURRIED = _NET.model_copy(
    update={"limits": _NET.limits.model_copy(update={"resume_burst": 10**9})}
)


class FakeLine:
    """A websocket as the server sees one: what it sends is kept, in order."""

    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []
        self.closed = False

    async def send(self, text: str) -> None:
        if not self.closed:
            self.got.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = True


@dataclass
class Line:
    ws: FakeLine
    client: Any
    seat: int
    live: bool = True
    taken: bool = False
    read: int = 0
    after_taken: list[dict[str, Any]] = field(default_factory=list)


class SeatsMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.server = self._run(
            lambda: TableServer(
                GAME, players=PLAYERS, seed=5, more_tables=False, settings=UNHURRIED
            )
        )
        self.lines: list[Line] = []
        self.codes: dict[int, str] = {}
        self.played = 0  # moves the table accepted
        self.labels: list[str] = []

    # -- the loop ---------------------------------------------------------------------
    def _run(self, what: Any) -> Any:
        async def step() -> Any:
            out = what()
            for _ in range(6):  # the writers send what was queued
                await asyncio.sleep(0)
            return out

        return self.loop.run_until_complete(step())

    def teardown(self) -> None:
        for task in asyncio.all_tasks(self.loop):
            task.cancel()
        self.loop.run_until_complete(asyncio.sleep(0))
        self.loop.close()

    @property
    def table(self) -> Table:
        table = self.server.tables[0]
        assert table is not None
        return table

    def _greet(self, hello: dict[str, Any]) -> Line | None:
        ws = FakeLine()

        def go() -> Any:
            client = self.server._greet(ws, hello)  # noqa: SLF001 - the handler's own step
            self.server.broadcast(client.tid)
            return client

        try:
            client = self._run(go)
        except (Refused, ProtocolError):
            return None
        for line in self.lines:  # the seat's older line is told and replaced
            if line.seat == client.seat and line.live and not line.taken:
                line.taken = True
        line = Line(ws, client, client.seat)
        self.lines.append(line)
        return line

    def _live(self) -> list[Line]:
        return [line for line in self.lines if line.live and not line.taken]

    # -- rules ------------------------------------------------------------------------
    @initialize(seated=st.integers(0, PLAYERS))
    def seat_some(self, seated: int) -> None:
        """Most runs start with the table filling (so its game goes on)."""
        for name in ("Ann", "Bea", "Cy")[:seated]:
            self.join(name)

    @rule(name=st.sampled_from(["Ann", "Bea", "Cy", "Ann", ""]))
    def join(self, name: str) -> None:
        before = {s.index for s in self.table.seats if s.held}
        full = len(before) == PLAYERS
        line = self._greet({"type": "join", "name": name, "bot": None})
        if full:
            assert line is None, "a full table took a newcomer"
        elif line is not None:
            assert line.seat not in before, "a join took a held seat"
            welcome = line.ws.got[0]
            self.codes[line.seat] = str(welcome["token"])

    @precondition(lambda self: self.codes)
    @rule(data=st.data(), wrong=st.booleans())
    def resume(self, data: st.DataObject, wrong: bool) -> None:
        seat = data.draw(st.sampled_from(sorted(self.codes)))
        token = self.codes[seat]
        if wrong:  # another seat's code, or a made-up one
            others = [t for s, t in self.codes.items() if s != seat] or ["x" * 22]
            token = data.draw(st.sampled_from(others))
        line = self._greet({"type": "resume", "table": 0, "seat": seat, "token": token, "have": 0})
        if wrong:
            assert line is None, "a seat was taken with another's code"
        else:
            assert line is not None and line.seat == seat

    @precondition(lambda self: self._live())
    @rule(data=st.data())
    def drop(self, data: st.DataObject) -> None:
        line = data.draw(st.sampled_from(self._live()))
        line.live = False
        self._run(lambda: self.server._gone(line.client))  # noqa: SLF001

    @precondition(lambda self: any(line.live for line in self.lines))
    @rule(data=st.data(), stale=st.booleans())
    def act(self, data: st.DataObject, stale: bool) -> None:
        """A move from a line still open (a replaced one among them): only its seat's
        current line, on its turn and fresh, may play it; then it is played once."""
        line = data.draw(st.sampled_from([x for x in self.lines if x.live]))
        table = self.table
        n = len(table.session.entries)
        legal = table.state.legal_actions() if not table.over else []
        text = legal[data.draw(st.integers(0, len(legal) - 1))].to_text() if legal else "x"
        have = n - 1 if stale else n
        current = self.server.clients[0].get(line.seat) is line.client
        ok = not stale and not line.taken and current and table.to_act() == line.seat and legal

        def go() -> None:
            self.server._handle(line.client, {"type": "act", "n": have, "action": text})  # noqa: SLF001

        try:
            self._run(go)
            accepted = True
        except (Refused, ProtocolError):
            accepted = False
        assert accepted == bool(ok), (accepted, ok, line.taken, stale)
        if accepted:
            self.played += 1
        event("a move played" if accepted else "a move refused")

    def _current(self) -> Line | None:
        seat = self.table.to_act()
        client = self.server.clients[0].get(seat) if seat is not None else None
        return next((x for x in self.lines if x.client is client and x.live), None)

    @precondition(lambda self: self._current() is not None)
    @rule(data=st.data())
    def play_the_turn(self, data: st.DataObject) -> None:
        """The seat to act plays on its current line (the game moves on)."""
        line = self._current()
        assert line is not None
        legal = self.table.state.legal_actions()
        text = legal[data.draw(st.integers(0, len(legal) - 1))].to_text()
        n = len(self.table.session.entries)
        self._run(
            lambda: self.server._handle(line.client, {"type": "act", "n": n, "action": text})  # noqa: SLF001
        )
        self.played += 1
        event("a turn played")

    @precondition(lambda self: self._current() is not None)
    @rule(data=st.data())
    def play_another_turn(self, data: st.DataObject) -> None:
        self.play_the_turn(data)  # (twice the chance: the game goes on further)

    @precondition(lambda self: self.codes)
    @rule()
    def save_and_host_again(self) -> None:
        """The host is killed and hosts the save again: every line is gone; each seat
        waits for its own code."""
        data = json.loads(json.dumps(self.table.save_json()))
        text = json.dumps(data)
        assert all(token not in text for token in self.codes.values())
        labels = [e.label for e in self.table.session.entries]
        for line in self.lines:
            line.live = False
        self.server = self._run(
            lambda: TableServer(
                GAME, saved=data, more_tables=False, auto_stand_in=False, settings=UNHURRIED
            )
        )
        assert [e.label for e in self.table.session.entries] == labels
        held = {s.index for s in self.table.seats if s.held}
        assert held == set(self.codes)
        event(f"hosted again after {len(labels)} moves")

    # -- always -----------------------------------------------------------------------
    @invariant()
    def one_table_and_every_move_once(self) -> None:
        assert len(self.server.tables) == 1
        assert len(self.table.session.entries) == self.played

    @invariant()
    def each_line_hears_only_its_own_seat(self) -> None:
        table = self.table
        entries = table.session.entries
        for line in self.lines:
            new = line.ws.got[line.read :]
            line.read = len(line.ws.got)
            for msg in new:
                if line.after_taken:
                    raise AssertionError(f"a replaced line was sent {msg['type']}")
                if msg["type"] == "taken":
                    line.after_taken.append(msg)
                    continue
                if msg["type"] == "welcome":
                    assert msg["seat"] == line.seat
                if msg["type"] != "update" or not line.live:
                    continue
                assert msg["view"] == table.state.observation(line.seat)
                for i, entry in enumerate(msg["entries"], int(msg["start"])):
                    e = entries[i]
                    if e.secret and e.seat != line.seat:
                        assert "a" not in entry, "another seat's secret move was sent"


SeatsMachine.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestSeatsMachine = SeatsMachine.TestCase
