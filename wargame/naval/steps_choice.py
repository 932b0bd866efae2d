"""The owner's choices of section 19 as a pause in the sequence: which gun and crew a
crew hit (or a boarding kill) destroys, and which hull side a fire burns.

A firing or boarding that destroys guns where the owner has a real choice stops in the
``choose_gun`` phase: the owning side answers with ``naval.choose_gun`` once per gun, then
the firing or boarding goes on exactly where it stopped (``resume``). The end-of-turn
fires stop in the ``fire_side`` phase, one burning ship at a time (see steps_turn).
"""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.naval import combat
from wargame.naval.actions import ChooseGun, FireSide
from wargame.naval.common import R_FIRE, as_position, make_action
from wargame.naval.rules import SIDES
from wargame.naval.ship import Ship
from wargame.plural import count

CHOICE_PHASES = ("choose_gun", "fire_side")


class ChoiceSteps:
    """Mixed into :class:`~wargame.naval.play.NavalPlay`, whose fields (ships, phase,
    resume, burning) and flow helpers (_fire_after, _after_ship_action, ...) it uses."""

    def owed_ship(self) -> Ship | None:
        """The ship whose owner must choose a gun to lose now, if any."""
        for s in self.ships.values():
            if s.guns_owed > 0:
                return s
        return None

    def choice_ship(self) -> Ship | None:
        """The ship the pending owner's choice is about (None outside those phases)."""
        if self.phase == "choose_gun":
            return self.owed_ship()
        if self.phase == "fire_side" and self.burning:
            return self.ships[self.burning[0]]
        return None

    def choice_reason(self) -> str:
        """Why the owner is asked, in the words of the rules."""
        ship = self.choice_ship()
        if ship is None:
            return ""
        if self.phase == "choose_gun":
            n = ship.guns_owed
            return (
                f"crew hits destroyed {count(n, 'gun', 'guns')} and crew aboard {ship.name}: "
                "the owner chooses which position loses "
                f"{'each' if n != 1 else 'it'} (19, crew hits 3,4)"
            )
        return (
            f"fire burns aboard {ship.name} (D6-1 damage): the owner chooses the hull side "
            f"(larboard {ship.hull[SIDES[0]]}, starboard {ship.hull[SIDES[1]]} left)"
        )

    def choice_actions(self) -> list[Action]:
        ship = self.choice_ship()
        if ship is None:
            return []
        if self.phase == "choose_gun":
            return [make_action(ChooseGun, ship.name, p) for p in combat.gun_choices(ship)]
        return [make_action(FireSide, ship.name, p) for p in SIDES]

    def _pause_for_guns(self, resume: tuple[str, ...]) -> bool:
        """Take the guns lost without a choice; True if an owner must now choose."""
        for s in self.ships.values():
            if s.guns_owed:
                combat.settle_forced_guns(s, self._log)
        if self.owed_ship() is None:
            return False
        self.resume = resume
        self.phase = "choose_gun"
        return True

    def _do_choose_gun(self, a: ChooseGun, dice: DiceService) -> None:
        ship = self.owed_ship() if self.phase == "choose_gun" else None
        if ship is None:
            raise IllegalAction("no gun is waiting for its owner's choice", rule=R_FIRE)
        if a.ship != ship.name:
            raise IllegalAction(
                f"{ship.name}'s owner chooses a gun to lose now, not {a.ship}'s", rule=R_FIRE
            )
        pos = as_position(a.position)
        if ship.batteries[pos].guns <= 0:
            raise IllegalAction(f"{ship.name} has no guns at the {pos.value}", rule=R_FIRE)
        combat.take_gun(ship, pos, self._log)
        combat.settle_forced_guns(ship, self._log)
        if self.owed_ship() is not None:
            return
        resume, self.resume = self.resume, None
        assert resume is not None
        if resume[0] == "fire":
            _, firer, target, hit, returning = resume
            self.phase = "return" if returning == "1" else "ship"
            self._fire_after(
                self.ships[firer],
                self.ships[target],
                hit=hit == "1",
                returning=returning == "1",
                dice=dice,
            )
        else:
            self.phase = "ship"
            self._after_losses()
            self._after_ship_action(dice)
