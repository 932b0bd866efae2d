"""Bots for Pirate Versus Pirate (draft)."""
from __future__ import annotations
from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState

class FastRandomBot:
    name = "random"
    def __init__(self, dice: DiceService) -> None:
        self.dice = dice
    def choose(self, state: GameState, seat: int) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return actions[self.dice.randint(0, len(actions) - 1, "bot choice")]

ExpectimaxBot = FastRandomBot
