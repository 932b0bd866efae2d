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
    s.add_argument("--game", help="the game to host (not with --resume)")
    s.add_argument(
        "--resume",
        metavar="SAVED_TABLE.json",
        help="host a saved table again from where it stopped: every seat keeps its "
        "player's name and code (the server saves each table in the data folder's tables/)",
    )
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
    j.add_argument(
        "--code",
        metavar="TABLE.SEAT.CODE",
        help="take your seat back with its code (as it was printed when you joined)",
    )
    j.add_argument("--json", action="store_true")


def command(args: argparse.Namespace, params: dict[str, Any]) -> int:
    if args.command == "serve":
        return _serve(args, params)
    return _join(args)


def _serve(args: argparse.Namespace, params: dict[str, Any]) -> int:
    from wargame.net.saving import TableSaves, tables_folder
    from wargame.net.server import TableServer, run_server
    from wargame.paths import data_dir

    if not 0 <= args.port < 65536:
        raise BadInput(f"--port: {args.port} is not a port (0 to 65535)")
    folder = data_dir(getattr(args, "data_dir", None))
    if getattr(args, "data_dir", None):
        from wargame.core import sealing

        sealing.configure(folder)  # the saves are sealed with this folder's table key
    saved, first = _saved_table(args)
    game = str(saved["header"]["game"]) if saved is not None else args.game
    if game is None:
        raise BadInput("serve: name the game (--game GAME) or a saved table (--resume FILE)")
    saves_in = tables_folder(folder)

    def ready(port: int) -> None:
        table = server.tables[0]
        assert table is not None
        what = "resuming" if saved is not None else "serving"
        print(
            f"{what} {game} for {table.players} players on ws://{args.host}:{port}",
            flush=True,
        )
        print(f"each table is saved in {saves_in} (wargame serve --resume FILE)", flush=True)
        from wargame.net.addresses import lan_addresses

        shown = lan_addresses()[0] if args.host in ("0.0.0.0", "::", "") else args.host  # noqa: S104
        print(f"phones: open http://{shown}:{port}/ in a browser to take a seat", flush=True)

    async def main() -> None:
        nonlocal server
        server = TableServer(
            game,
            players=args.players if saved is None else None,
            seed=args.seed,
            params=params if saved is None else None,
            once=args.once,
            saved=saved,
        )
        saves = TableSaves(server, saves_in, first=first)
        try:
            await run_server(server, args.host, args.port, ready=ready)
        finally:
            saves.close()

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


def _saved_table(args: argparse.Namespace) -> tuple[dict[str, Any] | None, Any]:
    """The save ``--resume`` names (and the file it goes on in: its own when it is one of
    the data folder's table saves), checked for its form; (None, None) without it."""
    from pathlib import Path

    from wargame.persistence.files import read_json_file

    if not args.resume:
        return None, None
    if args.game is not None:
        raise BadInput("serve: --resume hosts the saved table's own game; leave out --game")
    data = read_json_file(args.resume)
    header = data.get("header") if isinstance(data, dict) else None
    if not isinstance(header, dict) or not isinstance(header.get("game"), str):
        raise BadInput(f"--resume: {args.resume} is not a saved table (it names no game)")
    path = Path(args.resume)
    return data, path if path.parent.name == "tables" else None


def _join(args: argparse.Namespace) -> int:
    from wargame.net.client import play_remote
    from wargame.net.myseats import parse_code, seat_code

    code = None
    if args.code:
        try:
            code = parse_code(args.code)
        except ValueError as exc:
            raise BadInput(f"--code: {exc}") from None
    told: list[str] = []

    def seated(player: Any) -> None:
        said = seat_code(player.table, player.seat, player.token)
        if said not in told:  # once: what takes the seat back (wargame join --code)
            told.append(said)
            print(f"seat {player.seat + 1}, code {said}", file=sys.stderr, flush=True)

    result = asyncio.run(
        play_remote(args.address, args.bot, name=args.name, code=code, on_connect=seated)
    )
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
