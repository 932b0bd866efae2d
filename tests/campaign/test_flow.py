"""The whole campaign flow in the domain: declare, reveal, resolve, score, totals."""

from __future__ import annotations

import pytest

from tests.campaign.helpers import FAST, SECRET_SHIP, contents, declare_and_reveal, two_players
from wargame.campaign import actions as A
from wargame.campaign.document import (
    add_player_action,
    load_campaign,
    open_contents,
    save_campaign,
    seal_action,
    unlock_player,
)
from wargame.campaign.model import ORDERS, OVER, RESOLVE, REVEAL
from wargame.core.actions import Action
from wargame.errors import IllegalAction


def test_all_done_moves_to_reveal_and_reveal_publishes_contents() -> None:
    s, keys = two_players()
    s.apply(A.Declare(0, "A", 1, "B", True))
    s.apply(A.DoneDeclaring(0))
    assert s.state.phase == ORDERS
    s.apply(A.DoneDeclaring(1))
    assert s.state.phase == REVEAL
    assert s.state.players[0].revealed is None
    from wargame.campaign.document import reveal_action

    s.apply(reveal_action(s.state, 0, keys[0]))
    assert s.state.phase == REVEAL
    assert s.state.revealed_contents(0, "A")["ships"][0]["name"] == SECRET_SHIP
    s.apply(reveal_action(s.state, 1, keys[1]))
    assert s.state.phase == RESOLVE


def test_d6_table_gives_battle_no_contact_and_raid() -> None:
    # 1 -> battle, 3 -> no contact (rules data table)
    s, keys = two_players(rolls=(1, 3))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    s.apply(A.Resolve("1:A"))
    e1, e2 = s.state.engagements["0:A"], s.state.engagements["1:A"]
    assert (e1.roll, e1.result) == (1, 1)
    assert (e2.roll, e2.result) == (3, 2)
    assert e2.scored and (e2.attacker_vp, e2.defender_vp) == (0, 0)
    assert (
        s.entries[-1].rolls[0].purpose
        == "Campaign: result of Bob's force A against Alice's force B"
    )


def test_raid_roll_without_a_raiding_party_becomes_a_battle() -> None:
    s, keys = two_players(rolls=(6,))
    s.apply(seal_action(s.state, 0, "A", contents("Lone Ship", party=False), keys[0]))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    assert s.state.engagements["0:A"].result == 1


def test_winner_gains_the_beaten_forces_value_and_totals_add_up() -> None:
    s, keys = two_players(rolls=(1, 5))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))  # battle
    s.apply(A.Resolve("1:A"))  # raid
    s.apply(A.RecordScore("0:A", 12, 7))  # Alice's A (attacker) beats Bob's B (value 2)
    s.apply(A.RecordScore("1:A", 4, 9))  # Alice's B (defender, value 2) beats Bob's A (3)
    assert s.state.vp_totals() == [2 + 3, 0]
    rows = {r["letter"]: r for r in s.state.rows(0)}
    assert rows["A"]["battle_score"] == 12 and rows["A"]["vp"] == 2 and rows["A"]["attacker"]
    assert rows["B"]["battle_score"] == 9 and rows["B"]["vp"] == 3 and not rows["B"]["attacker"]
    assert rows["B"]["opponent_letter"] == "A" and rows["B"]["result"] == 3
    s.apply(A.EndTurn())
    st = s.state
    assert (st.turn_no, st.phase, st.banked) == (2, ORDERS, [5, 0])
    assert st.history[0].vp == (5, 0)
    assert st.country_totals() == [("Spain", 5), ("France", 0)]
    assert [(x.rank, x.name, x.vp, x.fought, x.won) for x in st.standings()] == [
        (1, "Alice", 5, 2, 2),
        (2, "Bob", 0, 2, 0),
    ]
    s.apply(A.Finish())
    assert st.phase == OVER and st.is_terminal()


def test_draw_gives_draw_vp_to_both() -> None:
    s, keys = two_players(rolls=(1, 3))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    s.apply(A.RecordScore("0:A", 5, 5))
    assert (s.state.engagements["0:A"].attacker_vp, s.state.engagements["0:A"].defender_vp) == (
        0,
        0,
    )


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (A.SetForce(0, "C", 6), "value:"),
        (A.SetForce(0, "C", 0), "value:"),
        (A.SetForce(0, "H", 3), "letter:"),
        (A.Declare(0, "A", 1, "E", True), "opponent_letter:"),  # no such force
        (A.Declare(0, "G", 1, "A", True), "letter:"),  # own force does not exist
        (A.Declare(0, "A", 0, "B", True), "opponent:"),
        (A.Declare(0, "A", 5, "B", True), "opponent:"),
        (A.RecordScore("0:A", 3, 1), "engagement:"),  # not declared
        (A.RecordScore("1:B", 3, 1), "engagement:"),
    ],
)
def test_bad_entries_are_refused_naming_the_field_and_change_nothing(action, field) -> None:
    s, _ = two_players()
    before = s.state.to_json()
    n = len(s.entries)
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert str(err.value).startswith(field)
    assert s.state.to_json() == before and len(s.entries) == n


def test_a_letter_used_twice_is_refused() -> None:
    s, _ = two_players()
    s.apply(A.Declare(0, "A", 1, "B", True))
    with pytest.raises(IllegalAction, match="^opponent_letter: Bob's force B is already"):
        s.apply(A.Declare(0, "B", 1, "B", False))
    with pytest.raises(IllegalAction, match="^letter: force A is already in engagement 0:A"):
        s.apply(A.Declare(0, "A", 1, "A", True))
    with pytest.raises(IllegalAction, match="^letter: force B is already"):
        s.apply(A.Declare(1, "B", 0, "B", True))


