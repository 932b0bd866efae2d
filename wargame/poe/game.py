"""Pieces of Eight, the card-driven board game: the Game (ruleset, variants, bots)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from wargame.core.dice import DiceService
from wargame.core.game import BotFactory, Game, RandomBot
from wargame.errors import BadInput
from wargame.poe.maps import board_for
from wargame.poe.rules import deck, rules
from wargame.poe.state import Options, PoeState

#: The game parameters (variants) and the values each may take.
VARIANTS: dict[str, tuple[str, ...]] = {
    "players": ("3-6", "2-6"),
    "faceup_to_hand": ("one", "by-location"),
    "mutiny_rounding": ("down", "nearest", "up"),
}


class PiecesOfEightGame(Game):
    name: ClassVar[str] = "pieces-of-eight"
    title: ClassVar[str] = "Pieces of Eight"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        r = rules()
        defaults = {
            "players": "3-6",
            "faceup_to_hand": r.replenish.faceup_to_hand_default,
            "mutiny_rounding": r.fight.mutiny_rounding_default,
        }
        for key in self.params:
            if key not in VARIANTS:
                raise BadInput(
                    f"game parameter {key!r} is unknown; choose from {', '.join(VARIANTS)}"
                )
        for key, choices in VARIANTS.items():
            value = str(self.params.get(key, defaults[key]))
            if value not in choices:
                raise BadInput(
                    f"game parameter {key}: {value!r} is not one of {', '.join(choices)}"
                )
            self.params[key] = value
        if self.params["faceup_to_hand"] not in r.replenish.faceup_to_hand:
            raise BadInput(
                f"faceup_to_hand: no table {self.params['faceup_to_hand']!r} in poe.toml"
            )
        lo, hi = r.players.ranges[self.params["players"]]
        self.min_players = lo  # type: ignore[misc]
        self.max_players = hi  # type: ignore[misc]

    def default_players(self) -> int:
        return rules().players.default

    def new_initial_state(
        self, players: int, dice: DiceService, *, scenario: Mapping[str, Any] | None = None
    ) -> PoeState:
        from wargame.poe.effects import setup

        if not self.min_players <= players <= self.max_players:
            raise BadInput(
                f"--players: {self.title} takes {self.min_players} to {self.max_players} "
                f"players, not {players}"
            )
        board = board_for(scenario)
        options = Options(self.params["faceup_to_hand"], self.params["mutiny_rounding"])
        state = PoeState(board, deck(), players, options)
        setup(state, dice)
        return state

    def bots(self) -> dict[str, BotFactory]:
        from wargame.poe.bots import StrongBot

        return {"random": RandomBot, "strong": StrongBot}
