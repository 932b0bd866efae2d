"""The game protocol of Pieces of Eight: :class:`PoePlay`, what ``new_initial_state`` makes.

The data is :mod:`wargame.poe.state`; the rules are functions over it in their
own modules; this class joins them (the template ``apply`` is
:meth:`wargame.core.game.GameState.apply`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.poe import describe, effects, hidden, legal
from wargame.poe.refusals import why_illegal
from wargame.poe.state import PoeState


class PoePlay(PoeState):
    """The game protocol over :class:`PoeState`'s data: the legal actions
    (:mod:`~wargame.poe.legal`, cached until the next action), their effects
    (:mod:`~wargame.poe.effects`), the log's words (:mod:`~wargame.poe.describe`) and
    the hidden-card redraw (:mod:`~wargame.poe.hidden`)."""

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is None:
            self._legal = legal.legal_actions(self)
        return self._legal

    def is_legal(self, action: Action) -> bool:
        legal = self.legal_actions()
        for a in legal:  # a bot's pick is one of the list's own actions: no compare
            if a is action:
                return True
        return action in legal

    def refusal(self, action: Action) -> IllegalAction:
        reason, rule = why_illegal(self, action)
        return IllegalAction(reason, rule=rule)

    def _apply_action(self, action: Action, dice: DiceService) -> None:
        self._legal = None
        effects.apply_action(self, action, dice)  # settles: sets or clears _legal

    def _changed(self) -> None:
        self._legal = None

    def describe(self, action: Action) -> str:
        return describe.describe(self, action)

    def is_secret(self, action: Action) -> bool:
        return describe.is_secret(self, action)

    def describe_secret(self, action: Action) -> str:
        return describe.describe_secret(self, action)

    def resample_hidden(self, seat: int, dice: DiceService) -> PoeState:
        return hidden.resample_hidden(self, seat, dice)

    def scrub_private(self, seat: int) -> None:
        """Other seats' buried cards become unknown (-1); ``seat``'s own stay."""
        hidden.scrub_private(self, seat)

    def tell_mark(self) -> Any:
        return self.last_fight

    def tell(self, action: Action, mark: Any) -> tuple[str, ...]:
        """A fight (or mutiny) the action settled: its dice, modifiers and winner."""
        fight = self.last_fight
        if fight is None or fight is mark:
            return ()
        return (describe.fight_summary(self, fight),)
