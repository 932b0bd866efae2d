"""The action log: every change is an action applied to a state, recorded with
the dice it used. Undo, redo, save, load and replay all come from it.

A :class:`Session` owns one state (a game, or any document with
``apply(action, dice)`` and ``clone()``), its log and a redo list.

* ``apply`` records the rolls drawn while applying, and marks the entry a
  *barrier* when it revealed hidden information; undo never passes a barrier.
* ``undo`` rebuilds the state from the nearest snapshot and replays the log
  with the recorded dice. Undone rolls stay in the dice log: dice already seen
  are not hidden information, and the seeded generator is never rewound, so an
  undo cannot be used to peek at future rolls.
* ``to_json`` / ``from_json`` save and load; loading replays to the identical
  state, whatever provider first rolled the dice (seeded, typed in, scripted).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from wargame.core.actions import Action
from wargame.core.dice import DiceService, ReplayProvider, Roll, SeededProvider
from wargame.errors import FileFormatError, UndoBlocked, WargameError

SESSION_FORMAT = "wargame-session"
SESSION_VERSION = 1
SNAPSHOT_EVERY = 64


class Replayable(Protocol):
    def apply(self, action: Action, dice: DiceService) -> None: ...

    def clone(self) -> Self: ...


S = TypeVar("S", bound=Replayable)


@dataclass(frozen=True, slots=True)
class Entry:
    """One applied action with the rolls it drew."""

    action: Action
    rolls: tuple[Roll, ...] = ()
    barrier: bool = False
    seat: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"a": self.action.to_text()}
        if self.rolls:
            out["r"] = [r.to_json() for r in self.rolls]
        if self.barrier:
            out["b"] = 1
        if self.seat is not None:
            out["p"] = self.seat
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], parse: Callable[[str], Action]) -> Entry:
        if not isinstance(data, Mapping) or not isinstance(data.get("a"), str):
            raise FileFormatError(f"log entry {data!r:.60} has no action text 'a'")
        rolls = tuple(Roll.from_json(r) for r in data.get("r", ()))
        seat = data.get("p")
        return cls(
            parse(data["a"]), rolls, bool(data.get("b")), None if seat is None else int(seat)
        )


Listener = Callable[["Session[Any]", str], None]


class Session(Generic[S]):
    """A state with its action log, undo/redo and persistence."""

    def __init__(
        self,
        factory: Callable[[DiceService], S],
        dice: DiceService | None = None,
        *,
        header: Mapping[str, Any] | None = None,
        setup_rolls: Sequence[Roll] | None = None,
    ) -> None:
        self.factory = factory
        self.dice = dice if dice is not None else DiceService()
        self.header: dict[str, Any] = dict(header or {})
        if setup_rolls is None:
            with self.dice.recording() as rolls:
                self.state = factory(self.dice)
            self.setup_rolls: tuple[Roll, ...] = tuple(rolls)
        else:
            self.setup_rolls = tuple(setup_rolls)
            self.state = factory(DiceService(ReplayProvider(self.setup_rolls)))
        self.entries: list[Entry] = []
        self.redo_list: list[Entry] = []
        self._snapshots: list[tuple[int, S]] = [(0, self.state.clone())]
        self._listeners: list[Listener] = []

    # -- observers ---------------------------------------------------------------
    def add_listener(self, fn: Listener) -> None:
        """``fn(session, what)`` after every change: what is apply/undo/redo/load."""
        self._listeners.append(fn)

    def _notify(self, what: str) -> None:
        for fn in list(self._listeners):
            fn(self, what)

    # -- applying ----------------------------------------------------------------
    def apply(self, action: Action) -> Entry:
        """Apply and record ``action``. On any error the state is as before."""
        seat = _current_player(self.state)
        try:
            with self.dice.recording() as rolls:
                self.state.apply(action, self.dice)
        except BaseException:
            self._rebuild(len(self.entries))
            raise
        entry = Entry(action, tuple(rolls), self._is_barrier(action, rolls), seat)
        self.entries.append(entry)
        self.redo_list.clear()
        self._maybe_snapshot()
        self._notify("apply")
        return entry

    def apply_text(self, text: str) -> Entry:
        parse = getattr(self.state, "parse_action", Action.from_text)
        return self.apply(parse(text))

    def _is_barrier(self, action: Action, rolls: Sequence[Roll]) -> bool:
        check = getattr(self.state, "is_undo_barrier", None)
        if check is not None:
            return bool(check(action, rolls))
        return action.reveals or any(r.hidden for r in rolls)

    def _maybe_snapshot(self) -> None:
        n = len(self.entries)
        if n % SNAPSHOT_EVERY == 0 and n > self._snapshots[-1][0]:
            self._snapshots.append((n, self.state.clone()))

    # -- undo / redo -------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return bool(self.entries) and not self.entries[-1].barrier

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_list)

    @property
    def undo_limit_reason(self) -> str | None:
        if not self.entries:
            return "nothing to undo"
        if self.entries[-1].barrier:
            return "undo stops here: it would reveal hidden information"
        return None

    def undo(self) -> Entry:
        reason = self.undo_limit_reason
        if reason:
            raise UndoBlocked(reason)
        entry = self.entries.pop()
        self.redo_list.append(entry)
        self._rebuild(len(self.entries))
        self._notify("undo")
        return entry

    def redo(self) -> Entry:
        if not self.redo_list:
            raise UndoBlocked("nothing to redo")
        entry = self.redo_list.pop()
        self.state.apply(entry.action, DiceService(ReplayProvider(entry.rolls)))
        self.entries.append(entry)
        self._maybe_snapshot()
        self._notify("redo")
        return entry

    def _rebuild(self, upto: int) -> None:
        """Make ``self.state`` the state after ``entries[:upto]``."""
        self._snapshots = [(n, s) for n, s in self._snapshots if n <= upto]
        n, snap = self._snapshots[-1]
        state = snap.clone()
        for entry in self.entries[n:upto]:
            state.apply(entry.action, DiceService(ReplayProvider(entry.rolls)))
        self.state = state

    # -- persistence -------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        provider = self.dice.provider
        dice_state = provider.get_state() if isinstance(provider, SeededProvider) else None
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "header": self.header,
            "setup": [r.to_json() for r in self.setup_rolls],
            "log": [e.to_json() for e in self.entries],
            "redo": [e.to_json() for e in self.redo_list],
            "dice": dice_state,
        }

    def head_json(self) -> dict[str, Any]:
        """The save without its log: with :meth:`entry_json` the parts of an autosave
        that appends only what changed (:meth:`from_parts` puts them together)."""
        provider = self.dice.provider
        dice_state = provider.get_state() if isinstance(provider, SeededProvider) else None
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "header": self.header,
            "setup": [r.to_json() for r in self.setup_rolls],
            "redo": [e.to_json() for e in self.redo_list],
            "dice": dice_state,
        }

    def entry_json(self, i: int) -> dict[str, Any]:
        """Log entry ``i`` as saved (see :meth:`head_json`)."""
        return self.entries[i].to_json()

    @staticmethod
    def join_parts(head: Mapping[str, Any], entries: Sequence[Any]) -> dict[str, Any]:
        """The whole save made of :meth:`head_json` and the :meth:`entry_json` list."""
        return {**head, "log": list(entries)}

    @classmethod
    def from_parts(
        cls,
        head: Mapping[str, Any],
        entries: Sequence[Any],
        factory: Callable[[DiceService], S],
        dice: DiceService | None = None,
        *,
        parse: Callable[[str], Action] = Action.from_text,
    ) -> Session[S]:
        """Load a save stored as :meth:`head_json` plus one :meth:`entry_json` each."""
        return cls.from_json(cls.join_parts(head, entries), factory, dice, parse=parse)

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any],
        factory: Callable[[DiceService], S],
        dice: DiceService | None = None,
        *,
        parse: Callable[[str], Action] = Action.from_text,
    ) -> Session[S]:
        """Rebuild a session by replaying its log; FileFormatError if it does not replay."""
        if not isinstance(data, Mapping) or data.get("format") != SESSION_FORMAT:
            raise FileFormatError("not a saved game (format is not 'wargame-session')")
        version = data.get("version")
        if not isinstance(version, int) or version > SESSION_VERSION:
            raise FileFormatError(f"saved game version {version!r} is newer than this app")
        try:
            setup = [Roll.from_json(r) for r in data.get("setup", [])]
            entries = [Entry.from_json(e, parse) for e in _list(data, "log")]
            redo = [Entry.from_json(e, parse) for e in _list(data, "redo")]
        except WargameError as exc:
            raise FileFormatError(f"saved game: {exc}") from exc
        if dice is None:
            dice = DiceService()
            if isinstance(data.get("dice"), list):
                try:
                    assert isinstance(dice.provider, SeededProvider)
                    dice.provider.set_state(data["dice"])
                except (TypeError, ValueError) as exc:
                    raise FileFormatError("saved game: the dice state is malformed") from exc
        try:
            session = cls(factory, dice, header=data.get("header") or {}, setup_rolls=setup)
            session.replay(entries)
        except WargameError as exc:
            raise FileFormatError(f"saved game does not replay: {exc}") from exc
        session.redo_list = redo
        return session

    def replay(self, entries: Iterable[Entry]) -> None:
        """Apply recorded entries with their recorded dice (no listeners fire per step)."""
        for i, entry in enumerate(entries):
            try:
                self.state.apply(entry.action, DiceService(ReplayProvider(entry.rolls)))
            except WargameError as exc:
                raise type(exc)(f"action {i + 1} ({entry.action.to_text()}): {exc}") from exc
            self.entries.append(entry)
            self._maybe_snapshot()
        self._notify("load")

    def log_text(self) -> str:
        """The log as plain text, one action a line with its dice."""
        lines = []
        for i, e in enumerate(self.entries, 1):
            dice = "  ".join(
                f"[{r.purpose}: {'hidden' if r.hidden else ' '.join(map(str, r.values))}]"
                for r in e.rolls
            )
            lines.append(f"{i:4d}. {e.action.to_text()}{'  ' + dice if dice else ''}")
        return "\n".join(lines)


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise FileFormatError(f"saved game: {key!r} must be a list")
    return value


def _current_player(state: Any) -> int | None:
    """The seat about to act, for the log; None for a document without seats."""
    fn = getattr(state, "current_player", None)
    return fn() if fn is not None else None
