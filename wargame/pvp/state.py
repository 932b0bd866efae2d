"""The position of a game of Pirate Versus Pirate.

Pirates are numbered ``p = seat * 6 + k``; cells are board indices. Everything
is a flat list or an int bitmask, so :meth:`PvpState.clone` is a handful of
list copies. Legal actions are in :mod:`wargame.pvp.legal`, their effects in
:mod:`wargame.pvp.effects`, the words in :mod:`wargame.pvp.describe`, what
``--strict`` checks in :mod:`wargame.pvp.invariants`; this module imports none of
them: the protocol that joins them is :class:`wargame.pvp.play.PvpPlay`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import Roll
from wargame.core.game import GameState, Outcome
from wargame.core.seats import seat_label
from wargame.pvp.board import TriBoard

ORDER, SETUP, ROLL, MOVE, FACE, OVER = range(6)
PHASE_NAMES = ("order", "setup", "roll", "move", "face", "over")
PHASE_TITLES = (
    "Roll for the first turn",
    "Face the pirates",
    "Roll to move",
    "Move a pirate",
    "Face the moved pirate",
    "Game over",
)


class Options:
    """The choices of one game: the variant and the numbers from pvp.toml."""

    __slots__ = (
        "backstab",
        "silver_to_win",
        "dice_count",
        "dice_sides",
        "pirates",
        "variant",
        "quiet_turns",
        "quiet_reset",
        "start",
    )

    def __init__(
        self,
        variant: str = "standard",
        *,
        silver_to_win: int = 2,
        dice_count: int = 2,
        dice_sides: int = 4,
        pirates: int = 6,
        quiet_turns: int = 300,
        quiet_reset: frozenset[str] = frozenset({"delivered", "eliminated"}),
        start: str = "printed",
    ) -> None:
        self.variant = variant
        #: "short-first-turn": the first player's first roll to move is one die (issue 39)
        self.start = start
        self.backstab = variant == "no-backstabbing"
        self.silver_to_win = silver_to_win
        self.dice_count = dice_count
        self.dice_sides = dice_sides
        self.pirates = pirates
        self.quiet_turns = quiet_turns
        self.quiet_reset = frozenset(quiet_reset)


class PvpState(GameState):
    __slots__ = (
        "board",
        "opts",
        "n",
        "colour",
        "pnames",
        "pids",
        "p_of_pid",
        "alive_n",
        "pos",
        "occ",
        "pmask",
        "cmask",
        "coin_cell",
        "coin_holder",
        "coin_home",
        "carry",
        "back",
        "delivered",
        "phase",
        "active",
        "total",
        "dice",
        "turns",
        "quiet",
        "moved",
        "order_rolls",
        "contenders",
        "first",
        "setup_seat",
        "winner",
        "end_reason",
        "last",
        "_legal",
    )

    def __init__(self, board: TriBoard, players: int, opts: Options) -> None:
        self.board = board
        self.opts = opts
        self.n = players
        cols = board.colours if players == len(board.colours) else board.two_player
        # seats in clockwise order round the board
        self.colour: tuple[str, ...] = tuple(c for c in board.colours if c in cols)
        k = opts.pirates
        #: pirate names, and each pirate's number on the board (colour * 6 + k)
        self.pnames: tuple[str, ...] = tuple(f"{c}-{j + 1}" for c in self.colour for j in range(k))
        self.pids: tuple[int, ...] = tuple(
            board.colours.index(c) * 6 + j for c in self.colour for j in range(k)
        )
        self.p_of_pid: dict[int, int] = {pid: p for p, pid in enumerate(self.pids)}
        #: pirates left on the board, per seat
        self.alive_n: list[int] = [k] * players
        self.pos: list[int] = []
        self.occ: list[int] = [-1] * len(board)
        self.pmask = 0
        for seat, c in enumerate(self.colour):
            for j in range(k):
                cell = board.start[c][j]
                self.pos.append(cell)
                self.occ[cell] = seat * k + j
                self.pmask |= 1 << cell
        self.back: list[int] = [board.home_back.get(c, 0) for c in self.pos]
        self.carry: list[int] = [-1] * len(self.pos)
        self.coin_cell: list[int] = list(board.coin_start)
        self.coin_holder: list[int] = [-1] * len(board.coin_start)
        #: the seat a coin was delivered to (-1: still in play)
        self.coin_home: list[int] = [-1] * len(board.coin_start)
        self.cmask = 0
        for c in self.coin_cell:
            self.cmask |= 1 << c
        self.delivered: list[int] = [0] * players
        self.phase = ORDER
        self.active = 0
        self.total = 0
        self.dice: tuple[int, ...] = ()
        self.turns = 0
        #: turns in a row with no coin taken, dropped or delivered and no pirate lost
        self.quiet = 0
        self.moved = -1
        self.order_rolls: list[int] = [0] * players
        self.contenders: tuple[int, ...] = tuple(range(players))
        self.first = -1
        self.setup_seat = -1
        self.winner = -1
        self.end_reason = ""
        #: what the last move did, for the table and the log (path, captures...)
        self.last: dict[str, Any] | None = None
        self._legal: list[Action] | None = None

    # -- names -------------------------------------------------------------------------
    def pirate_name(self, p: int) -> str:
        return self.pnames[p]

    def pirate_index(self, name: str) -> int:
        colour, _, num = name.rpartition("-")
        try:
            seat = self.colour.index(colour)
            k = int(num) - 1
        except ValueError:
            raise KeyError(f"{name!r} is not a pirate in this game") from None
        if not 0 <= k < self.opts.pirates:
            raise KeyError(f"{name!r} is not a pirate in this game")
        return seat * self.opts.pirates + k

    def seat_of(self, p: int) -> int:
        return p // self.opts.pirates

    def seat_title(self, seat: int) -> str:
        return seat_label(seat, self.seat_names, self.colour[seat].capitalize())

    def name(self, seat: int) -> str:
        """The seat's name, as every game's state gives it (the table, hand-offs, saves)."""
        return self.seat_title(seat)

    def coin_index(self, name: str) -> int:
        try:
            return self.board.coin_names.index(name)
        except ValueError:
            raise KeyError(f"{name!r} is not a coin") from None

    def alive(self, seat: int) -> list[int]:
        k = self.opts.pirates
        return [p for p in range(seat * k, seat * k + k) if self.pos[p] >= 0]

    def in_play(self, seat: int) -> bool:
        return self.alive_n[seat] > 0

    # -- protocol ------------------------------------------------------------------------
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == OVER:
            return None
        if ph == ORDER:
            for s in self.contenders:
                if self.order_rolls[s] == 0:
                    return s
            return None
        if ph == SETUP:
            return self.setup_seat
        return self.active

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        scores = {s: float(self.delivered[s]) for s in range(self.n)}
        for j, home in enumerate(self.coin_home):
            if home >= 0 and self.board.coin_gold[j]:
                scores[home] += 10.0
        return Outcome(
            self.winner if self.winner >= 0 else None,
            scores,
            self.turns,
            self.end_reason,
        )

    @property
    def turn(self) -> int:
        return self.turns

    def is_undo_barrier(self, action: Action, rolls: Sequence[Roll]) -> bool:
        # A roll is never undone; moves and facings after it may be.
        return bool(rolls) or action.reveals

    # -- copying -------------------------------------------------------------------------
    def clone(self) -> PvpState:
        s = object.__new__(type(self))
        s.board = self.board
        s.opts = self.opts
        s.n = self.n
        s.colour = self.colour
        s.pnames = self.pnames
        s.pids = self.pids
        s.p_of_pid = self.p_of_pid
        s.alive_n = self.alive_n[:]
        s.pos = self.pos[:]
        s.occ = self.occ[:]
        s.pmask = self.pmask
        s.cmask = self.cmask
        s.coin_cell = self.coin_cell[:]
        s.coin_holder = self.coin_holder[:]
        s.coin_home = self.coin_home[:]
        s.carry = self.carry[:]
        s.back = self.back[:]
        s.delivered = self.delivered[:]
        s.phase = self.phase
        s.active = self.active
        s.total = self.total
        s.dice = self.dice
        s.turns = self.turns
        s.quiet = self.quiet
        s.moved = self.moved
        s.order_rolls = self.order_rolls[:]
        s.contenders = self.contenders
        s.first = self.first
        s.setup_seat = self.setup_seat
        s.winner = self.winner
        s.end_reason = self.end_reason
        s.last = self.last
        s._legal = None
        return s

    # -- plain data ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        lab = self.board.labels
        return {
            "game": "pirate-versus-pirate",
            "board": self.board.name,
            "variant": self.opts.variant,
            "colours": list(self.colour),
            "phase": PHASE_NAMES[self.phase],
            "active": self.active,
            "roll": list(self.dice),
            "turns": self.turns,
            "quiet_turns": self.quiet,
            "pirates": {
                self.pirate_name(p): {
                    "at": lab[c] if c >= 0 else None,
                    "back": self.back[p],
                    "carries": self.board.coin_names[self.carry[p]] if self.carry[p] >= 0 else None,
                }
                for p, c in enumerate(self.pos)
            },
            "coins": {
                name: (
                    {"at": lab[self.coin_cell[j]]}
                    if self.coin_cell[j] >= 0
                    else {"carried_by": self.pirate_name(self.coin_holder[j])}
                    if self.coin_holder[j] >= 0
                    else {"delivered_to": self.colour[self.coin_home[j]]}
                )
                for j, name in enumerate(self.board.coin_names)
            },
            "delivered": list(self.delivered),
            "order_rolls": list(self.order_rolls),
            "contenders": list(self.contenders),
            "first": self.first,
            "setup_seat": self.setup_seat,
            "moved": self.moved,
            "winner": self.winner,
            "end": self.end_reason,
        }
