"""Watching a saved game back, step by step, from its start.

A :class:`ReplayPlan` reads a save once and can give the save as it stood
after any number of actions (a real save of the shorter log, which the mode's
own view opens exactly like a save), plus a sentence for each action. Nothing
here changes the original save.

Fair play: a replay shows the table as it stood, and a game view shows the
hand of the seat to act. So a game that is not over and hides information from
some seat (hands, loyalties, secret choices) cannot be replayed: finish it
first. Perfect-information games (apart from dice already rolled) replay at
any point.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.core.log import Session
from wargame.core.play import load_session
from wargame.errors import BadInput


class ReplayPlan:
    """A saved game ready to be watched back."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.session: Session[Any] = load_session(data)
        self.length = len(self.session.entries)
        self.texts = self._describe_all()

    def _describe_all(self) -> list[str]:
        """The log's sentence for every action (a version-1 save gets one made now)."""
        return [entry.label for entry in self.session.entries]

    def check_fair(self) -> None:
        """BadInput when replaying would show information some seat may not see."""
        state = self.session.state
        if state.is_terminal():
            return
        seats = getattr(state, "n", None) or getattr(state, "players", None)
        n = seats if isinstance(seats, int) else 2
        full = state.to_json()
        if any(state.observation(seat) != full for seat in range(n)):
            raise BadInput(
                "this game is not over and some of it is hidden from some players "
                "(hands, secret choices): a replay would show it. Finish the game first."
            )

    def save_at(self, k: int) -> dict[str, Any]:
        """The save as it stood after the first ``k`` actions (0: the set-up): a new
        save of the shorter log, sealed afresh; the original is untouched."""
        if not 0 <= k <= self.length:
            raise BadInput(f"step {k} is outside the game (0 to {self.length})")
        s = self.session
        sub: Session[Any] = Session(s.factory, header=s.header, setup_rolls=s.setup_rolls)
        sub.replay(s.entries[:k])
        return sub.to_json()

    def caption(self, k: int) -> str:
        """What the step shows: the last action applied, or the set-up."""
        if k <= 0:
            return "The set-up, before the first action"
        return f"Step {k} of {self.length}: {self.texts[k - 1]}"
