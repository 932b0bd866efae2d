"""Section 12 as state steps: reduced sail, the gear check, the move, extra hexes, cutting free."""

from __future__ import annotations

from typing import Any

from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.naval.actions import (
    CutFree,
    ExtraMove,
    GearCheck,
    Move,
    ReduceSail,
    RollExtra,
)
from wargame.naval.common import (
    MANY_TURNS,
    R_GRAPPLE,
    R_MOVE,
)
from wargame.naval.movement import OFF_TABLE, Reach, exit_phrase, is_off_table
from wargame.naval.sea import Sea
from wargame.naval.ship import Ship, Status
from wargame.plural import count


class MoveSteps:
    """Mixed into :class:`~wargame.naval.play.NavalPlay`, whose fields (ships, sea,
    rules, ts, phase, ...) and flow helpers (_require_ship_step, _log, ...) it uses."""

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
            f"{ship.name} reduces sail for {count(ship.reduced_sail, 'turn', 'turns')} "
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
        reach = _chosen(opts, a.to, a.heading)
        if reach is None or a.heading not in range(6):
            raise IllegalAction(self.why_not_reachable(ship, a.to, opts), rule=R_MOVE)
        allowance = self.basic_allowance(ship, ts)
        ts.moved = True
        ts.turns_used += reach.turns
        ts.full_move = reach.steps >= allowance
        self._place(ship, reach, "sails")
        if not ship.in_play:  # off the table: her part in the fight ends at once
            self._after_ship_action(dice)
            return
        if self.extra_allowed(ship, ts):
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
        if not is_off_table(to) and to not in self.sea.hexes:
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
            f"{ship.name} is {ts.sail_point} and may move "
            f"{count(allowance, 'hex', 'hexes')} (or one fewer)"
            + (", turning only once" if self._turns_left(ship, ts) < MANY_TURNS else "")
            + ("; beating she must turn into the new hex" if ts.sail_point == "beating" else "")
            + ": that hex is out of reach"
        )

    def _place(self, ship: Ship, reach: Reach, verb: str) -> None:
        old = ship.hex
        ship.heading = reach.heading
        if reach.off_table:
            ship.status = Status.LEFT
            ship.left_by = reach.exit
            self._release(ship)
            by = f" by the {exit_phrase(reach.exit)}" if reach.exit else ""
            self._log(f"{ship.name} sails off the table{by}")
            self._check_end()
            return
        ship.hex = reach.hex
        if reach.hex == old and reach.steps == 0:
            self._note(_held, ship.name, self.sea, reach.heading)
        else:
            self._note(_moved, ship.name, verb, self.sea, reach)

    def _do_roll_extra(self, a: RollExtra, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "extra", R_MOVE)
        if ts.step != "extra" or not self.extra_allowed(ship, ts):
            raise IllegalAction(f"{ship.name} has no extra hex to roll for", rule=R_MOVE)
        point = self.rules.sail.point(ts.sail_point)
        mod = self.rules.movement.quality_die_modifier[ship.quality]
        roll = dice.d6(f"{ship.name}: extra hex ({ts.sail_point})")
        ts.extra_rolls += 1
        ok = roll + mod >= point.extra_on
        self._note(_extra_roll, ship.name, ts.sail_point, point.extra_on, roll, mod, ok)
        ts.step = "extra_move" if ok else "fire"
        self._maybe_auto_end(dice)

    def _do_extra_move(self, a: ExtraMove, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "extra_move", R_MOVE)
        if ts.step != "extra_move":
            raise IllegalAction(f"{ship.name} has no extra hex to move", rule=R_MOVE)
        opts = self.extra_options(ship)
        reach = _chosen(opts, a.to, a.heading)
        if reach is None or a.heading not in range(6):
            raise IllegalAction(
                f"{ship.name}'s extra hex must be the hex ahead (turning one face if allowed)",
                rule=R_MOVE,
            )
        ts.turns_used += reach.turns
        self._place(ship, reach, "makes an extra")
        if not ship.in_play:
            self._after_ship_action(dice)
            return
        point = self.rules.sail.point(ts.sail_point)
        ts.step = "extra" if ship.in_play and ship.type in point.repeat_for else "fire"
        self._maybe_auto_end(dice)

    def _do_cut_free(self, a: CutFree, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "move", R_GRAPPLE)
        if ts.step != "move" or not ship.grappled or ts.cut_tried:
            raise IllegalAction(f"{ship.name} is not grappled or has already tried", rule=R_GRAPPLE)
        if not self.may_cut_free(ship):
            raise IllegalAction(
                f"{ship.name} must board this turn and may not cut free", rule=R_GRAPPLE
            )
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


def _chosen(opts: dict[Any, Reach], to: Any, heading: int) -> Reach | None:
    """The move's result: ``to`` and ``heading`` as listed; a move written before issue
    39 to the one old off-table mark takes the first way off with that heading."""
    to = tuple(to)
    if to == OFF_TABLE:
        return next((r for (h, d), r in opts.items() if r.off_table and d == heading % 6), None)
    return opts.get((to, heading % 6))


# -- the busiest log sentences, written out when the log is read (TurnSteps._note) ----
def _held(name: str, sea: Sea, heading: int) -> str:
    return f"{name} holds her position, heading {sea.facing_name(heading)}"


def _moved(name: str, verb: str, sea: Sea, reach: Reach) -> str:
    return (
        f"{name} {verb} {count(reach.steps, 'hex', 'hexes')} to "
        f"{sea.to_offset(reach.hex)}, heading {sea.facing_name(reach.heading)}"
    )


def _extra_roll(name: str, sail_point: str, need: int, roll: int, mod: int, ok: bool) -> str:
    return (
        f"{name} rolls for an extra hex ({sail_point}, needs {need}+): "
        f"{roll}{f'{mod:+d}' if mod else ''}: {'success' if ok else 'fails'}"
    )
