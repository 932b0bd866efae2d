"""``wargame serve`` and ``wargame join`` (../shared/CONTRACT.md, "Across computers")."""

from __future__ import annotations

import argparse
import asyncio
import errno
import json
import socket
import sys
from typing import Any

from wargame.errors import BadInput, WargameError


def add_commands(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    s = sub.add_parser("serve", help="host a table for players on other computers (no window)")
    s.add_argument("--game", required=True)
    s.add_argument("--players", type=int)
    s.add_argument(
        "--seed",
        type=int,
        help="the first table's seed, as simulate's --seed (later tables' are derived from "
        "it one way; default: each table's from the OS's entropy). Whoever knows S, or "
        "guesses it (a small S is soon found), can replay every table, hidden cards and "
        "all: for tests and reproducible runs, not for play among rivals",
    )
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    s.add_argument("--port", type=int, required=True, help="the port (0: any free one)")
    s.add_argument("--once", action="store_true", help="exit when the game ends")
    s.add_argument(
        "--param", action="append", default=[], metavar="KEY=VALUE", help="a game parameter"
    )
    j = sub.add_parser("join", help="play a seat of a table on another computer with a bot")
    j.add_argument("address", metavar="HOST:PORT")
    j.add_argument("--bot", required=True)
    j.add_argument("--name", default="", help="the seat's name at the table")
    j.add_argument("--json", action="store_true")


def command(args: argparse.Namespace, params: dict[str, Any]) -> int:
    if args.command == "serve":
        return _serve(args, params)
    return _join(args)


def _serve(args: argparse.Namespace, params: dict[str, Any]) -> int:
    from wargame.net.server import TableServer, run_server

    if not 0 <= args.port < 65536:
        raise BadInput(f"--port: {args.port} is not a port (0 to 65535)")

    def ready(port: int) -> None:
        table = server.tables[0]
        assert table is not None
        print(
            f"serving {args.game} for {table.players} players on ws://{args.host}:{port}",
            flush=True,
        )

    async def main() -> None:
        nonlocal server
        server = TableServer(
            args.game, players=args.players, seed=args.seed, params=params, once=args.once
        )
        await run_server(server, args.host, args.port, ready=ready)

    server: Any = None
    try:
        asyncio.run(main())
    except socket.gaierror as exc:
        raise BadInput(f"--host: {args.host!r} is not an address ({exc.strerror})") from None
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise WargameError(f"port {args.port} on {args.host} is already in use") from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise BadInput(f"--host: {args.host} is not an address of this computer") from None
        raise WargameError(f"cannot serve on {args.host}:{args.port}: {exc.strerror}") from None
    return 0


def _join(args: argparse.Namespace) -> int:
    from wargame.net.client import play_remote

    result = asyncio.run(play_remote(args.address, args.bot, name=args.name))
    if args.json:
        print(json.dumps(result))
    else:
        won = ", ".join(result["winners"]) or "nobody"
        print(
            f"seed {result['seed']}: won by seat {won}, scores {result['scores']}, "
            f"{result['turns']} turns, {result['actions']} actions, {result['end']}"
        )
    sys.stdout.flush()
    return 0
