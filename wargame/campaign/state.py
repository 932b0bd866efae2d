"""The campaign document: its players' master sheets, this turn's engagements and
the history of past turns. Changed only by :meth:`CampaignState.apply`.

A turn runs in phases:

1. **orders** - players give their forces values, seal their secret contents and
   declare engagements; each says when they are done;
2. **reveal** - once everyone is done, each player unfolds their sheet (the
   reveal action publishes the contents, checked against the commitments);
3. **resolve** - every engagement is resolved (1 battle, 2 no contact, 3 land
   raid) and each battle or raid gets its battle scores, typed in or reported by
   the linked fight; victory points follow;
4. ending the turn files it in the history; the next turn starts at orders.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from wargame.campaign import actions as A
from wargame.campaign.contents import canonical_json, has_party, has_ships, normalize_contents
from wargame.campaign.model import (
    ORDERS,
    OVER,
    PHASES,
    RESOLVE,
    REVEAL,
    Engagement,
    Force,
    Player,
    TurnRecord,
)
from wargame.campaign.rules import (
    BATTLE,
    LAND_RAID,
    NO_CONTACT,
    CampaignRules,
    campaign_rules,
)
from wargame.campaign.scoring import Standing, country_totals, engagement_vp, standings
from wargame.campaign.secrets import SecretError, check_token_shape, commitment
from wargame.core.actions import Action
from wargame.core.dice import DiceService, Roll
from wargame.errors import BadInput, IllegalAction, InvariantViolation

SHEET = "Campaign Master Sheet"


def _refuse(message: str) -> IllegalAction:
    return IllegalAction(message, rule=SHEET)


def engagement_key(player: int, letter: str) -> str:
    return f"{player}:{letter}"


class CampaignState:
    """A campaign. ``uid`` names it in campaign links; ``name`` is for people."""

    def __init__(self, uid: str, name: str, rules: CampaignRules | None = None) -> None:
        self.uid = uid
        self.name = name
        self.rules = rules or campaign_rules()
        self.players: list[Player] = []
        self.turn_no = 1
        self.phase = ORDERS
        self.engagements: dict[str, Engagement] = {}
        #: (seat, letter) -> key of the engagement that force is in this turn.
        self.engaged: dict[tuple[int, str], str] = {}
        self.history: tuple[TurnRecord, ...] = ()
        #: Victory points banked from finished turns, per player.
        self.banked: list[int] = []
        self.fought: list[int] = []
        self.won: list[int] = []

    # -- the document protocol ------------------------------------------------------
    def clone(self) -> CampaignState:
        c = CampaignState.__new__(CampaignState)
        c.uid, c.name, c.rules = self.uid, self.name, self.rules
        c.players = [p.copy() for p in self.players]
        c.turn_no, c.phase = self.turn_no, self.phase
        c.engagements = {k: _copy_engagement(e) for k, e in self.engagements.items()}
        c.engaged = dict(self.engaged)
        c.history = self.history
        c.banked, c.fought, c.won = list(self.banked), list(self.fought), list(self.won)
        return c

    def current_player(self) -> int | None:
        return None

    @property
    def turn(self) -> int:
        return self.turn_no

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def parse_action(self, text: str) -> Action:
        return Action.from_text(text)

    def is_undo_barrier(self, action: Action, rolls: Sequence[Roll]) -> bool:
        # A reveal can't be folded back, and a rolled result can't be undone to roll again.
        return (
            action.reveals
            or isinstance(action, A.Resolve | A.ResolveAll)
            or any(r.hidden for r in rolls)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "uid": self.uid,
            "name": self.name,
            "turn": self.turn_no,
            "phase": self.phase,
            "players": [p.to_json() for p in self.players],
            "engagements": [e.to_json() for e in self.engagements.values()],
            "history": [t.to_json() for t in self.history],
            "banked": list(self.banked),
        }

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What anyone may see: sealed contents are ciphertext, so this is everything."""
        return self.to_json()

    # -- queries ----------------------------------------------------------------------
    def player(self, seat: int, field: str = "player") -> Player:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise _refuse(f"{field}: there is no player {seat!r}")
        return self.players[seat]

    def label(self, seat: int) -> str:
        p = self.players[seat]
        return f"{p.name} ({p.country})"

    def engagement(self, key: str) -> Engagement:
        e = self.engagements.get(key)
        if e is None:
            raise _refuse(f"engagement: {key!r} is not declared this turn")
        return e

    def engagement_of(self, seat: int, letter: str) -> Engagement | None:
        key = self.engaged.get((seat, letter))
        return None if key is None else self.engagements[key]

    def force_value(self, seat: int, letter: str) -> int:
        f = self.players[seat].forces.get(letter)
        return f.value if f else 0

    def revealed_contents(self, seat: int, letter: str) -> dict[str, Any] | None:
        rev = self.players[seat].revealed
        if rev is None:
            return None
        return rev.get(letter, {"ships": [], "party": []})

    def all_done(self) -> bool:
        return len(self.players) >= self.rules.min_players and all(p.done for p in self.players)

    def all_revealed(self) -> bool:
        return all(p.revealed is not None for p in self.players)

    def all_scored(self) -> bool:
        return all(e.scored for e in self.engagements.values())

    def vp_totals(self) -> list[int]:
        """Victory points per player: banked turns plus this turn's scored engagements."""
        totals = list(self.banked)
        for e in self.engagements.values():
            if e.scored:
                totals[e.attacker_side[0]] += e.attacker_vp or 0
                totals[e.defender_side[0]] += e.defender_vp or 0
        return totals

    def country_totals(self) -> list[tuple[str, int]]:
        return country_totals([p.country for p in self.players], self.vp_totals())

    def standings(self) -> list[Standing]:
        fought, won = list(self.fought), list(self.won)
        for e in self.engagements.values():
            _tally(e, fought, won)
        return standings(
            [p.name for p in self.players],
            [p.country for p in self.players],
            self.vp_totals(),
            fought,
            won,
        )

    def rows(self, seat: int, turn: int | None = None) -> list[dict[str, Any]]:
        """The upper part of ``seat``'s master sheet, one row per letter, for this turn
        or (``turn``) a finished turn of the history."""
        if turn is None or turn == self.turn_no:
            values = {L: f.value for L, f in self.players[seat].forces.items()}
            return sheet_rows(self.rules.letters, seat, values, self.engagements.values())
        record = self.record(turn)
        values = {L: v["value"] for L, v in record.sheets[seat].items()}
        return sheet_rows(self.rules.letters, seat, values, record.engagements)

    def record(self, turn: int) -> TurnRecord:
        for r in self.history:
            if r.turn == turn:
                return r
        raise BadInput(f"turn: there is no finished turn {turn}")

    def contents_in_turn(self, seat: int, turn: int) -> dict[str, Any] | None:
        """The contents ``seat`` revealed in a finished turn (None if nothing was unfolded)."""
        sheet = self.record(turn).sheets[seat]
        if all(v["contents"] is None for v in sheet.values()):
            return None
        return {L: v["contents"] or {"ships": [], "party": []} for L, v in sheet.items()}

    def pending(self) -> list[str]:
        """What the campaign waits for now, in words."""
        if self.phase == ORDERS:
            if len(self.players) < self.rules.min_players:
                return [f"add players (at least {self.rules.min_players})"]
            return [
                f"{self.label(i)}: declare and say done"
                for i, p in enumerate(self.players)
                if not p.done
            ]
        if self.phase == REVEAL:
            return [
                f"{self.label(i)}: unfold the sheet"
                for i, p in enumerate(self.players)
                if p.revealed is None
            ]
        if self.phase == RESOLVE:
            out = []
            for e in self.engagements.values():
                if e.result is None:
                    out.append(f"engagement {e.key}: resolve")
                elif not e.scored:
                    out.append(f"engagement {e.key}: battle score")
            return out or ["end the turn"]
        return []

    # -- applying ---------------------------------------------------------------------
    def apply(self, action: Action, dice: DiceService) -> None:
        """Apply ``action``; IllegalAction naming the field (and no change) if refused."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise _refuse(f"{action.kind} is not a campaign action")
        if self.phase == OVER:
            raise _refuse("the campaign is over; nothing more can be changed")
        handler(self, action, dice)

    def describe(self, action: Action) -> str:
        try:
            return _describe(self, action)
        except (IndexError, KeyError, AttributeError):
            return action.to_text()

    def check_invariants(self) -> None:
        if self.phase not in PHASES:
            raise InvariantViolation(f"phase {self.phase!r} is unknown")
        seen: dict[tuple[int, str], str] = {}
        for e in self.engagements.values():
            for side in (e.attacker_side, e.defender_side):
                if side in seen:
                    raise InvariantViolation(f"force {side} is in two engagements")
                seen[side] = e.key
        if seen != self.engaged:
            raise InvariantViolation("the engaged-force index does not match the engagements")
        for p in self.players:
            for f in p.forces.values():
                if not self.rules.value_min <= f.value <= self.rules.value_max:
                    raise InvariantViolation(f"{p.name} force {f.letter} has value {f.value}")
        n = len(self.players)
        if not (len(self.banked) == len(self.fought) == len(self.won) == n):
            raise InvariantViolation("per-player tallies do not match the players")


def sheet_rows(
    letters: Sequence[str],
    seat: int,
    values: dict[str, int],
    engagements: Iterable[Engagement],
) -> list[dict[str, Any]]:
    """Sheet rows from the force values and engagements of one turn."""
    by_force: dict[str, Engagement] = {}
    for e in engagements:
        for side in (e.attacker_side, e.defender_side):
            if side[0] == seat:
                by_force[side[1]] = e
    out = []
    for letter in letters:
        row: dict[str, Any] = {
            "letter": letter,
            "value": values.get(letter),
            "opponent": None,
            "opponent_letter": "",
            "attacker": None,
            "battle_score": None,
            "result": None,
            "vp": None,
            "engagement": None,
        }
        e = by_force.get(letter)
        if e is not None:
            side = e.side_of(seat, letter)
            other = e.defender_side if side == "attacker" else e.attacker_side
            row.update(
                opponent=other[0],
                opponent_letter=other[1],
                attacker=side == "attacker",
                battle_score=e.attacker_score if side == "attacker" else e.defender_score,
                result=e.result,
                vp=e.attacker_vp if side == "attacker" else e.defender_vp,
                engagement=e.key,
            )
        out.append(row)
    return out


def _copy_engagement(e: Engagement) -> Engagement:
    return Engagement(
        e.key,
        e.player,
        e.letter,
        e.opponent,
        e.opponent_letter,
        e.attacker,
        e.result,
        e.roll,
        e.attacker_score,
        e.defender_score,
        e.attacker_vp,
        e.defender_vp,
        e.source,
    )


def _tally(e: Engagement, fought: list[int], won: list[int]) -> None:
    if not e.scored or e.result == NO_CONTACT:
        return
    a, d = e.attacker_side[0], e.defender_side[0]
    fought[a] += 1
    fought[d] += 1
    if (e.attacker_score or 0) > (e.defender_score or 0):
        won[a] += 1
    elif (e.defender_score or 0) > (e.attacker_score or 0):
        won[d] += 1


# -- handlers: each validates everything first, then changes the state --------------


def _need_phase(state: CampaignState, phase: str, what: str) -> None:
    if state.phase != phase:
        raise _refuse(f"{what} only in the {phase} phase (the campaign is at {state.phase})")


def _editable_sheet(state: CampaignState, seat: int, what: str) -> Player:
    p = state.player(seat)
    _need_phase(state, ORDERS, what)
    if p.done:
        raise _refuse(f"player: {p.name} is done declaring; take 'done' back to change the sheet")
    return p


def _check_letter(state: CampaignState, letter: Any, field: str = "letter") -> str:
    if letter not in state.rules.letters:
        raise _refuse(
            f"{field}: {letter!r} is not a force letter ({', '.join(state.rules.letters)})"
        )
    return str(letter)


def _add_player(state: CampaignState, a: A.AddPlayer, dice: DiceService) -> None:
    r = state.rules
    if state.turn_no != 1 or state.phase != ORDERS or state.engagements or state.history:
        raise _refuse("player: players join before the first engagement is declared")
    if len(state.players) >= r.max_players:
        raise _refuse(f"player: at most {r.max_players} players")
    name = a.name.strip()
    if not name or len(name) > 40:
        raise _refuse("name: a player needs a name of 1 to 40 characters")
    if any(p.name.lower() == name.lower() for p in state.players):
        raise _refuse(f"name: there is already a player called {name!r}")
    if a.country not in r.countries:
        raise _refuse(f"country: {a.country!r} is not one of {', '.join(r.countries)}")
    if len(a.salt) < 16 or len(a.verifier) != 64:
        raise _refuse("salt: the player's key data is malformed")
    try:
        from wargame.campaign.secrets import KdfParams

        KdfParams.parse(a.kdf)
    except SecretError as exc:
        raise _refuse(f"kdf: {exc}") from None
    state.players.append(Player(name, a.country, a.salt, a.verifier, a.kdf))
    state.banked.append(0)
    state.fought.append(0)
    state.won.append(0)


def _set_force(state: CampaignState, a: A.SetForce, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "values are given")
    letter = _check_letter(state, a.letter)
    r = state.rules
    if isinstance(a.value, bool) or not isinstance(a.value, int):
        raise _refuse(f"value: {a.value!r} is not a whole number")
    if not r.value_min <= a.value <= r.value_max:
        raise _refuse(f"value: {a.value} is outside {r.value_min}-{r.value_max} (force {letter})")
    f = p.forces.get(letter)
    if f is None:
        p.forces[letter] = Force(letter, a.value)
    else:
        p.forces[letter] = Force(letter, a.value, f.sealed, f.commit)


def _remove_force(state: CampaignState, a: A.RemoveForce, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "forces are removed")
    letter = _check_letter(state, a.letter)
    if letter not in p.forces:
        raise _refuse(f"letter: {p.name} has no force {letter}")
    e = state.engagement_of(a.player, letter)
    if e is not None:
        raise _refuse(f"letter: force {letter} is in engagement {e.key}; withdraw it first")
    del p.forces[letter]


def _seal(state: CampaignState, a: A.SealContents, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "contents are sealed")
    letter = _check_letter(state, a.letter)
    f = p.forces.get(letter)
    if f is None:
        raise _refuse(f"letter: give force {letter} a value before its contents")
    try:
        check_token_shape(a.sealed)
    except SecretError as exc:
        raise _refuse(str(exc)) from None
    if len(a.commit) != 64 or any(c not in "0123456789abcdef" for c in a.commit):
        raise _refuse("commit: not a SHA-256 commitment")
    p.forces[letter] = Force(letter, f.value, a.sealed, a.commit)


def _declare(state: CampaignState, a: A.Declare, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "engagements are declared")
    letter = _check_letter(state, a.letter)
    if letter not in p.forces:
        raise _refuse(f"letter: {p.name} has no force {letter} (give it a value first)")
    q = state.player(a.opponent, "opponent")
    if a.opponent == a.player:
        raise _refuse("opponent: a force can't engage its own side's sheet")
    their = _check_letter(state, a.opponent_letter, "opponent_letter")
    if their not in q.forces:
        raise _refuse(f"opponent_letter: {q.name} has no force {their}")
    if not isinstance(a.attacker, bool):
        raise _refuse("attacker: must be Y or N")
    mine = state.engagement_of(a.player, letter)
    if mine is not None:
        raise _refuse(f"letter: force {letter} is already in engagement {mine.key}")
    theirs = state.engagement_of(a.opponent, their)
    if theirs is not None:
        raise _refuse(
            f"opponent_letter: {q.name}'s force {their} is already in engagement {theirs.key}"
        )
    key = engagement_key(a.player, letter)
    state.engagements[key] = Engagement(key, a.player, letter, a.opponent, their, a.attacker)
    state.engaged[(a.player, letter)] = key
    state.engaged[(a.opponent, their)] = key
    if q.done:  # a new engagement against a sheet already done: its owner looks again
        q.done = False


def _withdraw(state: CampaignState, a: A.Withdraw, dice: DiceService) -> None:
    p = _editable_sheet(state, a.player, "engagements are withdrawn")
    letter = _check_letter(state, a.letter)
    e = state.engagements.get(engagement_key(a.player, letter))
    if e is None:
        raise _refuse(f"letter: {p.name} declared no engagement for force {letter}")
    del state.engagements[e.key]
    del state.engaged[(e.player, e.letter)]
    del state.engaged[(e.opponent, e.opponent_letter)]


def _done(state: CampaignState, a: A.DoneDeclaring, dice: DiceService) -> None:
    p = state.player(a.player)
    _need_phase(state, ORDERS, "declaring is finished")
    if len(state.players) < state.rules.min_players:
        raise _refuse(f"player: a campaign needs at least {state.rules.min_players} players")
    if p.done == a.done:
        raise _refuse(f"player: {p.name} is {'already' if a.done else 'not'} done")
    p.done = a.done
    if state.all_done():
        state.phase = REVEAL if state.engagements else RESOLVE
        if not state.engagements:  # nothing to fight: nothing needs unfolding
            for q in state.players:
                q.revealed = None


def _reveal(state: CampaignState, a: A.Reveal, dice: DiceService) -> None:
    p = state.player(a.player)
    _need_phase(state, REVEAL, "sheets are unfolded")
    if p.revealed is not None:
        raise _refuse(f"player: {p.name}'s sheet is already unfolded")
    try:
        payload = json.loads(a.payload)
    except json.JSONDecodeError as exc:
        raise _refuse(f"payload: not JSON ({exc.msg})") from None
    if not isinstance(payload, dict):
        raise _refuse("payload: must map force letters to contents")
    sealed = {L for L, f in p.forces.items() if f.sealed}
    if set(payload) != sealed:
        missing = sorted(sealed - set(payload)) or sorted(set(payload) - sealed)
        raise _refuse(f"payload: force {missing[0]} does not match the sealed sheet")
    revealed: dict[str, Any] = {}
    for letter, item in payload.items():
        if not isinstance(item, dict) or not isinstance(item.get("n"), str):
            raise _refuse(f"payload.{letter}: needs its nonce 'n' and contents 'c'")
        try:
            contents = normalize_contents(item.get("c"), state.rules, where=f"payload.{letter}")
        except BadInput as exc:
            raise _refuse(str(exc)) from None
        if commitment(item["n"], canonical_json(contents)) != p.forces[letter].commit:
            raise _refuse(
                f"payload.{letter}: the contents are not the ones sealed before the engagements"
            )
        revealed[letter] = contents
    p.revealed = revealed
    if state.all_revealed():
        state.phase = RESOLVE


def _set_result(state: CampaignState, e: Engagement, result: int) -> None:
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


def _resolve(state: CampaignState, a: A.Resolve, dice: DiceService) -> None:
    _need_phase(state, RESOLVE, "engagements are resolved")
    e = state.engagement(a.engagement)
    if e.result is not None:
        raise _refuse(f"engagement: {e.key} is already resolved")
    if state.rules.resolution.method != "d6":
        raise _refuse("engagement: the attacker chooses the result (rules: method = choice)")
    roll = dice.d6(f"Campaign: result of engagement {e.key}")
    e.roll = roll
    _set_result(state, e, state.rules.resolution.table[roll])


def _resolve_all(state: CampaignState, a: A.ResolveAll, dice: DiceService) -> None:
    _need_phase(state, RESOLVE, "engagements are resolved")
    if state.rules.resolution.method != "d6":
        raise _refuse("engagement: the attacker chooses the result (rules: method = choice)")
    todo = [e for e in state.engagements.values() if e.result is None]
    if not todo:
        raise _refuse("engagement: every engagement is already resolved")
    table = state.rules.resolution.table
    rolls = [dice.d6(f"Campaign: result of engagement {e.key}") for e in todo]
    for e, roll in zip(todo, rolls):
        e.roll = roll
        _set_result(state, e, table[roll])


def _choose(state: CampaignState, a: A.ChooseResult, dice: DiceService) -> None:
    _need_phase(state, RESOLVE, "engagements are resolved")
    e = state.engagement(a.engagement)
    if state.rules.resolution.method != "choice":
        raise _refuse("result: the result is rolled (rules: method = d6)")
    if e.result is not None:
        raise _refuse(f"engagement: {e.key} is already resolved")
    if a.result not in (BATTLE, NO_CONTACT, LAND_RAID):
        raise _refuse(f"result: {a.result!r} is not 1 (battle), 2 (no contact) or 3 (land raid)")
    _set_result(state, e, a.result)


def _score(state: CampaignState, a: A.RecordScore, dice: DiceService) -> None:
    e = state.engagements.get(a.engagement)
    if e is None:
        raise _refuse(f"engagement: {a.engagement!r} is not declared this turn")
    _need_phase(state, RESOLVE, "battle scores are written")
    if e.result is None:
        raise _refuse(f"engagement: {e.key} is not resolved yet (battle, no contact or raid?)")
    if e.result == NO_CONTACT:
        raise _refuse(f"engagement: {e.key} was no contact; there is no battle score")
    sc = state.rules.scoring
    for field, v in (("attacker_score", a.attacker_score), ("defender_score", a.defender_score)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise _refuse(f"{field}: {v!r} is not a whole number")
        if not sc.score_min <= v <= sc.score_max:
            raise _refuse(f"{field}: {v} is outside {sc.score_min}-{sc.score_max}")
    if a.source not in ("typed", "linked"):
        raise _refuse(f"source: {a.source!r} is not typed or linked")
    e.attacker_score, e.defender_score = a.attacker_score, a.defender_score
    e.attacker_vp, e.defender_vp = engagement_vp(
        state.rules,
        result=e.result,
        attacker_score=a.attacker_score,
        defender_score=a.defender_score,
        attacker_value=state.force_value(*e.attacker_side),
        defender_value=state.force_value(*e.defender_side),
    )
    e.source = a.source


def _end_turn(state: CampaignState, a: A.EndTurn, dice: DiceService) -> None:
    _need_phase(state, RESOLVE, "the turn ends")
    waiting = [k for k, e in state.engagements.items() if not e.scored]
    if waiting:
        raise _refuse(f"engagement: {waiting[0]} has no result yet")
    vp_turn = [0] * len(state.players)
    for e in state.engagements.values():
        vp_turn[e.attacker_side[0]] += e.attacker_vp or 0
        vp_turn[e.defender_side[0]] += e.defender_vp or 0
        _tally(e, state.fought, state.won)
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
    state.turn_no += 1
    state.phase = ORDERS


def _finish(state: CampaignState, a: A.Finish, dice: DiceService) -> None:
    if not state.history:
        raise _refuse("the campaign ends after at least one finished turn")
    if state.phase != ORDERS or state.engagements or any(p.done for p in state.players):
        raise _refuse("the campaign ends between turns (end this turn first)")
    state.phase = OVER


_HANDLERS: dict[type[Action], Any] = {
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
    A.EndTurn: _end_turn,
    A.Finish: _finish,
}


def _describe(state: CampaignState, a: Action) -> str:
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
        return f"Engagement {a.engagement} resolved"
    if isinstance(a, A.ResolveAll):
        return "Every engagement resolved"
    if isinstance(a, A.RecordScore):
        return (
            f"Engagement {a.engagement}: battle score {a.attacker_score}-{a.defender_score} "
            f"({a.source})"
        )
    if isinstance(a, A.EndTurn):
        return "Turn ended"
    if isinstance(a, A.Finish):
        return "Campaign ended"
    return a.to_text()
