"""The ``wargame`` command (see ../shared/CONTRACT.md).

Exit codes: 0 success; 2 bad input, with a one-line message naming the file or
option; 1 any other failure (a broken invariant under --strict among them).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from wargame import __version__
from wargame.errors import BadInput, InvariantViolation, WargameError, shown
from wargame.plural import count

GuiHandler = Callable[[str, argparse.Namespace], int]
log = logging.getLogger(__name__)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="wargame", description="Pieces of Eight wargame companion")
    p.add_argument("--version", action="version", version=f"wargame {__version__}")
    p.add_argument("--data-dir", help="folder of the database and settings (or $WARGAME_DATA_DIR)")
    p.add_argument(
        "--log-level",
        metavar="LEVEL",
        help="debug, info (the default), warning or error: what the log file in the data "
        "folder records; given, the same lines also go to stderr",
    )
    # COMMAND, not the list of every choice: that list named the hidden startup-probe
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    sub.add_parser("gui", help="open the desktop app (the default)")
    probe = sub.add_parser("startup-probe")  # no help: not listed (the app times its start)
    probe.add_argument("--t0", type=float, required=True)

    s = sub.add_parser("screenshot", help="render a view offscreen to a PNG")
    s.add_argument("view")
    s.add_argument("--out", required=True)
    s.add_argument("--scenario")
    s.add_argument("--size", default="1280x800")

    o = sub.add_parser("odds", help="exact odds of a roll")
    osub = o.add_subparsers(dest="what", parser_class=_Parser, required=True)
    f = osub.add_parser("fire", help="the gun fire factor of one firing")
    f.add_argument("--gun", choices=["light", "medium", "heavy"], required=True)
    f.add_argument("--range-cm", type=float, required=True)
    f.add_argument("--raking", action="store_true")
    f.add_argument("--first-shot", action="store_true")
    f.add_argument("--crew", choices=["hardened", "able", "scurvy"], default="able")
    f.add_argument("--json", action="store_true")

    sim = sub.add_parser("simulate", help="bots play whole games headless")
    sim.add_argument("game")
    sim.add_argument("--players", type=int)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--scenario")
    sim.add_argument("--bots")
    sim.add_argument("--strict", action="store_true")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--list-bots", action="store_true")
    sim.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="play the games in N processes"
    )
    sim.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the games on the Dask cluster at ADDRESS (needs dask[distributed])",
    )
    sim.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game parameter (variant), e.g. windows=everyone, or a search bot option "
        "(search_seconds=0.2, search_iterations=500); repeatable",
    )

    m = sub.add_parser("map", help="import maps, print their area graphs, check them")
    msub = m.add_subparsers(dest="what", parser_class=_Parser, required=True)
    mi = msub.add_parser(
        "import", help="turn GeoJSON, a Tiled map or a TripleA game.xml into the app's map file"
    )
    mi.add_argument("file")
    mi.add_argument("--out", required=True)
    mg = msub.add_parser("graph", help="print a map's area adjacency graph")
    mg.add_argument("file")
    mg.add_argument("--json", action="store_true")
    mv = msub.add_parser("validate", help="say whether a map is sound and list its problems")
    mv.add_argument("file")
    mv.add_argument("--json", action="store_true")

    a = sub.add_parser("about", help="versions, and the bundled libraries with their licences")
    a.add_argument("--json", action="store_true")

    from wargame.campaign import pbem_cli
    from wargame.core.portable import add_commands
    from wargame.naval.cli import add_commands as add_naval_commands

    add_commands(sub, _Parser)
    add_naval_commands(sub, _Parser)
    pbem_cli.add_commands(sub, _Parser)  # wargame campaign turn export|import
    from wargame.net.cli import add_commands as add_net_commands

    add_net_commands(sub, _Parser)
    return p


def main(argv: Sequence[str] | None = None, *, gui: GuiHandler | None = None) -> int:
    """Parse and run. ``gui`` handles the commands that need Qt (the ``ui`` layer passes it)."""
    args = build_parser().parse_args(argv)
    try:
        _start_logging(args)
        return _dispatch(args, gui)
    except BadInput as exc:
        log.warning("bad input: %s", exc)
        print(f"wargame: error: {exc}", file=sys.stderr)
        return 2
    except InvariantViolation as exc:
        log.error("invariant violated: %s", exc)
        print(f"wargame: invariant violated: {exc}", file=sys.stderr)
        return 1
    except WargameError as exc:
        log.error("error: %s", exc)
        print(f"wargame: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        log.info("interrupted")
        return 130
    except BrokenPipeError:  # the reader went away (`wargame simulate ... | head`)
        _quiet_stdout()
        return 141


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that flushing it at exit raises nothing more."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _start_logging(args: argparse.Namespace) -> None:
    """The log file and crash trace in the data folder (wargame/logs.py)."""
    import platform

    from wargame.logs import enable_crash_trace, setup_logging, system_name
    from wargame.paths import data_dir

    folder = data_dir(args.data_dir)
    setup_logging(folder, args.log_level, echo=args.log_level is not None)
    enable_crash_trace(folder)
    # the command's name only: its arguments may name a passphrase file or a player's folder
    what = getattr(args, "what", None)
    log.info(
        "wargame %s: %s (Python %s, %s)",
        __version__,
        " ".join(filter(None, [args.command or "gui", what if isinstance(what, str) else None])),
        platform.python_version(),
        system_name(),
    )
    log.info("data folder %s", folder)


GUI_COMMANDS = ("gui", "startup-probe", "screenshot")


def _dispatch(args: argparse.Namespace, gui: GuiHandler | None) -> int:
    cmd = args.command or "gui"
    if cmd in GUI_COMMANDS:
        if gui is None:
            raise WargameError(
                f"'{cmd}' needs the desktop app: run the installed 'wargame' command"
            )
        return gui(cmd, args)
    if cmd == "odds":
        from wargame.naval.cli import odds_command

        return odds_command(args)
    if cmd == "simulate":
        return _simulate(args)
    if cmd == "map":
        from wargame.maps import cli as map_cli

        commands = {
            "import": map_cli.import_command,
            "graph": map_cli.graph_command,
            "validate": map_cli.validate_command,
        }
        return commands[args.what](args)
    if cmd == "naval":
        from wargame.naval.cli import setup_command

        return setup_command(args)
    if cmd == "about":
        from wargame.about import about_command

        return about_command(args)
    if cmd in ("save", "key"):
        from wargame.core.portable import command
        from wargame.persistence.guard import loading

        # whatever a file holds, a slip deep inside is a one-line message naming it
        with loading(getattr(args, "file", None) or "the passphrase file"):
            return command(args)
    if cmd == "campaign":
        from wargame.campaign.pbem_cli import command as campaign_command

        return campaign_command(args)
    if cmd in ("serve", "join"):
        from wargame.net.cli import command as net_command

        return net_command(args, _parse_params(getattr(args, "param", [])))
    raise BadInput(f"unknown command {shown(cmd)}")


def _simulate(args: argparse.Namespace) -> int:
    from wargame.core.play import bot_factories, simulate, split_params
    from wargame.core.registry import game_class

    params = _parse_params(args.param)
    game_params, bot_options = split_params(params)
    game = game_class(args.game)(game_params)
    if args.list_bots:
        names = list(bot_factories(game, bot_options))
        print(json.dumps({"game": args.game, "bots": names}) if args.json else "\n".join(names))
        return 0
    scenario = _read_scenario(args.scenario, args.game) if args.scenario else None
    if scenario is not None:
        from wargame.persistence.loaders import check_game_scenario

        # set the game up once first: a bad scenario is bad input (exit 2), whatever it holds
        check_game_scenario(
            args.game, scenario, f"--scenario: {args.scenario}", players=args.players, params=params
        )
    bots = [b.strip() for b in args.bots.split(",")] if args.bots else None
    log.info("simulate %s: %d games, %s jobs", args.game, args.games, args.jobs)
    result = simulate(
        args.game,
        players=args.players,
        games=args.games,
        seed=args.seed,
        bots=bots,
        scenario=scenario,
        params=params,
        strict=args.strict,
        jobs=args.jobs,
        scheduler=args.scheduler,
    )
    log.info("simulate %s: done in %.1f s", args.game, result.get("seconds", 0.0))
    if args.json:
        print(json.dumps(result))
    else:
        _print_simulation(result)
    return 0


def _parse_params(items: Sequence[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs; a VALUE that reads as JSON (a number, true) is taken as such."""
    params: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BadInput(f"--param: expected KEY=VALUE, not {shown(item)}")
        try:
            params[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            params[key.strip()] = value
    return params


#: Scenario modes with their own formats: a scenario of one is refused by every other game.
_OWN_FORMATS = ("naval", "raid", "campaign")


def _read_scenario(path: str, game: str) -> dict[str, Any]:
    """The scenario for ``game``: one of another mode is refused, and a map it names by
    file is read in from the scenario's own folder (never from anywhere else)."""
    from pathlib import Path

    from wargame.maps.playable import inline_map_refs
    from wargame.scenarios import read_scenario

    try:
        sc = read_scenario(path)
        if sc.mode == "map-editor" and game == "naval":  # the map as the sea: the default setup
            from wargame.naval.setup import battle_on_map

            return battle_on_map(sc.data, where=path)
        if sc.mode != game and (sc.mode != "map-editor" or game in _OWN_FORMATS):
            what = "a map" if sc.mode == "map-editor" else f"a {sc.mode} scenario"
            raise BadInput(f"{path} is {what}, not a scenario for {game}")
        return inline_map_refs(sc.data, Path(path).resolve().parent, path)
    except BadInput as exc:
        raise BadInput(f"--scenario: {exc}") from None


def _print_simulation(result: dict[str, Any]) -> None:
    print(
        f"{result['game']}: {count(len(result['games']), 'game', 'games')}, {result['players']} players, "
        f"bots {', '.join(result['bots'])}"
    )
    wins: dict[str, int] = {}
    for g in result["games"]:
        key = g["winner"] if g["winner"] is not None else "none"
        wins[key] = wins.get(key, 0) + 1
        print(
            f"  seed {g['seed']}: winner {g['winner']}, scores {g['scores']}, "
            f"{g['turns']} turns, {g['actions']} actions, {g['end']}"
        )
    print(f"wins by seat: {dict(sorted(wins.items()))}")
    print(f"{result['seconds']} s, {result['actions_per_second']} actions/s")
