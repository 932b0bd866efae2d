"""The rules data of Pieces of Eight: numbers (poe.toml) and the 104 cards (poe_cards.toml)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import Field

from wargame.errors import RulesDataError, shown
from wargame.rules.loader import RulesModel, load_rules

Timing = Literal["anytime", "fight", "mutiny", "entry", "bury", "move", "turn-start"]


class PlayersRules(RulesModel):
    default: int
    ranges: dict[str, tuple[int, int]]


class SetupRules(RulesModel):
    deal: int
    ships_per_player: int
    #: who takes the first turn: "random" (a public die) or a seat number "1".."6"
    starter: str = "random"
    #: the "head-start" variant (issue 39): victory points each pirate starts with, by
    #: turn position (first to act first), for each number of players
    head_start: dict[str, list[int]] = {}


class HandRules(RulesModel):
    limit: int


class ByPlace(RulesModel):
    sea: int
    land: int
    town: int


class ReplenishRules(RulesModel):
    draw: ByPlace
    faceup_to_hand_default: str
    faceup_to_hand: dict[str, ByPlace]


class BuryRules(RulesModel):
    base_limit: int
    limit_with_value: dict[str, int]
    same_type_bonus: dict[str, int]
    different_types_bonus: dict[str, int]
    types: list[str]
    type_names: dict[str, str]


class FightRules(RulesModel):
    die_sides: int
    mutiny_penalty: int
    loot_numerator: int
    loot_denominator: int = Field(gt=0)
    mutiny_rounding_default: Literal["down", "nearest", "up"]


WindowsChoice = Literal["everyone", "playable"]


class WindowsRules(RulesModel):
    default: WindowsChoice
    table_default: WindowsChoice


class EndRules(RulesModel):
    deck_exhaustions: int
    max_rounds: int


class PoeRules(RulesModel):
    players: PlayersRules
    setup: SetupRules
    hand: HandRules
    replenish: ReplenishRules
    bury: BuryRules
    fight: FightRules
    windows: WindowsRules
    end: EndRules


class CardData(RulesModel):
    id: str
    value: int = Field(ge=1, le=5)
    type: str
    name: str
    action: str


class ActionData(RulesModel):
    title: str
    text: str
    timing: Timing
    modifier: int = 0
    steps: int = 0  # a movement card: areas moved on the next move phase
    second_step: Literal["", "any", "land", "sea"] = ""
    # a card that answers what another pirate just did (Rough Swell, Thieving Parrot,
    # ...): the table stops a lone human for it in the windows of others' turns
    reaction: bool = False


class CardsFile(RulesModel):
    card: list[CardData]
    actions: dict[str, ActionData]


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck: a treasure (value, type; type None = counts as any) OR an action."""

    index: int
    id: str
    value: int
    type: str | None
    name: str
    action: str
    title: str
    text: str
    timing: str
    modifier: int

    @property
    def named(self) -> bool:
        return self.type is None

    @property
    def label(self) -> str:
        return f"{self.value} {self.name} / {self.title}"


@dataclass(frozen=True)
class Deck:
    """All the cards, indexed 0..103, with the rules they are checked against."""

    cards: tuple[Card, ...]
    rules: PoeRules
    actions: dict[str, ActionData]

    def __len__(self) -> int:
        return len(self.cards)


def rules() -> PoeRules:
    return load_rules("poe.toml", PoeRules)


@cache
def deck() -> Deck:
    r = rules()
    data = load_rules("poe_cards.toml", CardsFile)
    cards: list[Card] = []
    seen: set[str] = set()
    for i, c in enumerate(data.card):
        if c.id in seen:
            raise RulesDataError(f"poe_cards.toml: key card.{i}.id: {shown(c.id)} is used twice")
        seen.add(c.id)
        if c.type != "any" and c.type not in r.bury.types:
            raise RulesDataError(f"poe_cards.toml: key card.{i}.type: unknown type {shown(c.type)}")
        act = data.actions.get(c.action)
        if act is None:
            raise RulesDataError(f"poe_cards.toml: key card.{i}.action: unknown {shown(c.action)}")
        cards.append(
            Card(
                i,
                c.id,
                c.value,
                None if c.type == "any" else c.type,
                c.name,
                c.action,
                act.title,
                act.text,
                act.timing,
                act.modifier,
            )
        )
    return Deck(tuple(cards), r, dict(data.actions))
