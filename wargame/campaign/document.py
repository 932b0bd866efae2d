"""Campaign sessions: creating, saving and opening a campaign, and the helpers
that turn a player's passphrase and plaintext contents into actions.

A saved campaign is an ordinary action-log save (``format: wargame-session``,
``header.game = "campaign"``): the log holds only sealed contents until the
reveal, so a shared file does not give a player's forces away.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from typing import Any

from wargame.campaign import actions as A
from wargame.campaign.contents import NAME_MAX, canonical_json, largest_force, normalize_contents
from wargame.campaign.rules import CampaignRules, campaign_rules
from wargame.campaign.secrets import (
    KdfParams,
    PlayerKey,
    SecretError,
    aad_for,
    commitment,
    derive_key,
    new_commit_nonce,
    new_salt,
    seal,
    sealed_payload,
    unlock,
    unseal,
)
from wargame.campaign.state import CampaignState
from wargame.core.dice import DiceService
from wargame.core.log import Session
from wargame.errors import BadInput, FileFormatError, shown

GAME_KEY = "campaign"
SCENARIO_MODE = "campaign"


def new_uid() -> str:
    return os.urandom(8).hex()


#: Header mark of a campaign begun under the fair-play rules (issue 11).
FAIR_PLAY = "fair_play"


def _factory(
    uid: str, name: str, rules: CampaignRules | None = None, *, fair_play: bool = True
) -> Callable[[DiceService], CampaignState]:
    def make(_dice: DiceService) -> CampaignState:
        return CampaignState(uid, name, rules, fair_play=fair_play)

    return make


def new_campaign(
    name: str,
    *,
    dice: DiceService | None = None,
    uid: str | None = None,
    rules: CampaignRules | None = None,
) -> Session[CampaignState]:
    """An empty campaign in a session (add players next)."""
    uid = uid or new_uid()
    header = {
        "game": GAME_KEY,
        "players": 0,
        "campaign": {"uid": uid, "name": name},
        FAIR_PLAY: 1,
    }
    session = Session(_factory(uid, name, rules), dice, header=header)
    session.authors_only = True  # only a player undoes their own actions
    return session


def is_campaign_save(data: Any) -> bool:
    if not isinstance(data, Mapping):
        return False
    header = data.get("header")
    return (
        data.get("format") == "wargame-session"
        and isinstance(header, Mapping)
        and header.get("game") == GAME_KEY
    )


def load_campaign(
    data: Mapping[str, Any],
    dice: DiceService | None = None,
    *,
    rules: CampaignRules | None = None,
    convert_unsealed: str | None = None,
) -> Session[CampaignState]:
    """Open a saved campaign by replaying its log; FileFormatError naming what is wrong.
    A version-1 (unsealed) one only when ``convert_unsealed`` says so."""
    if not is_campaign_save(data):
        raise FileFormatError("not a saved campaign (header.game is not 'campaign')")
    info = data["header"].get("campaign")
    if not isinstance(info, Mapping):
        raise FileFormatError("saved campaign: key 'header.campaign' is missing")
    uid, name = info.get("uid"), info.get("name")
    if not isinstance(uid, str) or not uid or not isinstance(name, str):
        raise FileFormatError("saved campaign: header.campaign needs a 'uid' and a 'name'")
    fair = bool(data["header"].get(FAIR_PLAY))  # authenticated in a version-2 save
    session = Session.from_json(
        data, _factory(uid, name, rules, fair_play=fair), dice, convert_unsealed=convert_unsealed
    )
    session.authors_only = True  # only a player undoes their own actions
    if isinstance(session.header.get("pbem"), Mapping):  # played by e-mail: the chain's dice
        from wargame.campaign.pbem_dice import use_chain_dice

        use_chain_dice(session)
    return session


def campaign_from_scenario(
    data: Mapping[str, Any], dice: DiceService | None = None
) -> Session[CampaignState]:
    """A shipped campaign scenario (``format: wargame-scenario``, ``mode: campaign``)
    holds a saved campaign under ``session``. A scenario is where a campaign starts:
    it starts under the current (fair-play) rules whatever its file says, and one whose
    opening those rules refuse is refused."""
    if not isinstance(data, Mapping):
        raise FileFormatError("campaign scenario: must be a JSON object")
    if data.get("mode") != SCENARIO_MODE:
        raise FileFormatError(f"key 'mode': {shown(data.get('mode'))} is not a campaign")
    session = started_fair(data.get("session"))
    if not isinstance(session, Mapping):
        raise FileFormatError("campaign scenario: key 'session' (the saved campaign) is missing")
    # A scenario's opening actions are a file anyone writes, never sealed: they are
    # played under the mark "started from a scenario file".
    return load_campaign(session, dice, convert_unsealed="scenario")


def started_fair(session: Any) -> Any:
    """A scenario's saved campaign with the fair-play mark in its header (issue 30)."""
    if not isinstance(session, Mapping) or not isinstance(session.get("header"), Mapping):
        return session
    return {**session, "header": {**session["header"], FAIR_PLAY: 1}}


