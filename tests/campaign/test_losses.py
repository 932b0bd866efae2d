"""Losses of a linked fight carried back onto the force sheets, one loss kind at a time."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.campaign.helpers import SECRET_SHIP, declare_and_reveal, two_players
from wargame.campaign import actions as A
from wargame.campaign.document import load_campaign, open_contents, save_campaign
from wargame.campaign.links import losses_for_result
from wargame.campaign.losses import carried_contents, losses_text
from wargame.errors import IllegalAction

LINK = {"campaign": "test-campaign", "turn": 1, "engagement": "0:A"}


def fought(result_roll: int = 1) -> tuple[Any, list[Any]]:
    """Alice's force A against Bob's force B, resolved as a battle (1) or raid (5)."""
    s, keys = two_players(rolls=(result_roll, 3))
    declare_and_reveal(s, keys)
    s.apply(A.ResolveAll())
    return s, keys


def report(**by_seat: Any) -> dict[str, Any]:
    return {"battle_score": {"0": 1, "1": 5}, "losses": by_seat}


def test_a_sunk_ship_leaves_the_force_sheet_in_words() -> None:
    s, _keys = fought()
    act = losses_for_result(
        s.state, LINK, report(**{"0": {"ships": [{"name": SECRET_SHIP, "fate": "sunk"}]}})
    )
    assert act is not None
    entry = s.apply(act)
    assert entry.label == (
        "Lost in the battle of Alice's force A against Bob's force B: "
        f"Alice, {SECRET_SHIP} (medium, sunk); Bob, nothing"
    )
    assert s.state.revealed_contents(0, "A")["ships"] == []
    assert s.state.revealed_contents(1, "B")["ships"] == [
        {"name": "Ship 1B", "type": "medium", "quality": "hardened"}
    ]
    assert s.state.engagements["0:A"].losses["attacker"]["ships"][0]["fate"] == "sunk"


def test_a_taken_ship_is_lost_to_its_owner() -> None:
    s, _keys = fought()
    act = losses_for_result(
        s.state, LINK, report(**{"1": {"ships": [{"name": "Ship 1B", "fate": "taken"}]}})
    )
    assert act is not None
    assert "Bob, Ship 1B (medium, taken)" in s.apply(act).label
    assert s.state.revealed_contents(1, "B")["ships"] == []
    assert len(s.state.revealed_contents(0, "A")["ships"]) == 1  # the captor gains no ship


def test_dead_figures_leave_their_group_and_an_emptied_group_goes() -> None:
    s, _keys = fought(result_roll=5)
    assert s.state.engagements["0:A"].result == 3
    lost = {"party": [{"kind": "musket", "quality": "able", "count": 2}]}
    act = losses_for_result(s.state, LINK, report(**{"0": lost}))
    assert act is not None
    assert "Alice, 2 able musket (dead)" in s.apply(act).label
    assert s.state.revealed_contents(0, "A")["party"] == [
        {"kind": "musket", "quality": "able", "count": 1}
    ]
    s.apply(A.RecordScore("0:A", 1, 5, "linked"))
    assert s.state.engagements["0:A"].losses is not None


def test_a_dead_or_captured_officer_leaves_the_force() -> None:
    s, _keys = fought(result_roll=5)
    s.state.players[0].revealed = {  # an officer in Alice's party (as if unfolded so)
        **s.state.players[0].revealed,
        "A": {"ships": [], "party": [{"officer": "captain", "name": "Roberts"}]},
    }
    lost = {"party": [{"officer": "captain", "name": "Roberts", "fate": "captured"}]}
    s.state.apply(A.RecordLosses("0:A", losses_text({"attacker": lost, "defender": None})), s.dice)
    assert s.state.revealed_contents(0, "A")["party"] == []


def test_the_garrisons_dead_are_not_charged_to_a_force_without_a_party() -> None:
    s, _keys = fought(result_roll=5)
    p = s.state.players[1]
    p.revealed = {**p.revealed, "B": {"ships": p.revealed["B"]["ships"], "party": []}}
    lost = {"party": [{"kind": "militia", "quality": "able", "count": 4}]}
    act = losses_for_result(s.state, LINK, report(**{"1": lost}))
    assert act is not None
    s.apply(act)
    assert s.state.engagements["0:A"].losses["defender"]["party"] == []


def test_losses_that_do_not_fit_the_force_are_refused_naming_it() -> None:
    s, _keys = fought()
    bad = losses_for_result(
        s.state, LINK, report(**{"0": {"ships": [{"name": "Ghost", "fate": "sunk"}]}})
    )
    assert bad is not None
    with pytest.raises(IllegalAction, match=r"Alice's force A\)\.ships\[0\]: 'Ghost' is not in"):
        s.apply(bad)
    too_many = {"party": [{"kind": "musket", "quality": "able", "count": 9}]}
    act = losses_for_result(s.state, LINK, report(**{"0": too_many}))
    with pytest.raises(IllegalAction, match="fewer than 9 able musket"):
        s.apply(act)
    assert s.state.engagements["0:A"].losses is None  # refused: nothing changed


def test_losses_are_carried_back_once_and_undo_puts_the_ship_back() -> None:
    s, _keys = fought()
    act = A.RecordLosses(
        "0:A", losses_text({"attacker": {"ships": [{"name": SECRET_SHIP, "fate": "sunk"}]}})
    )
    s.apply(act)
    with pytest.raises(IllegalAction, match="already on the sheets"):
        s.apply(act)
    s.undo()
    assert s.state.revealed_contents(0, "A")["ships"][0]["name"] == SECRET_SHIP
    s.redo()
    assert s.state.revealed_contents(0, "A")["ships"] == []


def test_no_contact_has_no_losses_and_no_report_means_no_action() -> None:
    s, _keys = fought()
    assert losses_for_result(s.state, LINK, {"battle_score": {"0": 1, "1": 0}}) is None
    assert s.state.engagements["1:A"].result == 2  # roll 3: no contact
    with pytest.raises(IllegalAction, match="was not fought"):
        s.apply(A.RecordLosses("1:A", losses_text({})))


def test_losses_survive_save_and_load_and_the_next_sealing_starts_without_them() -> None:
    s, keys = fought()
    s.apply(A.RecordScore("0:A", 1, 5, "linked"))
    s.apply(
        A.RecordLosses(
            "0:A", losses_text({"attacker": {"ships": [{"name": SECRET_SHIP, "fate": "sunk"}]}})
        )
    )
    assert s.state.engagements["1:A"].scored  # no contact: scored as it was resolved
    s.apply(A.EndTurn())
    loaded = load_campaign(json.loads(json.dumps(save_campaign(s))))
    st = loaded.state
    assert st.history[-1].engagements[0].losses["attacker"]["ships"][0]["name"] == SECRET_SHIP
    carried = carried_contents(st, 0)
    musket = {"kind": "musket", "quality": "able", "count": 3}
    assert carried == {"A": {"ships": [], "party": [musket]}}
    assert carried_contents(st, 1) == {}  # Bob lost nothing: his sheet is sealed as it was
    # the sealed token still holds last turn's contents: only its owner reseals them
    assert open_contents(st, 0, keys[0])["A"]["ships"][0]["name"] == SECRET_SHIP


def test_a_sea_fight_reports_its_sunk_and_taken_ships_by_seat() -> None:
    from wargame.naval.scenario import battle_from_forces, campaign_losses, state_from_scenario
    from wargame.naval.ship import Status

    ship = {"type": "medium", "quality": "able"}
    data = battle_from_forces(
        [{"name": "Revenge", **ship}, {"name": "Ranger", **ship}],
        [{"name": "Santa Rosa", **ship}],
        name="test",
    )
    st = state_from_scenario(data)
    st.ships["Revenge"].status = Status.SUNK
    st.ships["Santa Rosa"].status = Status.SURRENDERED
    assert campaign_losses(st) == {
        "0": {"ships": [{"name": "Revenge", "fate": "sunk"}], "party": []},
        "1": {"ships": [{"name": "Santa Rosa", "fate": "taken"}], "party": []},
    }


def test_a_raid_reports_its_dead_figures_and_lost_officers_not_those_who_fled() -> None:
    from wargame.raid.model import unit_from_json
    from wargame.raid.scenario import campaign_losses

    units = [
        unit_from_json({"id": f"P{i}", "kind": "musket", "quality": "able"}, 0, "t")
        for i in range(4)
    ]
    units.append(unit_from_json({"id": "P9", "officer": "captain", "name": "Roberts"}, 0, "t"))
    units.append(unit_from_json({"id": "D0", "kind": "guns", "quality": "able"}, 1, "t"))
    units[0].status, units[1].status, units[2].status = "dead", "dead", "fled"
    units[4].status, units[5].status = "captured", "spiked"
    assert campaign_losses(units) == {
        "0": {
            "ships": [],
            "party": [
                {"kind": "musket", "quality": "able", "count": 2},
                {"officer": "captain", "name": "Roberts", "fate": "captured"},
            ],
        },
        "1": {"ships": [], "party": [{"kind": "guns", "quality": "able", "count": 1}]},
    }


def test_any_reported_losses_are_taken_or_refused_in_words_never_a_traceback() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from wargame.errors import BadInput

    leaf = (
        st.none()
        | st.booleans()
        | st.integers(-3, 12)
        | st.sampled_from(
            [
                "sunk",
                "taken",
                "dead",
                "captured",
                "musket",
                "able",
                SECRET_SHIP,
                "Ship 1B",
                "captain",
            ]
        )
    )
    keys = st.sampled_from(
        ["0", "1", "ships", "party", "name", "fate", "kind", "quality", "count", "officer", "x"]
    )
    value = st.recursive(
        leaf,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=4),
        max_leaves=20,
    )
    s0, _keys = fought()

    @settings(max_examples=300, deadline=None)
    @given(value)
    def check(raw: Any) -> None:
        s = s0.state.clone()
        try:
            act = losses_for_result(s, LINK, {"battle_score": {"0": 1, "1": 0}, "losses": raw})
        except BadInput:
            return
        if act is None:
            return
        try:
            s.apply(act, s0.dice)
        except IllegalAction:
            return
        assert s.engagements["0:A"].losses is not None

    check()
