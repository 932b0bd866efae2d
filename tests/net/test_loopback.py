"""Over 127.0.0.1 with real sockets: serve + join end as simulate, through a fault
proxy too, and the two commands exactly as CONTRACT.md writes them."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.net.helpers import serve_and_join, simulated

ROOT = Path(__file__).resolve().parents[2]

CASES = [
    ("tortuga-1667", 6, ["strong", "random", "strong", "strong", "random", "strong"], 11),
    ("tortuga-1667", 6, ["strong"], 12),
    ("pieces-of-eight", 4, ["strong", "random", "strong", "random"], 13),
    ("pirate-coins", 4, ["strong", "random", "random", "strong"], 14),
    ("pirate-versus-pirate", 3, ["expectimax", "random", "random"], 15),
    ("naval", 2, ["captain", "random"], 16),
    ("raid", 2, ["random", "tactician"], 17),
]


@pytest.mark.parametrize(
    ("game", "players", "bots", "seed"), CASES, ids=[f"{c[0]}-{c[3]}" for c in CASES]
)
def test_served_and_joined_by_bots_ends_as_simulate(
    game: str, players: int, bots: list[str], seed: int
) -> None:
    seat_bots = bots * players if len(bots) == 1 else bots
    results, server, _ = asyncio.run(serve_and_join(game, players, seed, seat_bots))
    expected = simulated(game, players, seed, seat_bots)
    assert results == [expected] * players
    assert server.done.is_set()


def test_cuts_and_delays_lose_and_double_no_action() -> None:
    """Lines cut every ~0.3 s and some messages held back up to 0.3 s: every client
    resumes with its code and the game still ends exactly as simulate."""
    bots = ["strong", "random", "strong", "random", "strong", "strong"]
    proxy = {"seed": 3, "cut_every": 0.3, "delay_chance": 0.05, "max_delay": 0.3}
    results, server, fault = asyncio.run(
        serve_and_join("tortuga-1667", 6, 21, bots, proxy=proxy, timeout=60)
    )
    assert fault is not None and fault.cuts >= 3 and fault.delays >= 3
    assert fault.connections > 6  # clients came back after the cuts
    expected = simulated("tortuga-1667", 6, 21, bots)
    assert results == [expected] * 6
    assert 3 <= server.resumes <= fault.connections - 6  # a line cut before it spoke: none
    assert server.resumes >= 3


def _wargame(*args: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "WARGAME_DATA_DIR": os.environ.get("WARGAME_DATA_DIR", ""),
    }
    env = {k: v for k, v in env.items() if v}
    return subprocess.Popen(
        [sys.executable, "-m", "wargame", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_the_commands_as_the_contract_writes_them(tmp_path: Path) -> None:
    os.environ.setdefault("WARGAME_DATA_DIR", str(tmp_path))
    serve = _wargame(
        "serve", "--game", "pirate-coins", "--players", "2", "--seed", "9", "--port", "0", "--once"
    )
    try:
        assert serve.stdout is not None
        line = serve.stdout.readline()
        assert line.startswith("serving pirate-coins for 2 players on ws://127.0.0.1:"), line
        port = line.strip().rsplit(":", 1)[1]
        joins = [_wargame("join", f"127.0.0.1:{port}", "--bot", "strong", "--json")]
        joins.append(_wargame("join", f"127.0.0.1:{port}", "--bot", "random", "--json"))
        outs = [j.communicate(timeout=60) for j in joins]
        assert serve.wait(timeout=30) == 0
    finally:
        serve.kill()
    for (_out, err), j in zip(outs, joins):
        assert j.returncode == 0, err
    entries = [json.loads(out) for out, _ in outs]
    assert entries[0] == entries[1]
    # The seats are taken in the order the clients came: either order is one game.
    options = [
        simulated("pirate-coins", 2, 9, ["strong", "random"]),
        simulated("pirate-coins", 2, 9, ["random", "strong"]),
    ]
    assert entries[0] in options


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["join", "nonsense", "--bot", "random"], 2, "is not an address: write HOST:PORT"),
        (["join", "127.0.0.1:9", "--bot", "random"], 1, "cannot reach a table at 127.0.0.1:9"),
        (["serve", "--game", "chess", "--port", "0"], 2, "unknown game 'chess'"),
        (["serve", "--game", "pirate-coins", "--port", "70000"], 2, "--port: 70000 is not a port"),
    ],
)
def test_errors_are_one_line_in_words(
    args: list[str], code: int, words: str, tmp_path: Path
) -> None:
    os.environ.setdefault("WARGAME_DATA_DIR", str(tmp_path))
    proc = _wargame(*args)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == code
    assert words in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
