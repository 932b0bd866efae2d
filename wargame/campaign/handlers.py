"""The campaign's rules in action: one handler per action, each validating
everything first and only then changing the state (a refusal changes nothing)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from wargame.campaign import actions as A
from wargame.campaign.contents import canonical_json, has_party, has_ships, normalize_contents
from wargame.campaign.losses import SIDES, after_losses, describe_losses, parse_losses
from wargame.campaign.model import (
    ORDERS,
    OVER,
    RESOLVE,
    REVEAL,
    Engagement,
    Force,
    Player,
    TurnRecord,
)
from wargame.campaign.rules import BATTLE, LAND_RAID, NO_CONTACT
from wargame.campaign.scoring import engagement_vp
from wargame.campaign.secrets import KdfParams, SecretError, check_token_shape, commitment
from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import BadInput, IllegalAction

if TYPE_CHECKING:
    from wargame.campaign.shape import CampaignLike

SHEET = "Campaign Master Sheet"


def refuse(message: str) -> IllegalAction:
    return IllegalAction(message, rule=SHEET)


def engagement_key(player: int, letter: str) -> str:
    return f"{player}:{letter}"


def tally(e: Engagement, fought: list[int], won: list[int]) -> None:
    if not e.scored or e.result == NO_CONTACT:
        return
    a, d = e.attacker_side[0], e.defender_side[0]
    fought[a] += 1
    fought[d] += 1
    v = e.verdict
    if v == "attacker":
        won[a] += 1
    elif v == "defender":
        won[d] += 1


# -- handlers: each validates everything first, then changes the state --------------


def _need_phase(state: CampaignLike, phase: str, what: str) -> None:
    if state.phase != phase:
        raise refuse(f"{what} only in the {phase} phase (the campaign is at {state.phase})")


def _editable_sheet(state: CampaignLike, seat: int, what: str) -> Player:
    p = state.player(seat)
    _need_phase(state, ORDERS, what)
    if p.done:
        raise refuse(f"player: {p.name} is done declaring; take 'done' back to change the sheet")
    return p


def _check_letter(state: CampaignLike, letter: Any, field: str = "letter") -> str:
    if letter not in state.rules.letters:
        raise refuse(
            f"{field}: {letter!r} is not a force letter ({', '.join(state.rules.letters)})"
        )
    return str(letter)


def _add_player(state: CampaignLike, a: A.AddPlayer, dice: DiceService) -> None:
    r = state.rules
    if state.turn_no != 1 or state.phase != ORDERS or state.engagements or state.history:
        raise refuse("player: players join before the first engagement is declared")
    if len(state.players) >= r.max_players:
        raise refuse(f"player: at most {r.max_players} players")
    name = a.name.strip()
    if not name or len(name) > 40:
        raise refuse("name: a player needs a name of 1 to 40 characters")
    if any(p.name.lower() == name.lower() for p in state.players):
        raise refuse(f"name: there is already a player called {name!r}")
    if a.country not in r.countries:
        raise refuse(f"country: {a.country!r} is not one of {', '.join(r.countries)}")
    if len(a.salt) < 16 or len(a.verifier) != 64:
        raise refuse("salt: the player's key data is malformed")
    try:
        KdfParams.parse(a.kdf)
    except SecretError as exc:
        raise refuse(f"kdf: {exc}") from None
    state.players.append(Player(name, a.country, a.salt, a.verifier, a.kdf))
    state.banked.append(0)
    state.fought.append(0)
    state.won.append(0)


def _set_force(state: CampaignLike, a: A.SetForce, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "values are given")
    letter = _check_letter(state, a.letter)
    r = state.rules
    if isinstance(a.value, bool) or not isinstance(a.value, int):
        raise refuse(f"value: {a.value!r} is not a whole number")
    if not r.value_min <= a.value <= r.value_max:
        raise refuse(f"value: {a.value} is outside {r.value_min}-{r.value_max} (force {letter})")
    f = p.forces.get(letter)
    if f is None:
        p.forces[letter] = Force(letter, a.value)
    else:
        p.forces[letter] = Force(letter, a.value, f.sealed, f.commit)


def _remove_force(state: CampaignLike, a: A.RemoveForce, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "forces are removed")
    letter = _check_letter(state, a.letter)
    if letter not in p.forces:
        raise refuse(f"letter: {p.name} has no force {letter}")
    e = state.engagement_of(a.player, letter)
    if e is not None:
        raise refuse(f"letter: force {letter} is in engagement {e.key}; withdraw it first")
    del p.forces[letter]


def _seal(state: CampaignLike, a: A.SealContents, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "contents are sealed")
    letter = _check_letter(state, a.letter)
    f = p.forces.get(letter)
    if f is None:
        raise refuse(f"letter: give force {letter} a value before its contents")
    try:
        check_token_shape(a.sealed)
    except SecretError as exc:
        raise refuse(str(exc)) from None
    if len(a.commit) != 64 or any(c not in "0123456789abcdef" for c in a.commit):
        raise refuse("commit: not a SHA-256 commitment")
    p.forces[letter] = Force(letter, f.value, a.sealed, a.commit)


def _declare(state: CampaignLike, a: A.Declare, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "engagements are declared")
    letter = _check_letter(state, a.letter)
    if letter not in p.forces:
        raise refuse(f"letter: {p.name} has no force {letter} (give it a value first)")
    q = state.player(a.opponent, "opponent")
    if a.opponent == a.player:
        raise refuse("opponent: a force can't engage its own side's sheet")
    their = _check_letter(state, a.opponent_letter, "opponent_letter")
    if their not in q.forces:
        raise refuse(f"opponent_letter: {q.name} has no force {their}")
    if not isinstance(a.attacker, bool):
        raise refuse("attacker: must be Y or N")
    mine = state.engagement_of(a.player, letter)
    if mine is not None:
        raise refuse(f"letter: force {letter} is already in engagement {mine.key}")
    theirs = state.engagement_of(a.opponent, their)
    if theirs is not None:
        raise refuse(
            f"opponent_letter: {q.name}'s force {their} is already in engagement {theirs.key}"
        )
    key = engagement_key(a.player, letter)
    state.engagements[key] = Engagement(key, a.player, letter, a.opponent, their, a.attacker)
    state.engaged[(a.player, letter)] = key
    state.engaged[(a.opponent, their)] = key
    # A sheet already done stays frozen: its owner may not change values or contents
    # after seeing an engagement declared against it (issue 11).
    if q.done and not state.fair_play:  # the old rule: its owner looked again
        q.done = False


def _withdraw(state: CampaignLike, a: A.Withdraw, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "engagements are withdrawn")
    letter = _check_letter(state, a.letter)
    e = state.engagements.get(engagement_key(a.player, letter))
    if e is None:
        raise refuse(f"letter: {p.name} declared no engagement for force {letter}")
    del state.engagements[e.key]
    del state.engaged[(e.player, e.letter)]
    del state.engaged[(e.opponent, e.opponent_letter)]


def _done(state: CampaignLike, a: A.DoneDeclaring, dice: DiceService) -> None:
    p = state.player(a.player)
    _need_phase(state, ORDERS, "declaring is finished")
    if len(state.players) < state.rules.min_players:
        raise refuse(f"player: a campaign needs at least {state.rules.min_players} players")
    if p.done == a.done:
        raise refuse(f"player: {p.name} is {'already' if a.done else 'not'} done")
    if not a.done and state.fair_play:
        raise refuse(
            f"player: {p.name} is done for this turn; their values and sealed contents "
            "stay as they are until the next turn"
        )
    stale = sorted(L for L, f in p.forces.items() if f.sealed and not f.commit)
    if stale and state.fair_play:
        raise refuse(
            f"letter: force {stale[0]}'s contents were opened at the last reveal; "
            "seal them again for this turn"
        )
    p.done = a.done
    if state.all_done():
        state.phase = REVEAL if state.engagements else RESOLVE
        if not state.engagements:  # nothing to fight: nothing needs unfolding
            for q in state.players:
                q.revealed = None


def _reveal(state: CampaignLike, a: A.Reveal, dice: DiceService) -> None:
    p = state.player(a.player)
    _need_phase(state, REVEAL, "sheets are unfolded")
    if p.revealed is not None:
        raise refuse(f"player: {p.name}'s sheet is already unfolded")
    try:
        payload = json.loads(a.payload)
    except json.JSONDecodeError as exc:
        raise refuse(f"payload: not JSON ({exc.msg})") from None
    if not isinstance(payload, dict):
        raise refuse("payload: must map force letters to contents")
    sealed = {L for L, f in p.forces.items() if f.sealed}
    if set(payload) != sealed:
        missing = sorted(sealed - set(payload)) or sorted(set(payload) - sealed)
        raise refuse(f"payload: force {missing[0]} does not match the sealed sheet")
    revealed: dict[str, Any] = {}
    for letter, item in payload.items():
        if not isinstance(item, dict) or not isinstance(item.get("n"), str):
            raise refuse(f"payload.{letter}: needs its nonce 'n' and contents 'c'")
        try:
            contents = normalize_contents(item.get("c"), state.rules, where=f"payload.{letter}")
        except BadInput as exc:
            raise refuse(str(exc)) from None
        if commitment(item["n"], canonical_json(contents)) != p.forces[letter].commit:
            raise refuse(
                f"payload.{letter}: the contents are not the ones sealed before the engagements"
            )
        revealed[letter] = contents
    p.revealed = revealed
    if state.all_revealed():
        state.phase = RESOLVE


def _set_result(state: CampaignLike, e: Engagement, result: int) -> None:
    """Store ``result`` after the rules data's fall-backs; no contact is scored at once."""
    res = state.rules.resolution
    att, dfn = e.attacker_side, e.defender_side
    att_c, def_c = state.revealed_contents(*att), state.revealed_contents(*dfn)
    if result == LAND_RAID and not has_party(att_c):
        result = res.raid_without_party
    if result == BATTLE and not (has_ships(att_c) and has_ships(def_c)):
        result = res.battle_without_ships
    e.result = result
    if result == NO_CONTACT:
        e.attacker_vp, e.defender_vp = engagement_vp(state.rules, result=NO_CONTACT)
        e.source = "no contact"


