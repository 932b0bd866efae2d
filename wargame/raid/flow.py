"""The raid's turn in the seed's order: initiative, the phases one after another, the end
of a turn and of the raid (a mixin of :class:`~wargame.raid.play.RaidPlay`)."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.raid.model import ATTACKER, SIDE_WORDS
from wargame.raid.state import (
    PHASE_TITLES,
)


class TurnFlow:
    """Moves the raid on from phase to phase; mixed into :class:`~wargame.raid.play.RaidPlay`."""

    def _do_done(self, dice: DiceService) -> None:
        side = self.current_player()
        self.note(
            f"The {SIDE_WORDS[side or 0]} are done with {PHASE_TITLES[self.phase][3:].lower()}."
        )
        self._next_step()

    def _next_step(self) -> None:
        ph = self.phase
        if ph in ("move", "shoot", "fight") and self.step == 0:
            self.step = 1
            self.attacked_from = set()
            return
        self.step = 0
        self.attacked_from = set()
        nxt = {
            "move": "shoot",
            "shoot": "fight",
            "fight": "morale",
            "morale": "fire",
            "fire": "burn",
            "burn": "loot",
            "loot": "alarm",
        }[ph]
        if nxt == "fight":
            self.engaged = set()
        self.phase = nxt

    def _advance(self, dice: DiceService) -> None:
        """Run on past phases with nothing to do; stop where a player must act."""
        check_party = True
        while self.end is None:
            if self.pending is not None:
                return
            if self.hits:
                self.process_hits(dice)
                check_party = True
                continue
            if check_party:
                check_party = False
                occ = self._occ if self._occ is not None else self.occupancy()
                units = self.units
                if not any(units[idx[0]].side == ATTACKER for idx in occ.values()):
                    self._finish("the raiding party has gone from the town")
                    return
            ph = self.phase
            if ph in ("initiative", "alarm"):
                return
            if ph == "alarm_done":
                self._end_turn()
                continue
            if ph == "move":
                if self.needs_rouse() or self.has_move(self.active_side()):
                    return
            elif ph == "shoot":
                if self.has_shot(self.active_side()):
                    return
            elif ph == "fight":
                if self.has_attack(self.active_side()):
                    return
            elif ph == "morale":
                if self.morale_tests:
                    return
            elif ph == "fire":
                if self.has_ignite():
                    return
            elif ph == "burn":
                if self.fire:
                    return
            elif ph == "loot":
                if self.has_loot():
                    return
            self._next_step()

    def _do_initiative(self, dice: DiceService) -> None:
        a = dice.d6("Who moves first: the pirates")
        d = dice.d6("Who moves first: the defenders")
        bonus = self.rules.initiative.attacker_bonus
        self.first = self.first_mover(a, d)
        self.note(
            f"Turn {self.turn_no}: pirates roll {a}+{bonus}, defenders roll {d}: "
            f"the {SIDE_WORDS[self.first]} move first."
        )
        self.phase = "move"
        self.step = 0

    def _do_withdraw(self, dice: DiceService) -> None:
        for u in self.on_table(ATTACKER):
            self._remove(u, "withdrawn")
        self.note("The pirates run for their boats with what they have taken.")
        self._finish("the pirates withdrew to their boats")

    def _end_turn(self) -> None:
        v = self.rules.victory
        if self.alarm_turn is not None and self.alarm_turn < self.turn_no:
            self.score(v.turn_after_alarm, f"turn {self.turn_no} played after the alarm")
        if self.sail_ahoy_turn is not None and self.turn_no > self.sail_ahoy_turn:
            self._finish("Sail ahoy! the pirates made a run for it")
            return
        if self.turn_no >= self.rules.game.max_turns:
            self._finish(f"time: {self.rules.game.max_turns} turns played")
            return
        self.turn_no += 1
        self.phase = "initiative"
        self.step = 0
        self.rouse_rolled = False
        for u in self.units:
            u.moved = u.shot = u.tried_fire = u.roused = False
            u.scurvy_escort = 0

    def _finish(self, reason: str) -> None:
        self.end = reason
        self.phase = "over"
        self.pending = None
        self.hits = []
        self.note(
            f"The raid is over: {reason}. Pirates {self.coins[0]}, town {self.coins[1]} coins."
        )
