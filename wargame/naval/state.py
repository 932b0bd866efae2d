"""The sea fight as a state machine with explicit phases (section 10.3).

A game turn: every ship in play takes a ship turn - warships first, attacker
first, alternately - made of the steps move, fire, grapple, board (a later
step closes the earlier ones); a ship fired on may return fire on 5,6; ships
at half strength that took damage take morale at the end of the ship turn.
After all ships: fires burn, both sides may roll to add (6) or deduct (4,5,6)
a turn, one coin comes off the countdown, the game stops when none are left,
and each side in turn may try to change the wind (5,6).

The owner's choices of section 19 pause the sequence (steps_choice): ``choose_gun`` when
crew hits or boarding kills destroy guns, ``fire_side`` for each burning ship at the end
of the turn; the owning side answers and the sequence goes on where it stopped.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState, Outcome
from wargame.core.override import apply_override, is_override
from wargame.errors import IllegalAction, InvariantViolation
from wargame.naval import combat
from wargame.naval.actions import (
    Board,
    ChooseGun,
    CutFree,
    EndShipTurn,
    ExtraMove,
    Fire,
    FireSide,
    GearCheck,
    Grapple,
    HoldFire,
    Move,
    ReduceSail,
    RollExtra,
    TurnCount,
    TurnRoll,
    WindChange,
    WindTry,
)
from wargame.naval.common import (
    MANY_TURNS,
    R_BOARD,
    R_TURN,
    SHIP_STEPS,
    SIDE_NAMES,
    ShipTurn,
    hex_distance,
    make_action,
)
from wargame.naval.describe import describe_action
from wargame.naval.movement import Reach, reachable
from wargame.naval.rules import POSITIONS, SIDES, Aim, NavalRules
from wargame.naval.sea import Sea, point_of_sail
from wargame.naval.ship import Ship, Status
from wargame.naval.steps_choice import CHOICE_PHASES, ChoiceSteps
from wargame.naval.steps_fight import FightSteps
from wargame.naval.steps_move import MoveSteps
from wargame.naval.steps_turn import TurnSteps


class NavalState(MoveSteps, FightSteps, TurnSteps, ChoiceSteps, GameState):
    def __init__(
        self,
        rules: NavalRules,
        sea: Sea,
        ships: Sequence[Ship],
        *,
        wind: int,
        coins: int,
        name: str = "Sea fight",
        escort: str | None = None,
        escort_edge: str | None = None,
    ) -> None:
        self.rules = rules
        self.sea = sea
        self.name = name
        self.escort = escort  # the scenario's ship to escort (victory condition), if any
        self.escort_edge = escort_edge  # ... and the table edge she must escape by (any if None)
        self.ships: dict[str, Ship] = {s.name: s for s in ships}
        self.wind = wind % 6
        self.coins = coins
        self.turn_no = 1
        self.phase = "ship"  # ship | return | choose_gun | fire_side | countdown | wind | over
        self.order: list[str] = []
        self.idx = 0
        self.ts: ShipTurn | None = None
        self.ret: tuple[str, str] | None = None  # (returning ship, ship it may fire at)
        self.returned: list[str] = []
        self.resume: tuple[str, ...] | None = None  # where a paused firing/boarding goes on
        self.burning: list[str] = []  # burning ships still to burn this end of turn
        self.damaged: list[str] = []
        self.boarded_ever = False
        self.roll_side = 0
        self.end_reason: str | None = None
        self.events: list[str] = []

    # -- set-up ---------------------------------------------------------------------
    def start(self, dice: DiceService) -> None:
        self.events.append(
            f"Turn {self.turn_no}: the wind blows towards the {self.sea.facing_name(self.wind)}"
        )
        self._begin_turn(dice)

    def _turn_order(self) -> list[str]:
        """Warships first, then the others; attacker and defender alternately."""
        out: list[str] = []
        afloat = Status.AFLOAT
        for warships in (True, False):
            sides: tuple[list[str], list[str]] = ([], [])
            for s in self.ships.values():
                if s.status is afloat and s.warship == warships:
                    sides[s.side].append(s.name)
            for i in range(max(len(sides[0]), len(sides[1]))):
                out.extend(side[i] for side in sides if i < len(side))
        return out

    def _begin_turn(self, dice: DiceService) -> None:
        self.order = self._turn_order()
        self.idx = -1
        self.phase = "ship"
        self._next_ship(dice)

    def _next_ship(self, dice: DiceService) -> None:
        self.ts = None
        if self._check_end():
            return
        while True:
            self.idx += 1
            if self.idx >= len(self.order):
                self._end_of_turn(dice)
                return
            ship = self.ships[self.order[self.idx]]
            if ship.in_play:
                break
        sp = point_of_sail(ship.heading, self.wind, self.rules)
        self.ts = ShipTurn(ship.name, ship.heading, sail_point=sp)
        self.damaged = []
        self.returned = []
        self.events.append(
            f"{SIDE_NAMES[ship.side].capitalize()}'s {ship.name} ({ship.type.value}) "
            f"takes her turn: {sp} ({self.rules.sail.point(sp).base_hexes} hexes)"
        )

    # -- protocol ---------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.turn_no

    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "ship":
            assert self.ts is not None
            return self.ships[self.ts.ship].side
        if self.phase == "return":
            assert self.ret is not None
            return self.ships[self.ret[0]].side
        if self.phase in CHOICE_PHASES:
            ship = self.choice_ship()
            assert ship is not None
            return ship.side
        return self.roll_side

    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def active(self) -> Ship | None:
        return self.ships[self.ts.ship] if self.ts is not None else None

    def scores(self) -> dict[int, int]:
        sc = self.rules.score
        out = {0: 0, 1: 0}
        for s in self.ships.values():
            enemy = 1 - s.side
            if s.name == self.escort:
                if self.escaped(s):
                    out[s.side] += sc.escaped[s.type]
                    continue
                if s.status is Status.SURRENDERED:
                    out[enemy] += sc.taken[s.type]
                    continue
            if s.status is Status.SUNK:
                out[enemy] += sc.sunk[s.type]
            elif s.status is Status.SURRENDERED:
                out[enemy] += sc.captured[s.type]
            elif s.status is Status.LEFT and s.driven_off:
                out[enemy] += sc.driven_off[s.type]
        return out

    def escaped(self, ship: Ship) -> bool:
        """The escorted ship sailed off the table of her own will, by the scenario's edge."""
        if ship.status is not Status.LEFT or ship.driven_off:
            return False
        return self.escort_edge is None or self.sea.edge_ahead(ship.heading) == self.escort_edge

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        sc = self.scores()
        winner = None if sc[0] == sc[1] else (0 if sc[0] > sc[1] else 1)
        return Outcome(
            winner, {k: float(v) for k, v in sc.items()}, self.turn_no, self.end_reason or ""
        )

    def _check_end(self) -> bool:
        alive = [False, False]
        for s in self.ships.values():
            if s.status is Status.AFLOAT:
                alive[s.side] = True
        for k in (0, 1):
            if not alive[k]:
                self.phase = "over"
                self.ts = None
                self.end_reason = f"the {SIDE_NAMES[k]} has no ship left in the fight"
                self.events.append(f"The battle is over: {self.end_reason}")
                return True
        return False

    # -- legal actions -------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.phase in CHOICE_PHASES:
            return self.choice_actions()
        if self.phase == "countdown":
            return list(_rolls(TurnCount, self.roll_side))
        if self.phase == "wind":
            return list(_rolls(WindChange, self.roll_side))
        if self.phase == "return":
            assert self.ret is not None
            me, at = self.ships[self.ret[0]], self.ships[self.ret[1]]
            out: list[Action] = [HoldFire(me.name)]
            out.extend(self.fire_options(me, [at]))
            return out
        ts = self.ts
        assert ts is not None
        ship = self.ships[ts.ship]
        out = []
        step = SHIP_STEPS.index(ts.step)
        if step == 0:
            if not ts.moved and ship.reduced_sail == 0 and not ship.grappled:
                out.append(make_action(ReduceSail, ship.name))
            if ship.grappled:
                if not ts.cut_tried and self.may_cut_free(ship):
                    out.append(make_action(CutFree, ship.name))
            elif self.needs_gear_check(ship, ts):
                out.append(make_action(GearCheck, ship.name))
            elif ts.gear_ok:
                out.extend(_moves(Move, ship.name, self.move_options(ship)))
        if step <= 1 and ts.step == "extra" and self.extra_allowed(ship, ts):
            out.append(make_action(RollExtra, ship.name))
        if ts.step == "extra_move":
            out.extend(_moves(ExtraMove, ship.name, self.extra_options(ship)))
        enemies = self.enemies(ship) if step <= 4 else []
        if step <= 3:
            out.extend(self.fire_options(ship, enemies))
        if step <= 4 and not ts.grappled:
            avail = ship.fighting_points - ts.fp_used
            for t in self.grapple_targets(ship, enemies):
                for n in range(avail, 0, -1):
                    out.append(make_action(Grapple, ship.name, t.name, n))
        if step <= 5 and not ts.boarded:
            for t in self.board_targets(ship):
                out.append(make_action(Board, ship.name, t.name, False))
                if ship.captain_alive:
                    out.append(make_action(Board, ship.name, t.name, True))
        if not (ship.must_board and any(isinstance(a, Board) for a in out)):
            out.append(make_action(EndShipTurn, ship.name))
        return out

    def enemies(self, ship: Ship) -> list[Ship]:
        side, afloat = ship.side, Status.AFLOAT  # in_play, without a property call each
        return [s for s in self.ships.values() if s.side != side and s.status is afloat]

    def fire_options(self, ship: Ship, targets: Sequence[Ship]) -> list[Action]:
        out: list[Action] = []
        ts = self.ts
        sea, rules = self.sea, self.rules
        # the targets within reach of the longest guns, with how each lies from the
        # ship: measured once for the four batteries (most of the time none is near)
        here, longest = ship.hex, combat.longest_range(rules)
        seen = [
            (t, sea.bearings(here, t.hex, rules))
            for t in targets
            if sea.distance_cm(here, t.hex) <= longest
        ]
        if not seen:
            return out
        # only the ship whose turn it is has batteries spent this turn (a return shot
        # is not bound by the firer's)
        spent = ts.fired if self.phase == "ship" and ts is not None and ts.ship == ship.name else ()
        for pos in POSITIONS:
            if pos in spent or combat.battery_can_fire(ship, pos) is not None:
                continue
            for t, b in seen:
                if combat.shot_dice(sea, rules, ship, pos, t, b) > 0:
                    out.extend(_fire_actions(ship.name, pos, t.name, b.raking[t.heading]))
        return out

    def grapple_targets(self, ship: Ship, enemies: Sequence[Ship] | None = None) -> list[Ship]:
        """The enemies touching ``ship`` not yet grappled (``enemies``: hers, if known)."""
        here, grappled = ship.hex, ship.grappled
        return [
            t
            for t in (self.enemies(ship) if enemies is None else enemies)
            if t.name not in grappled and hex_distance(here, t.hex) == 1
        ]

    def board_targets(self, ship: Ship) -> list[Ship]:
        return [self.ships[n] for n in ship.grappled if self.ships[n].in_play]

    def needs_gear_check(self, ship: Ship, ts: ShipTurn) -> bool:
        return not ts.gear_checked and ship.gear_needs_check(self.rules)

    def may_cut_free(self, ship: Ship) -> bool:
        """A ship that must board this turn (17.4) may not cut free (rules switch)."""
        return not ship.must_board or self.rules.movement.cut_free_when_must_board

    def extra_allowed(self, ship: Ship, ts: ShipTurn) -> bool:
        point = self.rules.sail.point(ts.sail_point)
        if ship.type not in point.extra_for or not ts.full_move:
            return False
        if ship.reduced_sail > 0 and not self.rules.movement.extra_under_reduced_sail:
            return False
        if ts.extra_rolls == 0:
            return True
        return ship.type in point.repeat_for

    def _blocked(self, ship: Ship, within: int | None = None) -> frozenset[tuple[int, int]]:
        """Hexes of the other ships that stop ``ship``; with ``within``, only those that
        many hex steps away or nearer (a move of that length cannot reach the others,
        so movement results are shared by more positions)."""
        q, r = ship.hex
        out = []
        for s in self.ships.values():
            if s is ship or s.status not in (Status.AFLOAT, Status.SURRENDERED):
                continue
            if within is not None:
                dq, dr = s.hex[0] - q, s.hex[1] - r
                if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 > within:
                    continue
            out.append(s.hex)
        return frozenset(out)

    def basic_allowance(self, ship: Ship, ts: ShipTurn) -> int:
        point = self.rules.sail.point(ts.sail_point)
        n = point.base_hexes
        if ship.reduced_sail > 0:
            n -= self.rules.movement.reduced_sail_reduction
        return max(0, n)

    def _turns_left(self, ship: Ship, ts: ShipTurn) -> int:
        if ship.type in self.rules.movement.one_turn_types:
            return max(0, 1 - ts.turns_used)
        return MANY_TURNS

    def move_options(self, ship: Ship) -> dict[tuple[tuple[int, int], int], Reach]:
        """Basic movement: every legal end (hex, heading) of the active ship."""
        ts = self.ts
        assert ts is not None
        point = self.rules.sail.point(ts.sail_point)
        n = self.basic_allowance(ship, ts)
        v = self.rules.movement.voluntary_reduction
        steps = tuple(sorted({n, max(0, n - v)}))
        must_turn = point.must_turn and n > 0
        blocked = self._blocked(ship, within=steps[-1])
        turns_left = self._turns_left(ship, ts)
        key = (ship.hex, ship.heading, steps, turns_left, must_turn, point.turn_only, blocked)
        hit = self.sea.reach_cache.get(key)
        if hit is None:
            hit = reachable(
                self.sea,
                ship.hex,
                ship.heading,
                steps=steps,
                turns_left=turns_left,
                must_turn_first=must_turn,
                turn_only=point.turn_only,
                blocked=blocked,
            )
            if len(self.sea.reach_cache) > 20_000:
                self.sea.reach_cache.clear()
            self.sea.reach_cache[key] = hit
        return hit

    def extra_options(self, ship: Ship) -> dict[tuple[tuple[int, int], int], Reach]:
        ts = self.ts
        assert ts is not None
        blocked = self._blocked(ship, within=1)
        turns_left = self._turns_left(ship, ts)
        key = (ship.hex, ship.heading, (1,), turns_left, False, False, blocked)
        hit = self.sea.reach_cache.get(key)
        if hit is None:
            hit = reachable(
                self.sea, ship.hex, ship.heading, steps=(1,), turns_left=turns_left, blocked=blocked
            )
            self.sea.reach_cache[key] = hit
        return hit

    # -- applying ------------------------------------------------------------------------
    def apply(self, action: Action, dice: DiceService) -> None:
        if self.phase == "over":
            raise IllegalAction("the battle is over", rule=R_TURN)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            if is_override(action):  # the table override (wargame.core.override)
                return apply_override(self, action)
            raise IllegalAction(f"{action.kind} is not a sea-fight action", rule=R_TURN)
        handler(self, action, dice)

    def _log(self, text: str) -> None:
        self.events.append(text)

    def _require_ship_step(
        self, action: Action, ship_name: str, latest: str, rule: str
    ) -> tuple[Ship, ShipTurn]:
        if self.phase != "ship":
            raise IllegalAction(
                f"it is not a ship's turn now but the {self.phase} phase", rule=R_TURN
            )
        ts = self.ts
        assert ts is not None
        if ship_name != ts.ship:
            raise IllegalAction(f"it is {ts.ship}'s turn, not {ship_name}'s", rule=R_TURN)
        if SHIP_STEPS.index(ts.step) > SHIP_STEPS.index(latest):
            raise IllegalAction(
                f"{ts.ship} is past that step (now: {ts.step}); a ship moves, fires, grapples, "
                "then boards",
                rule=rule,
            )
        return self.ships[ship_name], ts

    def _advance(self, ts: ShipTurn, step: str) -> None:
        if SHIP_STEPS.index(step) > SHIP_STEPS.index(ts.step):
            ts.step = step

    # movement
    def _do_end_ship_turn(self, a: EndShipTurn, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "board", R_TURN)
        if ship.must_board and self.board_targets(ship) and not ts.boarded:
            raise IllegalAction(
                f"{ship.name} won the last fight and must become the attacker: board", rule=R_BOARD
            )
        self._end_ship_turn(dice)

    # -- flow -----------------------------------------------------------------------------
    def _mark_damaged(self, ship: Ship) -> None:
        if ship.name not in self.damaged:
            self.damaged.append(ship.name)

    def _after_losses(self) -> None:
        """Release the grapples of ships that left the fight; give surrenders a captor."""
        for s in self.ships.values():
            if not s.in_play and s.grappled:
                if s.status is Status.SURRENDERED and s.captured_by is None:
                    s.captured_by = 1 - s.side
                self._release(s)

    def _after_ship_action(self, dice: DiceService) -> None:
        if self._check_end():
            return
        active = self.active
        if active is None:
            return
        if not active.in_play:
            self._end_ship_turn(dice)
            return
        self._maybe_auto_end(dice)

    def _maybe_auto_end(self, dice: DiceService) -> None:
        if self.phase != "ship" or self.ts is None:
            return
        if self._check_end():
            return
        if not self._has_choice(self.ships[self.ts.ship], self.ts):
            self._end_ship_turn(dice)

    def _has_choice(self, ship: Ship, ts: ShipTurn) -> bool:
        """True if the active ship has anything left to do but end her turn."""
        step = SHIP_STEPS.index(ts.step)
        if step == 0 or ts.step == "extra_move":
            return True
        if ts.step == "extra" and self.extra_allowed(ship, ts):
            return True
        if not ts.boarded and self.board_targets(ship):
            return True
        if step > 4:
            return False
        enemies = self.enemies(ship)
        if not ts.grappled and ship.fighting_points > ts.fp_used:
            if self.grapple_targets(ship, enemies):
                return True
        return step <= 3 and bool(self.fire_options(ship, enemies))

    def _end_ship_turn(self, dice: DiceService) -> None:
        for name in list(self.damaged):
            s = self.ships[name]
            if s.in_play and s.at_half_strength(self.rules):
                combat.morale_test(s, self.rules, dice, self._log)
        self._after_losses()
        self.damaged = []
        self._next_ship(dice)

    # -- copies, JSON, checks -------------------------------------------------------------
    def clone(self) -> NavalState:
        c = NavalState.__new__(NavalState)
        c.rules, c.sea, c.name = self.rules, self.sea, self.name
        c.escort, c.escort_edge = self.escort, self.escort_edge
        c.ships = {k: s.copy() for k, s in self.ships.items()}
        c.wind, c.coins, c.turn_no, c.phase = self.wind, self.coins, self.turn_no, self.phase
        c.order, c.idx = list(self.order), self.idx
        c.ts = self.ts.copy() if self.ts is not None else None
        c.ret, c.returned, c.damaged = self.ret, list(self.returned), list(self.damaged)
        c.resume, c.burning = self.resume, list(self.burning)
        c.boarded_ever, c.roll_side, c.end_reason = (
            self.boarded_ever,
            self.roll_side,
            self.end_reason,
        )
        c.events = list(self.events)
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "escort": self.escort,
            "escort_edge": self.escort_edge,
            "turn": self.turn_no,
            "phase": self.phase,
            "wind": self.wind,
            "coins": self.coins,
            "order": list(self.order),
            "idx": self.idx,
            "ship_turn": None if self.ts is None else dict(self.ts.__dict__),
            "return": list(self.ret) if self.ret else None,
            "returned": list(self.returned),
            "damaged": list(self.damaged),
            "resume": list(self.resume) if self.resume else None,
            "burning": list(self.burning),
            "boarded_ever": self.boarded_ever,
            "roll_side": self.roll_side,
            "end": self.end_reason,
            "ships": [s.to_json() for s in self.ships.values()],
            "log": list(self.events),
        }

    def check_invariants(self) -> None:
        seen: dict[tuple[int, int], str] = {}
        for s in self.ships.values():
            if not 0 <= s.fighting_points <= min(10, s.fighting_start):
                raise InvariantViolation(
                    f"{s.name} has {s.fighting_points} fighting points of {s.fighting_start}"
                )
            if s.gear > s.gear_start:
                raise InvariantViolation(f"{s.name} has more sailing gear than she started with")
            if s.gear < 0 or any(v < 0 or v > s.hull_start for v in s.hull.values()):
                raise InvariantViolation(f"{s.name}'s hull or gear is out of bounds")
            if any(b.guns < 0 for b in s.batteries.values()):
                raise InvariantViolation(f"{s.name} has a negative gun count")
            if s.status in (Status.AFLOAT, Status.SURRENDERED):
                if not self.sea.is_sea(s.hex):
                    raise InvariantViolation(f"{s.name} is at {s.hex}, not on open sea")
                if s.hex in seen:
                    raise InvariantViolation(f"{s.name} and {seen[s.hex]} share hex {s.hex}")
                seen[s.hex] = s.name
            for n in s.grappled:
                o = self.ships[n]
                if s.name not in o.grappled or not o.in_play or not s.in_play:
                    raise InvariantViolation(
                        f"grapple between {s.name} and {n} is one-sided or stale"
                    )
                if hex_distance(s.hex, o.hex) != 1:
                    raise InvariantViolation(f"{s.name} is grappled with {n} but not touching")
        if self.phase == "ship" and (self.ts is None or not self.ships[self.ts.ship].in_play):
            raise InvariantViolation("a ship turn without a ship in the fight")
        if self.coins < 0:
            raise InvariantViolation("negative countdown coins")
        owed = [s.name for s in self.ships.values() if s.guns_owed]
        if (self.phase == "choose_gun") != bool(owed):
            raise InvariantViolation(f"guns owed by {owed} outside the owner's choice")
        if (self.phase == "choose_gun") != (self.resume is not None):
            raise InvariantViolation("a paused firing without its place to go on (or stale)")
        if self.phase == "fire_side" and not self.burning:
            raise InvariantViolation("a fire-side choice without a burning ship")
        for s in self.ships.values():
            if s.guns_owed > s.gun_crews:
                raise InvariantViolation(f"{s.name} owes more guns than she has")

    def describe(self, action: Action) -> str:
        """A short sentence for the undo menu and the log."""
        return describe_action(self.sea, action)


