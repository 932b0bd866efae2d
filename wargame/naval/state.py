"""The sea fight as a state machine with explicit phases (section 10.3).

A game turn: every ship in play takes a ship turn - warships first, attacker
first, alternately - made of the steps move, fire, grapple, board (a later
step closes the earlier ones); a ship fired on may return fire on 5,6; ships
at half strength that took damage take morale at the end of the ship turn.
After all ships: fires burn, both sides may roll to add (6) or deduct (4,5,6)
a turn, one coin comes off the countdown, the game stops when none are left,
and each side in turn may try to change the wind (5,6).

The owner's choices of section 19 pause the sequence (steps_choice): ``choose_gun`` when
crew hits or boarding kills destroy guns, ``fire_side`` for each burning ship at the end
of the turn; the owning side answers and the sequence goes on where it stopped.

This module holds the data of a fight and the queries on it (the score, the end);
the sequence is in the step mixins (``steps_turn`` runs the turn), the legal list
in ``legal``, and :class:`wargame.naval.play.NavalPlay` joins them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.core.game import GameState, Outcome
from wargame.errors import InvariantViolation
from wargame.naval.common import (
    ShipTurn,
    hex_distance,
)
from wargame.naval.rules import NavalRules
from wargame.naval.sea import Sea
from wargame.naval.ship import Ship, Status
from wargame.naval.victory import Victory, hold_winner


class NavalState(GameState):
    """The data of a sea fight and the queries on it (the protocol: :class:`wargame.naval.play.NavalPlay`,
    whose steps mixins and legal list hold the rules)."""

    def __init__(
        self,
        rules: NavalRules,
        sea: Sea,
        ships: Sequence[Ship],
        *,
        wind: int,
        coins: int,
        name: str = "Sea fight",
        escort: str | None = None,
        escort_edge: str | None = None,
        victory: Victory | None = None,
    ) -> None:
        self.rules = rules
        self.sea = sea
        self.name = name
        if victory is None:
            victory = Victory("escort", escort, escort_edge) if escort else Victory()
        self.victory = victory  # the scenario's victory condition (wargame.naval.victory)
        self.escort = victory.escort  # the ship to escort, if any
        self.escort_edge = victory.edge  # ... and the table edge she must escape by (any if None)
        self.held = 0  # game turns in a row the harbour has been held (victory kind "hold")
        self.ships: dict[str, Ship] = {s.name: s for s in ships}
        self.wind = wind % 6
        self.coins = coins
        self.turn_no = 1
        self.phase = "ship"  # ship | return | choose_gun | fire_side | countdown | wind | over
        self.order: list[str] = []
        self.idx = 0
        self.ts: ShipTurn | None = None
        self.ret: tuple[str, str] | None = None  # (returning ship, ship it may fire at)
        self.returned: list[str] = []
        self.resume: tuple[str, ...] | None = None  # where a paused firing/boarding goes on
        self.burning: list[str] = []  # burning ships still to burn this end of turn
        self.damaged: list[str] = []
        self.boarded_ever = False
        self.roll_side = 0
        self.end_reason: str | None = None
        #: The battle log: a sentence, or (function, arguments) that makes it when
        #: someone reads it (``events``); a headless run never does, so the busiest
        #: sentences (a ship's turn, a move, the countdown, the wind) are not written
        #: out in a bot match. The arguments are values taken when it happened.
        self._events: list[Any] = []

    @property
    def events(self) -> list[str]:
        """The battle log, every sentence written out (the list itself: appending to it
        adds a sentence)."""
        ev = self._events
        for i, e in enumerate(ev):
            if type(e) is not str:
                ev[i] = e[0](*e[1:])
        return ev

    def events_since(self, mark: int) -> tuple[str, ...]:
        """The sentences from the ``mark``-th on, written out."""
        ev = self._events
        for i in range(mark, len(ev)):
            e = ev[i]
            if type(e) is not str:
                ev[i] = e[0](*e[1:])
        return tuple(ev[mark:])

    @property
    def turn(self) -> int:
        return self.turn_no

    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def active(self) -> Ship | None:
        return self.ships[self.ts.ship] if self.ts is not None else None

    def scores(self) -> dict[int, int]:
        sc = self.rules.score
        out = {0: 0, 1: 0}
        for s in self.ships.values():
            enemy = 1 - s.side
            if s.name == self.escort:
                if self.escaped(s):
                    out[s.side] += sc.escaped[s.type]
                    continue
                if s.status is Status.SURRENDERED:
                    out[enemy] += sc.taken[s.type]
                    continue
            if s.status is Status.SUNK:
                out[enemy] += sc.sunk[s.type]
            elif s.status is Status.SURRENDERED:
                out[enemy] += sc.captured[s.type]
            elif s.status is Status.LEFT and s.driven_off:
                out[enemy] += sc.driven_off[s.type]
        return out

    def escaped(self, ship: Ship) -> bool:
        """The escorted ship sailed off the table of her own will, by the scenario's edge."""
        if ship.status is not Status.LEFT or ship.driven_off:
            return False
        if self.escort_edge is None:
            return True
        # the edge she crossed (a corner counts for both its edges); a ship that left in
        # a game saved before issue 39 has no record of it: judged from her heading
        crossed = ship.left_by.split("-") if ship.left_by else [self.sea.edge_ahead(ship.heading)]
        return self.escort_edge in crossed

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        sc = self.scores()
        winner = None if sc[0] == sc[1] else (0 if sc[0] > sc[1] else 1)
        if self.victory.hold is not None:
            winner = hold_winner(self.ships.values(), self.victory.hold, self.held)
        return Outcome(
            winner, {k: float(v) for k, v in sc.items()}, self.turn_no, self.end_reason or ""
        )

    def clone(self) -> NavalState:
        c = object.__new__(type(self))
        c.rules, c.sea, c.name = self.rules, self.sea, self.name
        c.escort, c.escort_edge = self.escort, self.escort_edge
        c.victory, c.held = self.victory, self.held
        c.ships = {k: s.copy() for k, s in self.ships.items()}
        c.wind, c.coins, c.turn_no, c.phase = self.wind, self.coins, self.turn_no, self.phase
        c.order, c.idx = list(self.order), self.idx
        c.ts = self.ts.copy() if self.ts is not None else None
        c.ret, c.returned, c.damaged = self.ret, list(self.returned), list(self.damaged)
        c.resume, c.burning = self.resume, list(self.burning)
        c.boarded_ever, c.roll_side, c.end_reason = (
            self.boarded_ever,
            self.roll_side,
            self.end_reason,
        )
        c._events = list(self._events)
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "escort": self.escort,
            "escort_edge": self.escort_edge,
            **(
                {"victory": self.victory.kind, "held": self.held}
                if self.victory.hold is not None
                else {}
            ),
            "turn": self.turn_no,
            "phase": self.phase,
            "wind": self.wind,
            "coins": self.coins,
            "order": list(self.order),
            "idx": self.idx,
            "ship_turn": None if self.ts is None else dict(self.ts.__dict__),
            "return": list(self.ret) if self.ret else None,
            "returned": list(self.returned),
            "damaged": list(self.damaged),
            "resume": list(self.resume) if self.resume else None,
            "burning": list(self.burning),
            "boarded_ever": self.boarded_ever,
            "roll_side": self.roll_side,
            "end": self.end_reason,
            "ships": [s.to_json() for s in self.ships.values()],
            "log": list(self.events),
        }

    def check_invariants(self) -> None:
        seen: dict[tuple[int, int], str] = {}
        for s in self.ships.values():
            if not 0 <= s.fighting_points <= min(10, s.fighting_start):
                raise InvariantViolation(
                    f"{s.name} has {s.fighting_points} fighting points of {s.fighting_start}"
                )
            if s.gear > s.gear_start:
                raise InvariantViolation(f"{s.name} has more sailing gear than she started with")
            if s.gear < 0 or any(v < 0 or v > s.hull_start for v in s.hull.values()):
                raise InvariantViolation(f"{s.name}'s hull or gear is out of bounds")
            if any(b.guns < 0 for b in s.batteries.values()):
                raise InvariantViolation(f"{s.name} has a negative gun count")
            if s.status in (Status.AFLOAT, Status.SURRENDERED):
                if not self.sea.is_sea(s.hex):
                    raise InvariantViolation(f"{s.name} is at {s.hex}, not on open sea")
                if s.hex in seen:
                    raise InvariantViolation(f"{s.name} and {seen[s.hex]} share hex {s.hex}")
                seen[s.hex] = s.name
            for n in s.grappled:
                o = self.ships[n]
                if s.name not in o.grappled or not o.in_play or not s.in_play:
                    raise InvariantViolation(
                        f"grapple between {s.name} and {n} is one-sided or stale"
                    )
                if hex_distance(s.hex, o.hex) != 1:
                    raise InvariantViolation(f"{s.name} is grappled with {n} but not touching")
        if self.phase == "ship" and (self.ts is None or not self.ships[self.ts.ship].in_play):
            raise InvariantViolation("a ship turn without a ship in the fight")
        if self.coins < 0:
            raise InvariantViolation("negative countdown coins")
        owed = [s.name for s in self.ships.values() if s.guns_owed]
        if (self.phase == "choose_gun") != bool(owed):
            raise InvariantViolation(f"guns owed by {owed} outside the owner's choice")
        if (self.phase == "choose_gun") != (self.resume is not None):
            raise InvariantViolation("a paused firing without its place to go on (or stale)")
        if self.phase == "fire_side" and not self.burning:
            raise InvariantViolation("a fire-side choice without a burning ship")
        for s in self.ships.values():
            if s.guns_owed > s.gun_crews:
                raise InvariantViolation(f"{s.name} owes more guns than she has")
