"""A tiny two-player dice race used to test the core machinery (not a shipped mode).

Each turn a player either ``roll``s (adds a d6 to their score), ``draw``s a
hidden card (an undo barrier) or ``hold``s. First to 20 wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wargame.core.actions import Action, action
from wargame.core.dice import DiceService
from wargame.core.game import Game, GameState, Outcome
from wargame.errors import IllegalAction, InvariantViolation


@action("toy.roll")
@dataclass(frozen=True, slots=True)
class Roll(Action):
    seat: int


@action("toy.hold")
@dataclass(frozen=True, slots=True)
class Hold(Action):
    seat: int


@action("toy.draw")
@dataclass(frozen=True, slots=True)
class Draw(Action):
    seat: int


class ToyState(GameState):
    def __init__(self, deck: list[int]) -> None:
        self.scores = [0, 0]
        self.hands: list[list[int]] = [[], []]
        self.deck = deck
        self.to_move = 0
        self.turns = 0

    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.to_move

    def legal_actions(self) -> Sequence[Action]:
        if self.is_terminal():
            return []
        s = self.to_move
        out: list[Action] = [Roll(s), Hold(s)]
        if self.deck:
            out.append(Draw(s))
        return out

    check_legal = False  # the turn order is checked while applying

    def _apply_action(self, action: Action, dice: DiceService) -> None:
        if getattr(action, "seat", None) != self.to_move:
            raise IllegalAction(f"it is seat {self.to_move}'s turn", rule="toy turn order")
        if isinstance(action, Roll):
            self.scores[self.to_move] += dice.d6(f"seat {self.to_move} rolls")
        elif isinstance(action, Draw):
            if not self.deck:
                raise IllegalAction("the deck is empty")
            self.hands[self.to_move].append(self.deck.pop())
        self.to_move = 1 - self.to_move
        self.turns += 1

    def is_terminal(self) -> bool:
        return max(self.scores) >= 20

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        winner = 0 if self.scores[0] >= 20 else 1
        return Outcome(winner, {0: self.scores[0], 1: self.scores[1]}, self.turns, "reached 20")

    def clone(self) -> ToyState:
        c = ToyState(list(self.deck))
        c.scores = list(self.scores)
        c.hands = [list(h) for h in self.hands]
        c.to_move, c.turns = self.to_move, self.turns
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "to_move": self.to_move,
            "turns": self.turns,
        }

    @property
    def turn(self) -> int:
        return self.turns

    def is_undo_barrier(self, action: Action, rolls: Sequence[Any]) -> bool:
        return isinstance(action, Draw) or super().is_undo_barrier(action, rolls)

    def check_invariants(self) -> None:
        if len(self.deck) + sum(len(h) for h in self.hands) != 10:
            raise InvariantViolation("a card was lost")


class ToyGame(Game):
    name = "toy"
    title = "Toy race"

    def new_initial_state(
        self, players: int, dice: DiceService, *, scenario: Mapping[str, Any] | None = None
    ) -> ToyState:
        deck = list(range(10))
        dice.shuffle(deck, "shuffle the toy deck")
        return ToyState(deck)
