from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from wargame import __version__
from wargame.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ui.launch", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_version() -> None:
    done = run("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"wargame {__version__}"


def test_unknown_game_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "chess"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and "Traceback" not in err


def test_bad_option_value_exits_2_with_one_line() -> None:
    done = run("simulate", "naval", "--games", "many")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) <= 2
    assert "--games" in done.stderr


def test_unknown_screenshot_view_is_bad_input(tmp_path: Path) -> None:
    done = run("screenshot", "bridge", "--out", str(tmp_path / "x.png"))
    assert done.returncode == 2
    assert "unknown view 'bridge'" in done.stderr


def test_bad_screenshot_size_is_bad_input(tmp_path: Path) -> None:
    done = run("screenshot", "home", "--out", str(tmp_path / "x.png"), "--size", "big")
    assert done.returncode == 2
    assert "--size" in done.stderr


def test_screenshot_home_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "home.png"
    done = run("screenshot", "home", "--out", str(out), "--size", "800x600")
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from PySide6.QtGui import QImage

    img = QImage(str(out))
    assert (img.width(), img.height()) == (800, 600)


def test_missing_scenario_file_is_bad_input(tmp_path: Path) -> None:
    done = run("screenshot", "home", "--out", str(tmp_path / "x.png"), "--scenario", "nope.json")
    assert done.returncode == 2
    assert "nope.json: no such file" in done.stderr


def test_simulate_takes_game_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["simulate", "pieces-of-eight", "--games", "1", "--seed", "3", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)["games"][0]["actions"]
    args = ["simulate", "pieces-of-eight", "--games", "1", "--seed", "3", "--json"]
    assert main([*args, "--param", "windows=everyone"]) == 0
    everyone = json.loads(capsys.readouterr().out)["games"][0]["actions"]
    assert everyone > plain  # every seat is asked in every window, so more passes


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "naval", "--param", "speed=3"], "'speed' is unknown to Naval battle"),
        (["simulate", "raid", "--param", "oops"], "--param: expected KEY=VALUE"),
        (["simulate", "pieces-of-eight", "--param", "windows=all"], "windows: 'all' is not one of"),
    ],
)
def test_bad_game_parameters_are_bad_input(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_a_closed_pipe_ends_quietly_without_a_traceback() -> None:
    """`wargame simulate ... | head -c 10`: the reader goes away; no traceback."""
    import sys as _sys

    proc = subprocess.Popen(
        [
            _sys.executable,
            "-m",
            "wargame",
            "simulate",
            "pirate-coins",
            "--games",
            "3000",
            "--bots",
            "random",
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert "Traceback" not in err


def test_simulate_with_the_search_bot_named_gives_the_same_games_every_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The search bot named in --bots with no budget plays a fixed number of iterations,
    not a time budget: the same arguments give the same games (CONTRACT.md)."""
    import json

    args = ["simulate", "pirate-coins", "--players", "2", "--bots", "search,random"]
    runs = []
    for _ in range(2):
        assert main([*args, "--games", "2", "--seed", "5", "--json"]) == 0
        runs.append(json.loads(capsys.readouterr().out)["games"])
    assert runs[0] == runs[1]
