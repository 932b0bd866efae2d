"""Campaigns in the database: store, list, open (many campaigns, each with its turns)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session as DbSession
from sqlmodel import select

from wargame.campaign.document import load_campaign, save_campaign
from wargame.campaign.state import CampaignState
from wargame.campaign.tables import CampaignRow, CampaignTurnRow, now_utc
from wargame.core.dice import DiceService
from wargame.core.log import Session
from wargame.errors import FileFormatError, shown
from wargame.persistence.db import Database


@dataclass(frozen=True)
class CampaignInfo:
    uid: str
    name: str
    players: int
    turn: int
    phase: str
    updated: datetime


def store_campaign(db: Database, session: Session[CampaignState]) -> None:
    """Write the campaign and its finished turns in one transaction."""
    state = session.state
    payload = json.dumps(save_campaign(session), separators=(",", ":"))
    with db.transaction() as s:
        row = s.scalars(select(CampaignRow).where(CampaignRow.uid == state.uid)).first()
        if row is None:
            row = CampaignRow(uid=state.uid, name=state.name, data=payload)
        row.name, row.data = state.name, payload
        row.players, row.turn, row.phase = len(state.players), state.turn_no, state.phase
        row.updated = now_utc()
        s.add(row)
        have = set(
            s.scalars(select(CampaignTurnRow.turn).where(CampaignTurnRow.campaign_uid == state.uid))
        )
        for record in state.history:
            if record.turn not in have:
                s.add(
                    CampaignTurnRow(
                        campaign_uid=state.uid,
                        turn=record.turn,
                        data=json.dumps(record.to_json(), separators=(",", ":")),
                    )
                )
        # turns undone since the last store are dropped
        for extra in s.scalars(
            select(CampaignTurnRow).where(
                CampaignTurnRow.campaign_uid == state.uid,
                CampaignTurnRow.turn > len(state.history),
            )
        ):
            s.delete(extra)


def list_campaigns(db: Database) -> list[CampaignInfo]:
    with DbSession(db.engine) as s:
        rows = s.scalars(select(CampaignRow).order_by(CampaignRow.updated.desc()))  # type: ignore[attr-defined]
        return [CampaignInfo(r.uid, r.name, r.players, r.turn, r.phase, r.updated) for r in rows]


def read_campaign_data(db: Database, uid: str) -> dict[str, Any]:
    with DbSession(db.engine) as s:
        row = s.scalars(select(CampaignRow).where(CampaignRow.uid == uid)).first()
        if row is None:
            raise FileFormatError(f"campaign {shown(uid)} is not in the database")
        try:
            return json.loads(row.data)
        except json.JSONDecodeError as exc:
            raise FileFormatError(f"campaign {shown(row.name)} is damaged: {exc.msg}") from None


def open_campaign(
    db: Database, uid: str, dice: DiceService | None = None
) -> Session[CampaignState]:
    """A campaign of the database. A row an older version of the app wrote unsealed
    (version 1) opens converted, marked "converted from an unsealed save" like any
    other (docs/rulings.md, "Unsealed saves")."""
    return load_campaign(read_campaign_data(db, uid), dice, convert_unsealed="save")


def turn_records(db: Database, uid: str) -> list[dict[str, Any]]:
    with DbSession(db.engine) as s:
        rows = s.scalars(
            select(CampaignTurnRow)
            .where(CampaignTurnRow.campaign_uid == uid)
            .order_by(CampaignTurnRow.turn)  # type: ignore[arg-type]
        )
        return [json.loads(r.data) for r in rows]


def delete_campaign(db: Database, uid: str) -> None:
    with db.transaction() as s:
        for row in s.scalars(select(CampaignRow).where(CampaignRow.uid == uid)):
            s.delete(row)
        for t in s.scalars(select(CampaignTurnRow).where(CampaignTurnRow.campaign_uid == uid)):
            s.delete(t)
