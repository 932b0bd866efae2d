"""A person's copy of a table across computers: a Session the game's own view draws.

The server sends a person's seat, with every update, the log entries as that seat
may read them and, in a game with hidden parts, a *world* (:mod:`wargame.net.worlds`:
the whole table redrawn where the seat cannot see, so it looks to that seat exactly
like the real one). :class:`Mirror` keeps a :class:`~wargame.core.log.Session` of
them: its state is the newest world (a game without hidden parts replays the public
log with its dice, exactly), its entries the log as the server tells it (another
seat's secret action is a :class:`Hidden` entry: that it happened, its sentence).
The app's board views draw it from the seat (``ui/net``); nothing here is applied by
the player: their moves go to the server as text and come back in the next update.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wargame.core.actions import Action, action
from wargame.core.dice import DiceService, ReplayProvider, Roll
from wargame.core.game import GameSpec, GameState
from wargame.core.log import Entry, Session
from wargame.core.play import new_session
from wargame.core.seats import seat_label
from wargame.net.protocol import ProtocolError, field
from wargame.net.worlds import read_world


@action("net.hidden")
@dataclass(frozen=True, slots=True)
class Hidden(Action):
    """Another seat's secret action as this seat's copy of the log holds it: it
    happened; what it was is not told."""

    secret = True


def _roll(row: Any) -> Roll:
    """A roll as the seat was told it: a hidden roll has its die and count, no values."""
    if isinstance(row, list) and len(row) > 2 and isinstance(row[2], int):
        return Roll(int(row[0]), int(row[1]), (), str(row[3]), True)
    return Roll.from_json(row)


def _entry(data: Mapping[str, Any], parse: Any) -> tuple[Entry, bool]:
    """A log entry as the server sent it, and whether its action is known here."""
    if not isinstance(data, Mapping):
        raise ProtocolError("a log entry must be an object")
    text = data.get("a")
    known = isinstance(text, str)
    act = parse(text) if known else Hidden()
    seat = data.get("p")
    told = data.get("told")
    return (
        Entry(
            act,
            tuple(_roll(r) for r in data.get("r") or ()),
            bool(data.get("b")),
            None if seat is None else int(seat),
            str(data.get("t") or (text if known else "")),
            bool(data.get("x")),
            tuple(str(t) for t in told) if isinstance(told, list) else (),
        ),
        known,
    )


class Mirror:
    """One seat's copy of the table, kept from the server's messages (see the module)."""

    def __init__(self, welcome: Mapping[str, Any]) -> None:
        w = dict(welcome)
        self.seat: int = field(w, "seat", int)
        self.hidden = bool(w.get("hidden"))
        spec = GameSpec(
            field(w, "game", str),
            field(w, "players", int),
            dict(w.get("params") or {}),
            w.get("scenario"),
        )
        if self.hidden:
            # Set up from any dice: only its rules data is used (each world brings the rest).
            dice = DiceService.seeded(0)
        else:
            dice = DiceService(ReplayProvider([Roll.from_json(r) for r in w.get("setup") or ()]))
        self.session: Session[GameState] = new_session(spec, dice)
        if self.hidden:  # the setup's dice as told (who starts), not those of the stand-in
            self.session.setup_rolls = tuple(_roll(r) for r in w.get("setup") or ())
        self._template = self.session.state.clone()
        self.names: list[str] = []

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def have(self) -> int:
        return len(self.session.entries)

    def take(self, update: Mapping[str, Any]) -> int:
        """Read an ``update``: its entries join the log (each told to the session's
        listeners as applied) and its world becomes the state; how many entries came."""
        u = dict(update)
        start = field(u, "start", int)
        entries = u.get("entries") or []
        if start > self.have:
            raise ProtocolError(f"the table skipped log entries {self.have} to {start - 1}")
        session = self.session
        world = u.get("world")
        if self.hidden:
            if not isinstance(world, dict):
                raise ProtocolError("the table sent no view of the table for this seat")
            session.state = read_world(self._template, world)
        self._name(u.get("names") or ())
        parse = getattr(session.state, "parse_action", Action.from_text)
        came = 0
        for i, data in enumerate(entries, start):
            if i < self.have:
                continue  # already here (a resend after a resume)
            entry, known = _entry(data, parse)
            if not self.hidden:
                if not known:
                    raise ProtocolError("a public game's log entry has no action")
                session.dice = DiceService(ReplayProvider(entry.rolls))
                session.apply(entry.action)  # the same entry, worked out here, told
            else:
                session.entries.append(entry)
                session._notify("apply")  # noqa: SLF001 - the log's one listener hook
            came += 1
        return came

    def _name(self, names_sent: Sequence[Any]) -> None:
        """The seats' names the table's log uses, given to the copy's state too."""
        names = [str(n) for n in names_sent]
        if names and names != self.names:
            self.names = names
            self.session.seat_names = names
        elif self.names:
            self.session.seat_names = self.names  # a new world: its names again

    def name(self, seat: int) -> str:
        return seat_label(seat, self.names)
