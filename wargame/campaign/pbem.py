"""Play by e-mail: a campaign carried between computers by turn files.

Each player keeps the campaign on their own computer. A *turn file* holds the moves
one player made there since the last turn file they imported (their values, sealed
contents, declarations, done, their reveal; and rules events such as rolling the
results or ending the turn), each with the dice it drew, and is signed by that player
(Ed25519, :mod:`wargame.campaign.pbem_keys`). Force contents travel only as the sealed
tokens of the action log: nobody but their owner can open them before the reveal.

*The chain.* Every campaign log has a hash chain computed alike on every computer:
the start is the hash of the campaign's uid, name and rules mark, and each entry
hashes the one before with the entry's action text and dice. A turn file names the
entry it builds on (``base``: how many entries, and that entry's hash) and where it
ends (``tip``). Import accepts it only if this computer's log has that same entry:
a file for another campaign, an old turn already imported, a file that skips one
not yet imported, and a fork (someone undid a move after sharing it) are refused.

*Trust on first use.* The first file seen from a player pins their public key in the
campaign's header (sealed with the save); every later file for that seat must be
signed by the same key. This computer's own keys count as pinned.

Play is one player after another: each imports the files they have not seen, moves,
and exports; the files go to every other player (by e-mail or any other way: the app
sends nothing). docs/rulings.md, "Play by e-mail", says why and what it cannot stop.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wargame.campaign import actions as A
from wargame.campaign.document import new_campaign
from wargame.campaign.pbem_dice import chain_values, use_chain_dice
from wargame.campaign.pbem_keys import PUBLIC_BYTES, SigningKey, fingerprint, unb64, verify
from wargame.campaign.state import CampaignState
from wargame.core.actions import Action
from wargame.core.dice import DiceService, ReplayProvider, Roll
from wargame.core.entry import Entry
from wargame.core.log import Session
from wargame.errors import BadInput, FileFormatError, WargameError, shown
from wargame.plural import count, verb

TURN_FORMAT = "wargame-campaign-turn"
TURN_VERSION = 1
#: What the signature covers is this, then the file's canonical body.
SIGNED_LABEL = b"wargame campaign turn file v1\n"
#: The session header key of the play-by-e-mail record: pinned keys and the base.
HEADER_KEY = "pbem"
MAX_ENTRIES = 20_000
MAX_BYTES = 8 * 1024 * 1024
_FIELDS = ("format", "version", "campaign", "player", "public_key", "base", "entries", "tip")


class TurnRefused(BadInput):
    """A turn file this campaign does not take (the message says why, in words)."""


class HotSeatCampaign(BadInput):
    """A campaign played at one computer: its moves are several players', so there is
    no one player's turn file to make (the message says how to play by e-mail)."""


#: How a campaign for play by e-mail is made (told whenever a hot-seat one is exported).
HOW_TO_PLAY_BY_EMAIL = (
    "To play by e-mail, start a campaign for it: in the app, Campaign > New campaign by "
    "e-mail... (at the command line, wargame campaign new); you join alone, export your "
    "turn and send the file, and each other player joins on their own computer by "
    "opening it."
)


# -- the chain ---------------------------------------------------------------------------


