"""What one seat believes about the others' secret loyalties, from the public record.

An evidence count per seat turned into odds (a naive-Bayes log-likelihood): the hold a
captain or cabin boy put treasure in, the treasure maps given, who was marooned or
shot by whom, who called a mutiny, and the flags revealed in brawls set against the
flags the seat played itself. The strong bot plays by it; the search bot redraws the
loyalties it cannot see in proportion to it (``hidden.resample``).
"""

from __future__ import annotations

import math
from typing import Any

TEAM_INDEX = {"British": 0, "French": 1, "Dutch": 2}
#: Log-likelihood weight of one piece of evidence of each kind.
WEIGHTS = {"shift": 1.2, "loot": 1.2, "hold": 1.0, "give": 0.8, "hostile": 0.8, "flags": 0.5}


class Belief:
    """P(seat is British) for every other seat, from evidence counts.

    ``prior`` is the belief the same seat formed earlier in the same game: when the
    history it read is the start of this one, only the new events are read (the
    result is the same as reading the whole history)."""

    def __init__(self, obs: dict[str, Any], prior: Belief | None = None) -> None:
        n = obs["players"]
        me = obs["seat"]
        self.me = me
        self.team = TEAM_INDEX[obs["loyalty"][me]]
        self.fixed: dict[int, int] = {}
        for s, t in enumerate(obs["loyalty"]):
            if t is not None:
                self.fixed[s] = TEAM_INDEX[t]
        hist = obs["history"]
        self.n = n
        #: The history read so far, and the bot's own flags since the last brawl.
        self.read: list[Any] = hist
        start = 0
        if (
            prior is not None
            and prior.me == me
            and prior.team == self.team
            and prior.n == n
            and len(prior.read) <= len(hist)
            and hist[: len(prior.read)] == prior.read
        ):
            self.logit = prior.logit[:]
            self.my_flags = prior.my_flags[:]
            start = len(prior.read)
        else:
            self.logit = [0.0] * n
            self.my_flags = [0, 0]
        my_flags = self.my_flags
        for i in range(start, len(hist)):
            what, s, x = hist[i]
            if what in ("shift", "loot", "hold"):
                self._nation(s, x, WEIGHTS[what])
            elif what == "give":
                self._same(s, x, WEIGHTS["give"])
            elif what in ("maroons", "shoots"):
                self._same(s, x, -WEIGHTS["hostile"])
            elif what == "flags":
                # the brawl's flags, less the bot's own card and the deck's, spread
                # over the other voters
                voters = [v for w, v, _ in hist[max(0, i - 10) : i] if w == "voted" and v != me]
                if voters:
                    b, f = s - my_flags[0], x - my_flags[1]
                    lean = (b - f) / (len(voters) + 1)
                    for v in voters:
                        self.logit[v] += WEIGHTS["flags"] * lean
                my_flags[0] = my_flags[1] = 0

    def _nation(self, s: int, hold: int, w: float) -> None:
        if s != self.me:
            self.logit[s] += w if hold == 0 else -w

    def _same(self, a: int, b: int, w: float) -> None:
        """Evidence that ``a`` and ``b`` are on the same side (w > 0) or not (w < 0)."""
        for x, y in ((a, b), (b, a)):
            if y == self.me and x != self.me and self.team < 2:
                self.logit[x] += w if self.team == 0 else -w

    def british(self, s: int) -> float:
        if s in self.fixed:
            return 1.0 if self.fixed[s] == 0 else 0.0
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, self.logit[s]))))

    def friend(self, s: int) -> float:
        if s == self.me:
            return 1.0
        if s in self.fixed:
            return 1.0 if self.fixed[s] == self.team else 0.0
        if self.team == 2:
            return 0.0
        p = self.british(s)
        return p if self.team == 0 else 1.0 - p
