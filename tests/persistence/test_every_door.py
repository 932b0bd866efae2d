"""Issue 30, items 5 and 8: every command-line door reads through one bounded,
regular-files-only reader and turns huge numbers, half characters and bad ``--out``
places into exit 2 with one line, never a traceback, a hang or gigabytes of memory."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.persistence.fuzzlib import time_limit
from wargame.cli import main
from wargame.core import sealing

PHRASE = "seven sails at dawn"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Path]:
    """A data folder of its own (the table key lives there) and a passphrase file."""
    home = tmp_path / "home"
    sealing.configure(home)
    (tmp_path / "phrase.txt").write_text(PHRASE + "\n")
    yield tmp_path
    sealing.configure(None)


def doors(folder: Path, path: str) -> list[list[str]]:
    """Every door that reads a JSON file or a passphrase file the player names."""
    phrase = str(folder / "phrase.txt")
    out = str(folder / "out.json")
    return [
        ["simulate", "naval", "--scenario", path],
        ["simulate", "pieces-of-eight", "--scenario", path],
        ["save", "export", path, "--out", out, "--passphrase-file", phrase],
        ["save", "import", path, "--out", out, "--passphrase-file", phrase],
        ["key", "import", path, "--passphrase-file", phrase],
        ["key", "export", "--out", out, "--passphrase-file", path],
        ["map", "graph", path],
        ["map", "validate", path],
    ]


def run(folder: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    with time_limit(10):
        code = main(["--data-dir", str(folder / "home"), *argv])
    return code, capsys.readouterr().err


def refused(code: int, err: str, *words: str) -> bool:
    return (
        code == 2
        and err.count("\n") == 1
        and "Traceback" not in err
        and all(w in err for w in words)
    )


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_dev_zero_and_fifos_are_refused_at_every_json_door(
    table: Path, special: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = "/dev/zero"
    if special == "fifo":
        path = str(table / "pipe.json")
        os.mkfifo(path)  # nobody writes to it: reading it blocked forever before
    for argv in doors(table, path):
        code, err = run(table, argv, capsys)
        assert refused(code, err, "not a regular file"), (argv, err)


def test_an_integer_past_the_float_range_is_refused_not_an_overflow(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.persistence.fuzzlib import game_scenarios

    scenario = dict(game_scenarios()["naval"][0], wind=10**400)
    path = table / "huge.json"
    path.write_text(json.dumps(scenario))
    code, err = run(table, ["simulate", "naval", "--scenario", str(path)], capsys)
    assert refused(code, err, "huge.json", "out of range"), err


def test_an_integer_of_5000_digits_is_refused_at_every_json_door(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = table / "digits.json"
    path.write_text('{"format": "wargame-session", "n": ' + "7" * 5000 + "}")
    for argv in doors(table, str(path)):
        if "--passphrase-file" in argv and argv[-1] == str(path):
            continue  # a passphrase file is text, not JSON (and past its size limit)
        code, err = run(table, argv, capsys)
        assert refused(code, err, "digits.json", "too many digits"), (argv, err)


def _sealed_save(folder: Path) -> dict:
    from tests.core.test_fair_play import play, poe

    s = poe()
    play(s, 10)
    return s.to_json()


def test_a_lone_surrogate_in_a_save_is_refused_by_save_export(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(_sealed_save(table))
    text = text.replace('"header": {', '"header": {"note": "\\udc80", ', 1)
    path = table / "game.json"
    path.write_text(text)
    out = table / "game.portable.json"
    argv = ["save", "export", str(path), "--out", str(out)]
    code, err = run(table, [*argv, "--passphrase-file", str(table / "phrase.txt")], capsys)
    assert refused(code, err, "game.json", "half of a character"), err
    assert not out.exists()


@pytest.mark.parametrize("where", ["folder", "unwritable", "device"])
def test_save_export_out_at_a_folder_an_unwritable_place_or_a_device_exits_2(
    table: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = table / "game.json"
    path.write_text(json.dumps(_sealed_save(table)))
    out = {
        "folder": str(table),
        "unwritable": "/proc/version/game.portable.json",
        "device": "/dev/null",
    }[where]
    argv = ["save", "export", str(path), "--out", out]
    code, err = run(table, [*argv, "--passphrase-file", str(table / "phrase.txt")], capsys)
    assert refused(code, err, "--out"), err
    assert Path("/dev/null").is_char_device()
