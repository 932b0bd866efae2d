"""The position of a game of Pieces of Eight: its data and the queries on it.

Legal actions are in :mod:`wargame.poe.legal`, their effects in
:mod:`wargame.poe.effects`; this module holds the data, the queries both
use, copying, JSON, the hidden-information view and the invariants. It imports
none of them: the protocol that joins them is :class:`wargame.poe.play.PoePlay`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import Roll
from wargame.core.game import GameState, Outcome
from wargame.core.seats import seat_label
from wargame.errors import IllegalAction, InvariantViolation
from wargame.poe import actions as A
from wargame.poe.board import Board
from wargame.poe.frames import Frame
from wargame.poe.rules import Card, Deck, PoeRules
from wargame.poe.scoring import burial_limit

PHASES = ("bury", "move", "dig", "discard", "replenish")
PHASE_TITLES = {
    "bury": "Bury treasure",
    "move": "Move",
    "dig": "Dig up treasure",
    "discard": "Discard",
    "replenish": "Replenish",
}


class Options:
    """The variant choices of one game (from the Game's parameters)."""

    __slots__ = (
        "faceup_to_hand",
        "mutiny_rounding",
        "windows",
        "ask_everyone",
        "my_precious",
        "end",
        "start",
    )

    def __init__(
        self,
        faceup_to_hand: str,
        mutiny_rounding: str,
        *,
        windows: str = "playable",
        my_precious: str = "own",
        end: str = "immediately",
        start: str = "printed",
    ) -> None:
        self.faceup_to_hand = faceup_to_hand
        self.mutiny_rounding = mutiny_rounding
        #: "everyone": response windows ask every seat they name, playable card or not;
        #: "playable": only seats holding a card playable there (hints at hands).
        self.windows = windows
        self.ask_everyone = windows == "everyone"
        #: My Precious! takes from "their" face-up treasure: "own" or "another" pirate's
        self.my_precious = my_precious
        #: "full-round": when the deck runs out for the last time the round is played out
        self.end = end
        #: "head-start": the later pirates in the turn order start with victory points
        self.start = start


class PoeState(GameState):
    """The data of a position (the protocol's rules: :class:`wargame.poe.play.PoePlay`)."""

    def __init__(self, board: Board, deck: Deck, players: int, options: Options) -> None:
        self.board = board
        self.deck_info = deck
        self.cards: tuple[Card, ...] = deck.cards
        self.rules: PoeRules = deck.rules
        self.options = options
        self.n = players
        n = players
        self.area = [-1] * n
        self.captain = [-1] * n
        self.ship = [-1] * n
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.faceup: list[list[int]] = [[] for _ in range(n)]
        self.vp = [0] * n
        self.shore_leave = [False] * n
        self.dead_chest = [False] * n
        self.extra_step = [""] * n  # the movement card played for the next move, or ""
        self.paddle = [False] * n
        self.becalmed = [False] * n
        self.lashed = [-1] * n
        self.mutinied = [False] * n
        self.barred = [False] * n
        self.ship_area: list[int] = []
        self.buried: list[list[int]] = [[] for _ in range(board.size)]
        self.origin = [-1] * len(self.cards)  # island a face-up/in-hand card was dug on
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.exhaustions = 0
        self.over = False
        self.end_reason = ""
        self.round = 1
        self.first = 0  # the seat that took the first turn: rounds start with it
        self.turns = 0
        self.active = 0
        self.phase = "bury"
        self.steps = 0
        self.draws = 0
        self.takes = 0
        self.fools = 0
        self.selection: list[int] = []
        #: the current phase stopped for the active pirate (so its end opens a window)
        self.asked = False
        self.stack: list[Frame] = []
        self.burials: list[tuple[int, int, tuple[int, ...], int]] = []  # seat, area, cards, vp
        self.last_fight: dict[str, Any] | None = None
        self._legal: list[Action] | None = None

    # -- protocol ------------------------------------------------------------------
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.stack:
            return frame_seat(self.stack[-1])
        return self.active

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        best = max(self.vp)
        leaders = [s for s in range(self.n) if self.vp[s] == best]
        return Outcome(  # tied leaders share the win (issue 39: it listed nobody)
            leaders[0] if len(leaders) == 1 else None,
            {s: float(self.vp[s]) for s in range(self.n)},
            self.turns,
            self.end_reason,
            tuple(leaders) if len(leaders) > 1 else None,
        )

    @property
    def turn(self) -> int:
        return self.turns

    def is_undo_barrier(self, action: Action, rolls: Sequence[Roll]) -> bool:
        # Hidden draws, digging (face-down cards revealed) and fight dice can't be undone.
        return bool(rolls) or action.reveals

    def parse_action(self, text: str) -> Action:
        return Action.from_text(text)

    # -- copying -------------------------------------------------------------------
    def clone(self) -> PoeState:
        s = object.__new__(type(self))
        s.board = self.board
        s.deck_info = self.deck_info
        s.cards = self.cards
        s.rules = self.rules
        s.options = self.options
        s.n = self.n
        s.area = self.area[:]
        s.captain = self.captain[:]
        s.ship = self.ship[:]
        s.hand = [h[:] for h in self.hand]
        s.faceup = [f[:] for f in self.faceup]
        s.vp = self.vp[:]
        s.shore_leave = self.shore_leave[:]
        s.dead_chest = self.dead_chest[:]
        s.extra_step = self.extra_step[:]
        s.paddle = self.paddle[:]
        s.becalmed = self.becalmed[:]
        s.lashed = self.lashed[:]
        s.mutinied = self.mutinied[:]
        s.barred = self.barred[:]
        s.ship_area = self.ship_area[:]
        s.buried = [b[:] for b in self.buried]
        s.origin = self.origin[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.exhaustions = self.exhaustions
        s.over = self.over
        s.end_reason = self.end_reason
        s.round = self.round
        s.first = self.first
        s.turns = self.turns
        s.active = self.active
        s.phase = self.phase
        s.steps = self.steps
        s.draws = self.draws
        s.takes = self.takes
        s.fools = self.fools
        s.selection = self.selection[:]
        s.asked = self.asked
        s.stack = [f.copy() for f in self.stack]
        s.burials = self.burials[:]
        s.last_fight = dict(self.last_fight) if self.last_fight else None
        s._legal = None
        return s

    def head_start(self, seat: int) -> int:
        """The victory points ``seat`` started with: 0 by the printed rules; by turn
        position in the "head-start" variant (rules data setup.head_start)."""
        if self.options.start != "head-start":
            return 0
        table = self.rules.setup.head_start.get(str(self.n)) or []
        position = (seat - self.first) % self.n
        return table[position] if position < len(table) else 0

    # -- plain data ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        ids = self.board.ids
        return {
            "game": "pieces-of-eight",
            "map": self.board.name,
            "round": self.round,
            "first": self.first,
            "turns": self.turns,
            "active": self.active,
            "phase": self.phase,
            "steps": self.steps,
            "draws": self.draws,
            "takes": self.takes,
            "fools_gold": self.fools,
            "selection": list(self.selection),
            "asked": self.asked,
            "pirates": [self._pirate_json(s) for s in range(self.n)],
            "ships": [ids[a] for a in self.ship_area],
            "buried": {ids[a]: list(c) for a, c in enumerate(self.buried) if c},
            "deck": list(self.deck),
            "discard": list(self.discard),
            "origin": {
                str(c): self.board.island_ids[i] for c, i in enumerate(self.origin) if i >= 0
            },
            "exhaustions": self.exhaustions,
            "over": self.over,
            "end": self.end_reason,
            "stack": [f.to_json() for f in self.stack],
            "burials": [[s, ids[a], list(c), v] for s, a, c, v in self.burials],
            "last_fight": self.last_fight,
        }

    def _pirate_json(self, s: int) -> dict[str, Any]:
        return {
            "seat": s,
            "area": self.board.ids[self.area[s]] if self.area[s] >= 0 else None,
            "captain": self.captain[s],
            "ship": self.ship[s],
            "hand": list(self.hand[s]),
            "faceup": list(self.faceup[s]),
            "vp": self.vp[s],
            "shore_leave": self.shore_leave[s],
            "dead_mans_chest": self.dead_chest[s],
            "extra_step": self.extra_step[s],
            "paddle": self.paddle[s],
            "becalmed": self.becalmed[s],
            "wheel_lashed": self.board.ids[self.lashed[s]] if self.lashed[s] >= 0 else None,
            "mutinied": self.mutinied[s],
            "no_mutiny": self.barred[s],
        }

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see: others' hands, the deck and buried cards are face down."""
        data = self.to_json()
        for p in data["pirates"]:
            if p["seat"] != seat:
                p["hand"] = len(p["hand"])
        data["deck"] = len(self.deck)
        data["buried"] = {a: len(c) for a, c in data["buried"].items()}
        data["burials"] = [[s, a, len(c), v] for s, a, c, v in data["burials"]]
        if seat != self.active:
            hand = set(self.hand[self.active])
            data["selection"] = [c if c not in hand else -1 for c in self.selection]
        return data

    # -- queries shared by the legal-move generator and the effects -----------------
    def name(self, seat: int) -> str:
        return seat_label(seat, self.seat_names)

    def is_crew(self, seat: int) -> bool:
        return self.captain[seat] >= 0

    def crew_of(self, seat: int) -> list[int]:
        return [p for p in range(self.n) if self.captain[p] == seat]

    def occupant(self, area: int, *, besides: int = -1) -> int:
        """The captain (or lone pirate) in ``area``, -1 if none."""
        for p in range(self.n):
            if p != besides and self.area[p] == area and self.captain[p] < 0:
                return p
        return -1

    def ships_in(self, area: int) -> list[int]:
        return [k for k, a in enumerate(self.ship_area) if a == area]

    def free_ships_in(self, area: int) -> list[int]:
        held = set(self.ship)
        return [k for k, a in enumerate(self.ship_area) if a == area and k not in held]

    def spots(self, seat: int) -> int:
        cards = self.cards
        return sum(cards[c].value for c in self.faceup[seat])

    def where(self, seat: int) -> str:
        """sea, land or town: what replenishing and face-up taking depend on."""
        a = self.area[seat]
        if a < 0 or self.board.sea[a]:
            return "sea"
        return "town" if self.board.town[a] else "land"

    def step_ok(self, seat: int, frm: int, to: int, *, paddle: bool = False) -> bool:
        """The movement rules for one step (occupancy aside)."""
        sea = self.board.sea
        if not sea[to]:
            return True
        if paddle:
            return True
        if sea[frm]:
            return self.ship[seat] >= 0
        return to in self.ship_area

    def card(self, c: int) -> Card:
        return self.cards[c]

    def refuse(self, reason: str, rule: str) -> IllegalAction:
        return IllegalAction(reason, rule=rule)

    # -- invariants ----------------------------------------------------------------
    def check_invariants(self) -> None:
        """What ``simulate --strict`` checks after every action (issue 19: about 14 us
        with four players, against about 10 us for the action itself):

        * every card once: deck (kept in card order), discard, hands, face-up cards
          and burial piles; no hand over the limit; a card that remembers its island
          is held by someone;
        * pawns: a crew member is with a captain who is no one's crew, and holds no
          ship; two captains share an area only while their meeting is being settled;
          a ship's master is where the ship is, at sea, and no ship has two masters;
        * burials: none over its burial limit (worked out only for a burial larger
          than the least limit), and each seat's points are its burials' points;
        * a live game has someone to act and a legal action (the list is cached per
          state version, and the next action's check and the bots use it too);
        * the cards selected are the active pirate's.
        """
        n_cards = len(self.cards)
        seen: list[int] = list(self.deck) + list(self.discard)
        for s in range(self.n):
            seen += self.hand[s] + self.faceup[s]
        for b in self.buried:
            seen += b
        if sorted(seen) != list(range(n_cards)):
            missing = sorted(set(range(n_cards)) - set(seen))
            dup = sorted({c for c in seen if seen.count(c) > 1})
            raise InvariantViolation(
                f"cards not accounted for: {len(seen)} of {n_cards} "
                f"(missing {missing[:5]}, twice {dup[:5]})"
            )
        if self.deck != sorted(self.deck):
            raise InvariantViolation("the deck is not kept in card order")
        limit = self.rules.hand.limit
        for s in range(self.n):
            if len(self.hand[s]) > limit:
                raise InvariantViolation(f"{self.name(s)} holds {len(self.hand[s])} cards")
        held = set()
        for s in range(self.n):
            for c in self.faceup[s] + self.hand[s]:
                held.add(c)
        remembered = set(compress(range(len(self.origin)), map((-1).__lt__, self.origin)))
        if not remembered <= held:
            c = min(remembered - held)
            raise InvariantViolation(f"card {c} remembers its island but is not held")
        captains_at: dict[int, int] = {}
        # While an entry or fight is being settled the two pirates share the area.
        meeting = {
            frozenset((f.a, f.b))
            for f in self.stack
            if f.kind in ("entry", "join-or-fight", "accept", "fight", "loot", "fate")
        }
        for s in range(self.n):
            a = self.area[s]
            cap = self.captain[s]
            if cap >= 0:
                if self.captain[cap] >= 0:
                    raise InvariantViolation(f"{self.name(s)}'s captain is crew")
                if self.area[cap] != a:
                    raise InvariantViolation(f"{self.name(s)} is not with their captain")
                if self.ship[s] >= 0:
                    raise InvariantViolation(f"{self.name(s)} is crew but holds a ship")
            elif a >= 0:
                if a in captains_at and frozenset((s, captains_at[a])) not in meeting:
                    raise InvariantViolation(
                        f"{self.name(s)} and {self.name(captains_at[a])} share "
                        f"{self.board.ids[a]} as captains"
                    )
                captains_at[a] = s
            k = self.ship[s]
            if k >= 0:
                if self.ship_area[k] != a or not self.board.sea[a]:
                    raise InvariantViolation(f"{self.name(s)} is not where their ship is")
                if any(self.ship[o] == k for o in range(self.n) if o != s):
                    raise InvariantViolation(f"ship {k} has two masters")
        base = self.rules.bury.base_limit  # the least limit: no need to work one out
        vp = [self.head_start(seat) for seat in range(self.n)]
        for seat, _a, buried, v in self.burials:
            vp[seat] += v
            if len(buried) > base and len(buried) > burial_limit(
                [self.cards[c] for c in buried], self.rules
            ):
                raise InvariantViolation(
                    f"{self.name(seat)} buried {len(buried)} cards, over the burial limit"
                )
        if vp != self.vp:
            s = next(s for s in range(self.n) if vp[s] != self.vp[s])
            raise InvariantViolation(f"{self.name(s)}'s points do not match the burials")
        if not self.over:
            if self.current_player() is None:
                raise InvariantViolation("no one to act in a live game")
            if not self.legal_actions():
                raise InvariantViolation("no legal action in a live game")
        for c in self.selection:
            if c not in self.hand[self.active] and c not in self.faceup[self.active]:
                raise InvariantViolation(f"selected card {c} is not the active pirate's")


def frame_seat(f: Frame) -> int:
    k = f.kind
    if k in ("turn-start", "phase-end"):
        return f.order[0]
    if k == "fight":
        return f.cur
    if k in ("entry", "accept"):
        return f.b
    return f.a  # join-or-fight, loot, fate, share, overboard


__all__ = ["PHASES", "PHASE_TITLES", "Options", "PoeState", "frame_seat", "A"]
