"""Victory conditions a scenario may choose (issue 26): sink or take, escort off an
edge, hold a harbour for N turns; the engine enforces each."""

from __future__ import annotations

from typing import Any

import pytest

from tests.naval.helpers import scripted, ship
from wargame.core.play import simulate
from wargame.errors import BadInput
from wargame.naval.actions import EndShipTurn, TurnCount, TurnRoll, WindChange, WindTry
from wargame.naval.rules import naval_rules
from wargame.naval.scenario import default_scenario, state_from_scenario
from wargame.naval.state import NavalState


def hold_battle(victory: dict[str, Any], *, defender_at: tuple[int, int] = (14, 10)) -> NavalState:
    data = {
        "format": "wargame-scenario",
        "mode": "naval",
        "name": "hold",
        "sea": {"cols": 16, "rows": 12, "hex_cm": 5.0},
        "coins": 20,
        "victory": victory,
        "ships": [ship("A1", 0, (5, 5)), ship("D1", 1, defender_at)],
    }
    st = state_from_scenario(data)
    st.start(scripted())
    return st


def one_game_turn(st: NavalState) -> None:
    while st.phase == "ship":
        st.apply(EndShipTurn(st.ts.ship), scripted())
    if st.phase == "countdown":
        st.apply(TurnCount(0, TurnRoll.PASS), scripted())
        st.apply(TurnCount(1, TurnRoll.PASS), scripted())
    if st.phase == "wind":
        st.apply(WindChange(0, WindTry.PASS), scripted())
        st.apply(WindChange(1, WindTry.PASS), scripted())


def test_holding_the_harbour_for_n_turns_wins_the_battle() -> None:
    st = hold_battle({"kind": "hold", "side": "attacker", "harbour": [5, 5], "turns": 3})
    for _ in range(2):
        one_game_turn(st)
    assert st.held == 2 and st.phase == "ship"
    one_game_turn(st)
    assert st.phase == "over" and "held the harbour for 3 turns" in (st.end_reason or "")
    out = st.outcome()
    assert out is not None and out.winner == 0


def test_an_enemy_at_the_harbour_stops_the_count_and_the_holder_loses_at_the_end() -> None:
    st = hold_battle({"kind": "hold", "side": 0, "harbour": [5, 5], "turns": 2}, defender_at=(6, 5))
    one_game_turn(st)
    assert st.held == 0
    st.coins = 1
    one_game_turn(st)
    assert st.phase == "over" and st.end_reason == "the countdown coins are all gone"
    out = st.outcome()
    assert out is not None and out.winner == 1  # the defender kept the harbour


def test_hold_turns_default_from_rules_data() -> None:
    st = hold_battle({"kind": "hold", "side": 0, "harbour": [5, 5]})
    assert st.victory.hold is not None
    assert st.victory.hold.turns == naval_rules().victory.hold_turns


@pytest.mark.parametrize(
    ("victory", "message"),
    [
        ({"kind": "hold", "side": 0, "harbour": [99, 5]}, "harbour \\[99, 5\\] is not open sea"),
        ({"kind": "hold", "side": 2, "harbour": [5, 5]}, "side must be 0"),
        ({"kind": "hold", "side": 0}, "harbour must be \\[col, row\\]"),
        ({"kind": "hold", "side": 0, "harbour": [5, 5], "turns": 0}, "turns must be"),
        ({"kind": "plunder"}, "kind must be one of sink-or-take, escort, hold"),
        ({"kind": "escort"}, "an escort needs"),
    ],
)
def test_a_bad_victory_condition_names_what_is_wrong(victory: dict[str, Any], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        hold_battle(victory)


def test_sink_or_take_is_the_default_and_can_be_named() -> None:
    data = default_scenario()
    data["victory"] = {"kind": "sink-or-take"}
    st = state_from_scenario(data)
    assert st.victory.kind == "sink-or-take" and st.escort is None


def test_a_hold_scenario_plays_strictly_to_the_end() -> None:
    data = default_scenario()
    data["victory"] = {"kind": "hold", "side": "defender", "harbour": [19, 9], "turns": 2}
    result = simulate("naval", games=6, seed=4, scenario=data, strict=True)
    for g in result["games"]:
        assert g["end"] != "action limit"
        # the bots do not sail for the harbour: unless the defender held it (or the
        # attacker was beaten off the sea) the attacker wins, whatever the score
        if "held the harbour" not in g["end"] and "attacker has no ship" not in g["end"]:
            assert g["winner"] == "0", g
