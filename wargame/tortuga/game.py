"""Tortuga 1667: the Game (players, bots) for the shared protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import BotFactory, Game, GameState, RandomBot
from wargame.core.seats import starter_choices
from wargame.errors import BadInput
from wargame.tortuga import flow, words
from wargame.tortuga.play import TortugaPlay
from wargame.tortuga.rules import data, rules
from wargame.tortuga.state import TortugaState


class TortugaGame(Game):
    name: ClassVar[str] = "tortuga-1667"
    title: ClassVar[str] = "Tortuga 1667"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 9
    #: starter: who takes the first turn, "random" (a public die) or a seat number
    param_names: ClassVar[tuple[str, ...] | None] = ("starter",)
    #: saves from before the starter parameter existed: Pirate 1 started
    legacy_params: ClassVar[Mapping[str, Any]] = {"starter": "1"}

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        starter = str(self.params.setdefault("starter", rules().turn.starter))
        if starter not in starter_choices(self.max_players):
            raise BadInput(
                f"game parameter starter: {starter!r} is not 'random' or a seat number "
                f"1-{self.max_players}"
            )
        self.params["starter"] = starter

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
        return flow.setup(TortugaPlay(data(), players), dice, self.params["starter"])

    def seat_words(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
    ) -> list[dict[str, Any]]:
        return words.seat_words(view, names)

    def choice_words(
        self, state: GameState, view: Mapping[str, Any], action: Action, sentence: str
    ) -> list[str]:
        return words.choice_words(view, action, sentence)

    def bots(self) -> dict[str, BotFactory]:
        from wargame.tortuga.bots import StrongBot

        return {"random": RandomBot, "strong": StrongBot}
