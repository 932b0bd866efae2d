"""The game protocol of Tortuga 1667: :class:`TortugaPlay`, what ``new_initial_state`` makes.

The data is :mod:`wargame.tortuga.state`; the rules are functions over it in their
own modules; this class joins them (the template ``apply`` is
:meth:`wargame.core.game.GameState.apply`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.tortuga import describe, flow, hidden, invariants, legal
from wargame.tortuga.state import TortugaState

_legal_actions = legal.legal_actions
_apply = flow.apply_action


class TortugaPlay(TortugaState):
    """The game protocol over :class:`TortugaState`'s data: the legal actions
    (:mod:`~wargame.tortuga.legal`, cached until the next action), their effects
    (:mod:`~wargame.tortuga.flow` and the modules it calls), the log's words
    (:mod:`~wargame.tortuga.describe`), what a seat sees and the redraw
    (:mod:`~wargame.tortuga.hidden`) and the invariants."""

    __slots__ = ()

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is None:
            self._legal = _legal_actions(self)
        return self._legal

    def is_legal(self, action: Action) -> bool:
        legal = self.legal_actions()
        for a in legal:  # shared instances: identity first, equality only if needed
            if a is action:
                return True
        return action in legal

    def refusal(self, action: Action) -> IllegalAction:
        return IllegalAction(legal.why_illegal(self, action), rule="Tortuga 1667")

    def _apply_action(self, action: Action, dice: DiceService) -> None:
        self._legal = None
        self.barrier = False
        _apply(self, action, dice)
        self._legal = None

    def _changed(self) -> None:
        self.barrier = False
        self._legal = None

    def describe(self, action: Action) -> str:
        return describe.describe(self, action)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return hidden.observation(self, seat)

    def resample_hidden(self, seat: int, dice: DiceService) -> TortugaState:
        return hidden.resample(self, seat, dice)

    def scrub_private(self, seat: int) -> None:
        """The cards other seats viewed and the loyalties they learnt go: only ``seat``'s
        own stay (the redraw keeps them all)."""
        hidden.scrub_private(self, seat)

    def check_invariants(self) -> None:
        """Everything accounted for: see :mod:`wargame.tortuga.invariants`."""
        invariants.check(self)

    def describe_secret(self, action: Action) -> str:
        """A secret action told without its choice ("Anna plays a vote card face down"):
        :func:`~wargame.tortuga.describe.describe` never names a secret's parameters."""
        return describe.describe(self, action)

    def tell_mark(self) -> Any:
        return (self.last_vote, self.over)

    def tell(self, action: Action, mark: Any) -> tuple[str, ...]:
        """A vote the action closed (the cards played and whether it passed), and the
        game's end it brought (the totals and the winning team's pirates)."""
        vote, over = mark if isinstance(mark, tuple) else (mark, False)
        out: tuple[str, ...] = ()
        if self.last_vote is not None and self.last_vote is not vote:
            out += (describe.vote_result(self),)
        if self.over and not over:
            out += (describe.end_text(self),)
        return out
