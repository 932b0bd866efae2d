"""From an engagement to a linked battle or raid scenario, and its result back."""

from __future__ import annotations

import pytest

from tests.campaign.helpers import declare_and_reveal, two_players
from wargame.campaign import actions as A
from wargame.campaign.document import load_campaign, save_campaign
from wargame.campaign.links import action_for_result, linked_scenario, scores_from_result
from wargame.errors import BadInput


@pytest.mark.parametrize(
    "result",
    [
        {"attacker_score": 7, "defender_score": 2},
        {"battle_score": {"attacker": 7, "defender": 2}},
        {"winner": 0, "battle_score": {"0": 7, "1": 2}, "summary": "naval"},
        {"winner": "0", "scores": {"0": 7.0, "1": 2.0}},
    ],
)
def test_reported_results_in_every_shape_give_attacker_and_defender_scores(result) -> None:
    assert scores_from_result(result) == (7, 2)


def test_a_result_without_scores_is_refused_naming_the_field() -> None:
    with pytest.raises(BadInput, match=r"^result.battle_score.1: nothing \(null\) is not a number"):
        scores_from_result({"battle_score": {"0": 3}})
    with pytest.raises(BadInput, match="^result: no attacker_score"):
        scores_from_result({"winner": 0})


def test_battle_engagement_builds_a_naval_scenario_with_its_link() -> None:
    pytest.importorskip("wargame.naval.scenario")
    s, keys = two_players(rolls=(1, 5))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    sc = linked_scenario(s.state, "0:A")
    assert sc["mode"] == "naval" and sc["format"] == "wargame-scenario"
    assert sc["campaign_link"] == {"campaign": "test-campaign", "turn": 1, "engagement": "0:A"}
    names = {ship["name"]: ship["side"] for ship in sc["ships"]}
    assert names == {"Queen Annes Revenge": 0, "Ship 1B": 1}  # side 0 is the attacker


def test_raid_engagement_builds_a_raid_scenario_with_the_attackers_party() -> None:
    pytest.importorskip("wargame.raid.scenario")
    s, keys = two_players(rolls=(5,))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    assert s.state.engagements["0:A"].result == 3
    sc = linked_scenario(s.state, "0:A")
    assert sc["mode"] == "raid" and sc["campaign_link"]["engagement"] == "0:A"
    assert len(sc["attacker"]["units"]) == 3  # "3 able musket"


def test_no_contact_has_no_fight_and_a_stale_result_is_refused() -> None:
    s, keys = two_players(rolls=(3, 1))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    with pytest.raises(BadInput, match="force A against .*: no contact, so there is no battle"):
        linked_scenario(s.state, "0:A")
    link = {"campaign": "test-campaign", "turn": 0, "engagement": "1:A"}
    with pytest.raises(BadInput, match="^campaign_link.turn"):
        action_for_result(s.state, link, {"scores": {"0": 1, "1": 0}})
    link["turn"] = 1
    act = action_for_result(s.state, link, {"battle_score": {"0": 4, "1": 6}})
    assert act == A.RecordScore("1:A", 4, 6, "linked")


def test_ships_from_the_roster_bring_their_sheets_to_the_battle() -> None:
    pytest.importorskip("wargame.naval.scenario")
    s, keys = two_players(rolls=(1,))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    roster = {
        "Queen Annes Revenge": {"name": "Queen Annes Revenge", "type": "medium", "quality": "scurvy", "fighting_points": 9},
        "Ship 1B": {"name": "Ship 1B", "type": "large", "fighting_points": 2},  # another type
    }  # fmt: skip
    sc = linked_scenario(s.state, "0:A", roster=roster)
    ships = {ship["name"]: ship for ship in sc["ships"]}
    assert ships["Queen Annes Revenge"]["fighting_points"] == 9
    assert ships["Queen Annes Revenge"]["quality"] == "hardened"  # the force's own crew
    assert "fighting_points" not in ships["Ship 1B"]
    from wargame.naval.scenario import state_from_scenario

    state = state_from_scenario(sc)
    assert len(state.ships) == 2


def test_a_raid_won_by_its_own_rule_counts_for_the_raiders_despite_fewer_coins() -> None:
    """Regression: the raid is won with 15 of the town's 45 coins (raid ruling), so a
    linked raid reporting 20 coins taken against 25 kept is the attackers' win."""
    s, keys = two_players(rolls=(5,))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    link = {"campaign": "test-campaign", "turn": 1, "engagement": "0:A"}
    act = action_for_result(s.state, link, {"winner": 0, "battle_score": {"0": 20, "1": 25}})
    assert act == A.RecordScore("0:A", 20, 25, "linked", "attacker")
    s.apply(act)
    e = s.state.engagements["0:A"]
    assert e.attacker_vp > 0 and e.defender_vp == 0


