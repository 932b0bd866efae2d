"""The land-raid rules data (resources/rules/raid.toml) as a validated model."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from wargame.rules.loader import RulesModel, load_rules

QUALITIES = ("hardened", "able", "scurvy")
GROUP_KINDS = ("hand-to-hand", "musket", "militia", "mob", "unarmed", "guns")
OFFICER_KINDS = ("captain", "governor", "officer")
ALARM_EFFECTS = (
    "raise_dead",
    "desert",
    "quiet",
    "alarm_hardened",
    "alarm_full",
    "lost",
    "sail_ahoy",
)


class GameRules(RulesModel):
    max_turns: int = Field(ge=1)
    attacker_win_coins: int = Field(ge=0)
    withdraw_from: tuple[str, ...]
    withdraw_from_turn: int = Field(ge=1)


class InitiativeRules(RulesModel):
    attacker_bonus: int
    tie_goes_to: str

    @field_validator("tie_goes_to")
    @classmethod
    def _side(cls, v: str) -> str:
        if v not in ("attacker", "defender"):
            raise ValueError("must be 'attacker' or 'defender'")
        return v


class MovementRules(RulesModel):
    square_capacity: int = Field(ge=1)
    move_squares: int = Field(ge=1)
    officer_moves_on: int = Field(ge=1, le=7)
    escort_groups: int = Field(ge=0)
    scurvy_escort_dice: int = Field(ge=0)
    gun_moves_on: int = Field(ge=1, le=7)


class ShootingRules(RulesModel):
    shooters: tuple[str, ...]
    range_any_direction: int = Field(ge=0)
    range_orthogonal: int = Field(ge=0)
    hit_on: int
    choice_on: int
    save_on: int
    save_officer: int
    save_hardened: int
    save_building: int
    hit_quality: dict[str, int]
    hit_kind: dict[str, int]
    #: "(-1 militia/scurvy)" is one -1 for a militia or a scurvy shooter, not -2 for a
    #: scurvy militia group (which could then never hit); true adds them up
    penalties_stack: bool = False


class FightingRules(RulesModel):
    points_per_die: int = Field(ge=1)
    part_counts: bool
    hardened_bonus: int
    hardened_bonus_max: int
    scurvy_malus: int
    scurvy_malus_max: int
    hits_by_face: tuple[int, int, int, int, int, int]
    choice_on: int
    officer: int
    factors: dict[str, int]
    save_on: dict[str, int]


class OfficerHitRules(RulesModel):
    by_face: tuple[str, str, str, str, str, str]
    captured_when_shot: str

    @field_validator("by_face")
    @classmethod
    def _faces(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for face in v:
            if face not in ("dead", "captured", "move", "unhurt"):
                raise ValueError(f"{face!r} is not dead, captured, move or unhurt")
        return v


class MoraleRules(RulesModel):
    officer: int
    hardened: int
    able: int
    scurvy: int
    #: Who a failed test sends running: "every" figure of the side in the square whose
    #: number the one die reaches (22.19 read as one table), or only the "weakest" one.
    runs: Literal["every", "weakest"] = "every"


class FireRules(RulesModel):
    start_on: int
    spread_difference: int
    burn_on: int
    burns_for_turns: int = Field(ge=1)


class AlarmRules(RulesModel):
    raise_dead_on: int
    raise_dead_capacity: int = Field(ge=1)
    desert_on: int
    lost_on: int
    results: dict[int, str]
    #: After a 6 ("All groups alarmed if pirates have fired or set fire to buildings"),
    #: the pirates' first shot or fire afterwards alarms the whole town at once; False
    #: judges it only on the turn of the 6.
    six_watches_for_fire: bool = True

    @field_validator("results")
    @classmethod
    def _all_totals(cls, v: dict[int, str]) -> dict[int, str]:
        missing = [t for t in range(2, 13) if t not in v]
        if missing:
            raise ValueError(f"every 2d6 total needs an effect; missing {missing}")
        for t, effect in v.items():
            if effect not in ALARM_EFFECTS:
                raise ValueError(f"{t}: {effect!r} is not one of {', '.join(ALARM_EFFECTS)}")
        return v


class VictoryRules(RulesModel):
    defender_coins: int = Field(ge=0)
    officer_killed: int
    officer_captured_dice: int
    governor_captured_dice: int
    attacker_officer_captured_dice: int
    group_killed: int
    scurvy_group_killed: int
    building_burned: int
    treasury_dice: int
    treasury_groups: int = Field(ge=1)
    residence_dice: int
    residence_bonus: int
    residence_groups: int = Field(ge=1)
    gun_spiked: int
    pirate_group_killed: int
    turn_after_alarm: int


class SquareType(RulesModel):
    label: str
    char: str = Field(min_length=1, max_length=1)
    open: bool = False
    building: bool = False
    burnable: bool = False
    loot: str = ""


class TableRules(RulesModel):
    square_cm: float = Field(gt=0, le=50)


class RaidRules(RulesModel):
    game: GameRules
    initiative: InitiativeRules
    movement: MovementRules
    shooting: ShootingRules
    fighting: FightingRules
    officer_hit: OfficerHitRules
    morale: MoraleRules
    fire: FireRules
    alarm: AlarmRules
    victory: VictoryRules
    squares: dict[str, SquareType]
    table: TableRules

    def group_factor(self, kind: str) -> int:
        return self.fighting.factors.get(kind, 0)


def raid_rules(*, reload: bool = False) -> RaidRules:
    """The raid rules from resources/rules/raid.toml (cached)."""
    return load_rules("raid.toml", RaidRules, reload=reload)
