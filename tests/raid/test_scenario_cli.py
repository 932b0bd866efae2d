import json
import subprocess
import sys
from pathlib import Path

import pytest

from wargame.core.dice import DiceService
from wargame.core.play import game_seed, play_match
from wargame.errors import FileFormatError, InvariantViolation
from wargame.raid.game import RaidGame, new_raid
from wargame.raid.scenario import default_scenario, raid_from_forces
from wargame.scenarios import read_scenario

ROOT = Path(__file__).resolve().parents[2]
WARGAME = [sys.executable, "-m", "wargame"]


def test_the_shipped_raid_scenario_reads_as_the_default() -> None:
    sc = read_scenario(ROOT / "scenarios/raid/puerto_bello.json")
    assert sc.mode == "raid"
    s = new_raid(sc.data)
    assert s.town.cols == 12 and s.town.rows == 9
    assert len(s.on_table(0)) == 14 and len(s.on_table(1)) == 21
    assert s.coins == [0, 45]


def test_raid_from_forces_places_pirates_on_the_docks() -> None:
    data = raid_from_forces(
        [{"officer": "captain", "name": "Kidd"}, {"kind": "musket", "quality": "able", "count": 5}],
        None,
        name="Kidd's raid",
    )
    assert data["format"] == "wargame-scenario" and data["mode"] == "raid"
    s = new_raid(data)
    assert {s.town.type_at(u.sq) for u in s.on_table(0)} == {"dock"}
    assert len(s.on_table(0)) == 6
    assert len(s.on_table(1)) == len(default_scenario()["defender"]["units"])


def test_raid_from_forces_places_a_given_defender() -> None:
    data = raid_from_forces(
        [{"kind": "hand-to-hand", "quality": "hardened", "count": 2}],
        [
            {"officer": "governor", "name": "Don"},
            {"kind": "guns", "quality": "able", "count": 2},
            {"kind": "militia", "quality": "scurvy", "count": 4},
        ],
        name="x",
    )
    s = new_raid(data)
    guns = [u for u in s.on_table(1) if u.kind == "guns"]
    assert all(s.town.type_at(g.sq) == "fort" for g in guns)
    assert s.unit("D0").kind == "governor"


def test_raid_from_forces_refuses_a_bad_entry() -> None:
    with pytest.raises(FileFormatError, match="kind must be one of"):
        raid_from_forces([{"kind": "cannon", "count": 1}], None, name="x")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["town"]["map"].__setitem__(0, "X" * 12), "not a square type"),
        (lambda d: d["attacker"]["units"][0].__setitem__("square", [99, 0]), "outside the town"),
        (lambda d: d["attacker"]["units"][1].__setitem__("square", [6, 4]), "both sides"),
        (lambda d: d["defender"]["units"][1].__setitem__("quality", "drunk"), "quality"),
        (lambda d: d["defender"]["units"][1].__setitem__("id", "P0"), "used twice"),
    ],
)
def test_a_bad_scenario_is_refused_naming_what_is_wrong(change, message) -> None:
    data = default_scenario()
    change(data)
    with pytest.raises(FileFormatError, match=message):
        new_raid(data)


def test_strict_invariants_catch_lost_coins_and_vanished_figures() -> None:
    s = new_raid()
    s.check_invariants()
    s.coins[1] -= 1
    with pytest.raises(InvariantViolation, match="coins"):
        s.check_invariants()
    s = new_raid()
    s.units.pop()
    with pytest.raises(InvariantViolation, match="created or lost"):
        s.check_invariants()


def test_tactician_beats_random_as_defender_more_often_than_not() -> None:
    game = RaidGame()
    # seeds as simulate spreads them (the first small integers happen to favour the
    # random attacker in the garrison of issue 39: 5 of 12; over 200 games 86% to the town)
    seeds = [game_seed(1, i) for i in range(6)]
    wins = sum(play_match(game, 2, seed, ["random", "tactician"]).winner == 1 for seed in seeds)
    assert wins >= 4


def test_tactician_attacker_beats_a_random_defender_sometimes() -> None:
    game = RaidGame()
    coins = [play_match(game, 2, seed, ["tactician", "random"]).scores[0] for seed in range(6)]
    rand = [play_match(game, 2, seed, ["random", "random"]).scores[0] for seed in range(6)]
    assert sum(coins) > sum(rand)


def test_cli_simulate_json_is_deterministic_and_strict() -> None:
    args = [*WARGAME, "simulate", "raid", "--games", "5", "--seed", "1", "--json", "--strict"]
    a = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=True)
    b = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=True)
    ja, jb = json.loads(a.stdout), json.loads(b.stdout)
    assert ja["games"] == jb["games"]
    assert len(ja["games"]) == 5
    for g in ja["games"]:
        assert set(g["scores"]) == {"0", "1"}
        assert g["scores"]["0"] + g["scores"]["1"] == 45
        assert g["winner"] in ("0", "1")


def test_cli_lists_bots_weakest_first() -> None:
    out = subprocess.run(
        [*WARGAME, "simulate", "raid", "--list-bots", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(out.stdout)["bots"] == [
        "random",
        "easy",
        "search",
        "hard",
        "tactician",
        "normal",
    ]


def test_cli_refuses_a_bad_scenario_with_exit_two(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    data = default_scenario()
    data["town"]["map"][0] = "?" * 12
    bad.write_text(json.dumps(data))
    out = subprocess.run(
        [*WARGAME, "simulate", "raid", "--scenario", str(bad)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2
    assert "not a square type" in out.stderr and "Traceback" not in out.stderr


def test_same_seed_same_raid() -> None:
    game = RaidGame()
    dice = DiceService.seeded(3)
    assert game.new_initial_state(2, dice).to_json() == new_raid().to_json()


def test_a_scenario_may_start_with_buildings_on_fire() -> None:
    data = default_scenario()
    data["fire"] = [[2, 0], [0, 0]]  # a building burns; a dock cannot
    s = new_raid(data)
    assert s.fire == {(2, 0): 0}


def test_a_save_in_the_middle_of_a_choice_resumes_there() -> None:
    from wargame.core.game import GameSpec
    from wargame.core.play import load_session, new_session
    from wargame.raid.bots import TacticianBot

    session = new_session(GameSpec("raid", 2), DiceService.seeded(2028))
    bots = [TacticianBot(DiceService.seeded(1)), TacticianBot(DiceService.seeded(2))]
    while session.state.pending is None and not session.state.is_terminal():
        seat = session.state.current_player()
        session.apply(bots[seat].choose(session.state, seat))
    assert session.state.pending is not None
    loaded = load_session(json.loads(json.dumps(session.to_json())))
    assert loaded.state.to_json() == session.state.to_json()
    assert loaded.state.legal_actions() == session.state.legal_actions()
