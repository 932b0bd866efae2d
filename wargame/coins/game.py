"""Pirate Coins, the push-your-luck coin game: the Game (ruleset, variants, bots)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wargame.coins import effects, words
from wargame.coins.play import CoinsPlay
from wargame.coins.rules import coin_set, rules
from wargame.coins.state import CoinsState
from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import BotFactory, Game, GameState
from wargame.errors import BadInput


def starter_choices(players: int = 5) -> tuple[str, ...]:
    """Values of the parameter ``starter``: drawn at random, or a seat number."""
    return ("random", *(str(s + 1) for s in range(players)))


class PirateCoinsGame(Game):
    name: ClassVar[str] = "pirate-coins"
    title: ClassVar[str] = "Pirate Coins"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    #: monsters: a monster set of coins.toml; starter: "random" or a seat number 1-5.
    param_names: ClassVar[tuple[str, ...] | None] = ("monsters", "starter")

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        r = rules()
        self.min_players = r.players.min  # type: ignore[misc]
        self.max_players = r.players.max  # type: ignore[misc]
        self.params.setdefault("monsters", r.monsters.default)
        self.params.setdefault("starter", r.setup.starter_default)
        self.coins = coin_set(str(self.params["monsters"]))
        starter = str(self.params["starter"])
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
    ) -> CoinsState:
        if not self.min_players <= players <= self.max_players:
            raise BadInput(
                f"--players: {self.title} takes {self.min_players} to {self.max_players} "
                f"players, not {players}"
            )
        starter = self.params["starter"]
        seat = None if starter == "random" else int(starter) - 1
        if seat is not None and seat >= players:
            raise BadInput(f"game parameter starter: there is no Pirate {seat + 1} in {players}")
        state = CoinsPlay(self.coins, players)
        effects.setup(state, dice, seat)
        return state

    def seat_words(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
    ) -> list[dict[str, Any]]:
        return words.seat_words(view, names)

    def choice_words(
        self, state: GameState, view: Mapping[str, Any], action: Action, sentence: str
    ) -> list[str]:
        return words.choice_words(view, action, sentence)

    def bots(self) -> dict[str, BotFactory]:
        from wargame.coins.bots import RandomCoinsBot, StrongBot

        return {"random": RandomCoinsBot, "strong": StrongBot}
