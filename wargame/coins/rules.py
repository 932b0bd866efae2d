"""The rules data of Pirate Coins (resources/rules/coins.toml) and the coin set it defines.

Coins are counted, not tracked one by one: a coin *type* is a (metal, monster kind)
pair, numbered metal-major (``t = metal * kinds + kind``), and every place a coin can
be (pouch, pile, monster pool, a booty) is a list of counts per type.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from wargame.errors import BadInput, RulesDataError
from wargame.rules.loader import RulesModel, load_rules

Division = Literal["value-shares", "equal-numbers", "all-or-nothing"]


class PlayersRules(RulesModel):
    min: int = Field(ge=2)
    max: int = Field(le=8)
    default: int


class MetalRules(RulesModel):
    name: str
    value: int = Field(gt=0)


class SetupRules(RulesModel):
    starting_booty: dict[str, int]
    round_stack: int = Field(ge=1)
    starter_default: str


class TurnRules(RulesModel):
    win_booty: int = Field(gt=0)
    attack_at: int = Field(ge=1)
    flip_sides: int = Field(ge=2)
    monster_faces: list[int]


class MonsterSet(RulesModel):
    title: str
    kinds: list[str] = Field(min_length=1)
    copper: list[int]
    silver: list[int]
    gold: list[int]


class MonstersRules(RulesModel):
    default: str
    sets: dict[str, MonsterSet]


class CoinsRules(RulesModel):
    players: PlayersRules
    metals: list[MetalRules] = Field(min_length=3, max_length=3)
    setup: SetupRules
    turn: TurnRules
    fortunes: dict[str, Division]
    monsters: MonstersRules

    @model_validator(mode="after")
    def _consistent(self) -> CoinsRules:
        names = [m.name for m in self.metals]
        if names != ["copper", "silver", "gold"]:
            raise ValueError(f"metals must be copper, silver, gold in that order, not {names}")
        if sorted(self.fortunes) != sorted(names):
            raise ValueError("fortunes must name a division for copper, silver and gold")
        if self.monsters.default not in self.monsters.sets:
            raise ValueError(f"monsters.default {self.monsters.default!r} is not a set")
        for key, s in self.monsters.sets.items():
            for metal in names:
                counts = getattr(s, metal)
                if len(counts) != len(s.kinds) or any(c < 0 for c in counts):
                    raise ValueError(
                        f"monsters.sets.{key}.{metal} needs {len(s.kinds)} counts of 0 or more"
                    )
        for metal in self.setup.starting_booty:
            if metal not in names:
                raise ValueError(f"setup.starting_booty: {metal!r} is not a metal")
        for f in self.turn.monster_faces:
            if not 1 <= f <= self.turn.flip_sides:
                raise ValueError(f"turn.monster_faces: {f} is not a face of the flip")
        return self


@cache
def rules() -> CoinsRules:
    return load_rules("coins.toml", CoinsRules)


@dataclass(frozen=True)
class CoinSet:
    """The coins of one game: types (metal, kind), their values and how many of each."""

    key: str
    metals: tuple[str, ...]
    values: tuple[int, ...]  # per metal
    kinds: tuple[str, ...]
    total: tuple[int, ...]  # per type
    type_metal: tuple[int, ...]
    type_kind: tuple[int, ...]
    type_value: tuple[int, ...]
    divisions: tuple[str, ...]  # per metal: how the pile is divided under that fortune
    attack_at: int
    win_booty: int
    flip_sides: int
    monster_faces: frozenset[int]
    round_stack: int
    starting_booty: tuple[int, ...]  # per metal

    @property
    def types(self) -> int:
        return len(self.total)

    def t(self, metal: int, kind: int) -> int:
        return metal * len(self.kinds) + kind

    def coin_name(self, t: int) -> str:
        return f"{self.metals[self.type_metal[t]]} {self.kinds[self.type_kind[t]]}"

    @property
    def monster_chance(self) -> float:
        return len(self.monster_faces) / self.flip_sides


def monster_sets() -> dict[str, str]:
    """Monster set keys to their titles (the game parameter ``monsters``)."""
    return {k: s.title for k, s in rules().monsters.sets.items()}


@cache
def coin_set(key: str | None = None) -> CoinSet:
    r = rules()
    key = key or r.monsters.default
    s = r.monsters.sets.get(key)
    if s is None:
        raise BadInput(
            f"game parameter monsters: {key!r} is not a monster set in coins.toml "
            f"(choose from {', '.join(r.monsters.sets)})"
        )
    k = len(s.kinds)
    total: list[int] = []
    for metal in ("copper", "silver", "gold"):
        total.extend(getattr(s, metal))
    if sum(total) == 0:
        raise RulesDataError(f"coins.toml: monsters.sets.{key} has no coins")
    metals = tuple(m.name for m in r.metals)
    values = tuple(m.value for m in r.metals)
    if not values[0] < values[1] < values[2]:
        raise RulesDataError("coins.toml: metals must be listed cheapest first")
    return CoinSet(
        key=key,
        metals=metals,
        values=values,
        kinds=tuple(s.kinds),
        total=tuple(total),
        type_metal=tuple(t // k for t in range(3 * k)),
        type_kind=tuple(t % k for t in range(3 * k)),
        type_value=tuple(values[t // k] for t in range(3 * k)),
        divisions=tuple(r.fortunes[m] for m in metals),
        attack_at=r.turn.attack_at,
        win_booty=r.turn.win_booty,
        flip_sides=r.turn.flip_sides,
        monster_faces=frozenset(r.turn.monster_faces),
        round_stack=r.setup.round_stack,
        starting_booty=tuple(r.setup.starting_booty.get(m, 0) for m in metals),
    )
