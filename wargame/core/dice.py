"""The one dice service. No other module calls :mod:`random`.

Every random event in the app (a die, 2d6, a shuffle, a draw) is asked of a
:class:`DiceService`. A service gets its values from a provider:

* :class:`SeededProvider` - a seeded generator; the same seed gives the same game.
* :class:`ManualProvider` - the player types the dice rolled at the table.
* :class:`ReplayProvider` - the values recorded in an action log, used to replay
  a save to the identical state whatever provider first rolled them.

Each request is recorded as a :class:`Roll` (what it was for, the values) and
announced to listeners, so the UI's dice log shows every roll. A roll may be
``hidden`` (a card drawn into a hand): the log then shows that a draw happened,
not its value, and undo stops before it.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from wargame.errors import DiceEntryCancelled, DiceEntryError, shown
from wargame.plural import count

T = TypeVar("T")


def fresh_seed() -> int:
    """A seed for a new game from the operating system's entropy (:mod:`secrets`):
    nobody can know a game's dice from having played before."""
    return secrets.randbits(64)


@dataclass(frozen=True, slots=True)
class Roll:
    """One chance event: ``count`` values each in ``low..high``."""

    low: int
    high: int
    values: tuple[int, ...]
    purpose: str = ""
    hidden: bool = False
    #: Typed in from physical dice at the table (only such a roll can be corrected).
    typed: bool = False

    @property
    def label(self) -> str:
        n = len(self.values)
        if self.low == 1:
            return f"{n}d{self.high}" if n != 1 else f"d{self.high}"
        return f"{n}x[{self.low}..{self.high}]"

    @property
    def total(self) -> int:
        return sum(self.values)

    def to_json(self) -> list[Any]:
        row: list[Any] = [self.low, self.high, list(self.values), self.purpose]
        if self.hidden or self.typed:
            row.append(1 if self.hidden else 0)
        if self.typed:
            row.append(1)
        return row

    @classmethod
    def from_json(cls, row: Sequence[Any]) -> Roll:
        try:
            low, high, values, purpose = row[0], row[1], row[2], row[3]
            hidden = bool(row[4]) if len(row) > 4 else False
            typed = bool(row[5]) if len(row) > 5 else False
            vals = tuple(int(v) for v in values)
        except (IndexError, TypeError, ValueError) as exc:
            purpose = row[3] if isinstance(row, list | tuple) and len(row) > 3 else None
            what = f" (the roll for {shown(purpose)})" if isinstance(purpose, str) else ""
            raise DiceEntryError(
                f"a recorded roll is damaged{what}: it must hold the lowest and highest face, "
                "the dice rolled and what they were for"
            ) from exc
        return cls(int(low), int(high), vals, str(purpose), hidden, typed)


@dataclass(frozen=True, slots=True)
class RollRequest:
    """What a provider is asked for."""

    low: int
    high: int
    count: int
    purpose: str
    hidden: bool = False

    @property
    def die_name(self) -> str:
        return f"d{self.high}" if self.low == 1 else f"[{self.low}..{self.high}]"


class Provider(Protocol):
    def values(self, request: RollRequest) -> tuple[int, ...]: ...


