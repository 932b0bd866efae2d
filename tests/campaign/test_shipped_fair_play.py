"""Issue 30, item 9: the shipped Spanish Main campaign (and any campaign scenario,
seeded into the database or named with --scenario) starts under the fair-play rules:
nobody takes back "done" after seeing an engagement declared against them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wargame.campaign import actions as A
from wargame.campaign.document import (
    FAIR_PLAY,
    campaign_from_scenario,
    seal_action,
    unlock_player,
)
from wargame.campaign.example import EXAMPLE_PLAYERS, EXAMPLE_SHEETS
from wargame.errors import IllegalAction
from wargame.paths import scenarios_dir
from wargame.persistence.db import Database

SHIPPED = Path(__file__).resolve().parents[2] / "scenarios" / "campaign" / "spanish_main_1690.json"


def _shipped() -> dict[str, Any]:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


def test_the_shipped_spanish_main_campaign_runs_under_the_fair_play_rules() -> None:
    s = campaign_from_scenario(_shipped())
    assert s.state.fair_play and s.header[FAIR_PLAY] == 1
    st = s.state
    for key, e in st.engagements.items():  # file the last battle score, on to turn 3
        if not e.scored:
            s.apply(A.RecordScore(key, 7, 5, "typed"))
    s.apply(A.EndTurn())
    seat, phrase = 0, EXAMPLE_PLAYERS[0][2]
    key = unlock_player(st, seat, phrase)
    for letter, (_value, contents) in EXAMPLE_SHEETS[seat].items():
        if letter in st.players[seat].forces:
            s.apply(seal_action(st, seat, letter, contents, key))
    s.apply(A.DoneDeclaring(seat))
    s.apply(A.Declare(1, "A", seat, "A", True))
    with pytest.raises(IllegalAction, match="done for this turn"):
        s.apply(A.DoneDeclaring(seat, False))


def test_a_campaign_scenario_without_the_fair_play_mark_still_starts_under_it() -> None:
    data = _shipped()
    del data["session"]["header"][FAIR_PLAY]
    assert campaign_from_scenario(data).state.fair_play


def test_the_seeded_campaign_in_the_database_starts_under_the_fair_play_rules() -> None:
    db = Database(None, seed_from=scenarios_dir())
    try:
        (sid,) = [sid for sid, mode, _name in db.list_scenarios() if mode == "campaign"]
        assert campaign_from_scenario(db.get_scenario(sid)).state.fair_play
    finally:
        db.close()
