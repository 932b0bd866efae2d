"""The game protocol of Pirate Coins: :class:`CoinsPlay`, what ``new_initial_state`` makes.

The data is :mod:`wargame.coins.state`; the rules are functions over it in their
own modules; this class joins them (the template ``apply`` is
:meth:`wargame.core.game.GameState.apply`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.coins import actions as A
from wargame.coins import describe, effects, invariants
from wargame.coins.legal import LEGAL, OVER
from wargame.coins.scoring import winners
from wargame.coins.state import CoinsState
from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import Outcome
from wargame.errors import IllegalAction

_APPLY = effects.APPLY


class CoinsPlay(CoinsState):
    """The game protocol over :class:`CoinsState`'s data: the legal actions (constant
    per phase, :mod:`~wargame.coins.legal`), their effects
    (:mod:`~wargame.coins.effects`), the winners (:mod:`~wargame.coins.scoring`), the
    log's words (:mod:`~wargame.coins.describe`) and the invariants."""

    __slots__ = ()

    def legal_actions(self) -> Sequence[Action]:
        return LEGAL[self.phase]

    def is_legal(self, action: Action) -> bool:
        return action in LEGAL[self.phase]

    def refusal(self, action: Action) -> IllegalAction:
        return IllegalAction(
            describe.why_illegal(self, action), rule="Pirate Coins: turn structure"
        )

    def _apply_action(self, action: Action, dice: DiceService) -> None:
        _APPLY[type(action)](self, action, dice)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        won = winners(self)
        return Outcome(
            won[0] if len(won) == 1 else None,
            {s: float(self.booty_value(s)) for s in range(self.n)},
            self.turns,
            self.end_reason,
            team=tuple(won) if len(won) > 1 else None,
        )

    def describe(self, action: Action) -> str:
        return describe.describe(self, action)

    def describe_secret(self, action: Action) -> str:
        """A secret decision is told as "Pirate 2 has decided", never which way."""
        return describe.describe(self, action)

    def check_invariants(self) -> None:
        """Every coin accounted for and the turn in order: see :mod:`wargame.coins.invariants`."""
        invariants.check(self)

    def tell(self, action: Action, mark: Any) -> tuple[str, ...]:
        """What the coin drawn, the reveal or the flip did (a decision: nothing more)."""
        if type(action) is A.Decide:
            return ()
        said = describe.event_text(self)
        return (said,) if said else ()
