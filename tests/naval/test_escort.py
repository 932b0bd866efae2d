"""The escort scenario's victory condition (issue 18): the merchantman escaping by the
scenario's edge scores for the defender, taking her scores for the attacker."""

from __future__ import annotations

import copy

import pytest

from wargame.core.play import simulate
from wargame.errors import BadInput
from wargame.naval.rules import naval_rules
from wargame.naval.scenario import default_scenario, state_from_scenario
from wargame.naval.ship import Status

R = naval_rules()


def test_shipped_escort_scenario_names_the_ship_to_escort() -> None:
    st = state_from_scenario(default_scenario())
    assert st.escort == "Santa Rosa" and st.escort_edge == "west"


@pytest.mark.parametrize(
    ("heading", "scores"),
    [
        (3, {0: 0, 1: R.score.escaped["merchantman"]}),  # north-west: off the west edge
        (0, {0: 0, 1: 0}),  # south-east: she fled the wrong way, nothing scored
    ],
)
def test_escaped_merchant_scores_for_the_defender_only_by_her_edge(
    heading: int, scores: dict[int, int]
) -> None:
    st = state_from_scenario(default_scenario())
    rosa = st.ships["Santa Rosa"]
    rosa.status, rosa.heading = Status.LEFT, heading
    assert st.scores() == scores


def test_taken_merchant_scores_for_the_attacker() -> None:
    st = state_from_scenario(default_scenario())
    st.ships["Santa Rosa"].status = Status.SURRENDERED
    assert st.scores() == {0: R.score.taken["merchantman"], 1: 0}


def test_a_bad_victory_condition_is_refused_naming_the_key() -> None:
    data = copy.deepcopy(default_scenario())
    data["victory"] = {"escort": "Nobody"}
    with pytest.raises(BadInput, match="victory: no ship is named 'Nobody'"):
        state_from_scenario(data)
    data["victory"] = {"escort": "Santa Rosa", "edge": "up"}
    with pytest.raises(BadInput, match="edge must be one of"):
        state_from_scenario(data)


def test_captain_mirror_on_the_escort_scenario_has_stakes_for_both_sides() -> None:
    """Before the fix the merchantman sailed off in every game and scored nothing."""
    run = simulate("naval", games=12, seed=3, bots=["captain", "captain"], strict=True)
    winners = {g["winner"] for g in run["games"]}
    assert {"0", "1"} <= winners
