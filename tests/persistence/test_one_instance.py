"""Issue 30 item 7: two apps on one data folder lost games and met "database is
locked". One app per data folder: the second start is told so in words, and the
lock dies with the process holding it (a crash never keeps the app from starting)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wargame.persistence.instance import AlreadyOpen, acquire

ROOT = Path(__file__).resolve().parents[2]
HOLD = (
    "import sys; from wargame.persistence.instance import acquire; "
    "lock = acquire(sys.argv[1]); print('held', flush=True); sys.stdin.read()"
)


@pytest.fixture
def other_app(tmp_path: Path) -> Any:
    """Another process holding ``tmp_path``'s lock until the test ends."""
    proc = subprocess.Popen(  # noqa: S603 - our own interpreter and code
        [sys.executable, "-c", HOLD, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "held"
    yield proc
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=30)


def test_a_second_app_on_one_data_folder_is_refused_in_words(
    tmp_path: Path, other_app: Any
) -> None:
    with pytest.raises(AlreadyOpen) as caught:
        acquire(tmp_path)
    message = str(caught.value)
    assert f"already open on this data folder (process {other_app.pid})" in message
    assert "--data-dir" in message


def test_the_lock_dies_with_a_killed_app(tmp_path: Path, other_app: Any) -> None:
    os.kill(other_app.pid, signal.SIGKILL)
    other_app.wait(timeout=30)
    with acquire(tmp_path) as lock:
        assert lock.held


def test_released_lock_lets_the_next_start_in_and_other_folders_are_free(tmp_path: Path) -> None:
    first = acquire(tmp_path / "a")
    with acquire(tmp_path / "b"):
        pass
    with pytest.raises(AlreadyOpen):
        acquire(tmp_path / "a")  # also within one process
    first.release()
    with acquire(tmp_path / "a") as again:
        assert again.held


def test_the_app_start_tells_the_player_and_does_not_open(
    tmp_path: Path, other_app: Any, qapp: Any
) -> None:
    from ui.start_checks import claim_folder

    told: list[str] = []
    assert claim_folder(tmp_path, tell=told.append) is None
    assert told and "already open" in told[0]


def test_command_line_commands_work_while_the_app_is_open(tmp_path: Path, other_app: Any) -> None:
    from wargame.cli import main

    out = tmp_path / "key.json"
    phrase = tmp_path / "p.txt"
    phrase.write_text("seven sails at dawn\n")
    args = ["--data-dir", str(tmp_path), "key", "export", "--out", str(out)]
    assert main([*args, "--passphrase-file", str(phrase)]) == 0