def test_score_typed_for_an_undeclared_or_unresolved_engagement_is_refused() -> None:
    s, keys = two_players(rolls=(1,))
    declare_and_reveal(s, keys)
    with pytest.raises(IllegalAction, match="^engagement: 0:A is not resolved yet"):
        s.apply(A.RecordScore("0:A", 1, 0))
    with pytest.raises(IllegalAction, match="^engagement: '0:C' is not declared"):
        s.apply(A.RecordScore("0:C", 1, 0))
    s.apply(A.Resolve("0:A"))
    with pytest.raises(IllegalAction, match="^attacker_score: 5000 is outside"):
        s.apply(A.RecordScore("0:A", 5000, 0))


def test_a_reveal_with_changed_contents_is_refused() -> None:
    import json

    from wargame.campaign.document import reveal_action

    s, keys = two_players()
    s.apply(A.Declare(0, "A", 1, "B", True))
    s.apply(A.DoneDeclaring(0))
    s.apply(A.DoneDeclaring(1))
    honest = reveal_action(s.state, 0, keys[0])
    payload = json.loads(honest.payload)
    payload["A"]["c"]["ships"][0]["quality"] = "scurvy"
    with pytest.raises(IllegalAction, match="^payload.A: the contents are not the ones sealed"):
        s.apply(A.Reveal(0, json.dumps(payload)))
    assert s.state.players[0].revealed is None


def test_sheet_is_locked_once_done_and_values_are_kept_across_turns() -> None:
    s, keys = two_players(rolls=(3,))
    s.apply(A.SetForce(0, "A", 5))
    s.apply(A.Declare(0, "A", 1, "A", True))
    s.apply(A.DoneDeclaring(0))
    with pytest.raises(IllegalAction, match="^player: Alice is done"):
        s.apply(A.SetForce(0, "A", 6))
    with pytest.raises(IllegalAction, match="done for this turn"):
        s.apply(A.DoneDeclaring(0, False))
    s.apply(A.DoneDeclaring(1))
    from wargame.campaign.document import reveal_action

    for seat, key in enumerate(keys):
        s.apply(reveal_action(s.state, seat, key))
    s.apply(A.Resolve("0:A"))
    s.apply(A.EndTurn())
    assert s.state.force_value(0, "A") == 5
    assert s.state.history[0].sheets[0]["A"]["contents"]["ships"][0]["name"] == SECRET_SHIP
    assert s.state.players[0].revealed is None  # the new turn starts folded again


def test_undo_redo_and_a_reveal_is_an_undo_barrier() -> None:
    s, keys = two_players(rolls=(1,))
    s.at_table = 0  # Alice is at the computer: she may undo her own actions
    s.apply(A.SetForce(0, "C", 4))
    s.undo()
    assert "C" not in s.state.players[0].forces
    s.redo()
    assert s.state.force_value(0, "C") == 4
    declare_and_reveal(s, keys)
    assert not s.can_undo
    s.apply(A.Resolve("0:A"))
    assert not s.can_undo  # a rolled result can't be rolled again by undoing it


def test_save_and_load_replays_to_the_same_campaign() -> None:
    s, keys = two_players(rolls=(1, 5))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    s.apply(A.Resolve("1:A"))
    s.apply(A.RecordScore("0:A", 2, 1))
    data = save_campaign(s)
    back = load_campaign(data)
    assert back.state.to_json() == s.state.to_json()
    assert back.state.vp_totals() == s.state.vp_totals()


def test_every_action_text_round_trips() -> None:
    s, keys = two_players(rolls=(1, 5))
    declare_and_reveal(s, keys)
    for e in s.entries:
        assert s.state.parse_action(e.action.to_text()) == e.action
        assert Action.from_json(e.action.to_json()) == e.action


def test_owner_reads_back_own_contents_with_the_passphrase() -> None:
    s, _ = two_players()
    key = unlock_player(s.state, 0, "alice-pw")
    assert open_contents(s.state, 0, key)["A"]["ships"][0]["name"] == SECRET_SHIP
    with pytest.raises(ValueError, match="passphrase: wrong passphrase"):
        unlock_player(s.state, 0, "bobby-pw")


def test_players_join_only_before_the_first_engagement() -> None:
    s, _ = two_players()
    s.apply(A.Declare(0, "A", 1, "B", True))
    act, _ = add_player_action("Carl", "England", "carl-pass", params=FAST)
    with pytest.raises(IllegalAction, match="^player: players join before"):
        s.apply(act)
    s.apply(A.Withdraw(0, "A"))
    s.apply(act)
    dup, _ = add_player_action("carl", "Denmark", "xxxx-pass", params=FAST)
    with pytest.raises(IllegalAction, match="^name: there is already"):
        s.apply(dup)
    bad, _ = add_player_action("Dora", "Portugal", "xxxx-pass", params=FAST)
    with pytest.raises(IllegalAction, match="^country: 'Portugal' is not one of"):
        s.apply(bad)


def test_resolve_all_rolls_each_open_engagement_in_declared_order() -> None:
    s, keys = two_players(rolls=(5, 2))
    declare_and_reveal(s, keys)
    s.apply(A.ResolveAll())
    assert [(e.key, e.roll, e.result) for e in s.state.engagements.values()] == [
        ("0:A", 5, 3),
        ("1:A", 2, 1),
    ]
    assert [r.purpose for r in s.entries[-1].rolls] == [
        "Campaign: result of Alice's force A against Bob's force B",
        "Campaign: result of Bob's force A against Alice's force B",
    ]
    assert not s.can_undo
    with pytest.raises(IllegalAction, match="already resolved"):
        s.apply(A.ResolveAll())
