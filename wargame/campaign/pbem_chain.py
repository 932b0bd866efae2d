"""The hash chain of a campaign played by e-mail: each entry's hash names everything
before it (:mod:`wargame.campaign.pbem` signs and checks files by it;
:mod:`wargame.campaign.pbem_dice` draws the chain's dice from it)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wargame.core.actions import Action
from wargame.core.dice import Roll

if TYPE_CHECKING:
    from wargame.campaign.state import CampaignState
    from wargame.core.log import Session


def _canonical(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def start_hash(uid: str, name: str, fair_play: bool) -> str:
    head = {"uid": uid, "name": name, "fair_play": bool(fair_play)}
    return hashlib.sha256(b"wargame campaign chain v1\n" + _canonical(head)).hexdigest()


def entry_json(action: Action, rolls: Sequence[Roll]) -> dict[str, Any]:
    out: dict[str, Any] = {"a": action.to_text()}
    if rolls:
        out["r"] = [r.to_json() for r in rolls]
    return out


def next_hash(before: str, item: Mapping[str, Any]) -> str:
    return hashlib.sha256(bytes.fromhex(before) + _canonical(item)).hexdigest()


def chain(session: Session[CampaignState]) -> list[str]:
    """The hash after each number of entries: ``chain(s)[n]`` names entry ``n``
    (``[0]`` is the campaign's start)."""
    st = session.state
    out = [start_hash(st.uid, st.name, st.fair_play)]
    for e in session.entries:
        out.append(next_hash(out[-1], entry_json(e.action, e.rolls)))
    return out
