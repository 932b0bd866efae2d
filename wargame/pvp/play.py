"""The game protocol of Pirate Versus Pirate: :class:`PvpPlay`, what ``new_initial_state`` makes.

The data is :mod:`wargame.pvp.state`; the rules are functions over it in their
own modules; this class joins them (the template ``apply`` is
:meth:`wargame.core.game.GameState.apply`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.pvp import actions as A
from wargame.pvp import describe, effects, invariants, legal
from wargame.pvp.rules import roll_outcomes
from wargame.pvp.state import OVER, ROLL, PvpState


class PvpPlay(PvpState):
    """The game protocol over :class:`PvpState`'s data: the legal actions
    (:mod:`~wargame.pvp.legal`, cached until the next action), their effects
    (:mod:`~wargame.pvp.effects`, which check each move while making it), the log's
    words (:mod:`~wargame.pvp.describe`) and the invariants."""

    __slots__ = ()
    check_legal = False  # effects refuse an illegal move before changing anything

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is None:
            self._legal = legal.legal_actions(self)
        return self._legal

    def is_legal(self, action: Action) -> bool:
        return legal.is_legal(self, action)

    def _apply_action(self, action: Action, dice: DiceService) -> None:
        effects.apply_action(self, action, dice)
        self._legal = None

    def _changed(self) -> None:
        self._legal = None

    def chance_outcomes(self) -> Sequence[tuple[float, tuple[int, ...]]] | None:
        """The roll to move (not the roll-off for the first turn): each 2d4 total with
        its chance, for a search that sums over them."""
        if self.phase != ROLL:
            return None
        return roll_outcomes(effects.move_dice(self), self.opts.dice_sides)

    def describe(self, action: Action) -> str:
        return describe.describe(self, action)

    def check_invariants(self) -> None:
        invariants.check(self)

    def tell(self, action: Action, mark: Any) -> tuple[str, ...]:
        """The dice of a roll (and who goes first), and how the game ended."""
        out = []
        if type(action) is A.Roll:
            rolled = describe.result_text(self)
            if rolled:
                out.append(rolled)
        if self.phase == OVER:
            out.append(describe.end_text(self))
        return tuple(out)
