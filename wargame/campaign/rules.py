"""The campaign's rules data (resources/rules/campaign.toml)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from wargame.rules.loader import RulesModel, load_rules

RULES_FILE = "campaign.toml"


class ContentsRules(RulesModel):
    ship_types: tuple[str, ...]
    qualities: tuple[str, ...]
    group_kinds: tuple[str, ...]
    officer_ranks: tuple[str, ...]
    max_ships: int = Field(ge=1)
    max_groups: int = Field(ge=1)
    max_group_count: int = Field(ge=1)


class ResolutionRules(RulesModel):
    method: Literal["d6", "choice"]
    table: dict[int, int]
    raid_without_party: int
    battle_without_ships: int

    @model_validator(mode="after")
    def _whole_die(self) -> ResolutionRules:
        if sorted(self.table) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("resolution.table must give a result for each of 1..6")
        for r in (*self.table.values(), self.raid_without_party, self.battle_without_ships):
            if r not in (1, 2, 3):
                raise ValueError(f"result {r} is not 1 (battle), 2 (no contact) or 3 (land raid)")
        return self


class ResultsRules(RulesModel):
    names: dict[int, str]


class ScoringRules(RulesModel):
    win_vp_per_value: int
    win_vp_flat: int
    draw_vp: int
    no_contact_vp: int
    score_min: int
    score_max: int


class SecretsRules(RulesModel):
    argon2_time: int = Field(ge=1, le=64)
    argon2_memory_kib: int = Field(ge=8192, le=4 * 1024 * 1024)
    argon2_lanes: int = Field(ge=1, le=16)
    min_passphrase: int = Field(ge=8)


class CampaignRules(RulesModel):
    countries: tuple[str, ...] = Field(min_length=1)
    letters: tuple[str, ...] = Field(min_length=1)
    value_min: int
    value_max: int
    min_players: int = Field(ge=2)
    max_players: int
    contents: ContentsRules
    resolution: ResolutionRules
    results: ResultsRules
    scoring: ScoringRules
    secrets: SecretsRules

    def result_name(self, result: int | None) -> str:
        if result is None:
            return ""
        return self.results.names.get(result, str(result))


def campaign_rules(*, reload: bool = False) -> CampaignRules:
    return load_rules(RULES_FILE, CampaignRules, reload=reload)


BATTLE, NO_CONTACT, LAND_RAID = 1, 2, 3
