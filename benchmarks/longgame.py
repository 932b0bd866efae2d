"""A stand-in for a very long game (benchmarks and the crash test): every action rolls."""

from __future__ import annotations

from dataclasses import dataclass

from wargame.core.actions import Action, action
from wargame.core.dice import DiceService
from wargame.core.log import Session

LONG_GAME = 10_000


@action("bench.fire")
@dataclass(frozen=True, slots=True)
class Fire(Action):
    ship: str
    target: str


class Broadsides:
    """A stand-in game whose every action rolls dice, as a long naval battle's do."""

    def __init__(self) -> None:
        self.hits = 0

    def apply(self, act: Action, dice: DiceService) -> None:
        assert isinstance(act, Fire)
        self.hits += dice.d6(f"{act.ship} fires at {act.target}") >= 5

    def clone(self) -> Broadsides:
        c = Broadsides()
        c.hits = self.hits
        return c


def long_session(n: int = LONG_GAME) -> Session[Broadsides]:
    session = Session(lambda _d: Broadsides(), DiceService.seeded(7), header={"game": "bench"})
    for i in range(n):
        session.apply(Fire(f"Ship {i % 7}", f"Prize {i % 5}"))
    return session
