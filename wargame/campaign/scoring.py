"""Victory points of an engagement, totals per player and per country, standings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wargame.campaign.model import verdict
from wargame.campaign.rules import BATTLE, LAND_RAID, NO_CONTACT, CampaignRules


def engagement_vp(
    rules: CampaignRules,
    *,
    result: int,
    attacker_score: int = 0,
    defender_score: int = 0,
    attacker_value: int = 0,
    defender_value: int = 0,
    winner: str = "",
) -> tuple[int, int]:
    """(attacker VP, defender VP) gained from one resolved engagement.

    ``winner`` ("attacker", "defender", "draw") is the fight's own verdict when a
    linked game reported one; otherwise the higher battle score wins.
    """
    sc = rules.scoring
    if result == NO_CONTACT:
        return sc.no_contact_vp, sc.no_contact_vp
    if result not in (BATTLE, LAND_RAID):
        raise ValueError(f"result {result} is not 1, 2 or 3")
    winner = verdict(winner, attacker_score, defender_score)
    if winner == "attacker":
        return sc.win_vp_per_value * defender_value + sc.win_vp_flat, 0
    if winner == "defender":
        return 0, sc.win_vp_per_value * attacker_value + sc.win_vp_flat
    return sc.draw_vp, sc.draw_vp


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    seat: int
    name: str
    country: str
    vp: int
    fought: int
    won: int


def standings(
    names: Sequence[str],
    countries: Sequence[str],
    vp: Sequence[int],
    fought: Sequence[int],
    won: Sequence[int],
) -> list[Standing]:
    """Players by victory points (ties share a rank; then by name)."""
    order = sorted(range(len(names)), key=lambda i: (-vp[i], names[i].lower()))
    out: list[Standing] = []
    rank = 0
    for pos, i in enumerate(order, 1):
        if not out or vp[i] != out[-1].vp:
            rank = pos
        out.append(Standing(rank, i, names[i], countries[i], vp[i], fought[i], won[i]))
    return out


def country_totals(countries: Sequence[str], vp: Sequence[int]) -> list[tuple[str, int]]:
    """Victory points per country, best first (countries with no player left out)."""
    totals: dict[str, int] = {}
    for c, v in zip(countries, vp):
        totals[c] = totals.get(c, 0) + v
    return sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
