"""What the campaign's rules read and change of a campaign: the shape the handlers
(``handlers.py``) and the losses (``losses.py``) take, so that they need not import
``state.py``, which dispatches to them (the imports go one way: state -> handlers)."""

from __future__ import annotations

from typing import Any, Protocol

from wargame.campaign.model import Engagement, Player, TurnRecord
from wargame.campaign.rules import CampaignRules


class CampaignLike(Protocol):
    """A campaign as its rules see it (:class:`wargame.campaign.state.CampaignState`)."""

    fair_play: bool
    rules: CampaignRules
    players: list[Player]
    turn_no: int
    phase: str
    engagements: dict[str, Engagement]
    engaged: dict[tuple[int, str], str]
    history: tuple[TurnRecord, ...]
    banked: list[int]
    fought: list[int]
    won: list[int]

    def player(self, seat: int, field: str = "player") -> Player: ...
    def label(self, seat: int) -> str: ...
    def engagement_title(self, key: str) -> str: ...
    def engagement(self, key: str) -> Engagement: ...
    def engagement_of(self, seat: int, letter: str) -> Engagement | None: ...
    def force_value(self, seat: int, letter: str) -> int: ...
    def revealed_contents(self, seat: int, letter: str) -> dict[str, Any] | None: ...
    def all_done(self) -> bool: ...
    def all_revealed(self) -> bool: ...