def _resolve(state: CampaignLike, a: A.Resolve, dice: DiceService) -> None:
    _need_phase(state, RESOLVE, "engagements are resolved")
    e = state.engagement(a.engagement)
    if e.result is not None:
        raise refuse(f"engagement: {e.key} is already resolved")
    if state.rules.resolution.method != "d6":
        raise refuse("engagement: the attacker chooses the result (rules: method = choice)")
    roll = dice.d6(f"Campaign: result of {state.engagement_title(e.key)}")
    e.roll = roll
    _set_result(state, e, state.rules.resolution.table[roll])


def _resolve_all(state: CampaignLike, a: A.ResolveAll, dice: DiceService) -> None:
    _need_phase(state, RESOLVE, "engagements are resolved")
    if state.rules.resolution.method != "d6":
        raise refuse("engagement: the attacker chooses the result (rules: method = choice)")
    todo = [e for e in state.engagements.values() if e.result is None]
    if not todo:
        raise refuse("engagement: every engagement is already resolved")
    table = state.rules.resolution.table
    rolls = [dice.d6(f"Campaign: result of {state.engagement_title(e.key)}") for e in todo]
    for e, roll in zip(todo, rolls):
        e.roll = roll
        _set_result(state, e, table[roll])


def _choose(state: CampaignLike, a: A.ChooseResult, dice: DiceService) -> None:
    _need_phase(state, RESOLVE, "engagements are resolved")
    e = state.engagement(a.engagement)
    if state.rules.resolution.method != "choice":
        raise refuse("result: the result is rolled (rules: method = d6)")
    if e.result is not None:
        raise refuse(f"engagement: {e.key} is already resolved")
    if a.result not in (BATTLE, NO_CONTACT, LAND_RAID):
        raise refuse(f"result: {a.result!r} is not 1 (battle), 2 (no contact) or 3 (land raid)")
    _set_result(state, e, a.result)


