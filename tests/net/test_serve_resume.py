"""``wargame serve`` keeps each table's save in its data folder; killed (SIGKILL) and
started again with ``--resume`` it gives each seat back only to its player's code
(``wargame join --code``), a newcomer is told the table is full, and the game ends
with nothing lost or played twice (issue 42.7, issue 37). Over 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wargame.core.play import load_session
from wargame.errors import WargameError
from wargame.net.client import Killed, play_remote
from wargame.net.myseats import seat_code
from wargame.persistence.files import read_json_file

WARGAME = [sys.executable, "-m", "ui.launch"]


def _serve(data: Path, *args: str) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "WARGAME_DATA_DIR": str(data)}
    proc = subprocess.Popen(
        [*WARGAME, "serve", *args, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    found = re.search(r":(\d+)$", first.strip())
    assert found, (first, proc.stderr.read() if proc.poll() is not None else "")  # type: ignore[union-attr]
    return proc, int(found.group(1))


async def _join_cli(data: Path, port: int, *args: str) -> tuple[int, str, str]:
    env = {**os.environ, "WARGAME_DATA_DIR": str(data)}
    proc = await asyncio.create_subprocess_exec(
        *WARGAME,
        "join",
        f"127.0.0.1:{port}",
        "--bot",
        "random",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode or 0, out.decode(), err.decode()


async def _refused(joining: Any) -> str:
    """What the table said, turning a join or a resume down."""
    try:
        await asyncio.wait_for(joining, 10)
    except WargameError as exc:
        return str(exc)
    raise AssertionError("the table let it in")


def test_a_killed_server_resumes_its_saved_table_and_each_player_takes_back_their_own_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "server"
    from wargame.core import sealing

    # its saves are sealed with its data folder's key: read them with that key
    monkeypatch.setenv("WARGAME_DATA_DIR", str(data))
    monkeypatch.setattr(sealing, "_CONFIGURED", data)
    server, port = _serve(data, "--game", "pirate-coins", "--players", "2", "--once")
    try:

        async def first_half() -> tuple[tuple[int, int, str], tuple[int, int, str], int]:
            codes: dict[int, tuple[int, int, str]] = {}

            def seated(p: Any) -> None:
                codes[p.seat] = (p.table, p.seat, p.token)

            address = f"127.0.0.1:{port}"
            doomed = asyncio.ensure_future(
                play_remote(address, "random", kill=lambda p: p.have >= 6, on_connect=seated)
            )
            while 0 not in codes:
                await asyncio.sleep(0.01)
            other = asyncio.ensure_future(play_remote(address, "random", on_connect=seated))
            try:
                await asyncio.wait_for(doomed, 30)
            except Killed as exc:
                at = exc.have
            else:
                raise AssertionError("the game ended before the kill")
            await asyncio.sleep(0.3)
            other.cancel()
            return codes[0], codes[1], at

        code0, code1, at = asyncio.run(first_half())
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)

    saves = list((data / "tables").glob("*.json"))
    assert len(saves) == 1
    text = saves[0].read_text()
    assert code0[2] not in text and code1[2] not in text  # codes only as salted hashes
    assert len(load_session(read_json_file(saves[0])).entries) == at

    server, port = _serve(data, "--resume", str(saves[0]), "--once")
    try:

        async def second_half() -> tuple[str, dict[str, Any], tuple[int, str, str]]:
            address = f"127.0.0.1:{port}"
            newcomer = await _refused(play_remote(address, "random", give_up=5))
            wrong = await _refused(play_remote(address, "random", code=(0, 0, code1[2]), give_up=5))
            back1 = asyncio.ensure_future(
                play_remote(f"127.0.0.1:{port}", "random", code=code1, give_up=30)
            )
            cli0 = await _join_cli(tmp_path / "p0", port, "--code", seat_code(*code0), "--json")
            assert cli0[0] == 0, cli0
            result1 = await asyncio.wait_for(back1, 30)
            return newcomer, result1, (cli0[0], cli0[1], wrong)

        newcomer, result1, (rc0, out0, wrong_err) = asyncio.run(second_half())
        server.wait(30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    assert "the table is full" in newcomer, newcomer
    assert "not the code of seat 1" in wrong_err
    result0 = json.loads(out0)
    assert result0 == result1
    final = load_session(read_json_file(saves[0]))  # the resumed table went on in its file
    assert final.state.is_terminal() and result0["actions"] == len(final.entries) > at
