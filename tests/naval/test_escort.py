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


def _escort_battle(orientation: str, at: tuple[int, int], heading: int, cols: int = 16):
    """The Santa Rosa alone on her side, running (the wind behind her), to escape west."""
    from tests.naval.helpers import scripted
    from wargame.naval.actions import EndShipTurn

    data = {
        "format": "wargame-scenario",
        "mode": "naval",
        "name": "escort",
        "sea": {"cols": cols, "rows": 12, "hex_cm": 5.0, "orientation": orientation},
        "wind": heading,
        "coins": 8,
        "ships": [
            {
                "name": "Santa Rosa",
                "side": 1,
                "type": "merchantman",
                "quality": "able",
                "at": list(at),
                "heading": heading,
            },
            {
                "name": "Hunter",
                "side": 0,
                "type": "small",
                "quality": "able",
                "at": [8, 5],
                "heading": 0,
            },
        ],
        "victory": {"escort": "Santa Rosa", "edge": "west"},
    }
    st = state_from_scenario(data, R)
    st.start(scripted())
    st.apply(EndShipTurn("Hunter"), scripted())  # warships first: the Hunter waits
    assert st.ts is not None and st.ts.ship == "Santa Rosa"
    return st


@pytest.mark.parametrize(
    ("orientation", "at", "heading", "cols", "escapes"),
    [
        # bottom row, heading south-west: she steps off the SOUTH edge (issue 39)
        ("flat", (4, 11), 4, 16, False),
        # top row, 17 columns from the west edge, heading north-west: off the NORTH edge
        ("flat", (17, 0), 3, 20, False),
        # the west column of a pointy-topped sea, heading south-west: off the WEST edge
        ("pointy", (0, 4), 4, 16, True),
        # the west column of a flat-topped sea, heading south-west: off the west edge
        ("flat", (0, 5), 4, 16, True),
    ],
)
def test_escort_exit_edge_is_the_edge_she_crosses(
    orientation: str, at: tuple[int, int], heading: int, cols: int, escapes: bool
) -> None:
    """Issue 39: her heading pointed "west" (south-west, north-west) while she stepped
    off the south or north edge, and she scored as escaped by the west edge."""
    from tests.naval.helpers import scripted
    from wargame.naval.actions import Move

    st = _escort_battle(orientation, at, heading, cols)
    off = [
        a
        for a in st.legal_actions()
        if isinstance(a, Move) and tuple(a.to) not in st.sea.hexes and a.heading == heading
    ]
    assert off, "she can sail off the table with the wind"
    for move in off:
        after = st.clone()
        after.apply(move, scripted())
        rosa = after.ships["Santa Rosa"]
        assert rosa.status is Status.LEFT
        assert after.escaped(rosa) is escapes, move
        assert after.scores()[1] == (R.score.escaped["merchantman"] if escapes else 0)
