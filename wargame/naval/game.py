"""The naval battle game mode: Pieces of Eight sea fights for two sides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import BotFactory, Game, GameState, RandomBot
from wargame.errors import BadInput
from wargame.naval import words
from wargame.naval.rules import naval_rules
from wargame.naval.scenario import state_from_scenario
from wargame.naval.state import NavalState


class NavalGame(Game):
    name = "naval"
    title = "Naval battle"
    min_players = 2
    max_players = 2
    two_sided = True

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        self._templates: dict[int, tuple[Mapping[str, Any] | None, NavalState]] = {}

    def new_initial_state(
        self, players: int, dice: DiceService, *, scenario: Mapping[str, Any] | None = None
    ) -> NavalState:
        """A fresh battle; set-up is parsed once per scenario object and cloned after."""
        if scenario is not None and not isinstance(scenario, Mapping):
            raise BadInput("scenario: a naval scenario must be a JSON object")
        rules = naval_rules()
        cached = self._templates.get(id(scenario))
        if cached is not None and cached[0] is scenario and cached[1].rules is rules:
            state = cached[1].clone()
        else:
            template = state_from_scenario(dict(scenario) if scenario is not None else None, rules)
            if len(self._templates) > 8:
                self._templates.clear()
            self._templates[id(scenario)] = (scenario, template)
            state = template.clone()
        state.start(dice)
        return state

    def seat_words(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
    ) -> list[dict[str, Any]]:
        return words.seat_words(view, names, seat)

    def choice_words(
        self, state: GameState, view: Mapping[str, Any], action: Action, sentence: str
    ) -> list[str]:
        assert isinstance(state, NavalState)
        return words.choice_words(state, action, sentence)  # nothing hidden at sea

    def bots(self) -> dict[str, BotFactory]:
        from wargame.naval.bots import CaptainBot

        return {"random": RandomBot, "captain": CaptainBot}
