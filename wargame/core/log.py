"""The action log: every change is an action applied to a state, recorded with
the dice it used. Undo, redo, save, load and replay all come from it.

A :class:`Session` owns one state (a game, or any document with
``apply(action, dice)`` and ``clone()``), its log and a redo list.

* ``apply`` records the rolls drawn while applying and the action's public
  sentence (:func:`~wargame.core.game.public_text`: a secret action is never
  described by its parameters). An entry that drew any roll, revealed hidden
  information or that the game marks so is a *barrier*: undo never passes it,
  for any player, in any mode, so a roll can't be taken back and rolled again.
* ``undo`` rebuilds the state from the nearest snapshot and replays the log
  with the recorded dice; ``redo`` re-applies an entry with its recorded dice.
  The seeded generator is never rewound.
* Saving: ``head_json`` (everything but the log) and ``entry_json(i)`` (one log
  entry as saved) keep public information readable and *seal* (AES-GCM, the
  table key of :mod:`wargame.core.sealing`) hidden roll values, secret actions
  and the generator state. Every part is authenticated: entry ``i`` is bound to
  the save id, its index and the previous entry's seal (a hash chain), and the
  head to the number of entries and the last seal, so a save edited, cut short
  or spliced outside the app is refused. ``from_parts`` loads them;
  ``to_json`` / ``from_json`` are the one-document form. Loading replays to the
  identical state and the generator continues exactly where it was.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Generic, Protocol, Self, TypeVar

from wargame.core.actions import Action
from wargame.core.correction import CorrectionProvider, CorrectionRefused, corrected_rolls
from wargame.core.dice import DiceService, ReplayProvider, Roll, SeededProvider, fresh_seed
from wargame.core.entry import Entry, public_roll
from wargame.core.game import action_is_secret, public_text, tell_mark, told
from wargame.core.override import OverrideRefused, is_override
from wargame.core.saveformat import (
    FRIENDLY_UNDO,
    FRIENDLY_UNDOS,
    SESSION_FORMAT,
    SESSION_VERSION,
    UNSEALED,
    UNSEALED_FROM,
    UnsealedSave,
    check_format,
    converted_header,
    entry_ad,
    head_ad,
    list_of,
    reseal,
    seq_of,
    tip_of,
    unsealed_note,
)
from wargame.core.sealing import Keyring, SaveTampered, Sealer, keyring, padded
from wargame.core.seats import SEAT_NAMES, clean_seat_names, header_names
from wargame.errors import FileFormatError, IllegalAction, UndoBlocked, WargameError
from wargame.plural import count

SNAPSHOT_EVERY = 64


class Replayable(Protocol):
    def apply(self, action: Action, dice: DiceService) -> None: ...

    def clone(self) -> Self: ...


S = TypeVar("S", bound=Replayable)


__all__ = [
    "FRIENDLY_UNDO",
    "FRIENDLY_UNDOS",
    "SESSION_FORMAT",
    "SESSION_VERSION",
    "UNSEALED",
    "Entry",
    "Session",
    "UnsealedSave",
    "public_roll",
    "reseal",
]

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
        # A session made without dice draws its seed from the OS: never a fixed seed.
        self.dice = dice if dice is not None else DiceService(SeededProvider(fresh_seed()))
        self.header: dict[str, Any] = dict(header or {})
        if setup_rolls is None:
            with self.dice.recording() as rolls:
                self.state = factory(self.dice)
            self.setup_rolls: tuple[Roll, ...] = tuple(rolls)
        else:
            self.setup_rolls = tuple(setup_rolls)
            self.state = factory(DiceService(ReplayProvider(self.setup_rolls)))
        self._name_seats()
        self.entries: list[Entry] = []
        self.redo_list: list[Entry] = []
        #: Entries before this index had another action made after them: their typed-in
        #: dice stand, even once that action is undone (issue 39).
        self._settled = 0
        self._snapshots: list[tuple[int, S]] = [(0, self.state.clone())]
        self._listeners: list[Listener] = []
        #: The save's identity (sealed parts are bound to it) and the key sealing it.
        self.save_id = secrets.token_hex(16)
        self.key_id: str | None = None
        #: The keyring of the data folder the session was made in: a later
        #: ``sealing.configure`` (another window, another folder) does not move it.
        self.keyring: Keyring | None = keyring()
        self._seals: list[str] = []
        self._saved: list[dict[str, Any]] = []
        self._head_seal: tuple[bytes, Any, str] | None = None
        #: Hot-seat documents (the campaign): undo takes back only actions of the
        #: player at the computer (``at_table``); the state's ``author(action)`` names
        #: who made one (None: a rules event anyone may take back).
        self.authors_only = False
        self.at_table: int | None = None

    # -- observers ---------------------------------------------------------------
    def add_listener(self, fn: Listener) -> None:
        """``fn(session, what)`` after every change: what is apply/undo/redo/load."""
        self._listeners.append(fn)

    def _notify(self, what: str) -> None:
        for fn in list(self._listeners):
            fn(self, what)

    # -- applying ----------------------------------------------------------------
    def apply(self, action: Action) -> Entry:
        """Apply and record ``action``. On any error the state is as before. A table
        override is refused here: it goes only through :meth:`override`."""
        if is_override(action):
            raise IllegalAction(
                "a table override is not a move of the game: use Edit > Table override"
            )
        return self._apply(action)

    def override(self, action: Action) -> Entry:
        """Apply and record the table override ``action`` (:mod:`wargame.core.override`):
        outside the legal actions, on the table's say-so, marked as an override in the
        log and the save. Raises OverrideRefused (BadInput) and changes nothing when the
        game can't take it."""
        if not is_override(action):
            raise OverrideRefused(f"{action.kind} is not a table override")
        return self._apply(action)

    def _apply(self, action: Action) -> Entry:
        seat = _current_player(self.state)
        secret = action_is_secret(self.state, action)
        try:
            text = public_text(self.state, action)
        except (KeyError, ValueError, IndexError, AttributeError, TypeError):
            text = ""  # an action the rules will refuse below
        mark = tell_mark(self.state)
        try:
            with self.dice.recording() as rolls:
                self.state.apply(action, self.dice)
        except BaseException:
            self._rebuild(len(self.entries))
            raise
        barrier = self._is_barrier(action, rolls)
        said = told(self.state, action, mark)
        entry = Entry(action, tuple(rolls), barrier, seat, text, secret, said)
        self.entries.append(entry)
        self._settle()
        self.redo_list.clear()
        self._maybe_snapshot()
        self._notify("apply")
        return entry

    def apply_text(self, text: str) -> Entry:
        parse = getattr(self.state, "parse_action", Action.from_text)
        return self.apply(parse(text))

    def override_text(self, text: str) -> Entry:
        """:meth:`override` from the action's text form."""
        return self.override(Action.from_text(text))

    def _is_barrier(self, action: Action, rolls: Sequence[Roll]) -> bool:
        """Any roll (seen or hidden) and any reveal is a barrier; a game may add more,
        never fewer."""
        if rolls or action.reveals:
            return True
        check = getattr(self.state, "is_undo_barrier", None)
        return bool(check(action, rolls)) if check is not None else False

    def _maybe_snapshot(self) -> None:
        n = len(self.entries)
        if n % SNAPSHOT_EVERY == 0 and n > self._snapshots[-1][0]:
            self._snapshots.append((n, self.state.clone()))

    # -- undo / redo -------------------------------------------------------------
    @property
    def friendly_undo(self) -> bool:
        """A practice game's "friendly undo": undo passes rolls and reveals. Chosen when
        the game is made (``header["friendly_undo"]``, sealed with the save, so it
        can't be switched on afterwards); off by default."""
        return bool(self.header.get(FRIENDLY_UNDO))

    @property
    def can_undo(self) -> bool:
        return self.undo_limit_reason is None

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_list)

    @property
    def undo_limit_reason(self) -> str | None:
        if not self.entries:
            return "nothing to undo"
        last = self.entries[-1]
        if last.barrier and not self.friendly_undo:
            return "undo stops here: dice were rolled or hidden information was revealed"
        if self.authors_only:
            author = _author(self.state, last)
            if author is not None and author != self.at_table:
                return f"only the player who made it may undo: {last.label}"
        return None

    def undo(self) -> Entry:
        reason = self.undo_limit_reason
        if reason:
            raise UndoBlocked(reason)
        entry = self.entries.pop()
        if entry.barrier:  # friendly undo past a roll or reveal: counted in the save
            self.header[FRIENDLY_UNDOS] = int(self.header.get(FRIENDLY_UNDOS, 0)) + 1
        del self._seals[len(self.entries) :]
        del self._saved[len(self.entries) :]
        self.redo_list.append(entry)
        self._rebuild(len(self.entries))
        self._notify("undo")
        return entry

    def redo(self) -> Entry:
        """Re-apply the last undone entry with the dice it recorded (never new ones)."""
        if not self.redo_list:
            raise UndoBlocked("nothing to redo")
        entry = self.redo_list.pop()
        self.state.apply(entry.action, DiceService(ReplayProvider(entry.rolls)))
        self.entries.append(entry)
        self._settle()
        self._maybe_snapshot()
        self._notify("redo")
        return entry

    # -- correcting a mistyped die (wargame/core/correction.py) -------------------------
    def correct_last_roll(self, index: int, text: str) -> Entry:
        """Re-enter the last entry's typed-in roll ``index`` as ``text``: the action is
        resolved again with it (its other dice as recorded) and the entry replaced by
        one whose told lines open with "die corrected: a -> b". Only the last entry,
        so only until the next action; CorrectionRefused (BadInput) when the roll was
        digital or nothing changes; any refusal leaves the game as it was."""
        if not self.entries:
            raise CorrectionRefused("correct a die: nothing has been played yet")
        if self.last_roll_settled:
            raise CorrectionRefused(
                "correct a die: another action was made after it (and taken back); once "
                "another action is made the dice of the one before stand"
            )
        last = self.entries[-1]
        rolls, line = corrected_rolls(last.rolls, index, text)
        n = len(self.entries)
        self._rebuild(n - 1)
        mark = tell_mark(self.state)
        try:
            with self.dice.recording() as drawn:
                with self.dice.using(CorrectionProvider(rolls, self.dice.provider)):
                    self.state.apply(last.action, self.dice)
        except BaseException:
            self._rebuild(n)
            raise
        said = told(self.state, last.action, mark)
        entry = replace(last, rolls=tuple(drawn), told=(line, *said))
        self.entries[-1] = entry
        del self._seals[n - 1 :]
        del self._saved[n - 1 :]
        self.redo_list.clear()
        self._maybe_snapshot()
        self._notify("correct")
        return entry

    @property
    def last_roll_settled(self) -> bool:
        """Another action was made after the last entry and undone: its dice stand. The
        undone action waits in the redo list, or the mark says so once it has gone."""
        return bool(self.redo_list) or len(self.entries) - 1 < self._settled

    def _settle(self) -> None:
        """An entry was added: every entry before it may no longer be corrected."""
        self._settled = max(self._settled, len(self.entries) - 1)

    def _rebuild(self, upto: int) -> None:
        """Make ``self.state`` the state after ``entries[:upto]``."""
        self._snapshots = [(n, s) for n, s in self._snapshots if n <= upto]
        n, snap = self._snapshots[-1]
        state = snap.clone()
        for entry in self.entries[n:upto]:
            state.apply(entry.action, DiceService(ReplayProvider(entry.rolls)))
        self.state = state
        self._name_seats()

    # -- seat names (public: in the header) ------------------------------------------
    @property
    def seat_names(self) -> tuple[str, ...]:
        """The players' names for the seats ("" or missing: the game's default)."""
        return header_names(self.header)

    @seat_names.setter
    def seat_names(self, names: Sequence[str]) -> None:
        seats = getattr(self.state, "n", None)
        if not isinstance(seats, int):
            seats = int(self.header.get("players", len(names)) or len(names))
        clean = clean_seat_names(names, seats)
        if clean:
            self.header[SEAT_NAMES] = list(clean)
        else:
            self.header.pop(SEAT_NAMES, None)
        self._name_seats()

    def _name_seats(self) -> None:
        """Give the state the seat names, so its log sentences use them."""
        names = self.seat_names
        if names or getattr(self.state, "seat_names", ()):
            self.state.seat_names = names  # type: ignore[attr-defined]

    # -- persistence -------------------------------------------------------------
    def _sealer(self) -> Sealer:
        ring = self.keyring or keyring()
        if self.key_id is None:
            sealer = ring.own()
            self.key_id = sealer.kid
            return sealer
        return ring.sealer(self.key_id)

    def _entry_ad(self, i: int, public: Mapping[str, Any]) -> bytes:
        return entry_ad(self.save_id, i, self._seals[i - 1] if i else "", public)

    def _seal_upto(self, n: int) -> None:
        if len(self._seals) >= n:
            return
        sealer = self._sealer()
        for i in range(len(self._seals), n):
            entry = self.entries[i]
            public = entry.public_json()
            self._seals.append(sealer.seal(entry.private_json(), self._entry_ad(i, public)))

    def entry_json(self, i: int) -> dict[str, Any]:
        """The ``i``-th log entry as saved: its public part and its seal ``s``. Once
        made, an entry's saved form never changes (a database can append it once)."""
        if not 0 <= i < len(self.entries):
            raise IndexError(f"no log entry {i}")
        while len(self._saved) <= i:
            k = len(self._saved)
            self._seal_upto(k + 1)
            self._saved.append({**self.entries[k].public_json(), "s": self._seals[k]})
        return dict(self._saved[i])

    def _tip(self) -> str:
        n = len(self.entries)
        self._seal_upto(n)
        return tip_of(self._seals)

    def head_json(self) -> dict[str, Any]:
        """Everything but the log: the header, the public setup rolls, the readable part
        of the redo list, and one seal over the hidden setup rolls, the redo entries'
        secrets and the dice generator state, bound to the log's length and last seal.
        Save it again after every change (the generator moves on)."""
        sealer = self._sealer()
        head: dict[str, Any] = {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "id": self.save_id,
            "key": self.key_id,
            "header": self.header,
            "setup": [public_roll(r) for r in self.setup_rolls],
            "n": len(self.entries),
            "tip": self._tip(),
            "redo": [e.public_json() for e in self.redo_list],
        }
        private = {
            "setup": [r.to_json() for r in self.setup_rolls],
            # each undone secret padded on its own: the head's size can't tell it
            "redo": [padded(e.private_json()) for e in self.redo_list],
            "dice": _dice_state(self.dice),
        }
        # Saving twice with nothing changed gives the same bytes (the last seal is
        # reused); any change seals afresh with a new random nonce.
        ad = head_ad(head)
        cached = self._head_seal
        if cached is not None and cached[0] == ad and cached[1] == private:
            head["sealed"] = cached[2]
        else:
            head["sealed"] = sealer.seal(private, ad)
            self._head_seal = (ad, private, head["sealed"])
        return head

    def to_json(self) -> dict[str, Any]:
        return self.join_parts(
            self.head_json(), [self.entry_json(i) for i in range(len(self.entries))]
        )

    @staticmethod
    def join_parts(head: Mapping[str, Any], entries: Sequence[Any]) -> dict[str, Any]:
        """The one-document save made of ``head_json()`` and the ``entry_json`` list."""
        return {**head, "log": list(entries)}

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any],
        factory: Callable[[DiceService], S],
        dice: DiceService | None = None,
        *,
        parse: Callable[[str], Action] = Action.from_text,
        ring: Keyring | None = None,
        convert_unsealed: str | None = None,
    ) -> Session[S]:
        """Rebuild a session by replaying its log; FileFormatError if it does not replay
        (SaveTampered, a FileFormatError, if it was altered outside the app). A
        version-1 save is refused (:class:`UnsealedSave`) unless ``convert_unsealed``
        names where it comes from ("save" or "scenario", :data:`UNSEALED_FROM`): then
        it is converted, and marked so in its header for good."""
        version = check_format(data)
        if version == 1:
            if convert_unsealed not in UNSEALED_FROM:
                raise UnsealedSave()
            return cls._from_v1(data, factory, dice, parse, str(convert_unsealed))
        log = list_of(data, "log")
        head = {k: v for k, v in data.items() if k != "log"}
        return cls.from_parts(head, log, factory, dice, parse=parse, ring=ring)

    @classmethod
    def from_parts(
        cls,
        head: Mapping[str, Any],
        entries: Sequence[Mapping[str, Any]],
        factory: Callable[[DiceService], S],
        dice: DiceService | None = None,
        *,
        parse: Callable[[str], Action] = Action.from_text,
        ring: Keyring | None = None,
    ) -> Session[S]:
        """Load from ``head_json()`` and the ``entry_json(i)`` of every entry, checking
        every seal; the generator continues exactly where it was saved."""
        if check_format(head) != SESSION_VERSION:
            raise FileFormatError("saved game: a header and log rows must be version 2")
        ring = ring or keyring()
        kid = head.get("key")
        if not isinstance(kid, str):
            raise SaveTampered("saved game: it names no table key (altered outside the app)")
        sealer = ring.sealer(kid)
        public_head = {k: v for k, v in head.items() if k != "sealed"}
        private = sealer.open(str(head.get("sealed", "")), head_ad(public_head), "its header")
        if not isinstance(private, Mapping):
            raise SaveTampered("saved game: its sealed header is damaged")
        save_id = str(head.get("id", ""))
        if head.get("n") != len(entries):
            raise SaveTampered(
                f"saved game: it should hold {head.get('n')} log entries but holds "
                f"{len(entries)} (cut short or extended outside the app); the save is refused"
            )
        # Open every entry's seal in order (each is bound to the one before it).
        probe: Session[Any] = cls.__new__(cls)
        probe.save_id = save_id
        probe._seals = []
        loaded: list[Entry] = []
        try:
            for i, raw in enumerate(entries):
                public = dict(raw) if isinstance(raw, Mapping) else {}
                token = public.pop("s", None)
                if not isinstance(token, str):
                    raise SaveTampered(f"saved game: log entry {i + 1} has no seal")
                secret = sealer.open(token, probe._entry_ad(i, public), f"log entry {i + 1}")
                probe._seals.append(token)
                loaded.append(Entry.from_parts(public, secret, parse))
            tip = tip_of(probe._seals)
            if tip != head.get("tip"):
                raise SaveTampered("saved game: its log does not end where its header says")
            setup = [Roll.from_json(r) for r in seq_of(private.get("setup"), "setup")]
            redo_public = seq_of(head.get("redo"), "redo")
            redo_private = seq_of(private.get("redo"), "redo")
            if len(redo_public) != len(redo_private):
                raise SaveTampered("saved game: its redo list is damaged")
            redo = [
                Entry.from_parts(p, q, parse)
                for p, q in zip(redo_public, redo_private, strict=True)
            ]
        except SaveTampered:
            raise
        except WargameError as exc:
            raise FileFormatError(f"saved game: {exc}") from exc
        session = cls._rebuild_session(factory, dice, head.get("header"), setup, loaded)
        _restore_dice(session.dice, private.get("dice"))
        session.redo_list = redo
        session.save_id = save_id
        session.key_id = kid
        session.keyring = ring
        session._seals = probe._seals
        session._saved = [dict(e) for e in entries]
        session._head_seal = (head_ad(public_head), private, str(head.get("sealed")))
        return session

    @classmethod
    def _rebuild_session(
        cls,
        factory: Callable[[DiceService], S],
        dice: DiceService | None,
        header: Any,
        setup: Sequence[Roll],
        entries: Sequence[Entry],
    ) -> Session[S]:
        header = header if isinstance(header, Mapping) else {}
        try:
            session = cls(factory, dice, header=header, setup_rolls=setup)
            session.replay(entries)
        except WargameError as exc:
            raise FileFormatError(f"saved game does not replay: {exc}") from exc
        return session

    @classmethod
    def _from_v1(
        cls,
        data: Mapping[str, Any],
        factory: Callable[[DiceService], S],
        dice: DiceService | None,
        parse: Callable[[str], Action],
        origin: str,
    ) -> Session[S]:
        """A version-1 save converted: plain text, never authenticated. It replays as
        it was played, under the header's mark :data:`UNSEALED` (sealed with the game
        from now on, so it can't be taken off); nothing in it that could relax the
        rules or plant the dice comes along (friendly undo, a seed, the generator
        state, the redo list): the game goes on with dice seeded from the OS."""
        try:
            setup = [Roll.from_json(r) for r in list_of(data, "setup")]
            entries = [Entry.from_json(e, parse) for e in list_of(data, "log")]
        except WargameError as exc:
            raise FileFormatError(f"saved game: {exc}") from exc
        header = converted_header(data.get("header"), len(entries), origin)
        return cls._rebuild_session(factory, dice, header, setup, entries)

    @property
    def unsealed_note(self) -> str | None:
        """The table's notice for a game converted from an unsealed file (None: the
        game was sealed from its start)."""
        return unsealed_note(self.header)

    def replay(self, entries: Iterable[Entry]) -> None:
        """Apply recorded entries with their recorded dice (no listeners fire per step).
        An entry without its sentence (a version-1 save) or without what it did (a
        save made before entries kept ``told``) gets them now."""
        for i, entry in enumerate(entries):
            if not entry.text:
                try:
                    text = public_text(self.state, entry.action)
                except (KeyError, ValueError, IndexError, AttributeError, TypeError):
                    text = ""
                secret = action_is_secret(self.state, entry.action)
                entry = Entry(entry.action, entry.rolls, entry.barrier, entry.seat, text, secret)
            mark = tell_mark(self.state)
            try:
                self.state.apply(entry.action, DiceService(ReplayProvider(entry.rolls)))
            except WargameError as exc:
                raise type(exc)(f"action {i + 1} ({entry.label}): {exc}") from exc
            if entry.told is None:  # saved before entries kept it: the engine tells it now
                entry = replace(entry, told=told(self.state, entry.action, mark))
            self.entries.append(entry)
            self._settle()
            self._maybe_snapshot()
        self._notify("load")

    def log_text(self) -> str:
        """The log as plain text, one action a line with its dice; a secret action
        shows its sentence, a hidden roll only that it happened."""
        lines = []
        if self.unsealed_note:
            lines.append(self.unsealed_note)
        if self.friendly_undo:
            lines.append(
                f"Practice game: friendly undo on ({count(int(self.header.get(FRIENDLY_UNDOS, 0)), 'undo', 'undos')} "
                "past a roll or reveal)"
            )
        for i, e in enumerate(self.entries, 1):
            dice = "  ".join(
                f"[{r.purpose}: {'hidden' if r.hidden else ' '.join(map(str, r.values))}]"
                for r in e.rolls
            )
            said = e.label if e.secret else e.action.to_text()
            if e.override:
                said += "  (table override)"
            lines.append(f"{i:4d}. {said}{'  ' + dice if dice else ''}")
            lines += [f"      {t}" for t in e.told or ()]
        return "\n".join(lines)


def _dice_state(dice: DiceService) -> Any:
    get = getattr(dice.provider, "get_state", None)
    return get() if get is not None else None


def _restore_dice(dice: DiceService, state: Any) -> None:
    """Put the saved generator state into ``dice`` (whatever wraps the generator)."""
    if state is None:
        return
    set_state = getattr(dice.provider, "set_state", None)
    if set_state is None:
        return
    try:
        set_state(state)
    except (TypeError, ValueError) as exc:
        raise FileFormatError("saved game: the dice state is malformed") from exc


def _author(state: Any, entry: Entry) -> int | None:
    fn = getattr(state, "author", None)
    return fn(entry.action) if fn is not None else entry.seat


def _current_player(state: Any) -> int | None:
    """The seat about to act, for the log; None for a document without seats."""
    fn = getattr(state, "current_player", None)
    return fn() if fn is not None else None
