"""Playing across computers (issue 25): tables served and joined by bot clients over
127.0.0.1 end exactly as ``simulate``; the same through a fault-injecting proxy; and
one ``wargame serve`` holding many tables of bot clients at once (p95 time from a
client's action to every client's update, the server's memory).

Counts (the issue's figures by default) can be made smaller on a busy machine:
``WARGAME_BENCH_NET_GAMES`` (games in a row per game, 100), ``WARGAME_BENCH_NET_FAULT_GAMES``
(games through the proxy, 100), ``WARGAME_BENCH_NET_TABLES`` (tables at once, 100).

Measured 2026-11-26 on the shared 2-core machine (other test runs going), with
``WARGAME_BENCH_NET_GAMES=10 WARGAME_BENCH_NET_FAULT_GAMES=5``: 10 Tortuga 6p and 10
poe 4p games in a row, 0 unlike simulate; 5 Tortuga games through the proxy (36 cuts,
51 delays up to 2 s, 35 resumes), 0 unlike simulate; 100 Tortuga tables (600 random-bot
clients in this one process) at once: p95 47.7 ms, median 27.7 ms over 9,372 actions,
server peak RSS 40.7 MiB (an earlier run under heavier load: p95 135 ms, median 63 ms).

Measured again on main the same day with the machine quiet, at the issue's sizes:
100 Tortuga 6p and 100 poe 4p games in a row, 0 unlike simulate; 100 Tortuga games
through the proxy (530 cuts, 789 delays up to 2 s, 514 resumes), 0 unlike simulate;
100 tables at once: p95 18.5 ms, median 7.8 ms over 8,645 actions, peak RSS 40.9 MiB.

The fault row also kills a client mid-turn in every 5th game (its turn in hand, its
line aborted with no close; a new client comes back with the seat's code; issue 25's
last fault). Measured 2026-11-26 on the loaded machine (load average ~9) with
``WARGAME_BENCH_NET_FAULT_GAMES=5``: 5 Tortuga games through the proxy, 96 cuts, 54
delays, 97 resumes, 1 client killed mid-turn and back by its code, 0 games unlike
simulate or with a lost or doubled action (101 s). At the issue's size on 2026-11-27
(the machine loaded by strength rows, load ~5; a frozen checkout of c5785e4's network
code): 100 Tortuga games through the proxy, 1,733 cuts, 891 delays up to 2 s, 1,734
resumes, 20 clients killed mid-turn and each back by its code, 0 games unlike simulate
or with a lost or doubled action (1,816 s).
"""

from __future__ import annotations

import asyncio
import functools
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchlib import Bench

from wargame.core.game import GameSpec
from wargame.core.play import make_game, play_match, simulate
from wargame.net.client import Killed, join_in_seat_order, play_remote
from wargame.net.faults import FaultProxy
from wargame.net.player import BotPlayer
from wargame.net.seeds import table_seed
from wargame.net.server import TableServer, run_server

ROOT = Path(__file__).resolve().parent.parent
TORTUGA = ("tortuga-1667", 6, ["strong", "random", "strong", "random", "strong", "strong"])
POE = ("pieces-of-eight", 4, ["strong", "random", "strong", "random"])