def save_campaign(session: Session[CampaignState]) -> dict[str, Any]:
    # The header is sealed with the rest: set it before saving, never after.
    session.header["players"] = len(session.state.players)
    session.header["turn"] = session.state.turn_no
    session.header["phase"] = session.state.phase
    return session.to_json()


# -- players' keys and secrets ------------------------------------------------------------


def kdf_params(rules: CampaignRules | None = None) -> KdfParams:
    s = (rules or campaign_rules()).secrets
    return KdfParams(s.argon2_time, s.argon2_memory_kib, s.argon2_lanes, argon2=True)


def add_player_action(
    name: str,
    country: str,
    passphrase: str,
    *,
    rules: CampaignRules | None = None,
    params: KdfParams | None = None,
) -> tuple[A.AddPlayer, PlayerKey]:
    """The action adding a player, and the key their passphrase unlocks
    (``params`` overrides the rules data's key cost, for tests and benchmarks)."""
    rules = rules or campaign_rules()
    if len(passphrase) < rules.secrets.min_passphrase:
        raise BadInput(
            f"passphrase: at least {rules.secrets.min_passphrase} characters, not {len(passphrase)}"
        )
    params = params or kdf_params(rules)
    salt = new_salt()
    key = derive_key(passphrase, salt, params)
    return A.AddPlayer(name, country, salt, key.verifier(), params.text()), key


def unlock_player(state: CampaignState, seat: int, passphrase: str) -> PlayerKey:
    """The player's key; SecretError ("passphrase: wrong passphrase") if it does not fit."""
    p = state.players[seat]
    return unlock(passphrase, p.salt, p.verifier, KdfParams.parse(p.kdf))


def sealed_size(rules: CampaignRules) -> int:
    """The one plaintext size of every sealed force: the largest force the rules allow
    (``largest_force``) with a commitment nonce, so the sealed text tells nothing of
    how many ships or men a force holds before the reveal."""
    return len(sealed_payload(new_commit_nonce(), largest_force(rules)))


def seal_action(
    state: CampaignState, seat: int, letter: str, contents: Any, key: PlayerKey
) -> A.SealContents:
    """Check ``contents`` and seal them for force ``letter`` (BadInput naming the field)."""
    clean = normalize_contents(contents, state.rules, where=f"force {letter} contents")
    nonce = new_commit_nonce()
    payload = sealed_payload(nonce, clean)
    size = sealed_size(state.rules)
    if len(payload) > size:
        raise BadInput(
            f"force {letter} contents: too long to seal at the one size every force has "
            f"({len(payload):,} bytes, at most {size:,}: the largest force the rules allow, "
            f"{state.rules.contents.max_ships} ships and {state.rules.contents.max_groups} "
            f"party entries named in {NAME_MAX} plain letters); shorten the names"
        )
    token = seal(key, payload, aad_for(state.uid, seat, letter), size=size)
    return A.SealContents(seat, letter, token, commitment(nonce, canonical_json(clean)))


def _open_force(
    state: CampaignState, seat: int, letter: str, key: PlayerKey
) -> tuple[str, dict[str, Any]] | None:
    f = state.players[seat].forces.get(letter)
    if f is None or not f.sealed:
        return None
    raw = unseal(key, f.sealed, aad_for(state.uid, seat, letter))
    try:
        item = json.loads(raw)
        return str(item["n"]), item["c"]
    except (ValueError, KeyError, TypeError) as exc:
        raise SecretError(f"force {letter}: sealed contents are damaged") from exc


def open_contents(state: CampaignState, seat: int, key: PlayerKey) -> dict[str, dict[str, Any]]:
    """The player's own secret contents by letter (needs their key)."""
    out = {}
    for letter in state.players[seat].forces:
        opened = _open_force(state, seat, letter, key)
        if opened is not None:
            out[letter] = opened[1]
    return out


def reveal_action(state: CampaignState, seat: int, key: PlayerKey) -> A.Reveal:
    """The reveal of ``seat``'s sheet, opened with their key."""
    payload = {}
    for letter in sorted(state.players[seat].forces):
        opened = _open_force(state, seat, letter, key)
        if opened is not None:
            payload[letter] = {"n": opened[0], "c": opened[1]}
    return A.Reveal(seat, json.dumps(payload, sort_keys=True, separators=(",", ":")))
