"""Section 10.3: turn order, countdown, wind change, the end; scenarios; a golden battle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.naval.helpers import battle, scripted, ship
from wargame.core.dice import DiceService
from wargame.core.play import play_match, simulate
from wargame.errors import BadInput, IllegalAction
from wargame.naval.actions import EndShipTurn, TurnCount, TurnRoll, WindChange, WindTry
from wargame.naval.bots import CaptainBot
from wargame.naval.game import NavalGame
from wargame.naval.rules import naval_rules
from wargame.naval.scenario import battle_from_forces, default_scenario, state_from_scenario

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "naval_merchant_escort.txt"


def far_apart():  # noqa: ANN201
    return battle(
        [
            ship("A1", 0, (1, 1), heading=5),
            ship("A2", 0, (1, 5), heading=5, type="medium"),
            ship("D1", 1, (14, 1), heading=5, type="merchantman"),
            ship("D2", 1, (14, 5), heading=5),
        ],
        coins=2,
    )


def test_warships_move_first_attacker_first_alternately() -> None:
    assert far_apart().order == ["A1", "D2", "A2", "D1"]


def end_all(st) -> None:  # noqa: ANN001
    while st.phase == "ship":
        st.apply(EndShipTurn(st.ts.ship), scripted())


def test_countdown_add_on_six_deduct_on_four_then_one_coin_off() -> None:
    st = far_apart()
    end_all(st)
    assert st.phase == "countdown" and st.current_player() == 0
    st.apply(TurnCount(0, TurnRoll.ADD), scripted(6))
    assert st.coins == 3
    st.apply(TurnCount(1, TurnRoll.DEDUCT), scripted(4))
    assert st.coins == 1  # 3 - 1 deducted - 1 off the countdown
    assert st.phase == "wind"


def test_game_stops_when_the_coins_are_gone() -> None:
    st = far_apart()
    st.coins = 1
    end_all(st)
    st.apply(TurnCount(0, TurnRoll.PASS), scripted())
    st.apply(TurnCount(1, TurnRoll.PASS), scripted())
    assert st.is_terminal() and st.outcome().winner is None
    assert "countdown" in st.outcome().end


def test_wind_change_on_five_six_veers_one_face_and_starts_the_next_turn() -> None:
    st = far_apart()
    end_all(st)
    st.apply(TurnCount(0, TurnRoll.PASS), scripted())
    st.apply(TurnCount(1, TurnRoll.PASS), scripted())
    st.apply(WindChange(0, WindTry.PASS), scripted())
    assert st.wind == 5 and st.current_player() == 1
    st.apply(WindChange(1, WindTry.ANTICLOCKWISE), scripted(5))
    assert st.wind == 0 and st.turn == 2 and st.phase == "ship"


R = naval_rules()


def test_wind_change_is_one_attempt_a_turn() -> None:
    """10.3 "Either player attempts wind change (5,6)": the attacker's failed roll ends
    the attempts for the turn (the defender only tries when the attacker passes); the
    old reading (both may roll) is the rules switch turn.wind_attempts = 2."""
    st = far_apart()
    end_all(st)
    st.apply(TurnCount(0, TurnRoll.PASS), scripted())
    st.apply(TurnCount(1, TurnRoll.PASS), scripted())
    st.apply(WindChange(0, WindTry.CLOCKWISE), scripted(4))
    assert st.wind == 5 and st.turn == 2 and st.phase == "ship"

    both = battle(
        [ship("A1", 0, (1, 1), heading=5), ship("D1", 1, (14, 1), heading=5)],
        coins=2,
        rules=R.model_copy(update={"turn": R.turn.model_copy(update={"wind_attempts": 2})}),
    )
    end_all(both)
    both.apply(TurnCount(0, TurnRoll.PASS), scripted())
    both.apply(TurnCount(1, TurnRoll.PASS), scripted())
    both.apply(WindChange(0, WindTry.CLOCKWISE), scripted(4))
    assert both.current_player() == 1 and both.phase == "wind"


def test_countdown_out_of_turn_is_refused() -> None:
    st = far_apart()
    end_all(st)
    with pytest.raises(IllegalAction):
        st.apply(TurnCount(1, TurnRoll.PASS), scripted())


def test_default_scenario_is_pirates_against_merchantman_and_escort() -> None:
    st = state_from_scenario(default_scenario())
    kinds = {(s.side, s.type.value) for s in st.ships.values()}
    assert kinds == {(0, "small"), (0, "medium"), (1, "medium"), (1, "merchantman")}
    assert st.sea.land, "the shipped map has islands"


def test_bad_scenario_names_the_key() -> None:
    data = default_scenario()
    data["ships"][0]["quality"] = "drunk"
    with pytest.raises(BadInput, match="quality"):
        state_from_scenario(data)
    data = default_scenario()
    data["ships"][1]["at"] = data["ships"][0]["at"]
    with pytest.raises(BadInput, match="two ships start"):
        state_from_scenario(data)


def test_battle_from_forces_builds_a_playable_scenario() -> None:
    sc = battle_from_forces(
        [{"name": "Revenge", "type": "small", "quality": "hardened"}],
        [{"name": "Santa Rosa", "type": "merchantman", "quality": "scurvy", "fighting_points": 2}],
        name="Off Nassau",
    )
    assert sc["format"] == "wargame-scenario" and sc["mode"] == "naval"
    st = state_from_scenario(sc)
    assert st.ships["Santa Rosa"].fighting_points == 2
    result = play_match(NavalGame(), 2, 3, ["captain", "captain"], scenario=sc, strict=True)
    assert result.end


def test_simulate_is_reproducible_and_strict() -> None:
    a = simulate("naval", games=3, seed=1, strict=True)
    b = simulate("naval", games=3, seed=1)
    assert a["games"] == b["games"]
    assert all(g["end"] != "action limit" for g in a["games"])


def test_captain_bot_beats_random_bot_more_often_than_not() -> None:
    captain = random = 0
    for seed in range(8):
        for seats in (["captain", "random"], ["random", "captain"]):
            r = play_match(NavalGame(), 2, seed, seats)
            if r.winner is not None:
                captain += seats[r.winner] == "captain"
                random += seats[r.winner] == "random"
    assert captain >= 3 * max(1, random)


def golden_log() -> str:
    dice = DiceService.seeded(2026)
    st = NavalGame().new_initial_state(2, dice)
    bots = [CaptainBot(DiceService.seeded(f"golden:{k}")) for k in (0, 1)]
    lines = list(st.events)
    while not st.is_terminal():
        seat = st.current_player()
        action = bots[seat].choose(st, seat)
        lines.append(f"> {action.to_text()}")
        n = len(st.events)
        st.apply(action, dice)
        lines.extend(st.events[n:])
    out = st.outcome()
    lines.append(f"= {json.dumps(out.to_json(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def test_whole_battle_matches_the_golden_log() -> None:
    text = golden_log()
    if not GOLDEN.exists():  # pragma: no cover - first run writes it
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_actions_are_described_in_plain_words() -> None:
    from wargame.naval.actions import Fire, Move
    from wargame.naval.rules import Aim, Position

    st = far_apart()
    a = st.ships["A1"]
    assert st.describe(Move("A1", a.hex, 5)) == "A1 sails to (1, 1), heading south"
    assert st.describe(Fire("A1", Position.BOW, "D2", Aim.HULL)) == "A1 fires bow guns at D2's hull"
    assert st.describe(EndShipTurn("A1")) == "A1 ends her turn"


def test_pointy_topped_sea_plays_a_whole_battle() -> None:
    data = default_scenario()
    data["map"] = None
    data["sea"]["orientation"] = "pointy"
    result = play_match(NavalGame(), 2, 5, ["captain", "captain"], scenario=data, strict=True)
    assert result.end and result.actions > 10


def test_islands_come_from_a_map_editor_file(tmp_path: Path) -> None:
    data = default_scenario()
    island = data.pop("map")
    (tmp_path / "isle.json").write_text(json.dumps(island), encoding="utf-8")
    data["map_file"] = "isle.json"
    st = state_from_scenario(data, base=tmp_path)
    assert st.sea.land == state_from_scenario(default_scenario()).sea.land
    data["map_file"] = "missing.json"
    with pytest.raises(BadInput, match="missing.json"):
        state_from_scenario(data, base=tmp_path)
