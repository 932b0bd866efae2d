"""The rules data of Pirate Versus Pirate (resources/rules/pvp.toml)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from wargame.rules.loader import RulesModel, load_rules

Variant = Literal["standard", "no-backstabbing"]
VARIANTS: tuple[str, ...] = ("standard", "no-backstabbing")
#: The first turn (game parameter ``start``): as printed, or the balancing variant in
#: which the first player's first roll to move is one die (issue 39, ruling "A short
#: first turn").
START_VARIANTS: tuple[str, ...] = ("printed", "short-first-turn")


class PlayersRules(RulesModel):
    min: int = Field(ge=2, le=3)
    max: int = Field(ge=2, le=3)
    default: int = Field(ge=2, le=3)
    pirates_each: int = Field(ge=1, le=6)


class DiceRules(RulesModel):
    count: int = Field(ge=1, le=4)
    sides: int = Field(ge=2, le=12)


class WinRules(RulesModel):
    silver_delivered: int = Field(ge=1, le=3)
    gold_delivered: int = Field(ge=1, le=1)
    quiet_turns: int = Field(ge=10, le=100_000)
    #: What starts the quiet count again: only what cannot be undone by play (a coin
    #: delivered, a pirate lost) so the count bounds the game; "took", "collected",
    #: "abandoned" (coins changing hands) may be added, and then it bounds nothing.
    quiet_reset: frozenset[Literal["delivered", "eliminated", "took", "collected", "abandoned"]] = (
        frozenset({"delivered", "eliminated"})
    )


class OrderRules(RulesModel):
    ties: Literal["tied-reroll", "all-reroll"]


class VariantRules(RulesModel):
    default: Variant


class BoardRules(RulesModel):
    default: str


class PvpRules(RulesModel):
    players: PlayersRules
    dice: DiceRules
    win: WinRules
    order: OrderRules
    variant: VariantRules
    board: BoardRules


@cache
def rules() -> PvpRules:
    return load_rules("pvp.toml", PvpRules)


def roll_distribution() -> dict[int, float]:
    """The exact chance of each total of the movement dice (2d4: 2..8)."""
    r = rules()
    return {sum(faces): p for p, faces in roll_outcomes(r.dice.count, r.dice.sides)}


@cache
def roll_outcomes(count: int, sides: int) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """Each total of ``count`` dice of ``sides`` faces with its exact chance and one fall
    of the dice that makes it (only the total moves a pirate): the outcomes a search
    sums over (:meth:`wargame.core.game.GameState.chance_outcomes`)."""
    dist = {0: 1.0}
    for _ in range(count):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / sides
        dist = nxt
    out = []
    for total, p in sorted(dist.items()):
        faces = [1] * count
        extra = total - count
        for i in range(count):
            step = min(extra, sides - 1)
            faces[i] += step
            extra -= step
        out.append((p, tuple(faces)))
    return tuple(out)
