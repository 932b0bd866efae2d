"""Tortuga 1667: the Game (players, bots) for the shared protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import BotFactory, Game, RandomBot
from wargame.errors import BadInput, IllegalAction
from wargame.tortuga import describe, flow, hidden, invariants, legal
from wargame.tortuga.rules import data, rules
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

    def check_invariants(self) -> None:
        """Everything accounted for: see :mod:`wargame.tortuga.invariants`."""
        invariants.check(self)

    def tell_mark(self) -> Any:
        return self.last_vote

    def tell(self, action: Action, mark: Any) -> tuple[str, ...]:
        """A vote the action closed: the cards played and whether it passed."""
        vote = self.last_vote
        if vote is None or vote is mark:
            return ()
        return (describe.vote_result(self),)


class TortugaGame(Game):
    name: ClassVar[str] = "tortuga-1667"
    title: ClassVar[str] = "Tortuga 1667"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 9

    def default_players(self) -> int:
        return rules().players.default

    def new_initial_state(
        self, players: int, dice: DiceService, *, scenario: Mapping[str, Any] | None = None
    ) -> TortugaState:
        if not self.min_players <= players <= self.max_players:
            raise BadInput(
                f"--players: {self.title} takes {self.min_players} to {self.max_players} "
                f"players, not {players}"
            )
        return flow.setup(TortugaPlay(data(), players), dice)

    def bots(self) -> dict[str, BotFactory]:
        from wargame.tortuga.bots import StrongBot

        return {"random": RandomBot, "strong": StrongBot}
