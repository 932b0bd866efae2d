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


class NetSettings(RulesModel):
    seats: SeatSettings
    limits: Limits


def net_settings() -> NetSettings:
    return load_rules("net.toml", NetSettings)