#: The move actions of a ship for one movement result (a ``reach_cache`` value), by
#: (action class, ship, id of the result) with the result itself to check it.
_MOVE_LISTS: dict[tuple[type, str, int], tuple[dict[Any, Reach], tuple[Action, ...]]] = {}


def _moves(cls: type[Action], ship: str, opts: dict[Any, Reach]) -> tuple[Action, ...]:
    """``cls(ship, hex, heading)`` for every end of ``opts``, in its order: built once
    for each movement result (the same result comes back from the cache)."""
    key = (cls, ship, id(opts))
    hit = _MOVE_LISTS.get(key)
    if hit is not None and hit[0] is opts:
        return hit[1]
    if len(_MOVE_LISTS) > 20_000:
        _MOVE_LISTS.clear()
    moves = tuple(make_action(cls, ship, hex_, heading) for hex_, heading in opts)
    _MOVE_LISTS[key] = (opts, moves)
    return moves


@functools.cache
def _rolls(cls: type[TurnCount | WindChange], side: int) -> tuple[Action, ...]:
    """A side's choices at the end of the turn (the countdown roll, the wind)."""
    choices = TurnRoll if cls is TurnCount else WindTry
    return tuple(make_action(cls, side, c) for c in choices)


#: The Fire actions of one battery at one target, by (ship, battery, target, raking).
_FIRE_LISTS: dict[tuple[str, Any, str, bool], tuple[Action, ...]] = {}


