"""The save format of an action log (``format: wargame-session``): what each seal
is bound to, the checks of a save's outline, old unsealed saves, and resealing a
save under another key. :class:`wargame.core.log.Session` writes and reads it.

Version 2 (sealed, :mod:`wargame.core.sealing`): entry ``i`` is bound to the save's
id, its index, the previous entry's seal and its readable part (:func:`entry_ad`);
the head to its readable part (:func:`head_ad`), which holds the log's length and
a hash of its last seal. Version 1 (plain text, never authenticated) is opened only
converted: see :class:`UnsealedSave` and :mod:`wargame.persistence.convert`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from wargame.core.sealing import SaveTampered, Sealer, canonical, keyring
from wargame.errors import FileFormatError, shown
from wargame.plural import ngettext

SESSION_FORMAT = "wargame-session"
SESSION_VERSION = 2
#: Header keys of a practice game's friendly undo (on, and how often it passed a barrier).
FRIENDLY_UNDO = "friendly_undo"
FRIENDLY_UNDOS = "friendly_undos"
#: Header key of a game converted from an unsealed (version-1) save or scenario:
#: ``{"from": "save" | "scenario", "actions": N}``, the first N actions unchecked.
UNSEALED = "unsealed"
#: What a conversion may come from, and how the table is told.
UNSEALED_FROM = {
    "save": (
        "Converted from an unsealed save: its first action and its dice could not be checked",
        "Converted from an unsealed save: its first {n} actions and their dice "
        "could not be checked",
    ),
    "scenario": (
        "Started from a scenario file: its first action is the file's, not sealed",
        "Started from a scenario file: its first {n} actions are the file's, not sealed",
    ),
}
#: Header keys an unsealed file may not bring in (they would relax the rules or
#: plant the dice): dropped on conversion.
NOT_CONVERTED = (FRIENDLY_UNDO, FRIENDLY_UNDOS, "seed", UNSEALED)


class UnsealedSave(FileFormatError):
    """A version-1 save: never authenticated, so never opened as if it were sealed."""

    def __init__(self) -> None:
        super().__init__(
            "saved game: an old, unsealed save (version 1): anyone could have changed its "
            "dice. File > Open offers to convert it (or `wargame save convert FILE --out "
            "NEW.json`); a converted game is marked 'converted from an unsealed save' for good"
        )


def converted_header(raw: Any, actions: int, origin: str) -> dict[str, Any]:
    """An unsealed file's header as a converted game keeps it: marked, and without
    what would relax the rules or plant the dice (:data:`NOT_CONVERTED`)."""
    header = (
        {k: v for k, v in raw.items() if k not in NOT_CONVERTED} if isinstance(raw, Mapping) else {}
    )
    header[UNSEALED] = {"from": origin, "actions": actions}
    return header


def unsealed_note(header: Mapping[str, Any]) -> str | None:
    """The table's notice for a game converted from an unsealed file (None: sealed
    from its start)."""
    mark = header.get(UNSEALED)
    if not isinstance(mark, Mapping):
        return None
    n = mark.get("actions")
    one, many = UNSEALED_FROM.get(str(mark.get("from")), UNSEALED_FROM["save"])
    known = isinstance(n, int) and not isinstance(n, bool)
    return ngettext(one, many, n if known else 2).format(n=n if known else "?")


def head_ad(public_head: Mapping[str, Any]) -> bytes:
    return canonical([SESSION_FORMAT, "head", dict(public_head)])


def entry_ad(save_id: str, i: int, prev: str, public: Mapping[str, Any]) -> bytes:
    """What the seal of log entry ``i`` is bound to (``prev``: the seal before it)."""
    return canonical([SESSION_FORMAT, save_id, "entry", i, prev, public])


def tip_of(seals: list[str]) -> str:
    """The hash of the last seal the head names ("" for an empty log)."""
    return hashlib.sha256(seals[-1].encode()).hexdigest()[:32] if seals else ""


def check_format(data: Any) -> int:
    if not isinstance(data, Mapping) or data.get("format") != SESSION_FORMAT:
        raise FileFormatError("not a saved game (format is not 'wargame-session')")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileFormatError(f"saved game version {shown(version)} is not one this app knows")
    if version > SESSION_VERSION:
        raise FileFormatError(f"saved game version {shown(version)} is newer than this app")
    return version


def seq_of(value: Any, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise SaveTampered(f"saved game: {shown(what)} must be a list")
    return value


def list_of(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise FileFormatError(f"saved game: {shown(key)} must be a list")
    return value


def reseal(
    data: Mapping[str, Any], target: Sealer, *, source: Sealer | None = None
) -> dict[str, Any]:
    """The version-2 save ``data`` sealed again under ``target`` (for moving a save to
    another table): every seal is opened with ``source`` (default: the key the save
    names, from this installation's keyring) and checked, then sealed afresh."""
    if check_format(data) != SESSION_VERSION:
        raise UnsealedSave()
    if source is None:
        source = keyring().sealer(str(data.get("key")))
    head = {k: v for k, v in data.items() if k not in ("log", "sealed")}
    private = source.open(str(data.get("sealed", "")), head_ad(head), "its header")
    log = list_of(data, "log")
    if head.get("n") != len(log):
        raise SaveTampered("saved game: its log length does not match its header")
    save_id = str(head.get("id", ""))
    old: list[str] = []
    new: list[str] = []
    out_log = []
    for i, raw in enumerate(log):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("s"), str):
            raise SaveTampered(f"saved game: log entry {i + 1} has no seal")
        public = {k: v for k, v in raw.items() if k != "s"}
        where = f"log entry {i + 1}"
        secret = source.open(raw["s"], entry_ad(save_id, i, old[-1] if i else "", public), where)
        old.append(raw["s"])
        new.append(target.seal(secret, entry_ad(save_id, i, new[-1] if i else "", public)))
        out_log.append({**public, "s": new[-1]})
    if tip_of(old) != head.get("tip"):
        raise SaveTampered("saved game: its log does not end where its header says")
    head["key"] = target.kid
    head["tip"] = tip_of(new)
    head["sealed"] = target.seal(private, head_ad(head))
    return {**head, "log": out_log}
