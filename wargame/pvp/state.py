"""The position of a game of Pirate Versus Pirate.

Pirates are numbered ``p = seat * 6 + k``; cells are board indices. Everything
is a flat list or an int bitmask, so :meth:`PvpState.clone` is a handful of
list copies. Legal actions are in :mod:`wargame.pvp.legal`, their effects in
:mod:`wargame.pvp.effects`, the words in :mod:`wargame.pvp.describe`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService, Roll
from wargame.core.game import GameState, Outcome
from wargame.core.override import Override, apply_override
from wargame.core.seats import seat_label
from wargame.errors import InvariantViolation
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
    ) -> None:
        self.variant = variant
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

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is None:
            from wargame.pvp.legal import legal_actions

            self._legal = legal_actions(self)
        return self._legal

    def is_legal(self, action: Action) -> bool:
        return _legal.is_legal(self, action)

    def apply(self, action: Action, dice: DiceService) -> None:
        if isinstance(action, Override):  # the table override (wargame.core.override)
            apply_override(self, action)
        else:
            _apply(self, action, dice)
        self._legal = None

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

    def describe(self, action: Action) -> str:
        from wargame.pvp.describe import describe

        return describe(self, action)

    # -- copying -------------------------------------------------------------------------
    def clone(self) -> PvpState:
        s = PvpState.__new__(PvpState)
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

    # -- invariants ------------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Four coins and every pirate accounted for; the caches match the pieces.

        What ``simulate --strict`` checks after every action (issue 19), in one pass
        over the pirates and one over the coins (about 5 us, against about 6 us for
        the action itself; the legality check of the action played about 1 us):

        * every pirate on its own triangle or off the board, none eliminated with a
          coin; the occupancy list and mask and each crew's count match the pirates;
        * each coin in exactly one place (a triangle, a carrier, a home), never under
          a pirate nor two on a triangle; the coin mask matches; carrier and coin
          agree both ways; each seat's delivered silver is the coins at its home;
        * a live game has someone to act, a legal action (every live phase offers
          one by construction, so this is :func:`~wargame.pvp.legal.has_legal_action`:
          a live phase, and for a facing the mover's own pirate on the board; the
          moves are not listed), two crews left and no silver win; a game over has
          a winner.

        The action played is checked by :meth:`is_legal` on its one end, not against
        the list of every move.
        """
        b = self.board
        k = self.opts.pirates
        n = self.n
        pos = self.pos
        carry = self.carry
        if len(pos) != n * k:
            raise InvariantViolation(f"{len(pos)} pirates, expected {n * k}")
        occ = [-1] * len(b)
        pmask = 0
        alive = [0] * n
        for p, c in enumerate(pos):
            if c < 0:
                if carry[p] >= 0:
                    raise InvariantViolation(f"eliminated {self.pirate_name(p)} carries a coin")
                continue
            if occ[c] >= 0:
                raise InvariantViolation(
                    f"{self.pirate_name(p)} and {self.pirate_name(occ[c])} share {b.labels[c]}"
                )
            occ[c] = p
            pmask |= 1 << c
            alive[p // k] += 1
        if occ != self.occ or pmask != self.pmask:
            raise InvariantViolation("the occupancy cache does not match the pirates")
        if alive != self.alive_n:
            seat = next(s for s in range(n) if alive[s] != self.alive_n[s])
            raise InvariantViolation(f"{self.colour[seat]}'s count of pirates is wrong")
        cmask = 0
        for j, name in enumerate(b.coin_names):
            cell, holder, home = self.coin_cell[j], self.coin_holder[j], self.coin_home[j]
            places = (cell >= 0) + (holder >= 0) + (home >= 0)
            if places != 1:
                raise InvariantViolation(f"the {name} coin is in {places} places at once")
            if cell >= 0:
                if occ[cell] >= 0:
                    raise InvariantViolation(
                        f"the {name} coin lies under {self.pirate_name(occ[cell])}"
                    )
                if cmask & (1 << cell):
                    raise InvariantViolation(f"two coins lie on {b.labels[cell]}")
                cmask |= 1 << cell
            if holder >= 0 and (self.pos[holder] < 0 or self.carry[holder] != j):
                raise InvariantViolation(f"the {name} coin's carrier does not hold it")
        if cmask != self.cmask:
            raise InvariantViolation("the coin cache does not match the coins")
        for p, j in enumerate(carry):
            if j >= 0 and self.coin_holder[j] != p:
                raise InvariantViolation(f"{self.pirate_name(p)} carries a coin held by another")
        silver = [0] * n
        for j, home in enumerate(self.coin_home):
            if home >= 0 and not b.coin_gold[j]:
                silver[home] += 1
        if silver != self.delivered:
            seat = next(s for s in range(n) if silver[s] != self.delivered[s])
            raise InvariantViolation(f"{self.colour[seat]}'s delivered silver does not add up")
        if self.phase != OVER:
            if self.current_player() is None:
                raise InvariantViolation("no one to act in a live game")
            if not _legal.has_legal_action(self):
                raise InvariantViolation("no legal action in a live game")
            if n - alive.count(0) < 2:
                raise InvariantViolation("the game goes on with one crew left")
            if max(silver) >= self.opts.silver_to_win:
                raise InvariantViolation("the game goes on after a silver win")
        elif self.winner < 0 and self.quiet < self.opts.quiet_turns:
            raise InvariantViolation("the game ended without a winner")


from wargame.pvp import legal as _legal  # noqa: E402 - legal needs this module
from wargame.pvp.effects import apply_action as _apply  # noqa: E402 - effects needs this module
