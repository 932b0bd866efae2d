"""The rules data of Tortuga 1667 (resources/rules/tortuga.toml), checked by pydantic."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import Field

from wargame.errors import RulesDataError
from wargame.rules.loader import RulesModel, load_rules

ATTACK = ("cannon", "torch", "water")
FLAGS = ("british", "french")
MUTINY = ("skull", "helm")
TEAMS = ("British", "French", "Dutch")

#: Every event card kind the engine resolves.
EVENT_KINDS = (
    "letter_of_marque",
    "pistol",
    "albatross",
    "black_spot",
    "atlantis",
    "el_dorado",
    "fountain_of_youth",
    "spanish_armada",
    "black_powder",
    "cabin_fever",
    "crows_nest",
    "eight_bells",
    "facade",
    "pirate_code",
    "scurvy",
    "stormy_seas",
)
STARRED = frozenset(EVENT_KINDS[8:])
TITLES = {
    "letter_of_marque": "Letter of Marque",
    "pistol": "Pistol",
    "albatross": "Albatross",
    "black_spot": "Black Spot",
    "atlantis": "Map of Atlantis",
    "el_dorado": "Map of El Dorado",
    "fountain_of_youth": "Map of the Fountain of Youth",
    "spanish_armada": "Spanish Armada",
    "black_powder": "Black Powder",
    "cabin_fever": "Cabin Fever",
    "crows_nest": "Crow's Nest",
    "eight_bells": "Eight Bells",
    "facade": "Facade",
    "pirate_code": "Pirate Code",
    "scurvy": "Scurvy",
    "stormy_seas": "Stormy Seas",
}
TEXTS = {
    "letter_of_marque": "Move a pawn on Tortuga or a rowboat to the back of either ship's "
    "line, now or kept for a later action.",
    "pistol": "Choose another player: they are marooned.",
    "albatross": "Kept face up. Two albatrosses aboard one ship maroon everyone on it.",
    "black_spot": "The revealer is marooned.",
    "atlantis": "Given away. Before any turn its owner may sail from one ship to the back "
    "of the other's line (not an action).",
    "el_dorado": "Given away. Its owner draws a vote card and may once play two in a vote.",
    "fountain_of_youth": "Given away. Its owner may refuse one marooning (black spot, "
    "pistol, captain, mutiny).",
    "spanish_armada": "The game ends: the nation with the most treasure wins.",
    "black_powder": "Blow up a rowboat for the rest of the game (its pawn to Tortuga).",
    "cabin_fever": "Shuffle your loyalty card with another player's and deal them back.",
    "crows_nest": "Put a player's vote hand into the vote deck and pick their new hand "
    "from it in secret.",
    "eight_bells": "The pawns where you are are drawn back in a random order.",
    "facade": "Swap places with the player on your right.",
    "pirate_code": "You sit out the next two votes you would take part in.",
    "scurvy": "Everyone where you are (you too) loses their next turn.",
    "stormy_seas": "Your ship's treasure returns to the galleon; on Tortuga, its two "
    "treasures return to their starting areas.",
}


class PlayersRules(RulesModel):
    min: int = Field(ge=2)
    max: int = Field(le=9)
    default: int


class TurnRules(RulesModel):
    actions: int = Field(ge=1)
    actions_two_players: int = Field(ge=1)
    #: Sudden death with every event card revealed: play goes on "until it is no longer
    #: tied"; after this many turns with no lead the game ends drawn.
    sudden_death_turns: int = Field(default=30, ge=1)
    #: After a won attack the captain "may take 1 piece of treasure": he may decline.
    loot_optional: bool = True
    #: who takes the first turn: "random" (a public die) or a seat number "1".."9"
    starter: str = "random"


class BoardRules(RulesModel):
    ship_capacity: int = Field(ge=2)
    galleon_treasure: int = Field(ge=0)
    ship_start_treasure: int = Field(ge=0)
    tortuga_start: tuple[int, int]


class VoteCardData(RulesModel):
    attack: Literal["cannon", "torch", "water"]
    brawl: Literal["british", "french"]
    mutiny: Literal["skull", "helm"]
    count: int = Field(ge=0)


class VotesRules(RulesModel):
    hand: int = Field(ge=1)
    cards: list[VoteCardData]


class EffectsRules(RulesModel):
    albatross_limit: int = Field(ge=1)
    pirate_code_votes: int = Field(ge=1)
    el_dorado_extra: int = Field(ge=0)


class EventsRules(RulesModel):
    row: int = Field(ge=2)
    starred_in_game: int = Field(ge=0)
    cards: dict[str, int]
    starred: dict[str, int]
    effects: EffectsRules


class TortugaRules(RulesModel):
    players: PlayersRules
    turn: TurnRules
    teams: dict[str, tuple[int, int, int]]
    board: BoardRules
    votes: VotesRules
    events: EventsRules


def vote_type(attack: str, brawl: str, mutiny: str) -> int:
    """A vote card's type code: attack * 4 + flag * 2 + mutiny symbol."""
    return ATTACK.index(attack) * 4 + FLAGS.index(brawl) * 2 + MUTINY.index(mutiny)


def vote_name(t: int) -> str:
    return f"{ATTACK[t >> 2]} / {FLAGS[(t >> 1) & 1]} flag / {MUTINY[t & 1]}"


@dataclass(frozen=True, slots=True)
class Data:
    """The checked rules with the derived tables the engine uses."""

    rules: TortugaRules
    vote_counts: tuple[int, ...]  # by type code 0..11
    base_events: tuple[str, ...]  # one entry per card, Armada included
    starred: tuple[str, ...]  # the starred pool, one entry per card

    @property
    def vote_total(self) -> int:
        return sum(self.vote_counts)


def rules() -> TortugaRules:
    return load_rules("tortuga.toml", TortugaRules)


@cache
def data() -> Data:
    r = rules()
    counts = [0] * 12
    for c in r.votes.cards:
        counts[vote_type(c.attack, c.brawl, c.mutiny)] += c.count
    for key, kinds in (("cards", r.events.cards), ("starred", r.events.starred)):
        for kind in kinds:
            if kind not in EVENT_KINDS or (kind in STARRED) != (key == "starred"):
                raise RulesDataError(f"tortuga.toml: key events.{key}.{kind}: unknown card")
    if r.events.cards.get("spanish_armada") != 1:
        raise RulesDataError("tortuga.toml: key events.cards.spanish_armada: must be 1")
    for n in range(r.players.min, r.players.max + 1):
        t = r.teams.get(str(n))
        if t is None or sum(t) != n:
            raise RulesDataError(f"tortuga.toml: key teams.{n}: must deal {n} loyalty cards")
    base = tuple(k for k, c in r.events.cards.items() for _ in range(c))
    starred = tuple(k for k, c in r.events.starred.items() for _ in range(c))
    if r.events.starred_in_game > len(starred):
        raise RulesDataError("tortuga.toml: key events.starred_in_game: more than the pool")
    return Data(r, tuple(counts), base, starred)
