"""Many campaigns in the database, each with its finished turns."""

from __future__ import annotations

from tests.campaign.helpers import declare_and_reveal, two_players
from wargame.campaign import actions as A
from wargame.campaign.document import new_campaign
from wargame.campaign.store import (
    delete_campaign,
    list_campaigns,
    open_campaign,
    store_campaign,
    turn_records,
)
from wargame.persistence.db import Database


def test_campaigns_are_stored_listed_and_opened_with_their_turns() -> None:
    db = Database(None)
    s, keys = two_players(rolls=(3, 3))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    s.apply(A.Resolve("1:A"))
    s.apply(A.EndTurn())
    store_campaign(db, s)
    other = new_campaign("Second")
    store_campaign(db, other)
    infos = {i.uid: i for i in list_campaigns(db)}
    assert set(infos) == {"test-campaign", other.state.uid}
    assert (infos["test-campaign"].players, infos["test-campaign"].turn) == (2, 2)
    back = open_campaign(db, "test-campaign")
    assert back.state.to_json() == s.state.to_json()
    records = turn_records(db, "test-campaign")
    assert [r["turn"] for r in records] == [1]
    assert [e["result"] for e in records[0]["engagements"]] == [2, 2]
    delete_campaign(db, "test-campaign")
    assert [i.uid for i in list_campaigns(db)] == [other.state.uid]
