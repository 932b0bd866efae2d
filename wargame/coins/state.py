"""The position of a game of Pirate Coins.

Coins are counts per type (see :mod:`wargame.coins.rules`); the round stack is the
only ordered pile (face down, top last). Effects are in :mod:`wargame.coins.effects`,
legal actions in :mod:`wargame.coins.legal`, the invariants in
:mod:`wargame.coins.invariants`; this module holds the data, copying, JSON and the
hidden-information view, and imports none of those: the protocol that joins them is
:class:`wargame.coins.play.CoinsPlay`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.coins import actions as A
from wargame.coins.legal import DECIDE, FLIP, FORTUNE, OVER, REVEAL, START  # noqa: F401 - re-exported
from wargame.coins.rules import CoinSet
from wargame.core.actions import Action
from wargame.core.dice import DiceService, Roll
from wargame.core.game import GameState
from wargame.core.seats import seat_label
from wargame.errors import InvariantViolation

PHASE_NAMES = ("start", "fortune", "decide", "reveal", "flip", "over")
PHASE_TITLES = (
    "Start of the round",
    "Fortune",
    "Decision",
    "Reveal and plunder",
    "Coin flip",
    "Game over",
)
UNDECIDED, SALLY, PLUNDER = -1, 0, 1
CHOICE_NAMES = {UNDECIDED: None, SALLY: A.SALLY, PLUNDER: A.PLUNDER}


class CoinsState(GameState):
    """The data of a position (the protocol: :class:`wargame.coins.play.CoinsPlay`)."""

    __slots__ = (
        "coins",
        "n",
        "pouch",
        "stack",
        "pile",
        "pool",
        "fortune",
        "booty",
        "worth",
        "in_round",
        "choice",
        "phase",
        "starter",
        "actor",
        "round",
        "turns",
        "turn_in_round",
        "end_reason",
        "last",
        "flips",
    )

    def __init__(self, coins: CoinSet, players: int) -> None:
        self.coins = coins
        self.n = players
        self.pouch: list[int] = list(coins.total)
        self.stack: list[int] = []  # face down, top coin last
        self.pile: list[int] = [0] * coins.types
        self.pool: list[int] = [0] * coins.types
        self.fortune = -1
        self.booty: list[list[int]] = [[0] * coins.types for _ in range(players)]
        #: Each booty's value (kept with ``booty``).
        self.worth: list[int] = [0] * players
        self.in_round: list[bool] = [True] * players
        self.choice: list[int] = [UNDECIDED] * players
        self.phase = START
        self.starter = 0
        #: The seat to act (kept by the effects): the starter, or the next to decide.
        self.actor = 0
        self.round = 0
        self.turns = 0
        self.turn_in_round = 0
        self.end_reason = ""
        #: What the last action did, for the log and the table (public by then).
        self.last: tuple[Any, ...] = ()
        #: Flips and draws so far this game (for the table's history; public).
        self.flips = 0

    # -- protocol --------------------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.actor

    def next_decider(self) -> int:
        n = self.n
        s = self.starter
        choice = self.choice
        in_round = self.in_round
        for _ in range(n):
            if in_round[s] and choice[s] == UNDECIDED:
                return s
            s = s + 1 if s + 1 < n else 0
        raise InvariantViolation("the decision phase has no pirate left to decide")

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def turn(self) -> int:
        return self.turns

    def is_undo_barrier(self, action: Action, rolls: Sequence[Roll]) -> bool:
        # A reveal, a draw from the pouch or the round stack, and a flip can't be undone.
        return action.reveals or bool(rolls)

    # -- queries ---------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return seat_label(seat, self.seat_names)

    def booty_value(self, seat: int) -> int:
        return self.worth[seat]

    def metal_counts(self, counts: Sequence[int]) -> list[int]:
        """Counts per type folded to counts per metal (copper, silver, gold)."""
        k = len(self.coins.kinds)
        return [sum(counts[0:k]), sum(counts[k : 2 * k]), sum(counts[2 * k : 3 * k])]

    def pool_kinds(self) -> list[int]:
        """Monsters in the pool per kind."""
        k = len(self.coins.kinds)
        pool = self.pool
        return [pool[i] + pool[i + k] + pool[i + 2 * k] for i in range(k)]

    def pile_value(self) -> int:
        return sum(c * v for c, v in zip(self.pile, self.coins.type_value))

    def decided(self, seat: int) -> bool:
        return self.choice[seat] != UNDECIDED

    # -- copying ---------------------------------------------------------------------
    def clone(self) -> CoinsState:
        s = object.__new__(type(self))
        s.coins = self.coins
        s.n = self.n
        s.pouch = self.pouch[:]
        s.stack = self.stack[:]
        s.pile = self.pile[:]
        s.pool = self.pool[:]
        s.fortune = self.fortune
        s.booty = [b[:] for b in self.booty]
        s.worth = self.worth[:]
        s.in_round = self.in_round[:]
        s.choice = self.choice[:]
        s.phase = self.phase
        s.starter = self.starter
        s.actor = self.actor
        s.round = self.round
        s.turns = self.turns
        s.turn_in_round = self.turn_in_round
        s.end_reason = self.end_reason
        s.last = self.last
        s.flips = self.flips
        return s

    def resample_hidden(self, seat: int, dice: DiceService) -> CoinsState:
        """A copy where what ``seat`` can't see is redrawn: the other pirates' pending
        secret choices (each uniformly), and which of the unseen coins form the round
        stack (the pouch and the stack together are all ``seat`` knows of them)."""
        s = self.clone()
        if s.phase in (DECIDE, REVEAL):
            for p in range(s.n):
                if p != seat and s.choice[p] != UNDECIDED:
                    s.choice[p] = dice.randint(0, 1, "resample a secret choice", hidden=True)
        if s.stack:
            unseen = [a + s.stack.count(t) for t, a in enumerate(s.pouch)]
            stack = []
            for _ in range(len(s.stack)):
                t = draw_type(unseen, dice, "resample the round stack")
                unseen[t] -= 1
                stack.append(t)
            s.stack = stack
            s.pouch = unseen
        return s

    # -- plain data ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = self._public()
        data["pouch"] = _by_type(self.coins, self.pouch)
        data["round_stack"] = [self.coins.coin_name(t) for t in self.stack]
        data["choices"] = [CHOICE_NAMES[c] for c in self.choice]
        return data

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see: the round stack and the pouch only as counts (and the
        coins they hold together), no other pirate's choice before the reveal."""
        data = self._public()
        unseen = [a + self.stack.count(t) for t, a in enumerate(self.pouch)]
        data["pouch"] = sum(self.pouch)
        data["round_stack"] = len(self.stack)
        data["unseen"] = _by_type(self.coins, unseen)
        data["decided"] = [c != UNDECIDED for c in self.choice]
        data["my_choice"] = (
            CHOICE_NAMES[self.choice[seat]] if seat is not None and 0 <= seat < self.n else None
        )
        return data

    def _public(self) -> dict[str, Any]:
        c = self.coins
        return {
            "game": "pirate-coins",
            "monsters": c.key,
            "players": self.n,
            "round": self.round,
            "turns": self.turns,
            "turn_in_round": self.turn_in_round,
            "phase": PHASE_NAMES[self.phase],
            "starter": self.starter,
            "pile": _by_type(c, self.pile),
            "monster_pool": _by_type(c, self.pool),
            "fortune": c.coin_name(self.fortune) if self.fortune >= 0 else None,
            "booty": [_by_type(c, b) for b in self.booty],
            "booty_value": [self.booty_value(s) for s in range(self.n)],
            "in_round": list(self.in_round),
            "end": self.end_reason,
            "last": _plain(self.last),
        }


def draw_type(counts: list[int], dice: DiceService, purpose: str) -> int:
    """A coin drawn at random from ``counts`` (per type) as a hidden draw; not removed."""
    total = sum(counts)
    i = dice.draw(0, total - 1, 1, purpose, hidden=True)[0]
    for t, c in enumerate(counts):
        if i < c:
            return t
        i -= c
    raise InvariantViolation(f"a draw of {i} from {total} coins")


def _by_type(c: CoinSet, counts: Sequence[int]) -> dict[str, dict[str, int]]:
    """Counts per type as {metal: {kind: count}} without zeros (a metal always listed)."""
    out: dict[str, dict[str, int]] = {m: {} for m in c.metals}
    k = len(c.kinds)
    for t, n in enumerate(counts):
        if n:
            out[c.metals[t // k]][c.kinds[t % k]] = n
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
