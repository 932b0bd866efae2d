"""The land-raid position and its turn, enforced in the seed's order.

Turn: 1 initiative, 2 movement (first mover, then the other), 3 shooting,
4 hand-to-hand, 5 morale, 6 fire (setting, then spreading and burning),
7 looting, 8 alarm raising. Decisions the dice hand to a player (who takes a
hit, where an officer steps back, where the raised dead stand) interrupt the
phase as a *pending* choice for that player.

This module holds the data of a raid and the queries on it (occupancy, the score,
the end); the turn is run by the mixins (``flow``, ``legal``, ``movement``,
``combat``, ``townevents``) that :class:`wargame.raid.play.RaidPlay` joins.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Self

from wargame.core.actions import Action
from wargame.core.game import GameState, Outcome
from wargame.errors import IllegalAction
from wargame.raid import actions as A
from wargame.raid.model import ATTACKER, DEFENDER, READY, Sq, Town, Unit
from wargame.raid.rules import RaidRules

#: The phases in the seed's order ("burn" is the second half of 6; "alarm_done"
#: waits for choices the alarm table asked for).
PHASES = ("initiative", "move", "shoot", "fight", "morale", "fire", "burn", "loot", "alarm")
PHASE_TITLES = {
    "initiative": "1. Who moves first",
    "move": "2. Movement",
    "shoot": "3. Shooting",
    "fight": "4. Hand-to-hand fighting",
    "morale": "5. Morale",
    "fire": "6. Setting fire to buildings",
    "burn": "6. Fire spreads and burns",
    "loot": "7. Looting",
    "alarm": "8. Alarm raising",
    "alarm_done": "8. Alarm raising",
    "over": "The raid is over",
}
RULE = {
    "initiative": "Land raid turn sequence 1",
    "move": "22.13 Movement",
    "shoot": "22.15 Shooting",
    "fight": "22.16 Hand to hand fighting",
    "morale": "22.19 Morale",
    "fire": "22.23 Burning the town",
    "burn": "22.23 Burning the town",
    "loot": "22.25 Victory points (looting)",
    "alarm": "22.12 Alarm raising",
    "alarm_done": "22.12 Alarm raising",
    "over": "Land raid turn sequence",
    "sequence": "Land raid turn sequence",
}
ALARM_LEVELS = ("none", "hardened", "full")
#: The orders each phase accepts.
EXPECTED: dict[str, tuple[type[Action], ...]] = {
    "initiative": (A.RollInitiative, A.Withdraw),
    "move": (A.RouseOfficers, A.Move, A.Done),
    "shoot": (A.Shoot, A.Done),
    "fight": (A.Attack, A.Done),
    "morale": (A.RollMorale,),
    "fire": (A.Ignite, A.Done),
    "burn": (A.BurnTown,),
    "loot": (A.Ransack, A.SpikeGun, A.Done),
    "alarm": (A.RollAlarm,),
}


#: The orders without parameters, made once (actions are immutable values; a move
#: list is asked for after every order).
_ROLL_INITIATIVE, _WITHDRAW, _ROUSE_OFFICERS = A.RollInitiative(), A.Withdraw(), A.RouseOfficers()
_DONE, _ROLL_MORALE, _BURN_TOWN, _ROLL_ALARM = A.Done(), A.RollMorale(), A.BurnTown(), A.RollAlarm()


class RaidState(GameState):
    """The data of a raid and the queries on it (the protocol: :class:`wargame.raid.play.RaidPlay`)."""

    def __init__(self, rules: RaidRules, town: Town, units: list[Unit], *, name: str = "") -> None:
        self.rules = rules
        self.town = town
        self.name = name
        self.units = units
        self.by_id = {u.id: i for i, u in enumerate(units)}
        self.roster = tuple(u.id for u in units)
        #: The places in ``units`` of each side's figures (a figure never changes side):
        #: the move and shot lists look at one side's figures only.
        self.side_units: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(i for i, u in enumerate(units) if u.side == ATTACKER),
            tuple(i for i, u in enumerate(units) if u.side == DEFENDER),
        )
        self.turn_no = 1
        self.phase = "initiative"
        self.first = ATTACKER
        self.step = 0
        self.alarm = "none"
        self.alarm_turn: int | None = None
        self.pirates_fired = False
        self.sail_ahoy_turn: int | None = None
        self.rouse_rolled = False
        self.fire: dict[Sq, int] = {}
        self.burned: set[Sq] = set()
        self.looted: set[Sq] = set()
        self.engaged: set[Sq] = set()
        self.attacked_from: set[Sq] = set()
        self.hits: list[tuple[Sq, int, int, str]] = []
        self.pending: tuple[Any, ...] | None = None
        self.morale_tests: list[tuple[int, Sq]] = []
        self.coins = [0, rules.victory.defender_coins]
        self.ledger: list[tuple[int, str, int, int]] = []
        self.end: str | None = None
        #: The raid log: a sentence, or (function, arguments) that writes it when the
        #: log is read (``log``); a headless run never reads it, so the busiest sentence
        #: (a move) is not written out in a bot match. The arguments are values taken
        #: when it happened.
        self._lines: list[Any] = []
        self._occ: dict[Sq, list[int]] | None = None
        v = rules.victory
        need = {"treasury": v.treasury_groups, "residence": v.residence_groups}
        loot_kinds = tuple((k, need[t.loot]) for k, t in rules.squares.items() if t.loot in need)
        burnable = frozenset(k for k, t in rules.squares.items() if t.burnable)
        #: Static features of the town, shared by every state on it: squares worth
        #: ransacking (-> groups it takes), squares the pirates may leave from, squares one
        #: step away in 8 directions, squares a move reaches, burnable squares in reach.
        self.loot_sq: dict[Sq, int]
        self.withdraw_sq: tuple[Sq, ...]
        self.loot_sq, self.withdraw_sq = town_features(
            town, loot_kinds, tuple(rules.game.withdraw_from)
        )
        self.adj8, self.reach, self.fire_reach = neighbourhoods(
            town, rules.movement.move_squares, burnable
        )

    # -- occupancy ---------------------------------------------------------------------
    def occupancy(self) -> dict[Sq, list[int]]:
        occ = self._occ
        if occ is None:
            occ = {}
            for i, u in enumerate(self.units):
                if u.status == READY:
                    occ.setdefault(u.sq, []).append(i)  # type: ignore[arg-type]
            self._occ = occ
        return occ

    def at(self, sq: Sq) -> list[Unit]:
        occ = self._occ if self._occ is not None else self.occupancy()
        units = self.units
        return [units[i] for i in occ.get(sq, ())]

    def side_at(self, sq: Sq) -> int | None:
        occ = self._occ if self._occ is not None else self.occupancy()
        idx = occ.get(sq)
        return self.units[idx[0]].side if idx else None

    def unit(self, uid: str) -> Unit:
        i = self.by_id.get(uid)
        if i is None:
            raise IllegalAction(f"there is no figure {uid!r}", rule=RULE["sequence"])
        return self.units[i]

    def _place(self, u: Unit, sq: Sq) -> None:
        occ = self._occ
        if occ is not None:
            i = self.by_id[u.id]
            if u.status == READY and u.sq is not None:
                _drop(occ, u.sq, i)
            insort(occ.setdefault(sq, []), i)
        u.sq = sq
        u.status = READY

    def _remove(self, u: Unit, status: str) -> None:
        occ = self._occ
        if occ is not None and u.status == READY and u.sq is not None:
            _drop(occ, u.sq, self.by_id[u.id])
        u.sq = None
        u.status = status

    def on_table(self, side: int) -> list[Unit]:
        units = self.units
        return [units[i] for i in self.side_units[side] if units[i].status == READY]

    def is_building(self, sq: Sq) -> bool:
        return sq not in self.burned and self.rules.squares[self.town.type_at(sq)].building

    # -- the protocol ------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.turn_no

    def active_side(self) -> int:
        return self.first if self.step == 0 else 1 - self.first

    def current_player(self) -> int | None:
        if self.end is not None:
            return None
        if self.pending is not None:
            return int(self.pending[1])
        ph = self.phase
        if ph in ("move", "shoot", "fight"):
            return self.active_side()
        if ph in ("alarm",):
            return DEFENDER
        if ph == "morale":
            return self.first
        return ATTACKER

    def is_terminal(self) -> bool:
        return self.end is not None

    def outcome(self) -> Outcome | None:
        if self.end is None:
            return None
        win = ATTACKER if self.coins[0] >= self.rules.game.attacker_win_coins else DEFENDER
        return Outcome(win, {0: self.coins[0], 1: self.coins[1]}, self.turn_no, self.end)

    def phase_title(self) -> str:
        return PHASE_TITLES.get(self.phase, self.phase)

    def first_mover(self, a: int, d: int) -> int:
        """The side that moves first when the pirates roll ``a`` and the defender ``d``."""
        i = self.rules.initiative
        if a + i.attacker_bonus != d:
            return ATTACKER if a + i.attacker_bonus > d else DEFENDER
        return ATTACKER if i.tie_goes_to == "attacker" else DEFENDER

    def can_withdraw(self) -> bool:
        if self.turn_no < self.rules.game.withdraw_from_turn:
            return False
        mine = self.on_table(ATTACKER)
        allowed = self.withdraw_sq
        return bool(mine) and all(u.sq in allowed for u in mine)

    # -- score -------------------------------------------------------------------------
    def score(self, points: int, item: str) -> int:
        """Pay ``points`` (22.25): plus from the town to the pirates, minus back, as funds permit."""
        if points >= 0:
            paid = min(points, self.coins[DEFENDER])
            self.coins[DEFENDER] -= paid
            self.coins[ATTACKER] += paid
        else:
            paid = -min(-points, self.coins[ATTACKER])
            self.coins[ATTACKER] += paid
            self.coins[DEFENDER] -= paid
        self.ledger.append((self.turn_no, item, points, paid))
        short = "" if paid == points else f" (paid {paid}: funds)"
        self.note(f"Score: {item}: {points:+d}{short}.")
        return paid

    @property
    def log(self) -> list[str]:
        """The raid log, every sentence written out (the list itself: appending to it
        adds a sentence)."""
        lines = self._lines
        for i, e in enumerate(lines):
            if type(e) is not str:
                lines[i] = e[0](*e[1:])
        return lines

    def log_since(self, mark: int) -> tuple[str, ...]:
        """The sentences from the ``mark``-th on, written out."""
        lines = self._lines
        for i in range(mark, len(lines)):
            e = lines[i]
            if type(e) is not str:
                lines[i] = e[0](*e[1:])
        return tuple(lines[mark:])

    def note(self, text: str) -> None:
        self._lines.append(text)

    def note_later(self, words: Callable[..., str], *args: Any) -> None:
        """A sentence for the log, written out by ``words(*args)`` only when read
        (``args``: values, taken now)."""
        self._lines.append((words, *args))

    # -- copying, saving, checking --------------------------------------------------------
    def clone(self) -> Self:
        c = object.__new__(type(self))
        d = self.__dict__.copy()
        c.__dict__.update(d)
        c.units = [u.copy() for u in self.units]
        c.fire = dict(self.fire)
        c.burned = set(self.burned)
        c.looted = set(self.looted)
        c.engaged = set(self.engaged)
        c.attacked_from = set(self.attacked_from)
        c.hits = list(self.hits)
        c.morale_tests = list(self.morale_tests)
        c.coins = list(self.coins)
        c.ledger = list(self.ledger)
        c._lines = list(self._lines)
        c._occ = None
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "town": self.town.to_json(self.rules),
            "units": [u.to_json() for u in self.units],
            "turn": self.turn_no,
            "phase": self.phase,
            "first": self.first,
            "step": self.step,
            "alarm": self.alarm,
            "alarm_turn": self.alarm_turn,
            "pirates_fired": self.pirates_fired,
            "sail_ahoy_turn": self.sail_ahoy_turn,
            "rouse_rolled": self.rouse_rolled,
            "fire": sorted([list(k), v] for k, v in self.fire.items()),
            "burned": sorted(list(s) for s in self.burned),
            "looted": sorted(list(s) for s in self.looted),
            "engaged": sorted(list(s) for s in self.engaged),
            "attacked_from": sorted(list(s) for s in self.attacked_from),
            "hits": [[list(h[0]), h[1], h[2], h[3]] for h in self.hits],
            "pending": _plain(self.pending),
            "morale_tests": [[s, list(q)] for s, q in self.morale_tests],
            "coins": {"0": self.coins[0], "1": self.coins[1]},
            "ledger": [list(e) for e in self.ledger],
            "end": self.end,
        }


def _drop(occ: dict[Sq, list[int]], sq: Sq, i: int) -> None:
    here = occ[sq]
    here.remove(i)
    if not here:
        del occ[sq]


Hood = dict[Sq, tuple[Sq, ...]]


@lru_cache(maxsize=64)
def town_features(
    town: Town, loot: tuple[tuple[str, int], ...], withdraw: tuple[str, ...]
) -> tuple[dict[Sq, int], tuple[Sq, ...]]:
    """The loot squares (-> groups a ransack takes) and the withdrawal squares of a town."""
    need = dict(loot)
    loot_sq = {sq: need[town.type_at(sq)] for sq in town.squares() if town.type_at(sq) in need}
    leave = tuple(sq for sq in town.squares() if town.type_at(sq) in withdraw)
    return loot_sq, leave


@lru_cache(maxsize=64)
def neighbourhoods(town: Town, reach: int, burnable: frozenset[str]) -> tuple[Hood, Hood, Hood]:
    """Static neighbourhoods of a town, shared by every state on it: the squares one step
    away in 8 directions, the squares a move reaches, and the burnable squares a
    fire-setter reaches (his own and the 8 around)."""
    adj8 = {sq: _around(town, sq, 1) for sq in town.squares()}
    moves = {sq: _around(town, sq, reach) for sq in town.squares()}
    fire = {
        sq: tuple(q for q in (sq, *adj8[sq]) if town.type_at(q) in burnable)
        for sq in town.squares()
    }
    return adj8, moves, fire


def _around(town: Town, sq: Sq, n: int) -> tuple[Sq, ...]:
    c0, r0 = sq
    return tuple(
        (c0 + dc, r0 + dr)
        for dr in range(-n, n + 1)
        for dc in range(-n, n + 1)
        if (dc or dr) and town.contains((c0 + dc, r0 + dr))
    )


def _plain(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    return v


def unit_ids(units: Sequence[Unit]) -> list[str]:
    return [u.id for u in units]
