"""The end of a game turn (10.3): fires burn (the owner chooses the side), the countdown
rolls, the wind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.naval import combat
from wargame.naval.actions import (
    EndShipTurn,
    FireSide,
    TurnCount,
    TurnRoll,
    WindChange,
    WindTry,
)
from wargame.naval.common import (
    R_BOARD,
    R_FIRE,
    R_TURN,
    SHIP_STEPS,
    SIDE_NAMES,
    ShipTurn,
    as_position,
)
from wargame.naval.rules import SIDES, NavalRules, ShipType
from wargame.naval.sea import Sea, point_of_sail
from wargame.naval.ship import Ship, Status
from wargame.naval.victory import holds
from wargame.plural import count


class TurnSteps:
    """Mixed into :class:`~wargame.naval.play.NavalPlay`, whose fields (ships, sea,
    rules, ts, phase, ...) and flow helpers (_require_ship_step, _log, ...) it uses."""

    def _end_of_turn(self, dice: DiceService) -> None:
        self.ts = None
        self.burning = [s.name for s in self.ships.values() if s.in_play and s.fire]
        self._burn_next(dice)

    def _burn_next(self, dice: DiceService) -> None:
        """Ask the owner of the next burning ship which side burns; then close the turn."""
        while self.burning:
            s = self.ships[self.burning[0]]
            if s.in_play and s.fire:
                self.phase = "fire_side"
                return
            self.burning.pop(0)
        self._after_fires()

    def _do_fire_side(self, a: FireSide, dice: DiceService) -> None:
        if self.phase != "fire_side" or not self.burning:
            raise IllegalAction("no fire is burning now", rule=R_FIRE)
        name = self.burning[0]
        if a.ship != name:
            raise IllegalAction(
                f"the fire aboard {name} burns now: her owner chooses the side", rule=R_FIRE
            )
        side = as_position(a.side)
        if side not in SIDES:
            raise IllegalAction("fire burns a hull side: larboard or starboard", rule=R_FIRE)
        s = self.ships[name]
        self.burning.pop(0)
        if combat.fire_damage(s, side, self.rules, dice, self._log) and s.in_play:
            if s.at_half_strength(self.rules):
                combat.morale_test(s, self.rules, dice, self._log)
        self._after_losses()  # a ship burnt to the waterline lets go of her grapples now
        self._burn_next(dice)

    def _after_fires(self) -> None:
        self._after_losses()
        for s in self.ships.values():
            if s.reduced_sail > 0:
                s.reduced_sail -= 1
        if self._check_end() or self._count_hold():
            return
        self.phase = "countdown"
        self.roll_side = 0

    def _count_hold(self) -> bool:
        """Victory kind "hold", at the end of a game turn: the turn counts if the side
        holds the harbour (a ship afloat there, no enemy ship afloat there), else the
        count starts again; True when the harbour is won."""
        hold = self.victory.hold
        if hold is None:
            return False
        who = SIDE_NAMES[hold.side].capitalize()
        if holds(self.ships.values(), hold, hold.side) and not holds(
            self.ships.values(), hold, 1 - hold.side
        ):
            self.held += 1
            self._log(
                f"{who} holds the harbour: {self.held} of {count(hold.turns, 'turn', 'turns')}"
            )
        else:
            if self.held:
                self._log(f"{who} no longer holds the harbour")
            self.held = 0
        if self.held < hold.turns:
            return False
        self.phase = "over"
        self.end_reason = (
            f"the {SIDE_NAMES[hold.side]} held the harbour for {count(hold.turns, 'turn', 'turns')}"
        )
        self._log(f"The battle is over: {self.end_reason}")
        return True

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
            self._note(_rolled_count, who, "add", r, r >= t.add_turn_on)
        elif choice is TurnRoll.DEDUCT:
            r = dice.d6(f"{who}: deduct a turn (4,5,6)")
            if r >= t.deduct_turn_on:
                self.coins = max(0, self.coins - 1)
            self._note(_rolled_count, who, "deduct", r, r >= t.deduct_turn_on)
        if self.roll_side == 0:
            self.roll_side = 1
            return
        self.coins = max(0, self.coins - 1)
        self._note(_coin_off, self.coins)
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
                self._note(_wind_changed, who, r, self.sea, self.wind)
            else:
                self._note(_wind_holds, who, r)
        tried = choice is not WindTry.PASS
        one_roll = self.rules.turn.wind_attempts == 1
        if changed or self.roll_side == 1 or (tried and one_roll):
            self.turn_no += 1
            self._note(_new_turn, self.turn_no, self.sea, self.wind, self.coins)
            self._begin_turn(dice)
        else:
            self.roll_side = 1

    # -- the sequence of a game turn: ship turns, their steps, the end ---------------
    def start(self, dice: DiceService) -> None:
        self._events.append(
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
        self._events.append((_ship_turn, ship.side, ship.name, ship.type, sp, self.rules))

    def _check_end(self) -> bool:
        if self.phase == "over":  # ended already (a ship sailing off, then her action's end)
            return True
        alive = [False, False]
        for s in self.ships.values():
            if s.status is Status.AFLOAT:
                alive[s.side] = True
        for k in (0, 1):
            if not alive[k]:
                self.phase = "over"
                self.ts = None
                self.end_reason = f"the {SIDE_NAMES[k]} has no ship left in the fight"
                self._events.append(f"The battle is over: {self.end_reason}")
                return True
        return False

    def _log(self, text: str) -> None:
        self._events.append(text)

    def _note(self, words: Callable[..., str], *args: Any) -> None:
        """A sentence for the log, written out by ``words(*args)`` only when read
        (``args``: values, taken now)."""
        self._events.append((words, *args))

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


# -- the busiest log sentences, written out when the log is read (TurnSteps._note) ----
def _rolled_count(who: str, what: str, r: int, done: bool) -> str:
    result = ("a coin is added" if what == "add" else "a coin is removed") if done else "no"
    return f"{who} rolls to {what} a turn: {r}: {result}"


def _coin_off(coins: int) -> str:
    return f"One coin off the countdown: {coins} left"


def _wind_changed(who: str, r: int, sea: Sea, wind: int) -> str:
    return f"{who} tries to change the wind: {r}: it now blows towards the {sea.facing_name(wind)}"


def _wind_holds(who: str, r: int) -> str:
    return f"{who} tries to change the wind: {r}: it holds"


def _new_turn(turn: int, sea: Sea, wind: int, coins: int) -> str:
    return (
        f"Turn {turn}: the wind blows towards the {sea.facing_name(wind)}; "
        f"{count(coins, 'coin', 'coins')} left"
    )


def _ship_turn(side: int, name: str, kind: ShipType, sp: str, rules: NavalRules) -> str:
    return (
        f"{SIDE_NAMES[side].capitalize()}'s {name} ({kind.value}) "
        f"takes her turn: {sp} ({count(rules.sail.point(sp).base_hexes, 'hex', 'hexes')})"
    )
