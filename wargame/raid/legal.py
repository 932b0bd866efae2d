"""The orders a side may give now, and the full check of one order before it is
carried out (a mixin of :class:`~wargame.raid.play.RaidPlay`)."""

from __future__ import annotations

from typing import Any

from wargame.core.actions import Action
from wargame.errors import IllegalAction
from wargame.raid import actions as A
from wargame.raid.state import (
    _BURN_TOWN,
    _DONE,
    _ROLL_ALARM,
    _ROLL_INITIATIVE,
    _ROLL_MORALE,
    _ROUSE_OFFICERS,
    _WITHDRAW,
    EXPECTED,
    PHASE_TITLES,
    RULE,
)


class LegalOrders:
    """The legal list and ``_validate`` (an order checked, then a closure that makes it)."""

    def legal_actions(self) -> list[Action]:
        if self.end is not None:
            return []
        if self.pending is not None:
            return self._pending_actions()
        ph = self.phase
        if ph == "initiative":
            out: list[Action] = [_ROLL_INITIATIVE]
            if self.can_withdraw():
                out.append(_WITHDRAW)
            return out
        if ph == "move":
            if self.needs_rouse():
                return [_ROUSE_OFFICERS]
            return [*self.move_actions(self.active_side()), _DONE]
        if ph == "shoot":
            return [*self.shoot_actions(self.active_side()), _DONE]
        if ph == "fight":
            return [*self.attack_actions(self.active_side()), _DONE]
        if ph == "morale":
            return [_ROLL_MORALE]
        if ph == "fire":
            return [*self.ignite_actions(), _DONE]
        if ph == "burn":
            return [_BURN_TOWN]
        if ph == "loot":
            return [*self.loot_actions(), _DONE]
        if ph == "alarm":
            return [_ROLL_ALARM]
        return []

    def _validate(self, action: Action) -> Any:
        """Check ``action`` against the rules; return a closure that performs it."""
        if self.pending is not None:
            return self._validate_pending(action)
        ph = self.phase
        t = type(action)
        expected = EXPECTED.get(ph, ())
        if t not in expected:
            raise IllegalAction(
                f"{action.kind} is not an order of the {PHASE_TITLES.get(ph, ph)} phase",
                rule=RULE["sequence"],
            )
        if t is A.RollInitiative:
            return self._do_initiative
        if t is A.Withdraw:
            if not self.can_withdraw():
                raise IllegalAction(
                    "the pirates can only withdraw when every figure on the table stands on "
                    f"a {' or '.join(self.rules.game.withdraw_from)} square, from turn "
                    f"{self.rules.game.withdraw_from_turn}",
                    rule="Ruling: withdrawing",
                )
            return self._do_withdraw
        if t is A.Done:
            if ph == "move" and self.needs_rouse():
                raise IllegalAction(
                    "the defenders must first roll for their officers", rule=RULE["move"]
                )
            return self._do_done
        if ph == "move":
            if t is A.RouseOfficers:
                if not self.needs_rouse():
                    raise IllegalAction("there is no officer to roll for now", rule=RULE["move"])
                return self._do_rouse
            return self.validate_move(action)  # type: ignore[arg-type]
        if ph == "shoot":
            return self.validate_shoot(action)  # type: ignore[arg-type]
        if ph == "fight":
            return self.validate_attack(action)  # type: ignore[arg-type]
        if ph == "morale":
            return self._do_morale
        if ph == "fire":
            return self.validate_ignite(action)  # type: ignore[arg-type]
        if ph == "burn":
            return self._do_burn
        if ph == "loot":
            if t is A.Ransack:
                return self.validate_ransack(action)  # type: ignore[arg-type]
            return self.validate_spike(action)  # type: ignore[arg-type]
        return self._do_alarm
