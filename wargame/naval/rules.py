"""The sea-fight rules data (resources/rules/naval.toml) as validated models."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from wargame.rules.loader import RulesModel, load_rules

RULES_FILE = "naval.toml"


class ShipType(StrEnum):
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    MERCHANTMAN = "merchantman"


class Quality(StrEnum):
    HARDENED = "hardened"
    ABLE = "able"
    SCURVY = "scurvy"


class Weight(StrEnum):
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


class Position(StrEnum):
    BOW = "bow"
    LARBOARD = "larboard"
    STARBOARD = "starboard"
    STERN = "stern"


class Aim(StrEnum):
    HULL = "hull"
    GEAR = "gear"
    CREW = "crew"


POSITIONS: tuple[Position, ...] = (
    Position.BOW,
    Position.LARBOARD,
    Position.STARBOARD,
    Position.STERN,
)
SIDES: tuple[Position, ...] = (Position.LARBOARD, Position.STARBOARD)

QualityTable = dict[Quality, int]


class TableRules(RulesModel):
    hex_cm: float = Field(gt=0)
    orientation: Literal["flat", "pointy"]
    countdown_coins: int = Field(ge=1)
    #: a hex is land when more than this share of its area lies on an island
    land_fraction: float = Field(gt=0, lt=1)


class SailPoint(RulesModel):
    base_hexes: int = Field(ge=0)
    extra_on: int = Field(ge=1, le=7)
    extra_for: list[ShipType]
    repeat_for: list[ShipType]
    turn_only: bool
    must_turn: bool


class SailRules(RulesModel):
    points_of_sail: list[Literal["running", "reaching", "beating", "against"]] = Field(
        min_length=4, max_length=4
    )
    running: SailPoint
    reaching: SailPoint
    beating: SailPoint
    against: SailPoint

    def point(self, name: str) -> SailPoint:
        return getattr(self, name)


class MovementRules(RulesModel):
    quality_die_modifier: QualityTable
    voluntary_reduction: int = Field(ge=0)
    reduced_sail_reduction: int = Field(ge=0)
    reduced_sail_turns: int = Field(ge=1)
    one_turn_types: list[ShipType]
    gear_check_fraction: float = Field(gt=0, le=1)
    gear_check_on: int = Field(ge=1, le=7)
    cut_free_on: int = Field(ge=1, le=7)
    #: A ship that must board this turn (17.4 "Must become attacker") may try to cut free.
    cut_free_when_must_board: bool = False
    #: A ship under reduced sail may roll for extra hexes after her reduced move.
    extra_under_reduced_sail: bool = False


class FireRules(RulesModel):
    basic: int
    hit_on: int = Field(ge=1, le=6)
    raking: int
    first_shot: int
    short: int
    long: int
    crew: QualityTable
    gun: dict[Weight, int]
    merchant_fires_as: Quality
    short_cm: float = Field(ge=0)
    long_cm: float = Field(ge=0)
    close_crew_cm: float = Field(ge=0)
    return_fire_on: int = Field(ge=1, le=7)
    range_cm: dict[Weight, float]


class ArcRules(RulesModel):
    bow_half: float = Field(gt=0, le=180)
    stern_half: float = Field(gt=0, le=180)
    broadside_half: float = Field(gt=0, le=90)
    raking_half: float = Field(gt=0, le=90)
    #: which arc a bearing exactly on a boundary belongs to: "broadside" (default),
    #: "bow_stern", or "both" (the old reading: one target in two arcs)
    boundary: Literal["broadside", "bow_stern", "both"] = "broadside"


CriticalEffect = Literal["sinks", "magazine", "listing", "guns_silenced", "none"]
CrewEffect = Literal["none", "gun", "fighting"]


class HullRules(RulesModel):
    fire_gamble_on: int = Field(ge=1, le=7)
    fire_out_on: int = Field(ge=1, le=7)
    fire_damage_minus: int = Field(ge=0)
    half_fraction: float = Field(gt=0, le=1)
    critical_half: dict[int, CriticalEffect]
    critical_low_points: int = Field(ge=0)
    critical_low: dict[int, CriticalEffect]
    #: fire damage is hull damage: it rolls on the critical tables too
    fire_criticals: bool = True


class GearRules(RulesModel):
    mast_on: int = Field(ge=1, le=7)
    mast_loss: int = Field(ge=0)
    mast_crew_hits: int = Field(ge=0)
    spar_on: int = Field(ge=1, le=7)
    spar_loss: int = Field(ge=0)
    spar_crew_hits: int = Field(ge=0)


class CrewRules(RulesModel):
    close: dict[int, CrewEffect]
    far: dict[int, CrewEffect]
    captain_gamble_on: int = Field(ge=1, le=7)


class GrappleRules(RulesModel):
    hit_on: int = Field(ge=1, le=7)
    hardened: int
    vs_merchant: int
    vs_no_crew: int
    #: "+1 No fighting points or gun crew": "neither" left (the plain reading) or
    #: "either" of the two at zero.
    vs_no_crew_when: Literal["neither", "either"] = "neither"
    vs_low_gear: int
    low_gear_points: int = Field(ge=0)


class BoardingRules(RulesModel):
    captain: int
    won_last: int
    first_boarding: int
    crew: QualityTable
    gun_crews_per_die: int = Field(ge=1)
    kill_on: int = Field(ge=1, le=7)
    kill_on_later: int = Field(ge=1, le=7)
    captain_gamble_on: int = Field(ge=1, le=7)
    surrender_on: int = Field(ge=1, le=7)
    defender_captain_on: int = Field(ge=1, le=7)
    defender_degrapple_on: int = Field(ge=1, le=7)
    attacker_seize_on: int = Field(ge=1, le=7)
    attacker_captain_on: int = Field(ge=1, le=7)


class MoraleRules(RulesModel):
    fail_on: int = Field(ge=1, le=7)
    fail_on_no_captain: int = Field(ge=1, le=7)
    half_fraction: float = Field(gt=0, le=1)
    qualities: list[Quality]


class TurnRules(RulesModel):
    add_turn_on: int = Field(ge=1, le=7)
    deduct_turn_on: int = Field(ge=1, le=7)
    wind_change_on: int = Field(ge=1, le=7)
    #: "Either player attempts wind change": 1 = one roll a turn (the attacker, or the
    #: defender if the attacker passes); 2 = the defender may also try after a failed roll.
    wind_attempts: int = Field(default=1, ge=1, le=2)


class ScoreRules(RulesModel):
    sunk: dict[ShipType, int]
    captured: dict[ShipType, int]
    driven_off: dict[ShipType, int]
    #: a scenario's escorted ship that sails off the table (not driven off) scores this
    #: for her own side; taken, she scores ``taken`` for the enemy instead of ``captured``
    escaped: dict[ShipType, int]
    taken: dict[ShipType, int]


class ShipTypeRules(RulesModel):
    title: str
    warship: bool
    fighting_points: int = Field(ge=0, le=10)
    sailing_gear: int = Field(ge=0)
    hull_per_side: int = Field(ge=1)
    guns: dict[Position, tuple[int, Weight]]


class RosterShip(RulesModel):
    name: str = Field(min_length=1, max_length=60)
    type: ShipType
    quality: Quality = Quality.ABLE


MAX_GAP = 400


class SetupRules(RulesModel):
    """``wargame naval setup`` and the battle setup screen: the default roster and how
    many ships each side takes, placed on water near opposite table edges."""

    ships_per_side: int = Field(ge=1)
    max_ships_per_side: int = Field(ge=1, le=40)
    #: the share of the sea's width, from each side's own edge, its ships start in
    edge_share: float = Field(gt=0, le=0.5)
    #: hexes kept clear between two starting ships (1: they may not touch)
    spacing_hexes: int = Field(ge=1, le=5)
    #: columns between the two sides' starting lines, at most: on a wide sea both lines
    #: move in from their edges so the fleets meet before the countdown runs out
    start_gap_hexes: int = Field(default=12, ge=2, le=MAX_GAP)
    #: the facing the wind blows towards at the start (0-5)
    wind: int = Field(default=5, ge=0, le=5)
    #: the point of sail both sides start on, each heading towards the enemy's edge
    #: (issue 39); when no pair of headings gives it, the nearest that both can share
    start_point: str = "reaching"
    attacker: list[RosterShip] = Field(min_length=1)
    defender: list[RosterShip] = Field(min_length=1)


class VictoryRules(RulesModel):
    """The numbers of a scenario's victory conditions (docs/scenario-format.md)."""

    #: hold a harbour: game turns in a row a side must hold it to win (a scenario may set its own)
    hold_turns: int = Field(ge=1, le=50)
    #: a ship holds the harbour within this many hexes of it
    hold_radius_hexes: int = Field(ge=0, le=5)


class NavalRules(RulesModel):
    table: TableRules
    sail: SailRules
    movement: MovementRules
    fire: FireRules
    arcs: ArcRules
    hull: HullRules
    gear: GearRules
    crew: CrewRules
    grapple: GrappleRules
    boarding: BoardingRules
    morale: MoraleRules
    turn: TurnRules
    score: ScoreRules
    ship_types: dict[ShipType, ShipTypeRules]
    setup: SetupRules
    victory: VictoryRules


def naval_rules(*, reload: bool = False) -> NavalRules:
    """The rules data, read once (``reload`` after a player edits the file)."""
    return load_rules(RULES_FILE, NavalRules, reload=reload)
