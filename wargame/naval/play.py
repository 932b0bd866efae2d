"""The game protocol of the sea fight: :class:`NavalPlay`, what a scenario makes.

The data is :mod:`wargame.naval.state`; the rules are the step mixins
(:mod:`~wargame.naval.steps_move`, :mod:`~wargame.naval.steps_fight`,
:mod:`~wargame.naval.steps_turn`, :mod:`~wargame.naval.steps_choice`) and the legal
list (:mod:`~wargame.naval.legal`); this class joins them (the template ``apply`` is
:meth:`wargame.core.game.GameState.apply`).
"""

from __future__ import annotations

from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.naval import actions as A
from wargame.naval.common import R_TURN
from wargame.naval.describe import describe_action
from wargame.naval.legal import LegalActions
from wargame.naval.state import NavalState
from wargame.naval.steps_choice import CHOICE_PHASES, ChoiceSteps
from wargame.naval.steps_fight import FightSteps
from wargame.naval.steps_move import MoveSteps
from wargame.naval.steps_turn import TurnSteps


class NavalPlay(LegalActions, MoveSteps, FightSteps, TurnSteps, ChoiceSteps, NavalState):
    """A sea fight in play: each action's handler (``_HANDLERS``) checks it and makes it."""

    check_legal = False  # each step's handler checks its action while applying it

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

    def _apply_action(self, action: Action, dice: DiceService) -> None:
        if self.phase == "over":
            raise IllegalAction("the battle is over", rule=R_TURN)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action.kind} is not a sea-fight action", rule=R_TURN)
        handler(self, action, dice)

    def tell_mark(self) -> Any:
        return len(self._events)

    def tell(self, action: Action, mark: Any) -> tuple[str, ...]:
        """The battle's events the action made (moves, dice, hits, the wind, the end)."""
        return self.events_since(mark)

    def describe(self, action: Action) -> str:
        """A short sentence for the undo menu and the log."""
        return describe_action(self.sea, action)


_HANDLERS: dict[type, Any] = {
    A.ReduceSail: NavalPlay._do_reduce_sail,
    A.GearCheck: NavalPlay._do_gear_check,
    A.Move: NavalPlay._do_move,
    A.RollExtra: NavalPlay._do_roll_extra,
    A.ExtraMove: NavalPlay._do_extra_move,
    A.CutFree: NavalPlay._do_cut_free,
    A.Fire: NavalPlay._do_fire,
    A.HoldFire: NavalPlay._do_hold_fire,
    A.Grapple: NavalPlay._do_grapple,
    A.Board: NavalPlay._do_board,
    A.EndShipTurn: NavalPlay._do_end_ship_turn,
    A.TurnCount: NavalPlay._do_turn_count,
    A.WindChange: NavalPlay._do_wind,
    A.ChooseGun: NavalPlay._do_choose_gun,
    A.FireSide: NavalPlay._do_fire_side,
}
