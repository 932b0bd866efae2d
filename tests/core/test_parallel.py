"""``simulate --jobs N`` and ``--scheduler`` play the same games as one process."""

from __future__ import annotations

import json

import pytest

from wargame.core import play
from wargame.core.play import simulate, split_params
from wargame.errors import BadInput


@pytest.mark.parametrize("game", ["naval", "raid", "pieces-of-eight"])
def test_jobs_2_gives_the_same_games_as_jobs_1(game: str) -> None:
    one = simulate(game, games=6, seed=4, bots=["random"], jobs=1)
    two = simulate(game, games=6, seed=4, bots=["random"], jobs=2)
    assert two["games"] == one["games"]
    assert [g["seed"] for g in two["games"]] == [g["seed"] for g in one["games"]]


def test_jobs_keep_strict_and_bot_options() -> None:
    params = {"search_iterations": 2, "search_playout_limit": 30}
    one = simulate("naval", games=3, seed=2, bots=["search", "random"], params=params, strict=True)
    two = simulate(
        "naval", games=3, seed=2, bots=["search", "random"], params=params, strict=True, jobs=2
    )
    assert two["games"] == one["games"]


def test_jobs_below_one_is_bad_input() -> None:
    with pytest.raises(BadInput, match="--jobs"):
        simulate("naval", games=2, jobs=0)


def test_search_options_are_not_game_parameters() -> None:
    assert split_params({"windows": "everyone", "search_seconds": 0.5}) == (
        {"windows": "everyone"},
        {"search_seconds": 0.5},
    )


def test_scheduler_runs_the_games_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        on_dask = simulate(
            "raid", games=4, seed=3, bots=["random"], scheduler=cluster.scheduler_address
        )
    assert on_dask["games"] == simulate("raid", games=4, seed=3, bots=["random"])["games"]


def test_unreachable_scheduler_is_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(play, "DASK_CONNECT_SECONDS", 1.0)
    with pytest.raises(BadInput, match="--scheduler"):
        simulate("naval", games=1, scheduler="tcp://127.0.0.1:9")


def test_cli_jobs_and_search_options(capsys: pytest.CaptureFixture[str]) -> None:
    from wargame.cli import main

    args = ["simulate", "naval", "--games", "2", "--seed", "5", "--bots", "random", "--json"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)["games"]
    assert main([*args, "--jobs", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == one
    assert main(["simulate", "raid", "--list-bots", "--param", "search_seconds=0.1"]) == 0
    assert "search" in capsys.readouterr().out.split()
    assert main(["simulate", "naval", "--param", "search_seconds=soon"]) == 2
    assert "search_seconds: expected a number" in capsys.readouterr().err
    assert main(["simulate", "naval", "--jobs", "0"]) == 2


def test_a_bad_scenario_is_refused_before_any_worker_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_workers(*args: object) -> None:
        raise AssertionError("workers started for a scenario that cannot be played")

    monkeypatch.setattr(play, "_run_processes", no_workers)
    with pytest.raises(BadInput, match="ships"):
        simulate("naval", games=4, jobs=2, bots=["random"], scenario={"ships": []})
