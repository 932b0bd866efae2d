"""The end of a game turn (10.3): fires burn (the owner chooses the side), the countdown
rolls, the wind."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.naval import combat
from wargame.naval.actions import (
    FireSide,
    TurnCount,
    TurnRoll,
    WindChange,
    WindTry,
)
from wargame.naval.common import (
    R_FIRE,
    R_TURN,
    SIDE_NAMES,
    as_position,
)
from wargame.naval.rules import SIDES


class TurnSteps:
    """Mixed into :class:`~wargame.naval.state.NavalState`, whose fields (ships, sea,
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
        tried = choice is not WindTry.PASS
        one_roll = self.rules.turn.wind_attempts == 1
        if changed or self.roll_side == 1 or (tried and one_roll):
            self.turn_no += 1
            self._log(
                f"Turn {self.turn_no}: the wind blows towards the {self.sea.facing_name(self.wind)}; "
                f"{self.coins} coins left"
            )
            self._begin_turn(dice)
        else:
            self.roll_side = 1