def _fire_actions(ship: str, pos: Any, target: str, raking: bool) -> tuple[Action, ...]:
    """Every aim of one shot (a raking shot at the hull names the side it rakes),
    built once for each shot."""
    key = (ship, pos, target, raking)
    hit = _FIRE_LISTS.get(key)
    if hit is None:
        out: list[Action] = []
        for aim in Aim:
            if aim is Aim.HULL and raking:
                for side in SIDES:
                    out.append(make_action(Fire, ship, pos, target, aim, side.value))
            else:
                out.append(make_action(Fire, ship, pos, target, aim, ""))
        if len(_FIRE_LISTS) > 20_000:
            _FIRE_LISTS.clear()
        hit = _FIRE_LISTS[key] = tuple(out)
    return hit


_HANDLERS: dict[type, Any] = {
    ReduceSail: NavalState._do_reduce_sail,
    GearCheck: NavalState._do_gear_check,
    Move: NavalState._do_move,
    RollExtra: NavalState._do_roll_extra,
    ExtraMove: NavalState._do_extra_move,
    CutFree: NavalState._do_cut_free,
    Fire: NavalState._do_fire,
    HoldFire: NavalState._do_hold_fire,
    Grapple: NavalState._do_grapple,
    Board: NavalState._do_board,
    EndShipTurn: NavalState._do_end_ship_turn,
    TurnCount: NavalState._do_turn_count,
    WindChange: NavalState._do_wind,
    ChooseGun: NavalState._do_choose_gun,
    FireSide: NavalState._do_fire_side,
}
