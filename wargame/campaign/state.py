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

from collections.abc import Iterable, Sequence
from typing import Any

from wargame.campaign import actions as A
from wargame.campaign.handlers import (
    HANDLERS,
    SHEET,
    describe_action,
    engagement_key,
    refuse,
    tally,
)
from wargame.campaign.model import (
    ORDERS,
    OVER,
    PHASES,
    RESOLVE,
    REVEAL,
    Engagement,
    Player,
    TurnRecord,
)
from wargame.campaign.rules import CampaignRules, campaign_rules
from wargame.campaign.scoring import Standing, country_totals, standings
from wargame.core.actions import Action
from wargame.core.dice import DiceService, Roll
from wargame.errors import BadInput, InvariantViolation

__all__ = ["SHEET", "CampaignState", "engagement_key", "sheet_rows"]


class CampaignState:
    """A campaign. ``uid`` names it in campaign links; ``name`` is for people."""

    def __init__(
        self, uid: str, name: str, rules: CampaignRules | None = None, *, fair_play: bool = True
    ) -> None:
        self.uid = uid
        #: The fair-play rules of issue 11 (done freezes the sheet, each turn's contents
        #: sealed afresh). Campaigns begun before them replay under the old rules.
        self.fair_play = fair_play
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
        c.fair_play = self.fair_play
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
        # Saying done freezes the sheet for the turn: it can't be taken back by undo.
        return (
            action.reveals
            or isinstance(action, A.Resolve | A.ResolveAll)
            or (isinstance(action, A.DoneDeclaring) and action.done)
            or any(r.hidden for r in rolls)
        )

    def author(self, action: Action) -> int | None:
        """The player who made ``action`` (only they may undo it); None for a rules
        event anyone at the table may take back."""
        player = getattr(action, "player", None)
        return player if isinstance(player, int) else None

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
            raise refuse(f"{field}: there is no player {seat!r}")
        return self.players[seat]

    def label(self, seat: int) -> str:
        p = self.players[seat]
        return f"{p.name} ({p.country})"

    def engagement_title(self, key: str) -> str:
        """An engagement as players say it: "Morgan's force A against Ducasse's force B"."""
        e = self.engagements.get(key)
        if e is None or not (0 <= e.player < len(self.players)):
            seat, _, letter = key.partition(":")
            if seat.isdigit() and int(seat) < len(self.players) and letter:
                return f"{self.players[int(seat)].name}'s force {letter}"
            return f"engagement {key}"
        if not 0 <= e.opponent < len(self.players):
            return f"{self.players[e.player].name}'s force {e.letter}"
        return (
            f"{self.players[e.player].name}'s force {e.letter} against "
            f"{self.players[e.opponent].name}'s force {e.opponent_letter}"
        )

    def engagement(self, key: str) -> Engagement:
        e = self.engagements.get(key)
        if e is None:
            raise refuse(f"engagement: {key!r} is not declared this turn")
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
            tally(e, fought, won)
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
                    out.append(f"{self.engagement_title(e.key)}: resolve")
                elif not e.scored:
                    out.append(f"{self.engagement_title(e.key)}: battle score")
            return out or ["end the turn"]
        return []

    # -- applying ---------------------------------------------------------------------
    def apply(self, action: Action, dice: DiceService) -> None:
        """Apply ``action``; IllegalAction naming the field (and no change) if refused."""
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise refuse(f"{action.kind} is not a campaign action")
        if self.phase == OVER:
            raise refuse("the campaign is over; nothing more can be changed")
        handler(self, action, dice)

    def describe(self, action: Action) -> str:
        try:
            return describe_action(self, action)
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
        e.winner,
        e.losses,
    )