@pytest.mark.parametrize(
    ("winner", "expected"), [(None, "draw"), (1, "defender"), ("0", "attacker")]
)
def test_a_reported_winner_is_read_by_seat(winner, expected: str) -> None:  # noqa: ANN001
    from wargame.campaign.links import winner_from_result

    assert winner_from_result({"winner": winner}) == expected
    assert winner_from_result({}) == ""
    with pytest.raises(BadInput, match="^result.winner"):
        winner_from_result({"winner": "pirates"})


def test_a_typed_in_score_still_goes_to_the_higher_score() -> None:
    s, keys = two_players(rolls=(5,))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    s.apply(A.RecordScore("0:A", 20, 25))
    e = s.state.engagements["0:A"]
    assert e.attacker_vp == 0 and e.defender_vp > 0


def test_campaign_standings_follow_the_fights_verdict_not_the_scores() -> None:
    """Issue 28: a raid the pirates win with 20 coins while the town keeps 25 is the
    pirates' win in the fought/won columns too, during the turn, after it ends and after
    a save round trip (one verdict used everywhere)."""
    s, keys = two_players(rolls=(5, 5))
    declare_and_reveal(s, keys)
    s.apply(A.Resolve("0:A"))
    link = {"campaign": "test-campaign", "turn": 1, "engagement": "0:A"}
    s.apply(action_for_result(s.state, link, {"winner": 0, "battle_score": {"0": 20, "1": 25}}))
    e = s.state.engagements["0:A"]
    attacker, defender = e.attacker_side[0], e.defender_side[0]
    won = {row.seat: row.won for row in s.state.standings()}
    assert won[attacker] == 1 and won[defender] == 0
    s.apply(A.Resolve("1:A"))
    s.apply(A.RecordScore("1:A", 5, 5))
    s.apply(A.EndTurn())
    after = {row.seat: row.won for row in s.state.standings()}
    assert after[attacker] == 1 and after[defender] == 0
    again = load_campaign(save_campaign(s)).state
    assert again.history[0].engagements[0].verdict in ("attacker", "draw")
    assert {r.seat: r.won for r in again.standings()} == after


def test_fight_it_before_the_engagements_are_resolved_says_so_in_words() -> None:
    """Issue 26: the message named the engagement by its internal id ("0:A")."""
    s, keys = two_players(rolls=(3, 1))
    declare_and_reveal(s, keys)
    with pytest.raises(BadInput) as err:
        linked_scenario(s.state, "0:A")
    text = str(err.value)
    assert "not resolved yet" in text and "resolve the engagements first" in text
    assert "0:A" not in text and "force A against" in text


def test_a_linked_battle_starts_when_both_forces_hold_a_ship_of_the_same_name() -> None:
    """Issue 39: "Revenge" on both sides refused the battle; the players had to type the
    score and no losses came back. Now each keeps her name on the sheet."""
    from tests.campaign.helpers import contents
    from wargame.campaign.document import reveal_action, seal_action
    from wargame.campaign.links import losses_for_result
    from wargame.naval.scenario import campaign_losses, state_from_scenario
    from wargame.naval.ship import Status

    s, keys = two_players(rolls=(1,))
    for seat in (0, 1):  # Alice's A and Bob's B both sail a Revenge
        letter = "A" if seat == 0 else "B"
        s.apply(seal_action(s.state, seat, letter, contents("Revenge"), keys[seat]))
    s.apply(A.Declare(0, "A", 1, "B", True))
    s.apply(A.DoneDeclaring(0))
    s.apply(A.DoneDeclaring(1))
    for seat, key in enumerate(keys):
        s.apply(reveal_action(s.state, seat, key))
    s.apply(A.Resolve("0:A"))
    sc = linked_scenario(s.state, "0:A")
    battle = state_from_scenario(sc)  # refused before: two ships named Revenge
    sides = {ship.name: ship.side for ship in battle.ships.values()}
    assert sorted(sides.values()) == [0, 1] and len(sides) == 2
    bobs = next(ship for ship in battle.ships.values() if ship.side == 1)
    bobs.status = Status.SUNK
    result = {"battle_score": {"0": 3, "1": 0}, "losses": campaign_losses(battle)}
    act = losses_for_result(s.state, sc["campaign_link"], result)
    assert act is not None
    s.apply(action_for_result(s.state, sc["campaign_link"], result))
    s.apply(act)
    e = s.state.engagements["0:A"]
    assert e.losses["defender"]["ships"] == [{"name": "Revenge", "fate": "sunk"}]
    assert e.losses["attacker"]["ships"] == []
