"""``wargame campaign turn export|import``: play by e-mail from the command line.

    wargame campaign new NAME --player NAME --country COUNTRY --out CAMPAIGN.json
    wargame campaign join CAMPAIGN.json --player NAME --country COUNTRY
    wargame campaign turn export CAMPAIGN.json --player NAME --out TURN.json
    wargame campaign turn import TURN.json --campaign CAMPAIGN.json [--out NEW.json]

Export writes the player's moves since the last imported turn file, signed (it asks
for the player's campaign passphrase, which opens their signing key: made on the
first export, kept in the data folder). Import checks the file and appends its moves
to the campaign save (written back atomically; a refused file leaves it untouched);
a campaign save that does not exist yet is started from the campaign's first turn
file. A refused file exits 2 with one line saying why. ``new`` starts a campaign for play by
e-mail with its maker alone (the others join from the maker's first turn file); a
hot-seat campaign (the shipped one) is refused by export in words.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from pathlib import Path
from typing import Any

from wargame.errors import BadInput, FileFormatError


def add_commands(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    c = sub.add_parser("campaign", help="play a campaign by e-mail: export and import turn files")
    csub = c.add_subparsers(dest="what", parser_class=parser_class, required=True)
    n = csub.add_parser("new", help="start a campaign for play by e-mail, you its first player")
    n.add_argument("name", help="the campaign's name")
    n.add_argument("--player", required=True, help="your name in the campaign")
    n.add_argument("--country", required=True, help="your country (Spain, France, ...)")
    n.add_argument("--out", required=True, help="the campaign save to write")
    n.add_argument("--passphrase-file", help="read your new campaign passphrase from this file")
    j = csub.add_parser("join", help="join a campaign started from another's turn file")
    j.add_argument("file", help="the campaign save (written back)")
    j.add_argument("--player", required=True, help="your name in the campaign")
    j.add_argument("--country", required=True, help="your country (Spain, France, ...)")
    j.add_argument("--passphrase-file", help="read your new campaign passphrase from this file")
    t = csub.add_parser("turn", help="a player's turn file")
    tsub = t.add_subparsers(dest="turn", parser_class=parser_class, required=True)
    e = tsub.add_parser("export", help="write your moves since the last import, signed")
    e.add_argument("file", help="the campaign save")
    e.add_argument("--player", required=True, help="your name in the campaign, or number")
    e.add_argument("--out", required=True)
    e.add_argument("--passphrase-file", help="read your campaign passphrase from this file")
    i = tsub.add_parser("import", help="add another player's turn file to the campaign")
    i.add_argument("file", help="the turn file")
    i.add_argument("--campaign", required=True, help="the campaign save (made if missing)")
    i.add_argument("--out", help="write the campaign here (default: over --campaign)")


def command(args: argparse.Namespace) -> int:
    from wargame.core import sealing
    from wargame.paths import data_dir

    folder = data_dir(args.data_dir)
    sealing.configure(folder)
    if args.what == "new":
        return _new(args)
    if args.what == "join":
        return _join(args)
    if args.turn == "export":
        return _export(args, folder)
    return _import(args, folder)


def _open(path: str) -> Any:
    from wargame.campaign.document import campaign_from_scenario, load_campaign
    from wargame.persistence.files import read_json_file
    from wargame.persistence.guard import check_shape, loading

    data = read_json_file(path)
    check_shape(data, path)
    try:
        with loading(path):
            if isinstance(data, dict) and data.get("format") == "wargame-scenario":
                return campaign_from_scenario(data)  # a shipped campaign: its saved play
            return load_campaign(data)
    except BadInput as exc:  # name the file the message is about
        if path in str(exc):
            raise
        raise FileFormatError(f"{path}: {exc}") from None


def _seat(session: Any, who: str) -> int:
    players = session.state.players
    for i, p in enumerate(players):
        if p.name.casefold() == who.strip().casefold() or who.strip() == str(i + 1):
            return i
    names = ", ".join(p.name for p in players) or "nobody yet"
    raise BadInput(f"--player: {who!r} is not a player of {session.state.name} ({names})")


def _phrase(args: argparse.Namespace, name: str) -> str:
    if args.passphrase_file:
        from wargame.persistence.files import read_text_file

        return read_text_file(args.passphrase_file, max_bytes=4096).rstrip("\r\n")
    if sys.stdin.isatty():
        return getpass.getpass(f"{name}'s campaign passphrase: ")
    return sys.stdin.readline().rstrip("\r\n")


def _export(args: argparse.Namespace, folder: Path) -> int:
    from wargame.campaign.document import unlock_player
    from wargame.campaign.pbem import make_turn, new_key_warning, turn_player
    from wargame.campaign.pbem_keys import fingerprint, signing_key
    from wargame.persistence.files import write_user_file

    session = _open(args.file)
    seat = _seat(session, args.player)
    turn_player(session)  # a hot-seat campaign is refused in words before any passphrase
    name = session.state.players[seat].name
    key = unlock_player(session.state, seat, _phrase(args, name))
    signer, made = signing_key(folder, session.state.uid, seat, key)
    raw = make_turn(session, seat, signer)
    write_user_file(args.out, raw)
    said = "made now and kept in the data folder" if made else "the one kept in the data folder"
    print(f"{args.out}: {name}'s turn file, signed with {name}'s key {fingerprint(signer.public)}")
    print(f"(the key is {said}; send the file to every other player)")
    warning = new_key_warning(session, seat, made)
    if warning:
        print(f"warning: {warning}.", file=sys.stderr)
    return 0


def _new(args: argparse.Namespace) -> int:
    from wargame.campaign.document import add_player_action, new_campaign, save_campaign
    from wargame.persistence.files import write_user_file

    name = args.name.strip()
    if not 0 < len(name) <= 80:
        raise BadInput("the campaign's name must be 1 to 80 characters")
    session = new_campaign(name)
    act, _key = add_player_action(args.player.strip(), args.country, _phrase(args, args.player))
    session.apply(act)
    text = json.dumps(save_campaign(session), indent=1, ensure_ascii=False) + "\n"
    write_user_file(args.out, text, "--out")
    print(f"{args.out}: {name}, played by e-mail; {session.state.players[0].name} has joined")
    print(
        "(next: wargame campaign turn export, and send the file to the other players; each "
        "joins by importing it)"
    )
    return 0


def _join(args: argparse.Namespace) -> int:
    from wargame.campaign.document import add_player_action, save_campaign
    from wargame.persistence.files import write_user_file

    session = _open(args.file)
    act, _key = add_player_action(args.player.strip(), args.country, _phrase(args, args.player))
    session.apply(act)
    text = json.dumps(save_campaign(session), indent=1, ensure_ascii=False) + "\n"
    write_user_file(args.file, text, "file")
    print(f"{args.file}: {args.player.strip()} has joined {session.state.name}")
    return 0


def _import(args: argparse.Namespace, folder: Path) -> int:
    from wargame.campaign.document import save_campaign
    from wargame.campaign.pbem import MAX_BYTES, import_turn, read_turn, start_from_turn
    from wargame.campaign.pbem_keys import own_public_keys
    from wargame.persistence.files import read_regular_bytes, write_user_file

    turn = read_turn(read_regular_bytes(args.file, max_bytes=MAX_BYTES), args.file)
    target = args.out or args.campaign
    if Path(args.campaign).exists():
        session = _open(args.campaign)
        done = import_turn(session, turn, own_keys=own_public_keys(folder, session.state.uid))
    elif args.out is None or args.out == args.campaign:
        session, done = start_from_turn(turn)
    else:
        raise FileFormatError(f"--campaign: {args.campaign} does not exist")
    text = json.dumps(save_campaign(session), indent=1, ensure_ascii=False) + "\n"
    write_user_file(target, text, "--out" if args.out else "--campaign")
    print(done.message(session.state.name))
    return 0
