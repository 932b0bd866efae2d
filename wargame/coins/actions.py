"""The actions of Pirate Coins.

The starting pirate starts each round, draws each turn's fortune coin, reveals the
choices and flips the fortune coin; each pirate still in the round decides in turn,
secretly. Seats are not part of an action: the log records who acted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from wargame.core.actions import Action, action
from wargame.errors import ActionTextError

SALLY = "sally"
PLUNDER = "plunder"


@action("coins.start_round")
@dataclass(frozen=True, slots=True)
class StartRound(Action):
    """The starting pirate moves the top coin of the round stack to the pile of loot."""

    reveals: ClassVar[bool] = True  # the round stack is face down: its top coin is news


@action("coins.fortune")
@dataclass(frozen=True, slots=True)
class DrawFortune(Action):
    """The starting pirate draws a random coin from the pouch: the fortune coin."""


@action("coins.decide")
@dataclass(frozen=True, slots=True)
class Decide(Action):
    """A pirate still in the round secretly sets a coin skull-up (sally forth) or
    monster-up (plunder)."""

    secret: ClassVar[bool] = True
    choice: str

    def __post_init__(self) -> None:
        if self.choice not in (SALLY, PLUNDER):
            raise ActionTextError(
                f"coins.decide: choice must be sally or plunder, not {self.choice!r}"
            )


@action("coins.reveal")
@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """All choices are shown at once; the pile is divided among the plunderers and the
    winner is checked."""

    reveals: ClassVar[bool] = True


@action("coins.flip")
@dataclass(frozen=True, slots=True)
class Flip(Action):
    """The starting pirate flips the fortune coin: skull to the pile, monster to the pool."""


START = StartRound()
FORTUNE = DrawFortune()
SALLY_FORTH = Decide(SALLY)
PLUNDER_NOW = Decide(PLUNDER)
REVEAL = Reveal()
FLIP = Flip()
