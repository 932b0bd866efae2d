"""`wargame simulate pirate-coins`: strict runs for every player count and bot pairing,
same seed same games, and the JSON the contract describes."""

from __future__ import annotations

import json

import pytest

from wargame.cli import main

PAIRINGS = ["random", "strong", "strong,random", "random,strong"]


def _bots(pairing: str, n: int) -> str:
    names = pairing.split(",")
    return ",".join(names[i % len(names)] for i in range(n))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("pairing", PAIRINGS)
def test_strict_simulation_keeps_every_coin(players: int, pairing: str, capsys) -> None:  # noqa: ANN001
    code = main(
        [
            "simulate",
            "pirate-coins",
            "--players",
            str(players),
            "--games",
            "25",
            "--seed",
            "9",
            "--bots",
            _bots(pairing, players),
            "--strict",
            "--json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["games"]) == 25
    for g in data["games"]:
        assert g["end"] != "action limit"
        assert set(g["scores"]) == {str(s) for s in range(players)}
        if g["winner"] is not None:
            assert g["winners"] == [g["winner"]]


def test_same_seed_same_games(capsys) -> None:  # noqa: ANN001
    runs = []
    for _ in range(2):
        assert main(["simulate", "pirate-coins", "--games", "5", "--seed", "3", "--json"]) == 0
        runs.append(json.loads(capsys.readouterr().out)["games"])
    assert runs[0] == runs[1]


def test_list_bots_weakest_first(capsys) -> None:  # noqa: ANN001
    assert main(["simulate", "pirate-coins", "--list-bots"]) == 0
    assert capsys.readouterr().out.split() == [
        "random",
        "easy",
        "search",
        "hard",
        "strong",
        "normal",
    ]


def test_too_many_players_is_bad_input(capsys) -> None:  # noqa: ANN001
    assert main(["simulate", "pirate-coins", "--players", "6"]) == 2
    assert "2 to 5" in capsys.readouterr().err