def _score(state: CampaignLike, a: A.RecordScore, dice: DiceService) -> None:
    e = state.engagements.get(a.engagement)
    if e is None:
        raise refuse(f"engagement: {a.engagement!r} is not declared this turn")
    _need_phase(state, RESOLVE, "battle scores are written")
    if e.result is None:
        raise refuse(f"engagement: {e.key} is not resolved yet (battle, no contact or raid?)")
    if e.result == NO_CONTACT:
        raise refuse(f"engagement: {e.key} was no contact; there is no battle score")
    sc = state.rules.scoring
    for field, v in (("attacker_score", a.attacker_score), ("defender_score", a.defender_score)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise refuse(f"{field}: {v!r} is not a whole number")
        if not sc.score_min <= v <= sc.score_max:
            raise refuse(f"{field}: {v} is outside {sc.score_min}-{sc.score_max}")
    if a.source not in ("typed", "linked"):
        raise refuse(f"source: {a.source!r} is not typed or linked")
    if a.winner not in ("", "attacker", "defender", "draw"):
        raise refuse(f"winner: {a.winner!r} is not attacker, defender or draw")
    e.attacker_score, e.defender_score = a.attacker_score, a.defender_score
    e.attacker_vp, e.defender_vp = engagement_vp(
        state.rules,
        result=e.result,
        attacker_score=a.attacker_score,
        defender_score=a.defender_score,
        attacker_value=state.force_value(*e.attacker_side),
        defender_value=state.force_value(*e.defender_side),
        winner=a.winner,
    )
    e.source = a.source
    e.winner = a.winner


def _losses(state: CampaignLike, a: A.RecordLosses, dice: DiceService) -> None:
    e = state.engagements.get(a.engagement)
    if e is None:
        raise refuse(f"engagement: {a.engagement!r} is not declared this turn")
    _need_phase(state, RESOLVE, "losses are carried back")
    title = state.engagement_title(e.key)
    if e.result not in (BATTLE, LAND_RAID):
        raise refuse(f"engagement: {title} was not fought (no battle or raid)")
    if e.losses is not None:
        raise refuse(f"engagement: the losses of {title} are already on the sheets")
    try:
        losses = parse_losses(a.losses)
        new = {}
        for side in SIDES:
            seat, letter = e.attacker_side if side == "attacker" else e.defender_side
            where = f"losses.{side} ({state.players[seat].name}'s force {letter})"
            new[side] = (
                seat,
                letter,
                after_losses(state.revealed_contents(seat, letter), losses[side], where),
            )
    except BadInput as exc:
        raise refuse(str(exc)) from None
    for seat, letter, contents in new.values():
        p = state.players[seat]
        if p.revealed is not None:  # shared with clones: replaced, never changed in place
            p.revealed = {**p.revealed, letter: contents}
    e.losses = losses


def _end_turn(state: CampaignLike, a: A.EndTurn, dice: DiceService) -> None:
    _need_phase(state, RESOLVE, "the turn ends")
    waiting = [k for k, e in state.engagements.items() if not e.scored]
    if waiting:
        raise refuse(f"engagement: {waiting[0]} has no result yet")
    vp_turn = [0] * len(state.players)
    for e in state.engagements.values():
        vp_turn[e.attacker_side[0]] += e.attacker_vp or 0
        vp_turn[e.defender_side[0]] += e.defender_vp or 0
        tally(e, state.fought, state.won)
    sheets = tuple(
        {
            L: {"value": f.value, "contents": (p.revealed or {}).get(L) if p.revealed else None}
            for L, f in sorted(p.forces.items())
        }
        for p in state.players
    )
    record = TurnRecord(state.turn_no, tuple(state.engagements.values()), sheets, tuple(vp_turn))
    state.history = (*state.history, record)
    state.banked = [b + v for b, v in zip(state.banked, vp_turn)]
    state.engagements = {}
    state.engaged = {}
    for p in state.players:
        p.done = False
        p.revealed = None
        # The reveal published each commitment's nonce: a kept commitment would tell
        # everyone the force is unchanged. Each turn's contents are sealed afresh.
        if state.fair_play:
            p.forces = {L: Force(L, f.value, f.sealed, "") for L, f in p.forces.items()}
    state.turn_no += 1
    state.phase = ORDERS


def _finish(state: CampaignLike, a: A.Finish, dice: DiceService) -> None:
    if not state.history:
        raise refuse("the campaign ends after at least one finished turn")
    if state.phase != ORDERS or state.engagements or any(p.done for p in state.players):
        raise refuse("the campaign ends between turns (end this turn first)")
    state.phase = OVER


HANDLERS: dict[type[Action], Any] = {
    A.AddPlayer: _add_player,
    A.SetForce: _set_force,
    A.RemoveForce: _remove_force,
    A.SealContents: _seal,
    A.Declare: _declare,
    A.Withdraw: _withdraw,
    A.DoneDeclaring: _done,
    A.Reveal: _reveal,
    A.Resolve: _resolve,
    A.ResolveAll: _resolve_all,
    A.ChooseResult: _choose,
    A.RecordScore: _score,
    A.RecordLosses: _losses,
    A.EndTurn: _end_turn,
    A.Finish: _finish,
}


def describe_action(state: CampaignLike, a: Action) -> str:
    if isinstance(a, A.AddPlayer):
        return f"{a.name} joins for {a.country}"
    if isinstance(a, A.SetForce):
        return f"{state.label(a.player)}: force {a.letter} value {a.value}"
    if isinstance(a, A.RemoveForce):
        return f"{state.label(a.player)}: force {a.letter} struck out"
    if isinstance(a, A.SealContents):
        return f"{state.label(a.player)}: contents of force {a.letter} sealed"
    if isinstance(a, A.Declare):
        role = "attacking" if a.attacker else "defending"
        return (
            f"{state.label(a.player)}: force {a.letter} engages "
            f"{state.label(a.opponent)} force {a.opponent_letter}, {role}"
        )
    if isinstance(a, A.Withdraw):
        return f"{state.label(a.player)}: engagement of force {a.letter} withdrawn"
    if isinstance(a, A.DoneDeclaring):
        return f"{state.label(a.player)}: {'done declaring' if a.done else 'declaring again'}"
    if isinstance(a, A.Reveal):
        return f"{state.label(a.player)}: sheet unfolded"
    if isinstance(a, A.Resolve | A.ChooseResult):
        return f"Engagement resolved: {state.engagement_title(a.engagement)}"
    if isinstance(a, A.ResolveAll):
        return "Every engagement resolved"
    if isinstance(a, A.RecordScore):
        return (
            f"{state.engagement_title(a.engagement)}: battle score "
            f"{a.attacker_score}-{a.defender_score} ({a.source})"
        )
    if isinstance(a, A.RecordLosses):
        return describe_losses(state, a.engagement, a.losses)
    if isinstance(a, A.EndTurn):
        return "Turn ended"
    if isinstance(a, A.Finish):
        return "Campaign ended"
    return a.to_text()
