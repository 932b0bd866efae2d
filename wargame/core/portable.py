"""Moving saves between computers, and the ``wargame save`` / ``wargame key`` commands.

A save is sealed with its installation's table key (:mod:`wargame.core.sealing`),
which never leaves that computer by itself. To move one save:

    wargame save export GAME.json --out GAME.portable.json   # asks for a passphrase
    wargame save import GAME.portable.json --out GAME.json   # on the other computer
    wargame save convert OLD.json --out GAME.json   # an old unsealed save, marked converted

The export re-seals every part of the save under a key stretched from the
passphrase with argon2id; the import opens it with the passphrase (refusing a
wrong one or an altered file) and re-seals it under the receiving computer's
table key. A table that always plays on the same few computers can carry the
table key instead: ``wargame key export --out KEY.json`` on one computer and
``wargame key import KEY.json`` on the other (the key is wrapped the same way);
afterwards saves from either open on both.
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from pathlib import Path
from typing import Any

from wargame.core import sealing
from wargame.core.saveformat import reseal
from wargame.errors import FileFormatError

PORTABLE_FORMAT = sealing.PORTABLE_FORMAT


def export_portable(data: dict[str, Any], passphrase: str) -> dict[str, Any]:
    """``data`` (a version-2 save sealed on this computer) re-sealed under ``passphrase``."""
    sealing.check_passphrase(passphrase)
    salt = os.urandom(16)
    target = sealing.Sealer(sealing.stretch(passphrase, salt, sealing.PORTABLE_KDF))
    kdf = sealing.kdf_header(salt)
    return {"format": PORTABLE_FORMAT, "kdf": kdf, "save": reseal(data, target)}


def import_portable(data: Any, passphrase: str) -> dict[str, Any]:
    """A portable export opened with ``passphrase`` and sealed for this computer."""
    if not isinstance(data, dict) or data.get("format") != PORTABLE_FORMAT:
        raise FileFormatError("not a portable save (format 'wargame-portable-save')")
    source = sealing.unwrapping_key(data, passphrase, "portable save")
    save = data.get("save")
    if not isinstance(save, dict):
        raise FileFormatError("portable save: it holds no save")
    try:
        return reseal(save, sealing.keyring().own(), source=source)
    except sealing.SaveTampered:
        raise sealing.SaveTampered(
            "portable save: wrong passphrase, or the file was altered"
        ) from None


def add_commands(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    s = sub.add_parser("save", help="move a saved game to another computer")
    ssub = s.add_subparsers(dest="what", parser_class=parser_class, required=True)
    for name, text in (
        ("export", "seal a save under a passphrase, to open on another computer"),
        ("import", "open a portable save with its passphrase and seal it for this computer"),
        ("convert", "seal an old unsealed save (version 1), marked as converted for good"),
    ):
        c = ssub.add_parser(name, help=text)
        c.add_argument("file")
        c.add_argument("--out", required=True)
        if name != "convert":
            c.add_argument("--passphrase-file", help="read the passphrase from this file")
    k = sub.add_parser("key", help="carry this computer's table key to another computer")
    ksub = k.add_subparsers(dest="what", parser_class=parser_class, required=True)
    ke = ksub.add_parser("export", help="write the table key wrapped under a passphrase")
    ke.add_argument("--out", required=True)
    ke.add_argument("--passphrase-file")
    ki = ksub.add_parser("import", help="add another computer's exported table key")
    ki.add_argument("file")
    ki.add_argument("--passphrase-file")


def _passphrase(args: argparse.Namespace, *, confirm: bool) -> str:
    if args.passphrase_file:
        from wargame.persistence.files import read_text_file

        return read_text_file(args.passphrase_file, max_bytes=4096).rstrip("\r\n")
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass("Passphrase (at least 8 characters): ")
    if confirm and getpass.getpass("Again: ") != first:
        raise FileFormatError("passphrase: the two entries differ")
    return first


def _read(path: str) -> Any:
    from wargame.persistence.files import read_json_file

    return read_json_file(Path(path))


def _write(path: str, data: Any) -> None:
    from wargame.persistence.files import write_user_file

    write_user_file(Path(path), json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def _convert(data: Any, source: str) -> dict[str, Any]:
    from wargame.persistence.convert import convert_unsealed_save, is_unsealed_save
    from wargame.persistence.guard import check_shape, loading

    if not is_unsealed_save(data):
        raise FileFormatError(f"{source}: not an old unsealed save (version 1): nothing to convert")
    check_shape(data, source)
    with loading(source):
        converted = convert_unsealed_save(data)
    print(f"{source}: converted; the game is marked 'converted from an unsealed save'")
    return converted


def command(args: argparse.Namespace) -> int:
    """``wargame save export|import`` and ``wargame key export|import``."""
    if args.data_dir:
        from wargame.paths import data_dir

        sealing.configure(data_dir(args.data_dir))
    if args.command == "save" and args.what == "convert":
        _write(args.out, _convert(_read(args.file), args.file))
    elif args.command == "save" and args.what == "export":
        data = _read(args.file)
        _write(args.out, export_portable(data, _passphrase(args, confirm=True)))
    elif args.command == "save":
        _write(args.out, import_portable(_read(args.file), _passphrase(args, confirm=False)))
    elif args.what == "export":
        _write(args.out, sealing.export_table_key(_passphrase(args, confirm=True)))
    else:
        kid = sealing.import_table_key(_read(args.file), _passphrase(args, confirm=False))
        print(f"imported table key {kid}")
    return 0
