"""The legal actions of a sea fight, listed for the side to act (a mixin of
:class:`~wargame.naval.play.NavalPlay`, over :class:`~wargame.naval.state.NavalState`'s data)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.naval import combat
from wargame.naval.actions import (
    Board,
    CutFree,
    EndShipTurn,
    ExtraMove,
    Fire,
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
    SHIP_STEPS,
    ShipTurn,
    hex_distance,
    make_action,
)
from wargame.naval.movement import Reach, reachable
from wargame.naval.rules import POSITIONS, SIDES, Aim
from wargame.naval.ship import Ship, Status
from wargame.naval.steps_choice import CHOICE_PHASES


class LegalActions:
    """What the side to act may do now: every move, shot, grapple and boarding."""

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
        # "Against the Wind: Turn 1 hex face": one face in the whole ship turn, the
        # extra hex a small ship may roll for included (issue 39), as for the ships
        # that turn once a turn
        once = self.rules.sail.point(ts.sail_point).turn_only
        if once or ship.type in self.rules.movement.one_turn_types:
            return max(0, 1 - ts.turns_used)
        return MANY_TURNS

    #: The last ``move_options`` of this state: (the ship turn, what of it the result
    #: depends on, the result). Within a ship turn the other ships stay where they are,
    #: so the move the legal list offered is checked against the same result without
    #: measuring again; a table override forgets it (``_changed``), a clone starts
    #: without it.
    _move_memo: tuple[Any, tuple[Any, ...], dict[Any, Reach]] | None = None

    def _changed(self) -> None:
        self._move_memo = None

    def move_options(self, ship: Ship) -> dict[tuple[tuple[int, int], int], Reach]:
        """Basic movement: every legal end (hex, heading) of the active ship."""
        ts = self.ts
        assert ts is not None
        memo = self._move_memo
        mine = (ship.name, ship.hex, ship.heading, ship.reduced_sail, ts.turns_used, ts.sail_point)
        if memo is not None and memo[0] is ts and memo[1] == mine:
            return memo[2]
        hit = self._move_options(ship, ts)
        self._move_memo = (ts, mine, hit)
        return hit

    def _move_options(self, ship: Ship, ts: ShipTurn) -> dict[tuple[tuple[int, int], int], Reach]:
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
