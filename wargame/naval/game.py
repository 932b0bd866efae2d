"""The naval battle game mode: Pieces of Eight sea fights for two sides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.core.dice import DiceService
from wargame.core.game import BotFactory, Game, RandomBot
from wargame.naval.rules import naval_rules
from wargame.naval.scenario import state_from_scenario
from wargame.naval.state import NavalState


class NavalGame(Game):
    name = "naval"
    title = "Naval battle"
    min_players = 2
    max_players = 2
    two_sided = True

    def new_initial_state(
        self, players: int, dice: DiceService, *, scenario: Mapping[str, Any] | None = None
    ) -> NavalState:
        state = state_from_scenario(dict(scenario) if scenario is not None else None, naval_rules())
        state.start(dice)
        return state

    def bots(self) -> dict[str, BotFactory]:
        from wargame.naval.bots import CaptainBot

        return {"random": RandomBot, "captain": CaptainBot}