class SeededProvider:
    """Deterministic values from a seed; its state round-trips through JSON."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        # randint(low, high) is low + _randbelow(high - low + 1) (random.randrange):
        # asking for that directly gives the same values two calls sooner a die.
        self._below = self._rng._randbelow

    def values(self, request: RollRequest) -> tuple[int, ...]:
        return self.plain(request.low, request.high, request.count)

    def plain(self, low: int, high: int, count: int) -> tuple[int, ...]:
        """``count`` values in ``low..high``, as :meth:`values` without a request."""
        below, width = self._below, high - low + 1
        if count == 1:
            return (low + below(width),)
        return tuple([low + below(width) for _ in range(count)])

    def get_state(self) -> list[Any]:
        version, internal, gauss = self._rng.getstate()
        return [version, list(internal), gauss]

    def set_state(self, state: Sequence[Any]) -> None:
        version, internal, gauss = state
        if gauss is not None:
            gauss = float(gauss)
        self._rng.setstate((int(version), tuple(int(x) for x in internal), gauss))


def parse_dice_entry(text: str, request: RollRequest) -> tuple[int, ...]:
    """Parse what a player typed for ``request``: numbers separated by spaces or commas.

    >>> parse_dice_entry("3 5", RollRequest(1, 6, 2, "fire"))
    (3, 5)
    """
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) != request.count:
        raise DiceEntryError(
            f"{request.purpose or 'roll'}: expected {count(request.count, 'value', 'values')} for "
            f"{request.count}{request.die_name}, got {len(parts)} ({text.strip() or 'nothing'})"
        )
    out: list[int] = []
    for i, p in enumerate(parts, 1):
        if not p.lstrip("-").isdigit():
            raise DiceEntryError(f"die {i}: {shown(p)} is not a whole number")
        v = int(p)
        if not request.low <= v <= request.high:
            raise DiceEntryError(
                f"die {i}: a {request.die_name} shows {request.low} to {request.high}, not {v}"
            )
        out.append(v)
    return tuple(out)


class ManualProvider:
    """Values typed in by the player at the table.

    ``ask(request)`` returns the raw text (or a sequence of ints) the player
    entered, or ``None`` to cancel. Hidden draws (shuffles, card draws) can't be
    typed in; they come from ``fallback``.
    """

    def __init__(
        self,
        ask: Callable[[RollRequest], str | Sequence[int] | None],
        fallback: Provider | None = None,
        *,
        attempts: int = 3,
    ) -> None:
        self.ask = ask
        self.fallback = fallback or SeededProvider(fresh_seed())
        self.attempts = attempts
        #: The last values were typed in by the player (not drawn by the fallback).
        self.last_typed = False

    def get_state(self) -> Any:
        get = getattr(self.fallback, "get_state", None)
        return get() if get is not None else None

    def set_state(self, state: Any) -> None:
        set_state = getattr(self.fallback, "set_state", None)
        if set_state is not None:
            set_state(state)

    def values(self, request: RollRequest) -> tuple[int, ...]:
        self.last_typed = False
        if request.hidden or request.high - request.low > 19:
            return self.fallback.values(request)
        last: DiceEntryError | None = None
        for _ in range(self.attempts):
            answer = self.ask(request)
            if answer is None:
                raise DiceEntryCancelled(f"dice entry cancelled: {request.purpose}")
            text = answer if isinstance(answer, str) else " ".join(str(v) for v in answer)
            try:
                values = parse_dice_entry(text, request)
            except DiceEntryError as exc:
                last = exc
            else:
                self.last_typed = True
                return values
        assert last is not None
        raise last


class ScriptedProvider:
    """Values from a fixed list, for tests and for typing in a whole sequence."""

    def __init__(self, values: Sequence[int]) -> None:
        self._values = list(values)
        self._pos = 0

    def values(self, request: RollRequest) -> tuple[int, ...]:
        out = []
        for _ in range(request.count):
            if self._pos >= len(self._values):
                raise DiceEntryError(f"scripted dice ran out at {request.purpose!r}")
            v = self._values[self._pos]
            self._pos += 1
            if not request.low <= v <= request.high:
                raise DiceEntryError(
                    f"scripted value {v} is not a {request.die_name} ({request.purpose})"
                )
            out.append(v)
        return tuple(out)

    @property
    def remaining(self) -> int:
        return len(self._values) - self._pos


class ReplayProvider:
    """Gives back recorded rolls in order, checking each matches the request."""

    def __init__(self, rolls: Sequence[Roll]) -> None:
        self._rolls = list(rolls)
        self._pos = 0
        #: The roll given back last was typed in at the table (replays keep the mark).
        self.last_typed = False

    def values(self, request: RollRequest) -> tuple[int, ...]:
        if self._pos >= len(self._rolls):
            raise DiceEntryError(
                f"the recorded dice ran out replaying {request.purpose!r}: the save "
                "does not match these rules"
            )
        roll = self._rolls[self._pos]
        self._pos += 1
        self.last_typed = roll.typed
        if (roll.low, roll.high, len(roll.values)) != (request.low, request.high, request.count):
            raise DiceEntryError(
                f"recorded roll {roll.label} does not match {request.count}{request.die_name} "
                f"for {request.purpose!r}: the save does not match these rules"
            )
        if any(not request.low <= v <= request.high for v in roll.values):
            raise DiceEntryError(
                f"recorded roll {roll.values} for {request.purpose!r} is not a {request.die_name}"
            )
        return roll.values

    def shuffle_values(self, request: RollRequest) -> tuple[int, ...]:
        values = self.values(RollRequest(0, request.high, request.count, request.purpose))
        for k, (i, v) in enumerate(zip(range(request.count, 0, -1), values)):
            if not 0 <= v <= i:
                raise DiceEntryError(f"recorded shuffle value {k} is out of range")
        return values

    @property
    def exhausted(self) -> bool:
        return self._pos >= len(self._rolls)


class DiceService:
    """Every random event goes through here.

    >>> dice = DiceService.seeded(7)
    >>> dice.d6("test") in range(1, 7)
    True
    """

    def __init__(self, provider: Provider | None = None) -> None:
        # No provider given: a generator seeded from the OS, never a fixed seed.
        self.provider = provider if provider is not None else SeededProvider(fresh_seed())
        self._listeners: list[Callable[[Roll], None]] = []
        self._recording: list[list[Roll]] = []

    @property
    def provider(self) -> Provider:
        return self._provider

    @provider.setter
    def provider(self, provider: Provider) -> None:
        self._provider = provider
        # A seeded generator is asked straight, with no RollRequest built per draw
        # (a bot match draws tens of thousands of times a second).
        self._plain = provider.plain if type(provider) is SeededProvider else None

    @classmethod
    def seeded(cls, seed: int | str | None) -> DiceService:
        return cls(SeededProvider(seed))

    # -- listeners and recording -------------------------------------------------
    def add_listener(self, fn: Callable[[Roll], None]) -> None:
        self._listeners.append(fn)

    def remove_listener(self, fn: Callable[[Roll], None]) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    @contextmanager
    def recording(self) -> Iterator[list[Roll]]:
        """Collect every roll made inside the block (nested blocks all see them)."""
        bucket: list[Roll] = []
        self._recording.append(bucket)
        try:
            yield bucket
        finally:
            self._recording.remove(bucket)

    def recorded(self) -> list[Roll]:
        """The rolls of the outermost recording so far (those of the action being made)."""
        return list(self._recording[0]) if self._recording else []

    @contextmanager
    def using(self, provider: Provider) -> Iterator[DiceService]:
        """Temporarily draw from another provider (replay, scripted test dice)."""
        saved = self.provider
        self.provider = provider
        try:
            yield self
        finally:
            self.provider = saved

    # -- the one primitive -------------------------------------------------------
    def draw(
        self, low: int, high: int, count: int = 1, purpose: str = "", *, hidden: bool = False
    ) -> tuple[int, ...]:
        if count < 0 or high < low:
            raise ValueError(f"bad roll request {count}x[{low}..{high}]")
        if count == 0:
            return ()
        if self._plain is not None:
            values = self._plain(low, high, count)
            typed = False
        else:
            provider = self._provider
            values = tuple(provider.values(RollRequest(low, high, count, purpose, hidden)))
            typed = bool(getattr(provider, "last_typed", False))
        if self._recording or self._listeners:  # nobody to tell: no Roll to build
            roll = Roll(low, high, values, purpose, hidden, typed)
            for bucket in self._recording:
                bucket.append(roll)
            for fn in self._listeners:
                fn(roll)
        return values

    # -- conveniences ------------------------------------------------------------
    def roll(self, sides: int, count: int = 1, purpose: str = "") -> tuple[int, ...]:
        return self.draw(1, sides, count, purpose)

    def d6(self, purpose: str = "") -> int:
        return self.draw(1, 6, 1, purpose)[0]

    def d4(self, purpose: str = "") -> int:
        return self.draw(1, 4, 1, purpose)[0]

    def two_d6(self, purpose: str = "") -> int:
        return sum(self.draw(1, 6, 2, purpose))

    def d6s(self, count: int, purpose: str = "") -> tuple[int, ...]:
        return self.draw(1, 6, count, purpose)

    def randint(self, low: int, high: int, purpose: str = "", *, hidden: bool = False) -> int:
        return self.draw(low, high, 1, purpose, hidden=hidden)[0]

    def choice(self, items: Sequence[T], purpose: str = "", *, hidden: bool = False) -> T:
        if not items:
            raise ValueError(f"choice from nothing ({purpose})")
        return items[self.randint(0, len(items) - 1, purpose, hidden=hidden)]

    def shuffle(self, items: list[T], purpose: str = "shuffle", *, hidden: bool = True) -> None:
        """Fisher-Yates in place, one recorded draw for the whole permutation."""
        n = len(items)
        if n < 2:
            return
        # Swap i takes a value in 0..i. A replay gives the whole recorded list back;
        # other providers are asked swap by swap.
        request = RollRequest(0, n - 1, n - 1, purpose, hidden)
        replay = getattr(self.provider, "shuffle_values", None)
        if replay is not None:
            swaps = list(replay(request))
        elif self._plain is not None:
            plain = self._plain
            swaps = [plain(0, i, 1)[0] for i in range(n - 1, 0, -1)]
        else:
            get = self.provider.values
            swaps = [get(RollRequest(0, i, 1, purpose, hidden))[0] for i in range(n - 1, 0, -1)]
        if self._recording or self._listeners:
            roll = Roll(0, n - 1, tuple(swaps), purpose, hidden)
            for bucket in self._recording:
                bucket.append(roll)
            for fn in self._listeners:
                fn(roll)
        for i, j in zip(range(n - 1, 0, -1), swaps):
            items[i], items[j] = items[j], items[i]