def _count(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def _expected(game: str, players: int, bots: list[str], seed: int, games: int) -> list[Any]:
    """What each table of a server started with ``--seed seed`` ends as: table 0 is
    ``simulate --games 1 --seed seed`` (its seed withheld: it would foretell the rest),
    table i the game of its own one-way seed (:func:`wargame.net.seeds.table_seed`)."""
    first = simulate(game, players=players, games=1, seed=seed, bots=bots)["games"][0]
    out = [{**first, "seed": None}]
    rules = make_game(GameSpec(game, players))
    for i in range(1, games):
        out.append(play_match(rules, players, table_seed(seed, i), bots).to_json())
    return out


async def _series(
    game: str,
    players: int,
    bots: list[str],
    seed: int,
    games: int,
    proxy: dict[str, Any] | None,
    kill_every: int = 0,
) -> dict[str, int]:
    """``games`` tables in a row on one server (not --once), each joined by bot clients
    in seat order; how many ended otherwise than simulate's game of the same index.
    With ``kill_every`` k: in every k-th game one client is killed mid-turn (its turn
    in hand, its line aborted) and a new one comes back with the seat's code; such a
    game goes its own way (the new process's bot starts afresh), so it counts as
    differing when its clients' ends differ or its log is not the actions they count
    (an action lost or played twice)."""
    expected = _expected(game, players, bots, seed, games)
    server = TableServer(game, players=players, seed=seed)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    serving = asyncio.ensure_future(run_server(server, "127.0.0.1", 0, ready=ready.set_result))
    port = await ready
    fault = None
    if proxy is not None:
        fault = FaultProxy(port, **proxy)
        port = await fault.start()
    differ = kills = 0
    logged: dict[int, int] = {}
    server.on_broadcast = lambda tid, n: logged.__setitem__(tid, n)
    for i in range(games):
        kill = {}
        if kill_every and i % kill_every == kill_every - 1:
            at = 8 + i % 7
            kill = {(i // kill_every) % players: lambda p, at=at: p.have >= at}
        clients = await join_in_seat_order(f"127.0.0.1:{port}", bots, give_up=120, kills=kill)
        if fault is not None:
            fault.arm()
        results = await asyncio.wait_for(asyncio.gather(*clients, return_exceptions=True), 1800)
        killed = [(s, r) for s, r in enumerate(results) if isinstance(r, Killed)]
        for s, dead in killed:  # a new process with the seat's code
            kills += 1
            await asyncio.sleep(0.05)
            results[s] = await asyncio.wait_for(
                play_remote(f"127.0.0.1:{port}", bots[s], give_up=120, code=dead.code), 1800
            )
        if killed:
            ends = [r for r in results if isinstance(r, dict)]
            whole = len(ends) == players and ends[0]["actions"] == logged.get(i)
            differ += not (whole and all(r == ends[0] for r in ends))
        elif any(r != expected[i] for r in results):
            differ += 1
        if fault is not None and fault._cutter is not None:
            fault._cutter.cancel()  # no cuts while the next table is joined
            fault._cutter = None
    server.done.set()
    await asyncio.wait_for(serving, 120)
    out = {"games": games, "differ": differ, "resumes": server.resumes}
    if kill_every:
        out["killed_mid_turn"] = kills
    if fault is not None:
        out.update(cuts=fault.cuts, delays=fault.delays)
        await fault.close()
    return out


@functools.cache
def equal_runs() -> dict[str, dict[str, int]]:
    games = _count("WARGAME_BENCH_NET_GAMES", 100)
    out = {}
    for game, players, bots in (TORTUGA, POE):
        out[game] = asyncio.run(_series(game, players, bots, 1, games, None))
        print(f"  {game}: {out[game]}", file=sys.stderr)
    return out


@functools.cache
def fault_run() -> dict[str, int]:
    games = _count("WARGAME_BENCH_NET_FAULT_GAMES", 100)
    game, players, bots = TORTUGA
    proxy = {"seed": 7, "cut_every": 1.0, "delay_chance": 0.01, "max_delay": 2.0}
    out = asyncio.run(_series(game, players, bots, 2, games, proxy, kill_every=5))
    print(f"  faults: {out}", file=sys.stderr)
    return out


def _peak_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


async def _load(tables: int) -> dict[str, float]:
    """``tables`` Tortuga tables of six random-bot clients at once on one ``wargame
    serve`` process; latency from a client's act to the update of all six."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    serve = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wargame",
            "serve",
            "--game",
            "tortuga-1667",
            "--players",
            "6",
            "--port",
            "0",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert serve.stdout is not None
        line = serve.stdout.readline()
        port = line.strip().rsplit(":", 1)[1]
        sent: dict[tuple[int, int], float] = {}
        seen: dict[tuple[int, int], set[int]] = {}
        latencies: list[float] = []

        def watch(player: BotPlayer) -> None:
            if getattr(player, "_watched", False):
                return
            player._watched = True  # type: ignore[attr-defined]
            take = player.take

            def timed(update: dict[str, Any]) -> dict[str, Any] | None:
                now = time.perf_counter()
                for n in range(update["start"], update["n"]):
                    key = (player.table, n)
                    if key in sent:
                        got = seen.setdefault(key, set())
                        got.add(player.seat)
                        if len(got) == 6:
                            latencies.append(now - sent.pop(key))
                act = take(update)
                if act is not None:
                    sent.setdefault((player.table, act["n"]), time.perf_counter())
                return act

            player.take = timed  # type: ignore[method-assign]

        clients = []
        for _ in range(tables * 6):
            seated = asyncio.Event()

            def on(p: BotPlayer, e: asyncio.Event = seated) -> None:
                watch(p)
                e.set()

            clients.append(
                asyncio.ensure_future(
                    play_remote(f"127.0.0.1:{port}", "random", give_up=120, on_connect=on)
                )
            )
            await asyncio.wait_for(seated.wait(), 60)
        peak = 0
        pending = set(clients)
        while pending:
            _done, pending = await asyncio.wait(pending, timeout=0.5)
            peak = max(peak, _peak_kib(serve.pid))
        for c in clients:
            c.result()
        latencies.sort()
        return {
            "tables": tables,
            "actions": len(latencies),
            "p95_ms": 1000 * latencies[int(0.95 * (len(latencies) - 1))],
            "median_ms": 1000 * statistics.median(latencies),
            "peak_mib": peak / 1024,
        }
    finally:
        serve.terminate()
        serve.wait(timeout=30)


@functools.cache
def load_run() -> dict[str, float]:
    out = asyncio.run(_load(_count("WARGAME_BENCH_NET_TABLES", 100)))
    print(f"  load: {out}", file=sys.stderr)
    return out


BENCHMARKS = [
    Bench(
        "net: Tortuga 6p served+joined, games unlike simulate",
        0,
        "games",
        lambda: equal_runs()["tortuga-1667"]["differ"],
    ),
    Bench(
        "net: Pieces of Eight 4p served+joined, games unlike simulate",
        0,
        "games",
        lambda: equal_runs()["pieces-of-eight"]["differ"],
    ),
    Bench(
        "net: Tortuga 6p through cuts, delays, kills mid-turn: unlike simulate or lost/doubled",
        0,
        "games",
        lambda: fault_run()["differ"],
    ),
    Bench(
        "net: tables at once, p95 action -> every client's update",
        50,
        "ms",
        lambda: load_run()["p95_ms"],
    ),
    Bench(
        "net: tables at once, the server's peak memory", 400, "MiB", lambda: load_run()["peak_mib"]
    ),
]
