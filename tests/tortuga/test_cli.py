"""`wargame simulate tortuga-1667`: team wins in the contract's JSON, strict runs, bots."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wargame.core.play import simulate
from wargame.errors import BadInput


def test_simulate_json_lists_every_winner_of_a_team() -> None:
    out = simulate("tortuga-1667", players=4, games=20, seed=3, bots=["random"], strict=True)
    seen_team = False
    for g in out["games"]:
        if len(g["winners"]) > 1:
            seen_team = True
            assert g["winner"] is None
        if len(g["winners"]) == 1:
            assert g["winner"] == g["winners"][0]
    assert seen_team


def test_two_players_a_team_of_one_is_the_winner() -> None:
    out = simulate("tortuga-1667", players=2, games=10, seed=1, bots=["random"])
    assert any(g["winner"] is not None for g in out["games"])


@pytest.mark.parametrize("n", range(2, 10))
def test_strict_games_for_every_table_size(n: int) -> None:
    bots = ["strong" if i % 2 else "random" for i in range(n)]
    out = simulate("tortuga-1667", players=n, games=4, seed=n, bots=bots, strict=True)
    assert all(g["end"] != "action limit" for g in out["games"])


def test_bad_player_count_is_bad_input() -> None:
    with pytest.raises(BadInput, match="2 to 9"):
        simulate("tortuga-1667", players=10)


def test_cli_lists_bots_and_runs() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "wargame", "simulate", "tortuga-1667", "--list-bots"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.split() == ["random", "easy", "search", "hard", "strong", "normal"]
    run = subprocess.run(
        [sys.executable, "-m", "wargame", "simulate", "tortuga-1667", "--players", "6",
         "--games", "3", "--bots", "random", "--strict", "--json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    data = json.loads(run.stdout)
    assert data["players"] == 6 and len(data["games"]) == 3
