"""Measured figures that Help shows (``resources/rules/fairness.toml``): not rules, no game
reads them, but the file is checked as rules files are, so a damaged one is named."""

from __future__ import annotations

from pydantic import Field

from wargame.rules.loader import RulesModel


class FairnessFigures(RulesModel):
    """Win shares (per cent) by turn position, per game and player count, printed rules
    and each balancing variant: ``poe.<players>.<variant> = [first, second, ...]``."""

    games: int = Field(ge=1)
    poe: dict[str, dict[str, list[float]]]
    pvp: dict[str, dict[str, list[float]]]