def _canonical(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def start_hash(uid: str, name: str, fair_play: bool) -> str:
    head = {"uid": uid, "name": name, "fair_play": bool(fair_play)}
    return hashlib.sha256(b"wargame campaign chain v1\n" + _canonical(head)).hexdigest()


def entry_json(action: Action, rolls: Sequence[Roll]) -> dict[str, Any]:
    out: dict[str, Any] = {"a": action.to_text()}
    if rolls:
        out["r"] = [r.to_json() for r in rolls]
    return out


def next_hash(before: str, item: Mapping[str, Any]) -> str:
    return hashlib.sha256(bytes.fromhex(before) + _canonical(item)).hexdigest()


def chain(session: Session[CampaignState]) -> list[str]:
    """The hash after each number of entries: ``chain(s)[n]`` names entry ``n``
    (``[0]`` is the campaign's start)."""
    st = session.state
    out = [start_hash(st.uid, st.name, st.fair_play)]
    for e in session.entries:
        out.append(next_hash(out[-1], entry_json(e.action, e.rolls)))
    return out


def short(h: str) -> str:
    return h[:12]


# -- the record in the campaign header ---------------------------------------------------


def _record(session: Session[CampaignState]) -> dict[str, Any]:
    raw = session.header.get(HEADER_KEY)
    return raw if isinstance(raw, dict) else {}


def pinned_keys(session: Session[CampaignState]) -> dict[int, str]:
    """The public key pinned for each seat (trust on first use)."""
    keys = _record(session).get("keys")
    if not isinstance(keys, dict):
        return {}
    return {int(k): v for k, v in keys.items() if str(k).isdigit() and isinstance(v, str)}


def export_base(session: Session[CampaignState]) -> int:
    """How many entries came before this computer's own moves: the log's length after
    the last turn file imported (0 before any)."""
    base = _record(session).get("base", 0)
    ok = isinstance(base, int) and not isinstance(base, bool)
    return min(base, len(session.entries)) if ok and base >= 0 else 0


# -- export ------------------------------------------------------------------------------


def movers(session: Session[CampaignState], start: int = 0) -> list[int | None]:
    """Whose move each entry from ``start`` is: its author, the seat a player's joining
    makes (a player joins only by their own file), None for a rules event."""
    st = session.state
    joined = sum(isinstance(e.action, A.AddPlayer) for e in session.entries[:start])
    out: list[int | None] = []
    for e in session.entries[start:]:
        if isinstance(e.action, A.AddPlayer):
            out.append(joined)
            joined += 1
        else:
            out.append(st.author(e.action))
    return out


def _mover(state: CampaignState, action: Action) -> int | None:
    return len(state.players) if isinstance(action, A.AddPlayer) else state.author(action)


def turn_player(session: Session[CampaignState]) -> int | None:
    """The one player whose moves are waiting to be exported (None: only rules events,
    or nothing; BadInput when several players' moves are mixed)."""
    st = session.state
    seats = set(movers(session, export_base(session)))
    seats.discard(None)
    if len(seats) > 1:
        names = ", ".join(st.players[s].name for s in sorted(seats) if s is not None)
        raise HotSeatCampaign(
            f"{st.name} is played at one computer (hot seat): its moves are several "
            f"players' ({names}), and a turn file carries one player's moves, so it can't "
            f"be exported. {HOW_TO_PLAY_BY_EMAIL}"
        )
    return next(iter(seats), None)


def make_turn(session: Session[CampaignState], seat: int, signer: SigningKey) -> bytes:
    """The turn file of ``seat``'s moves since the last import, signed (its bytes)."""
    st = session.state
    if not 0 <= seat < len(st.players):
        raise BadInput(f"player: there is no player {seat!r} in {st.name}")
    name = st.players[seat].name
    turn_player(session)  # a hot-seat campaign is refused in words, whoever exports
    pinned = pinned_keys(session).get(seat)
    if pinned is not None and pinned != signer.public:
        raise BadInput(
            f"player: {name}'s key on this computer is not the one the campaign pinned "
            f"({fingerprint(pinned)}); the other players would refuse the file"
        )
    base = export_base(session)
    todo = session.entries[base:]
    if not todo:
        raise BadInput(
            f"{name} has made no move since the last turn file imported: nothing to export"
        )
    for i, (e, author) in enumerate(zip(todo, movers(session, base), strict=True), base + 1):
        if author is not None and author != seat:
            raise BadInput(
                f"entry {i} ({e.label}) is {st.players[author].name}'s move: "
                f"{name}'s turn file carries only {name}'s moves and rules events"
            )
        if any(r.hidden for r in e.rolls):
            raise BadInput(f"entry {i} ({e.label}) drew hidden dice: it can't travel by e-mail")
    hashes = chain(session)
    body = {
        "format": TURN_FORMAT,
        "version": TURN_VERSION,
        "campaign": {"uid": st.uid, "name": st.name},
        "player": {"seat": seat, "name": name},
        "public_key": signer.public,
        "base": {"entries": base, "hash": hashes[base]},
        "entries": [entry_json(e.action, e.rolls) for e in todo],
        "tip": {"entries": len(hashes) - 1, "hash": hashes[-1]},
    }
    signed = {**body, "signature": signer.sign(SIGNED_LABEL + _canonical(body))}
    return file_bytes(signed)


def new_key_warning(session: Session[CampaignState], seat: int, made: bool) -> str | None:
    """What to tell a player whose signing key was made just now (``made``) although
    their moves already travelled in turn files: the others pinned the key those were
    signed with and will refuse this one. None when there is nothing to say."""
    base = export_base(session)
    if not made or seat not in movers(session)[:base]:
        return None
    name = session.state.players[seat].name
    return (
        f"A new signing key was made for {name} on this computer, but {name}'s moves "
        "have already gone to the other players in turn files signed with another key, "
        "which they pinned: they will refuse this file. Export from the computer (data "
        "folder) that holds the first key, or copy its keys folder here"
    )


def file_bytes(data: Mapping[str, Any]) -> bytes:
    """The one byte form of a turn file (any other is refused as altered)."""
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


# -- reading -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnFile:
    """A turn file whose form and signature were checked (not yet its place)."""

    source: str
    uid: str
    campaign: str
    seat: int
    player: str
    public_key: str
    base: int
    base_hash: str
    entries: tuple[tuple[Action, tuple[Roll, ...]], ...]
    items: tuple[dict[str, Any], ...]
    tip: int
    tip_hash: str

    @property
    def key_fingerprint(self) -> str:
        return fingerprint(self.public_key)


def _get(data: Mapping[str, Any], key: str, kind: type, source: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise FileFormatError(f"{source}: malformed turn file: {key!r} is {shown(value)}")
    return value


def _point(data: Mapping[str, Any], key: str, source: str) -> tuple[int, str]:
    raw = _get(data, key, dict, source)
    n, h = raw.get("entries"), raw.get("hash")
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 10**9:
        raise FileFormatError(f"{source}: malformed turn file: '{key}.entries' is {shown(n)}")
    if not isinstance(h, str) or len(h) != 64 or h.strip("0123456789abcdef"):
        raise FileFormatError(f"{source}: malformed turn file: '{key}.hash' is not a hash")
    return n, h


def _entries(
    raw: list[Any], source: str
) -> tuple[tuple[tuple[Action, tuple[Roll, ...]], ...], tuple[dict[str, Any], ...]]:
    if not raw or len(raw) > MAX_ENTRIES:
        raise FileFormatError(f"{source}: malformed turn file: it holds {len(raw)} moves")
    out, items = [], []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict) or not set(item) <= {"a", "r"}:
            raise FileFormatError(f"{source}: malformed turn file: move {i} is {shown(item)}")
        text, rows = item.get("a"), item.get("r", [])
        if not isinstance(text, str) or not isinstance(rows, list) or "r" in item and not rows:
            raise FileFormatError(f"{source}: malformed turn file: move {i} is {shown(item)}")
        try:
            action = Action.from_text(text)
            rolls = tuple(Roll.from_json(r) for r in rows)
        except WargameError as exc:
            raise FileFormatError(f"{source}: malformed turn file: move {i}: {exc}") from None
        if any(r.hidden for r in rolls):
            raise FileFormatError(f"{source}: malformed turn file: move {i} has hidden dice")
        if entry_json(action, rolls) != item:
            raise FileFormatError(
                f"{source}: malformed turn file: move {i} is not written as the app writes it"
            )
        out.append((action, rolls))
        items.append(item)
    return tuple(out), tuple(items)


def read_turn(raw: bytes, source: str) -> TurnFile:
    """Check a turn file's form and signature; TurnRefused / FileFormatError naming
    ``source`` and what is wrong."""
    from wargame.persistence.files import parse_json
    from wargame.persistence.guard import check_shape, loading

    with loading(source):
        if len(raw) > MAX_BYTES:
            raise FileFormatError(f"{source}: too large for a turn file")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise TurnRefused(f"{source}: not a campaign turn file (not a text file)") from None
        data = parse_json(text, source)
        check_shape(data, source)
        return _checked(data, raw, source)
    raise AssertionError("unreachable")  # pragma: no cover - loading re-raises


def _checked(data: Any, raw: bytes, source: str) -> TurnFile:
    if not isinstance(data, dict) or data.get("format") != TURN_FORMAT:
        what = "a saved game or campaign" if isinstance(data, dict) and "log" in data else ""
        raise TurnRefused(
            f"{source}: not a campaign turn file" + (f" (it is {what})" if what else "")
        )
    if data.get("version") != TURN_VERSION:
        raise FileFormatError(
            f"{source}: a turn file of version {shown(data.get('version'))}; "
            f"this app reads version {TURN_VERSION}"
        )
    extra = sorted(set(data) - {*_FIELDS, "signature"})
    if extra:
        raise FileFormatError(f"{source}: malformed turn file: unknown key {extra[0]!r}")
    camp, player = _get(data, "campaign", dict, source), _get(data, "player", dict, source)
    uid, name = camp.get("uid"), camp.get("name")
    seat, pname = player.get("seat"), player.get("name")
    if not isinstance(uid, str) or not uid or not isinstance(name, str):
        raise FileFormatError(f"{source}: malformed turn file: 'campaign' needs a uid and name")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 1000:
        raise FileFormatError(f"{source}: malformed turn file: 'player.seat' is {shown(seat)}")
    if not isinstance(pname, str):
        raise FileFormatError(f"{source}: malformed turn file: 'player.name' is {shown(pname)}")
    public = _get(data, "public_key", str, source)
    unb64(public, PUBLIC_BYTES, f"{source}: malformed turn file: 'public_key'")
    signature = _get(data, "signature", str, source)
    base, base_hash = _point(data, "base", source)
    tip, tip_hash = _point(data, "tip", source)
    entries, items = _entries(_get(data, "entries", list, source), source)
    body = {k: v for k, v in data.items() if k != "signature"}
    if file_bytes(data) != raw or not verify(public, signature, SIGNED_LABEL + _canonical(body)):
        raise TurnRefused(
            f"{source}: this turn file was altered after {pname} signed it "
            "(its signature does not match): refused"
        )
    if tip != base + len(entries):
        raise TurnRefused(f"{source}: its moves do not end where the file says (entry {tip})")
    return TurnFile(
        source, uid, name, seat, pname, public, base, base_hash, entries, items, tip, tip_hash
    )


# -- import ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Imported:
    """What an import did, for the player's message."""

    player: str
    moves: int
    pinned: str | None  # the fingerprint of a key pinned now (trust on first use)
    turn: int
    phase: str
    #: Rolls the file carries that were typed in from physical dice (not the chain's).
    typed: int = 0

    def message(self, campaign: str) -> str:
        text = (
            f"Imported {self.player}'s turn file into {campaign}: {count(self.moves, 'move', 'moves')}; "
            f"now turn {self.turn}, {self.phase}."
        )
        if self.typed:
            text += (
                f" {self.typed} roll(s) in it were typed in from {self.player}'s physical "
                "dice: the history does not fix those."
            )
        if self.pinned:
            text += (
                f" First file from {self.player}: their key {self.pinned} is now pinned "
                "(trusted on first use; check it with them if you can)."
            )
        return text


def import_turn(
    session: Session[CampaignState],
    turn: TurnFile,
    *,
    own_keys: Mapping[int, str] | None = None,
) -> Imported:
    """Append ``turn``'s new moves to ``session``; TurnRefused naming why, and nothing
    changed, when it does not continue this campaign's log. ``own_keys``: this
    computer's own public keys by seat (they count as pinned)."""
    st, src = session.state, turn.source
    if turn.uid != st.uid:
        raise TurnRefused(
            f"{src}: this turn file is for the campaign {turn.campaign!r}, not {st.name!r}"
        )
    pinned = pinned_keys(session).get(turn.seat) or (own_keys or {}).get(turn.seat)
    if pinned is not None and pinned != turn.public_key:
        raise TurnRefused(
            f"{src}: signed by a key ({turn.key_fingerprint}) other than the one pinned for "
            f"{turn.player} ({fingerprint(pinned)}): refused. Only the key first seen from "
            "a player is trusted for them"
        )
    new = _new_moves(session, turn)
    state, typed = _replayed(st, turn, new, chain(session)[-1])
    if not 0 <= turn.seat < len(state.players) or state.players[turn.seat].name != turn.player:
        raise TurnRefused(
            f"{src}: it is signed as {turn.player} (player {turn.seat + 1}), who is not that "
            f"player of {st.name}"
        )
    # Everything checked: now the campaign changes (imported moves are undo barriers).
    session.replay([Entry(action, rolls, barrier=True) for action, rolls in new])
    session.redo_list.clear()
    record = dict(_record(session))
    keys = {str(k): v for k, v in pinned_keys(session).items()}
    made_pin = str(turn.seat) not in keys
    keys[str(turn.seat)] = turn.public_key
    record.update(keys=keys, base=len(session.entries))
    session.header[HEADER_KEY] = record
    use_chain_dice(session)  # played by e-mail: from now on the chain fixes the rolls
    return Imported(
        turn.player,
        len(new),
        turn.key_fingerprint if made_pin else None,
        session.state.turn_no,
        session.state.phase,
        typed,
    )


def _new_moves(
    session: Session[CampaignState], turn: TurnFile
) -> tuple[tuple[Action, tuple[Roll, ...]], ...]:
    """The file's moves this log does not have yet; TurnRefused unless the file
    continues this log (its base is here and whatever it shares with it matches)."""
    src, here = turn.source, chain(session)
    n = len(here) - 1
    where = f"entry {turn.base} ({short(turn.base_hash)})"
    if turn.base > n:
        raise TurnRefused(
            f"{src}: it builds on {where} of {turn.campaign}, but this campaign has only "
            f"{n} entries: import the turn files that came before it first"
        )
    if here[turn.base] != turn.base_hash:
        raise TurnRefused(
            f"{src}: it builds on {where}, but this campaign's entry {turn.base} is "
            f"{short(here[turn.base])}: the histories differ (a fork: a move was undone or "
            "changed after it was shared); refused"
        )
    h = turn.base_hash
    for k, item in enumerate(turn.items):
        h = next_hash(h, item)
        at = turn.base + k + 1
        if at <= n and here[at] != h:
            raise TurnRefused(
                f"{src}: its move {k + 1} differs from this campaign's entry {at}: the "
                f"histories differ after entry {at - 1} (a fork: both sides moved from "
                "there, or a move was undone after it was shared). Turn files go one after "
                f"another: take back the moves made here since entry {at - 1}, import "
                "this file, then make them again; refused"
            )
    if h != turn.tip_hash:
        raise TurnRefused(f"{src}: its moves do not chain to the tip it names: refused")
    if turn.tip <= n:
        raise TurnRefused(
            f"{src}: an old turn: its {count(len(turn.items), 'move', 'moves')}, up to entry "
            f"{turn.tip}, {verb(len(turn.items), 'is', 'are')} already in this campaign"
        )
    return turn.entries[n - turn.base :]


def _replayed(
    st: CampaignState,
    turn: TurnFile,
    new: Sequence[tuple[Action, tuple[Roll, ...]]],
    before: str,
) -> tuple[CampaignState, int]:
    """The campaign after ``new``, played on a copy, and how many of its rolls were
    typed in; TurnRefused naming the first move that is not ``turn``'s player's, that
    the rules refuse, or whose dice are not the ones the chain fixes (``before``: the
    chain's hash before the first of them, :mod:`wargame.campaign.pbem_dice`)."""
    state = st.clone()
    first = turn.tip - len(new)
    typed = 0
    for k, (action, rolls) in enumerate(new, first + 1):
        for i, roll in enumerate(rolls):
            if roll.typed:
                typed += 1
                continue
            index = sum(r.purpose == roll.purpose for r in rolls[:i])
            low, high, n = roll.low, roll.high, len(roll.values)
            if roll.values != chain_values(before, roll.purpose, index, low, high, n):
                raise TurnRefused(
                    f"{turn.source}: entry {k} ({action.to_text():.60}) rolled "
                    f"{list(roll.values)} for {roll.purpose!r}, but the campaign's history "
                    "fixes other dice there (a roll made again, or dice not the chain's): "
                    "refused"
                )
        before = next_hash(before, entry_json(action, rolls))
        author = _mover(state, action)
        if author is not None and author != turn.seat:
            known = 0 <= author < len(state.players)
            who = state.players[author].name if known else f"a new player {author + 1}"
            raise TurnRefused(
                f"{turn.source}: entry {k} ({action.to_text():.60}) is {who}'s move, but the "
                f"file is {turn.player}'s: a turn file carries only its own player's moves"
            )
        dice = DiceService(ReplayProvider(rolls))
        try:
            with dice.recording() as drawn:
                state.apply(action, dice)
        except WargameError as exc:
            raise TurnRefused(f"{turn.source}: entry {k} is refused here: {exc}") from None
        if tuple(drawn) != rolls:
            raise TurnRefused(
                f"{turn.source}: entry {k} ({action.to_text():.60}) does not draw the dice "
                "the file records"
            )
    return state, typed


def start_from_turn(
    turn: TurnFile, dice: DiceService | None = None
) -> tuple[Session[CampaignState], Imported]:
    """A new campaign on this computer from the first turn file of another's (one that
    builds on the campaign's start); TurnRefused otherwise."""
    if not 0 < len(turn.campaign.strip()) <= 80:
        raise TurnRefused(f"{turn.source}: the campaign's name must be 1 to 80 characters")
    if turn.base != 0:
        raise TurnRefused(
            f"{turn.source}: it builds on entry {turn.base} of {turn.campaign}, which this "
            "computer does not have: import that campaign's first turn file first"
        )
    session = new_campaign(turn.campaign, dice=dice, uid=turn.uid)
    return session, import_turn(session, turn)
