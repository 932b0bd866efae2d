"""The position of a game of Tortuga 1667: plain lists, cheap to copy.

Legal actions are in :mod:`legal`, their effects in :mod:`flow` (turns and the
main actions), :mod:`places` (moving and marooning pawns), :mod:`effects` (the
event cards) and :mod:`votes`; what a seat may see is in :mod:`hidden`. This module
imports none of them: the protocol that joins them is
:class:`wargame.tortuga.play.TortugaPlay`.

Places: 0 and 1 the two ships, 2 Tortuga (their lines are ``lines[place]``, rank
order, captain or governor first), 3 and 4 the rowboats of ship 0 and ship 1.
Holds: ``holds[place][0]`` British, ``[1]`` French, for both ships and Tortuga.
Pending decisions (a response to the action being resolved) are tuples on a
stack, ``(kind, seat, *data)``; the top one names the seat that must act.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import Roll
from wargame.core.game import GameState, Outcome
from wargame.core.seats import seat_label
from wargame.tortuga.rules import TEAMS, Data

BRITISH, FRENCH, DUTCH = 0, 1, 2


class VoteInProgress:
    """A called vote: who votes (in order), and the cards played so far (hidden)."""

    __slots__ = ("kind", "caller", "place", "voters", "played")

    def __init__(self, kind: int, caller: int, place: int, voters: tuple[int, ...]) -> None:
        self.kind = kind  # 0 attack, 1 brawl, 2 mutiny
        self.caller = caller
        self.place = place
        self.voters = voters
        self.played: list[tuple[int, tuple[int, ...]]] = []

    def copy(self) -> VoteInProgress:
        v = VoteInProgress(self.kind, self.caller, self.place, self.voters)
        v.played = self.played[:]
        return v


VOTE_KINDS = ("attack", "brawl", "mutiny")


class TortugaState(GameState):
    """The data of a position (the protocol: :class:`wargame.tortuga.play.TortugaPlay`)."""

    __slots__ = (
        "n", "data", "team", "lines", "boat", "blown", "loc", "holds", "galleon",
        "cards", "row", "deck", "discard", "removed", "kept", "final", "sudden",
        "hands", "vdeck", "seen", "known", "code", "skip", "active", "actions_left",
        "turns", "pending", "in_action", "vote", "last_vote", "history", "over",
        "end_reason", "win_team", "barrier", "_legal", "per_turn", "alb",
    )  # fmt: skip

    def __init__(self, data: Data, players: int) -> None:
        n = players
        r = data.rules
        self.n = n
        self.data = data
        self.per_turn = r.turn.actions_two_players if n == 2 else r.turn.actions
        self.team = [0] * n
        self.lines: list[list[int]] = [[], [], []]
        self.boat = [-1, -1]
        self.blown = [False, False]
        self.loc = [0] * n
        self.holds = [[0, 0], [0, 0], list(r.board.tortuga_start)]
        self.galleon = r.board.galleon_treasure
        self.cards: tuple[str, ...] = ()
        self.row: list[int] = []
        self.deck: list[int] = []  # top is the end
        self.discard: list[int] = []
        self.removed: list[int] = []
        self.kept: list[list[int]] = [[] for _ in range(n)]
        self.alb = [0] * n  # albatrosses in front of each seat (they are never discarded)
        self.final = False  # the deck ran out: revealed cards are not replaced
        self.sudden = False  # an even tie: the first team to lead wins
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.vdeck: list[int] = []  # top is the end
        self.seen: list[dict[int, int]] = [{} for _ in range(n)]  # slot -> card viewed
        self.known: list[dict[int, int]] = [{} for _ in range(n)]  # seat -> loyalty learnt
        self.code = [0] * n  # Pirate Code: votes still to sit out
        self.skip = [0] * n  # Scurvy: turns to lose
        self.active = 0
        self.actions_left = self.per_turn
        self.turns = 1
        self.pending: list[tuple[Any, ...]] = []
        self.in_action = False
        self.vote: VoteInProgress | None = None
        #: The last vote revealed: (kind, caller, sorted cards, succeeded).
        self.last_vote: tuple[int, int, tuple[int, ...], bool] | None = None
        #: Public evidence, in order: (what, seat, detail) - for bots and the log; the
        #: detail of an "event" is the kind of card revealed.
        self.history: list[tuple[str, int, Any]] = []
        self.over = False
        self.end_reason = ""
        self.win_team = -1  # -1 none yet / drawn
        self.barrier = False
        self._legal: list[Action] | None = None

    # -- protocol ------------------------------------------------------------------
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.pending:
            return self.pending[-1][1]
        return self.active

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        totals = self.totals()
        winners = tuple(s for s in range(self.n) if self.team[s] == self.win_team)
        scores = {
            s: float(totals[self.team[s]] if self.team[s] < DUTCH else
                     (totals[0] if totals[0] == totals[1] else 0))
            for s in range(self.n)
        }  # fmt: skip
        return Outcome(
            winners[0] if len(winners) == 1 else None,
            scores,
            self.turns,
            self.end_reason,
            team=winners,
        )

    @property
    def turn(self) -> int:
        return self.turns

    def is_undo_barrier(self, action: Action, rolls: Sequence[Roll]) -> bool:
        return self.barrier or bool(rolls) or action.reveals or action.secret

    # -- copying -------------------------------------------------------------------
    def clone(self) -> TortugaState:
        s = object.__new__(type(self))
        s.n = self.n
        s.seat_names = self.seat_names  # a copy (a redraw) names the players alike
        s.data = self.data
        s.per_turn = self.per_turn
        s.team = self.team[:]
        a, b, c = self.lines
        s.lines = [a[:], b[:], c[:]]
        s.boat = self.boat[:]
        s.blown = self.blown[:]
        s.loc = self.loc[:]
        a, b, c = self.holds
        s.holds = [a[:], b[:], c[:]]
        s.galleon = self.galleon
        s.cards = self.cards
        s.row = self.row[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.removed = self.removed[:]
        s.kept = [k[:] for k in self.kept]
        s.alb = self.alb[:]
        s.final = self.final
        s.sudden = self.sudden
        s.hands = [h[:] for h in self.hands]
        s.vdeck = self.vdeck[:]
        s.seen = [d.copy() if d else {} for d in self.seen]
        s.known = [d.copy() if d else {} for d in self.known]
        s.code = self.code[:]
        s.skip = self.skip[:]
        s.active = self.active
        s.actions_left = self.actions_left
        s.turns = self.turns
        s.pending = self.pending[:]
        s.in_action = self.in_action
        s.vote = self.vote.copy() if self.vote is not None else None
        s.last_vote = self.last_vote
        s.history = self.history[:]
        s.over = self.over
        s.end_reason = self.end_reason
        s.win_team = self.win_team
        s.barrier = self.barrier
        s._legal = self._legal
        return s

    # -- plain data ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        v = self.vote
        return {
            "game": "tortuga-1667",
            "players": self.n,
            "turns": self.turns,
            "active": self.active,
            "actions_left": self.actions_left,
            "loyalty": [TEAMS[t] for t in self.team],
            "lines": {"ship0": self.lines[0][:], "ship1": self.lines[1][:],
                      "tortuga": self.lines[2][:]},
            "boats": self.boat[:],
            "blown": self.blown[:],
            "holds": [h[:] for h in self.holds],
            "galleon": self.galleon,
            "events": list(self.cards),
            "row": self.row[:],
            "deck": self.deck[:],
            "discard": self.discard[:],
            "removed": self.removed[:],
            "kept": [k[:] for k in self.kept],
            "final": self.final,
            "sudden": self.sudden,
            "hands": [h[:] for h in self.hands],
            "vote_deck": self.vdeck[:],
            "seen": [{str(k): c for k, c in sorted(d.items())} for d in self.seen],
            "known": [{str(k): t for k, t in sorted(d.items())} for d in self.known],
            "pirate_code": self.code[:],
            "scurvy": self.skip[:],
            "pending": [list(p) for p in self.pending],
            "in_action": self.in_action,
            "vote": None if v is None else {
                "kind": VOTE_KINDS[v.kind], "caller": v.caller, "place": v.place,
                "voters": list(v.voters), "played": [[s, list(c)] for s, c in v.played]},
            "last_vote": None if self.last_vote is None else list(self.last_vote),
            "history": [list(h) for h in self.history],
            "over": self.over,
            "end": self.end_reason,
            "win_team": self.win_team,
        }  # fmt: skip

    # -- queries -------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return seat_label(seat, self.seat_names)

    def totals(self) -> tuple[int, int]:
        """Treasure of the British and the French: their holds and areas (public)."""
        h = self.holds
        return (h[0][0] + h[1][0] + h[2][0], h[0][1] + h[1][1] + h[2][1])

    def face_down(self) -> list[int]:
        return [i for i, c in enumerate(self.row) if c >= 0]

    def holder(self, kind: str) -> int:
        """The seat holding an event card of ``kind`` in front of them, -1 if none."""
        cards = self.cards
        for s, k in enumerate(self.kept):
            for c in k:
                if cards[c] == kind:
                    return s
        return -1

    def count_kept(self, seat: int, kind: str) -> int:
        cards = self.cards
        return sum(1 for c in self.kept[seat] if cards[c] == kind)

    def rank(self, seat: int) -> int:
        p = self.loc[seat]
        return self.lines[p].index(seat) if p < 3 else -1

    def roles(self, seat: int) -> list[str]:
        p = self.loc[seat]
        if p >= 3:
            return []
        line = self.lines[p]
        i = line.index(seat)
        if p == 2:
            return ["governor"] if i == 0 else []
        out = []
        if i == 0:
            out.append("captain")
        if i == 1:
            out.append("first mate")
        if i == len(line) - 1:
            out.append("cabin boy")
        return out
