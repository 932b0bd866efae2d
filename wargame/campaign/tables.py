"""The campaign's own database tables: one row per campaign (its latest save) and
one row per finished turn (the history, for listing without replaying)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Field, SQLModel


def now_utc() -> datetime:
    return datetime.now(UTC)


class CampaignRow(SQLModel, table=True):
    __tablename__ = "campaign"
    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(index=True, unique=True)
    name: str
    players: int = 0
    turn: int = 1
    phase: str = "orders"
    updated: datetime = Field(default_factory=now_utc, index=True)
    #: The saved campaign (action log): sealed contents only until each reveal.
    data: str


class CampaignTurnRow(SQLModel, table=True):
    __tablename__ = "campaign_turn"
    id: int | None = Field(default=None, primary_key=True)
    campaign_uid: str = Field(index=True)
    turn: int
    #: JSON of the turn record: engagements, revealed sheets, victory points.
    data: str
