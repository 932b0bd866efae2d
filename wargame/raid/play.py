"""The game protocol of the land raid: :class:`RaidPlay`, what ``new_initial_state`` makes.

The data is :mod:`wargame.raid.state`; the rules are the mixins
(:mod:`~wargame.raid.legal`, :mod:`~wargame.raid.flow`, :mod:`~wargame.raid.movement`,
:mod:`~wargame.raid.combat`, :mod:`~wargame.raid.townevents`); this class joins them
(the template ``apply`` is :meth:`wargame.core.game.GameState.apply`).
"""

from __future__ import annotations

from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.raid.combat import CombatMixin
from wargame.raid.describe import describe
from wargame.raid.flow import TurnFlow
from wargame.raid.invariants import check
from wargame.raid.legal import LegalOrders
from wargame.raid.movement import MovementMixin
from wargame.raid.state import (
    RULE,
    RaidState,
)
from wargame.raid.townevents import TownEventsMixin


class RaidPlay(LegalOrders, TurnFlow, MovementMixin, CombatMixin, TownEventsMixin, RaidState):
    """A raid in play: each order checked in full (``_validate``), then carried out."""

    check_legal = False  # _validate checks the action fully before anything changes

    def _apply_action(self, action: Action, dice: DiceService) -> None:
        """Validate ``action`` fully, then carry it out. Refusals change nothing."""
        if self.end is not None:
            raise IllegalAction("the raid is over", rule=RULE["over"])
        handler = self._validate(action)
        handler(dice)
        self._advance(dice)

    def tell_mark(self) -> Any:
        return len(self._lines)

    def tell(self, action: Action, mark: Any) -> tuple[str, ...]:
        """The raid's events the action made (moves, dice, casualties, fire, loot)."""
        return self.log_since(mark)

    def describe(self, action: Action) -> str:
        return describe(self, action)

    def check_invariants(self) -> None:
        check(self)
