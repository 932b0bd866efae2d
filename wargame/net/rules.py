"""The table's manners across computers (``resources/rules/net.toml``)."""

from __future__ import annotations

from pydantic import Field

from wargame.rules.loader import RulesModel, load_rules


class SeatSettings(RulesModel):
    grace_seconds: float = Field(ge=0)
    stand_in_bot: str
    come_back_seconds: float = Field(ge=1)
    chat_kept: int = Field(ge=0)


class Limits(RulesModel):
    max_message_bytes: int = Field(ge=1024)
    max_chat: int = Field(ge=1)
    max_backlog_bytes: int = Field(ge=65536)
    messages_per_second: float = Field(gt=0)
    message_burst: int = Field(ge=1)
    chats_per_second: float = Field(gt=0)
    chat_burst: int = Field(ge=1)
    refusals_per_second: float = Field(gt=0)
    refusal_burst: int = Field(ge=1)
    flood_penalty_seconds: float = Field(ge=0)
    resumes_per_second: float = Field(gt=0)
    resume_burst: int = Field(ge=1)
    joins_per_second: float = Field(gt=0)
    join_burst: int = Field(ge=1)
    connections_per_address: int = Field(ge=1)
    max_connections: int = Field(ge=1)
    max_tables: int = Field(ge=1)
    abandoned_seconds: float = Field(ge=0)


class NetSettings(RulesModel):
    seats: SeatSettings
    limits: Limits


def net_settings() -> NetSettings:
    return load_rules("net.toml", NetSettings)
