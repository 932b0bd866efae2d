"""The sea fight as a state machine with explicit phases (section 10.3).

A game turn: every ship in play takes a ship turn - warships first, attacker
first, alternately - made of the steps move, fire, grapple, board (a later
step closes the earlier ones); a ship fired on may return fire on 5,6; ships
at half strength that took damage take morale at the end of the ship turn.
After all ships: fires burn, both sides may roll to add (6) or deduct (4,5,6)
a turn, one coin comes off the countdown, the game stops when none are left,
and each side in turn may try to change the wind (5,6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState, Outcome
from wargame.errors import IllegalAction, InvariantViolation
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
from wargame.naval.movement import OFF_TABLE, Reach, reachable
from wargame.naval.rules import POSITIONS, SIDES, Aim, NavalRules, Position
from wargame.naval.sea import Sea, point_of_sail
from wargame.naval.ship import Ship, Status

SIDE_NAMES = ("attacker", "defender")
SHIP_STEPS = ("move", "extra", "extra_move", "fire", "grapple", "board")
R_MOVE = "12. Movement"
R_FIRE = "19. Firing guns"
R_GRAPPLE = "17.2 Grappling"
R_BOARD = "17.4 Boarding actions"
R_TURN = "10.3 Sea fight turn sequence"
MANY_TURNS = 99


@dataclass
class ShipTurn:
    """What the active ship has done in its ship turn."""

    ship: str
    start_heading: int
    step: str = "move"
    sail_point: str = "running"
    gear_checked: bool = False
    gear_ok: bool = True
    moved: bool = False
    full_move: bool = False
    turns_used: int = 0
    extra_rolls: int = 0
    cut_tried: bool = False
    fired: list[str] = field(default_factory=list)
    fp_used: int = 0
    grappled: bool = False
    boarded: bool = False

    def copy(self) -> ShipTurn:
        c = ShipTurn(**self.__dict__)
        c.fired = list(self.fired)
        return c


class NavalState(GameState):
    def __init__(
        self,
        rules: NavalRules,
        sea: Sea,
        ships: Sequence[Ship],
        *,
        wind: int,
        coins: int,
        name: str = "Sea fight",
    ) -> None:
        self.rules = rules
        self.sea = sea
        self.name = name
        self.ships: dict[str, Ship] = {s.name: s for s in ships}
        self.wind = wind % 6
        self.coins = coins
        self.turn_no = 1
        self.phase = "ship"  # ship | return | countdown | wind | over
        self.order: list[str] = []
        self.idx = 0
        self.ts: ShipTurn | None = None
        self.ret: tuple[str, str] | None = None  # (returning ship, ship it may fire at)
        self.returned: list[str] = []
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
        out: list[str] = []
        for warships in (True, False):
            sides = [
                [
                    s.name
                    for s in self.ships.values()
                    if s.in_play and s.warship == warships and s.side == k
                ]
                for k in (0, 1)
            ]
            for i in range(max(len(sides[0]), len(sides[1]))):
                for k in (0, 1):
                    if i < len(sides[k]):
                        out.append(sides[k][i])
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
            if s.status is Status.SUNK:
                out[enemy] += sc.sunk[s.type]
            elif s.status is Status.SURRENDERED:
                out[enemy] += sc.captured[s.type]
            elif s.status is Status.LEFT and s.driven_off:
                out[enemy] += sc.driven_off[s.type]
        return out

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
        if self.phase in ("countdown", "wind"):
            if self.phase == "countdown":
                return [_act(TurnCount, self.roll_side, c) for c in TurnRoll]
            return [_act(WindChange, self.roll_side, c) for c in WindTry]
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
                out.append(_act(ReduceSail, ship.name))
            if ship.grappled:
                if not ts.cut_tried:
                    out.append(_act(CutFree, ship.name))
            elif self.needs_gear_check(ship, ts):
                out.append(_act(GearCheck, ship.name))
            elif ts.gear_ok:
                for (hex_, heading), _r in self.move_options(ship).items():
                    out.append(_act(Move, ship.name, hex_, heading))
        if step <= 1 and ts.step == "extra" and self.extra_allowed(ship, ts):
            out.append(_act(RollExtra, ship.name))
        if ts.step == "extra_move":
            for (hex_, heading), _r in self.extra_options(ship).items():
                out.append(_act(ExtraMove, ship.name, hex_, heading))
        if step <= 3:
            out.extend(self.fire_options(ship, self.enemies(ship)))
        if step <= 4 and not ts.grappled:
            avail = ship.fighting_points - ts.fp_used
            for t in self.grapple_targets(ship):
                for n in range(avail, 0, -1):
                    out.append(_act(Grapple, ship.name, t.name, n))
        if step <= 5 and not ts.boarded:
            for t in self.board_targets(ship):
                out.append(_act(Board, ship.name, t.name, False))
                if ship.captain_alive:
                    out.append(_act(Board, ship.name, t.name, True))
        if not (ship.must_board and any(isinstance(a, Board) for a in out)):
            out.append(_act(EndShipTurn, ship.name))
        return out

    def enemies(self, ship: Ship) -> list[Ship]:
        return [s for s in self.ships.values() if s.side != ship.side and s.in_play]

    def fire_options(self, ship: Ship, targets: Sequence[Ship]) -> list[Action]:
        out: list[Action] = []
        ts = self.ts
        for pos in POSITIONS:
            if self.phase == "ship" and ts is not None and pos.value in ts.fired:
                continue
            if combat.battery_can_fire(ship, pos) is not None:
                continue
            for t in targets:
                shot = combat.find_shot(self.sea, self.rules, ship, pos, t)
                if shot is None or shot.dice <= 0:
                    continue
                for aim in Aim:
                    if aim is Aim.HULL and shot.raking:
                        for side in SIDES:
                            out.append(_act(Fire, ship.name, pos, t.name, aim, side.value))
                    else:
                        out.append(_act(Fire, ship.name, pos, t.name, aim, ""))
        return out

    def grapple_targets(self, ship: Ship) -> list[Ship]:
        out = []
        for t in self.enemies(ship):
            if t.name in ship.grappled:
                continue
            if _hex_distance(ship.hex, t.hex) == 1:
                out.append(t)
        return out

    def board_targets(self, ship: Ship) -> list[Ship]:
        return [self.ships[n] for n in ship.grappled if self.ships[n].in_play]

    def needs_gear_check(self, ship: Ship, ts: ShipTurn) -> bool:
        return not ts.gear_checked and ship.gear_needs_check(self.rules)

    def extra_allowed(self, ship: Ship, ts: ShipTurn) -> bool:
        point = self.rules.sail.point(ts.sail_point)
        if ship.type not in point.extra_for or not ts.full_move:
            return False
        if ts.extra_rolls == 0:
            return True
        return ship.type in point.repeat_for

    def _blocked(self, ship: Ship) -> frozenset[tuple[int, int]]:
        return frozenset(
            s.hex
            for s in self.ships.values()
            if s is not ship and s.status in (Status.AFLOAT, Status.SURRENDERED)
        )

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
        blocked = self._blocked(ship)
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
        blocked = self._blocked(ship)
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
    def _do_reduce_sail(self, a: ReduceSail, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "move", R_MOVE)
        if ts.step != "move" or ts.moved:
            raise IllegalAction("reduced sail must be declared before moving", rule=R_MOVE)
        if ship.reduced_sail > 0:
            raise IllegalAction(f"{ship.name} is already under reduced sail", rule=R_MOVE)
        if ship.grappled:
            raise IllegalAction(f"{ship.name} is grappled and cannot sail", rule=R_MOVE)
        ship.reduced_sail = self.rules.movement.reduced_sail_turns
        self._log(
            f"{ship.name} reduces sail for {ship.reduced_sail} turns "
            f"(-{self.rules.movement.reduced_sail_reduction} hex)"
        )

    def _do_gear_check(self, a: GearCheck, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "move", R_MOVE)
        if ts.step != "move" or not self.needs_gear_check(ship, ts) or ship.grappled:
            raise IllegalAction(f"{ship.name} needs no sailing gear check now", rule=R_MOVE)
        mod = self.rules.movement.quality_die_modifier[ship.quality]
        roll = dice.d6(f"{ship.name}: sailing gear at half or less, moves on 4,5,6")
        ts.gear_checked = True
        ts.gear_ok = roll + mod >= self.rules.movement.gear_check_on
        self._log(
            f"{ship.name}'s damaged sailing gear ({ship.gear}/{ship.gear_start}): rolled {roll}"
            f"{f'{mod:+d}' if mod else ''}: {'she may move' if ts.gear_ok else 'she cannot move'}"
        )
        if not ts.gear_ok:
            ts.step = "fire"
            self._maybe_auto_end(dice)

    def _do_move(self, a: Move, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "move", R_MOVE)
        if ts.step != "move":
            raise IllegalAction(f"{ship.name} has already moved", rule=R_MOVE)
        if ship.grappled:
            raise IllegalAction(f"{ship.name} is grappled and cannot move", rule=R_MOVE)
        if self.needs_gear_check(ship, ts):
            raise IllegalAction(
                f"{ship.name}'s sailing gear is at half or less: roll to move first", rule=R_MOVE
            )
        if not ts.gear_ok:
            raise IllegalAction(f"{ship.name} failed her sailing gear roll", rule=R_MOVE)
        opts = self.move_options(ship)
        reach = opts.get((tuple(a.to), a.heading % 6))
        if reach is None or a.heading not in range(6):
            raise IllegalAction(self.why_not_reachable(ship, a.to, opts), rule=R_MOVE)
        allowance = self.basic_allowance(ship, ts)
        ts.moved = True
        ts.turns_used += reach.turns
        ts.full_move = reach.steps >= allowance
        self._place(ship, reach, "sails")
        if ship.in_play and self.extra_allowed(ship, ts):
            ts.step = "extra"
        else:
            ts.step = "fire"
        self._maybe_auto_end(dice)

    def why_not_reachable(
        self, ship: Ship, to: tuple[int, int], opts: dict[Any, Reach] | None = None
    ) -> str:
        """Why the active ship cannot end its basic move in ``to``."""
        ts = self.ts
        assert ts is not None
        opts = self.move_options(ship) if opts is None else opts
        to = tuple(to)  # type: ignore[assignment]
        allowance = self.basic_allowance(ship, ts)
        if to != OFF_TABLE and to not in self.sea.hexes:
            return f"{to} is not on the table"
        if to in self.sea.land:
            return "that hex is land: islands block movement"
        if any(
            s.hex == to and s is not ship and s.status is not Status.SUNK
            for s in self.ships.values()
        ):
            return "another ship is in that hex"
        if any(k[0] == to for k in opts):
            return f"{ship.name} cannot face that way there"
        return (
            f"{ship.name} is {ts.sail_point} and may move {allowance} hex"
            f"{'es' if allowance != 1 else ''} (or one fewer)"
            + (", turning only once" if self._turns_left(ship, ts) < MANY_TURNS else "")
            + ("; beating she must turn into the new hex" if ts.sail_point == "beating" else "")
            + ": that hex is out of reach"
        )

    def _place(self, ship: Ship, reach: Reach, verb: str) -> None:
        old = ship.hex
        ship.heading = reach.heading
        if reach.off_table:
            ship.status = Status.LEFT
            self._release(ship)
            self._log(f"{ship.name} sails off the table")
            self._check_end()
            return
        ship.hex = reach.hex
        if reach.hex == old and reach.steps == 0:
            self._log(
                f"{ship.name} holds her position, heading {self.sea.facing_name(reach.heading)}"
            )
        else:
            self._log(
                f"{ship.name} {verb} {reach.steps} hex{'es' if reach.steps != 1 else ''} to "
                f"{self.sea.to_offset(reach.hex)}, heading {self.sea.facing_name(reach.heading)}"
            )

    def _do_roll_extra(self, a: RollExtra, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "extra", R_MOVE)
        if ts.step != "extra" or not self.extra_allowed(ship, ts):
            raise IllegalAction(f"{ship.name} has no extra hex to roll for", rule=R_MOVE)
        point = self.rules.sail.point(ts.sail_point)
        mod = self.rules.movement.quality_die_modifier[ship.quality]
        roll = dice.d6(f"{ship.name}: extra hex ({ts.sail_point})")
        ts.extra_rolls += 1
        ok = roll + mod >= point.extra_on
        self._log(
            f"{ship.name} rolls for an extra hex ({ts.sail_point}, needs {point.extra_on}+): "
            f"{roll}{f'{mod:+d}' if mod else ''}: {'success' if ok else 'fails'}"
        )
        ts.step = "extra_move" if ok else "fire"
        self._maybe_auto_end(dice)

    def _do_extra_move(self, a: ExtraMove, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "extra_move", R_MOVE)
        if ts.step != "extra_move":
            raise IllegalAction(f"{ship.name} has no extra hex to move", rule=R_MOVE)
        opts = self.extra_options(ship)
        reach = opts.get((tuple(a.to), a.heading % 6))
        if reach is None or a.heading not in range(6):
            raise IllegalAction(
                f"{ship.name}'s extra hex must be the hex ahead (turning one face if allowed)",
                rule=R_MOVE,
            )
        ts.turns_used += reach.turns
        self._place(ship, reach, "makes an extra")
        point = self.rules.sail.point(ts.sail_point)
        ts.step = "extra" if ship.in_play and ship.type in point.repeat_for else "fire"
        self._maybe_auto_end(dice)

    def _do_cut_free(self, a: CutFree, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "move", R_GRAPPLE)
        if ts.step != "move" or not ship.grappled or ts.cut_tried:
            raise IllegalAction(f"{ship.name} is not grappled or has already tried", rule=R_GRAPPLE)
        ts.cut_tried = True
        roll = dice.d6(f"{ship.name}: cut free of the grapples")
        if roll >= self.rules.movement.cut_free_on:
            others = ", ".join(ship.grappled)
            self._release(ship)
            self._log(f"{ship.name} tries to cut free: {roll}, cuts free of {others}")
        else:
            self._log(f"{ship.name} tries to cut free: {roll}, still grappled")
        ts.step = "fire"
        self._maybe_auto_end(dice)

    def _release(self, ship: Ship) -> None:
        for n in ship.grappled:
            other = self.ships[n]
            other.grappled = tuple(x for x in other.grappled if x != ship.name)
            if not other.grappled:
                other.must_board = False
        ship.grappled = ()
        ship.must_board = False

    # firing
    def _do_fire(self, a: Fire, dice: DiceService) -> None:
        pos, aim = _pos(a.battery), _aim(a.aim)
        returning = self.phase == "return"
        if returning:
            assert self.ret is not None
            if a.ship != self.ret[0] or a.target != self.ret[1]:
                raise IllegalAction(
                    f"only {self.ret[0]} may return fire now, at {self.ret[1]}", rule=R_FIRE
                )
            ship, ts = self.ships[a.ship], None
        else:
            ship, ts = self._require_ship_step(a, a.ship, "fire", R_FIRE)
            if pos.value in ts.fired:
                raise IllegalAction(
                    f"{ship.name}'s {pos.value} guns have fired this turn", rule=R_FIRE
                )
        target = self.ships.get(a.target)
        if target is None or target.side == ship.side or not target.in_play:
            raise IllegalAction(f"{a.target} is not an enemy ship in the fight", rule=R_FIRE)
        why = combat.battery_can_fire(ship, pos)
        if why:
            raise IllegalAction(why, rule=R_FIRE)
        shot = combat.plan_shot(self.sea, self.rules, ship, pos, target)
        if isinstance(shot, str):
            raise IllegalAction(shot, rule=R_FIRE)
        if shot.dice <= 0:
            raise IllegalAction("the fire factor is 0: no dice to roll", rule=R_FIRE)
        side = None
        if aim is Aim.HULL and shot.raking:
            if a.side not in ("larboard", "starboard"):
                raise IllegalAction(
                    "a raking shot at the hull must choose the side it damages", rule=R_FIRE
                )
            side = Position(a.side)
        elif a.side:
            raise IllegalAction("only a raking shot at the hull chooses a side", rule=R_FIRE)
        # -- valid: mutate from here
        if ts is not None:
            self._advance(ts, "fire")
            ts.fired.append(pos.value)
        hit = combat.resolve_shot(shot, aim, side, ship, target, self.rules, dice, self._log)
        if hit:
            self._mark_damaged(target)
        self._after_losses()
        if returning:
            self.phase = "ship"
            self.ret = None
            self._after_ship_action(dice)
            return
        self._maybe_return_fire(ship, target, dice)
        if self.phase == "ship":
            self._after_ship_action(dice)

    def _maybe_return_fire(self, firer: Ship, target: Ship, dice: DiceService) -> None:
        if not target.in_play or not firer.in_play or target.name in self.returned:
            return
        if not self.fire_options(target, [firer]):
            return
        roll = dice.d6(f"{target.name}: return fire")
        if roll >= self.rules.fire.return_fire_on:
            self._log(
                f"{target.name} rolls {roll} to return fire: she may fire back at {firer.name}"
            )
            self.returned.append(target.name)
            self.phase = "return"
            self.ret = (target.name, firer.name)
        else:
            self._log(f"{target.name} rolls {roll} to return fire: not this time")

    def _do_hold_fire(self, a: HoldFire, dice: DiceService) -> None:
        if self.phase != "return" or self.ret is None or a.ship != self.ret[0]:
            raise IllegalAction("there is no return fire to hold", rule=R_FIRE)
        self._log(f"{a.ship} holds her fire")
        self.phase = "ship"
        self.ret = None
        self._after_ship_action(dice)

    # grappling and boarding
    def _do_grapple(self, a: Grapple, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "grapple", R_GRAPPLE)
        if ts.grappled:
            raise IllegalAction(
                f"{ship.name} has already tried to grapple this turn", rule=R_GRAPPLE
            )
        target = self.ships.get(a.target)
        if target is None or target not in self.grapple_targets(ship):
            raise IllegalAction(
                f"{a.target} is not an enemy in a touching hex, ungrappled", rule=R_GRAPPLE
            )
        avail = ship.fighting_points - ts.fp_used
        if not 1 <= a.points <= avail:
            raise IllegalAction(
                f"{ship.name} has {avail} fighting point{'s' if avail != 1 else ''} to grapple with",
                rule=R_GRAPPLE,
            )
        self._advance(ts, "grapple")
        ts.grappled = True
        ts.fp_used += a.points
        mod, why = combat.grapple_modifier(ship, target, self.rules)
        rolls = dice.d6s(a.points, f"{ship.name}: grapple {target.name} (6 grapples)")
        best = max(rolls) + mod
        ok = best >= self.rules.grapple.hit_on
        self._log(
            f"{ship.name} throws grapples at {target.name} with {a.points} fighting points"
            f"{' (' + ', '.join(why) + ')' if why else ''}: rolled {' '.join(map(str, rolls))}: "
            f"{'grappled!' if ok else 'no hold'}"
        )
        if ok:
            ship.grappled = (*ship.grappled, target.name)
            target.grappled = (*target.grappled, ship.name)
        self._after_ship_action(dice)

    def _do_board(self, a: Board, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "board", R_BOARD)
        if ts.boarded:
            raise IllegalAction(
                f"{ship.name} has already fought a boarding action this turn", rule=R_BOARD
            )
        target = self.ships.get(a.target)
        if target is None or target.name not in ship.grappled or not target.in_play:
            raise IllegalAction(f"{ship.name} is not grappled with {a.target}", rule=R_BOARD)
        if a.captain and not ship.captain_alive:
            raise IllegalAction(f"{ship.name}'s captain is dead", rule=R_BOARD)
        self._advance(ts, "board")
        ts.boarded = True
        ship.must_board = False
        b = self.rules.boarding
        first = not self.boarded_ever
        self.boarded_ever = True
        n_a, parts_a = combat.boarding_dice(
            ship,
            attacker=True,
            captain=a.captain,
            first_of_game=first,
            fighting=max(0, ship.fighting_points - ts.fp_used),
            rules=self.rules,
        )
        n_d, parts_d = combat.boarding_dice(
            target,
            attacker=False,
            captain=False,
            first_of_game=False,
            fighting=target.fighting_points,
            rules=self.rules,
        )
        fights = ship.fights.get(target.name, 0)
        kill_on = b.kill_on if fights == 0 else b.kill_on_later
        ship.fights[target.name] = fights + 1
        target.fights[ship.name] = target.fights.get(ship.name, 0) + 1
        ra = dice.d6s(n_a, f"{ship.name}: boarding {target.name} ({kill_on}+ kills)")
        rd = dice.d6s(n_d, f"{target.name}: repel boarders ({kill_on}+ kills)")
        ka = sum(1 for v in ra if v >= kill_on)
        kd = sum(1 for v in rd if v >= kill_on)
        self._log(
            f"{ship.name} boards {target.name}! {n_a} dice ({', '.join(parts_a)}) against "
            f"{n_d} ({', '.join(parts_d)}); kills on {kill_on}+"
        )
        self._log(
            f"  {ship.name} rolled {' '.join(map(str, ra)) or '-'}: {ka} kill{'s' if ka != 1 else ''}; "
            f"{target.name} rolled {' '.join(map(str, rd)) or '-'}: {kd} kill{'s' if kd != 1 else ''}"
        )
        combat.kill_crew(target, ka)
        combat.kill_crew(ship, kd)
        if ka:
            self._mark_damaged(target)
        if kd:
            self._mark_damaged(ship)
        ship.won_last_fight = ka > kd
        target.won_last_fight = kd > ka
        if kd > ka:
            extra = kd - ka
            rolls = dice.d6s(extra, f"{target.name}: defender's extra kills")
            self._log(f"  {target.name} kills more: rolled {' '.join(map(str, rolls))}")
            if any(v >= b.defender_captain_on for v in rolls) and ship.captain_alive:
                ship.captain_alive = False
                self._log(f"  {ship.name}'s captain is killed!")
            if any(v >= b.defender_degrapple_on for v in rolls):
                self._log(f"  {ship.name} and {target.name} are thrown apart (degrappled)")
                ship.grappled = tuple(x for x in ship.grappled if x != target.name)
                target.grappled = tuple(x for x in target.grappled if x != ship.name)
            else:
                target.must_board = True
                self._log(f"  {target.name} must become the attacker")
        elif ka > kd:
            extra = ka - kd
            seize = dice.d6s(extra, f"{ship.name}: seize {target.name} (6)")
            cap = dice.d6s(extra, f"{ship.name}: kill {target.name}'s captain (6)")
            self._log(
                f"  {ship.name} kills more: seize {' '.join(map(str, seize))}, "
                f"captain {' '.join(map(str, cap))}"
            )
            if any(v >= b.attacker_captain_on for v in cap) and target.captain_alive:
                target.captain_alive = False
                self._log(f"  {target.name}'s captain is killed!")
            if any(v >= b.attacker_seize_on for v in seize):
                target.status = Status.SURRENDERED
                target.captured_by = ship.side
                self._log(f"  {target.name} is seized and surrenders to {ship.name}!")
        else:
            self._log("  neither kills more: the ships stay grappled")
        if a.captain and ship.captain_alive:
            g = dice.d6(f"{ship.name}: captain's gamble")
            if g >= b.captain_gamble_on:
                ship.captain_alive = False
                self._log(f"  gamble {g}: {ship.name}'s captain falls in the fight!")
                if target.warship and target.in_play:
                    s = dice.d6(f"{ship.name}: surrender after losing her captain")
                    if s >= b.surrender_on:
                        ship.status = Status.SURRENDERED
                        ship.captured_by = target.side
                        self._log(f"  {s}: {ship.name} surrenders!")
                    else:
                        self._log(f"  {s}: {ship.name} fights on")
            else:
                self._log(f"  gamble {g}: the captain comes through")
        self._after_losses()
        self._after_ship_action(dice)

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
        if step <= 4 and not ts.grappled and ship.fighting_points > ts.fp_used:
            if self.grapple_targets(ship):
                return True
        if not ts.boarded and self.board_targets(ship):
            return True
        if step <= 3:
            enemies = self.enemies(ship)
            for pos in POSITIONS:
                if pos.value in ts.fired or combat.battery_can_fire(ship, pos) is not None:
                    continue
                for t in enemies:
                    shot = combat.find_shot(self.sea, self.rules, ship, pos, t)
                    if shot is not None and shot.dice > 0:
                        return True
        return False

    def _end_ship_turn(self, dice: DiceService) -> None:
        for name in list(self.damaged):
            s = self.ships[name]
            if s.in_play and s.at_half_strength(self.rules):
                combat.morale_test(s, self.rules, dice, self._log)
        self._after_losses()
        self.damaged = []
        self._next_ship(dice)

    def _end_of_turn(self, dice: DiceService) -> None:
        self.ts = None
        for s in self.ships.values():
            if s.in_play and s.fire:
                if combat.fire_damage(s, self.rules, dice, self._log) and s.in_play:
                    if s.at_half_strength(self.rules):
                        combat.morale_test(s, self.rules, dice, self._log)
        self._after_losses()
        for s in self.ships.values():
            if s.reduced_sail > 0:
                s.reduced_sail -= 1
        if self._check_end():
            return
        self.phase = "countdown"
        self.roll_side = 0

    def _do_turn_count(self, a: TurnCount, dice: DiceService) -> None:
        if self.phase != "countdown" or a.side != self.roll_side:
            raise IllegalAction("it is not this side's roll on the countdown", rule=R_TURN)
        choice = TurnRoll(a.choice)
        who = SIDE_NAMES[a.side].capitalize()
        t = self.rules.turn
        if choice is TurnRoll.ADD:
            r = dice.d6(f"{who}: add a turn (6)")
            if r >= t.add_turn_on:
                self.coins += 1
            self._log(
                f"{who} rolls to add a turn: {r}: {'a coin is added' if r >= t.add_turn_on else 'no'}"
            )
        elif choice is TurnRoll.DEDUCT:
            r = dice.d6(f"{who}: deduct a turn (4,5,6)")
            if r >= t.deduct_turn_on:
                self.coins = max(0, self.coins - 1)
            self._log(
                f"{who} rolls to deduct a turn: {r}: {'a coin is removed' if r >= t.deduct_turn_on else 'no'}"
            )
        if self.roll_side == 0:
            self.roll_side = 1
            return
        self.coins = max(0, self.coins - 1)
        self._log(f"One coin off the countdown: {self.coins} left")
        if self.coins <= 0:
            self.phase = "over"
            self.end_reason = "the countdown coins are all gone"
            self._log(f"The battle is over: {self.end_reason}")
            return
        self.phase = "wind"
        self.roll_side = 0

    def _do_wind(self, a: WindChange, dice: DiceService) -> None:
        if self.phase != "wind" or a.side != self.roll_side:
            raise IllegalAction("it is not this side's wind change attempt", rule=R_TURN)
        choice = WindTry(a.choice)
        who = SIDE_NAMES[a.side].capitalize()
        changed = False
        if choice is not WindTry.PASS:
            r = dice.d6(f"{who}: change the wind (5,6)")
            if r >= self.rules.turn.wind_change_on:
                self.wind = (self.wind + (-1 if choice is WindTry.CLOCKWISE else 1)) % 6
                changed = True
                self._log(
                    f"{who} tries to change the wind: {r}: it now blows towards the "
                    f"{self.sea.facing_name(self.wind)}"
                )
            else:
                self._log(f"{who} tries to change the wind: {r}: it holds")
        if changed or self.roll_side == 1:
            self.turn_no += 1
            self._log(
                f"Turn {self.turn_no}: the wind blows towards the {self.sea.facing_name(self.wind)}; "
                f"{self.coins} coins left"
            )
            self._begin_turn(dice)
        else:
            self.roll_side = 1

    # -- copies, JSON, checks -------------------------------------------------------------
    def clone(self) -> NavalState:
        c = NavalState.__new__(NavalState)
        c.rules, c.sea, c.name = self.rules, self.sea, self.name
        c.ships = {k: s.copy() for k, s in self.ships.items()}
        c.wind, c.coins, c.turn_no, c.phase = self.wind, self.coins, self.turn_no, self.phase
        c.order, c.idx = list(self.order), self.idx
        c.ts = self.ts.copy() if self.ts is not None else None
        c.ret, c.returned, c.damaged = self.ret, list(self.returned), list(self.damaged)
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
                if _hex_distance(s.hex, o.hex) != 1:
                    raise InvariantViolation(f"{s.name} is grappled with {n} but not touching")
        if self.phase == "ship" and (self.ts is None or not self.ships[self.ts.ship].in_play):
            raise InvariantViolation("a ship turn without a ship in the fight")
        if self.coins < 0:
            raise InvariantViolation("negative countdown coins")

    def describe(self, action: Action) -> str:
        """A short sentence for the undo menu and the log."""
        a: Any = action
        if isinstance(action, Move | ExtraMove):
            if tuple(a.to) == OFF_TABLE:
                return f"{a.ship} sails off the table"
            where = self.sea.to_offset(tuple(a.to))
            return f"{a.ship} sails to {where}, heading {self.sea.facing_name(a.heading)}"
        if isinstance(action, Fire):
            side = f" ({a.side})" if a.side else ""
            return f"{a.ship} fires {a.battery} guns at {a.target}'s {a.aim}{side}"
        if isinstance(action, Grapple):
            return f"{a.ship} grapples {a.target} with {a.points} fighting points"
        if isinstance(action, Board):
            return f"{a.ship} boards {a.target}{' led by her captain' if a.captain else ''}"
        if isinstance(action, TurnCount | WindChange):
            who = SIDE_NAMES[a.side].capitalize()
            return f"{who}: {a.choice} ({'countdown' if isinstance(action, TurnCount) else 'wind'})"
        words = {
            ReduceSail: "reduces sail",
            GearCheck: "rolls to move with damaged gear",
            RollExtra: "rolls for an extra hex",
            CutFree: "tries to cut free",
            HoldFire: "holds her fire",
            EndShipTurn: "ends her turn",
        }
        return f"{a.ship} {words.get(type(action), action.kind)}"


_ACTIONS: dict[tuple[Any, ...], Action] = {}


def _act(cls: type[Action], *args: Any) -> Action:
    """Actions are immutable values: make each one once and reuse it (legal_actions is hot)."""
    key = (cls, *args)
    got = _ACTIONS.get(key)
    if got is None:
        if len(_ACTIONS) > 100_000:
            _ACTIONS.clear()
        got = _ACTIONS[key] = cls(*args)
    return got


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _pos(value: Any) -> Position:
    try:
        return Position(value)
    except ValueError:
        raise IllegalAction(f"{value!r} is not a gun position", rule=R_FIRE) from None


def _aim(value: Any) -> Aim:
    try:
        return Aim(value)
    except ValueError:
        raise IllegalAction(f"{value!r} is not hull, gear or crew", rule=R_FIRE) from None


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
}
