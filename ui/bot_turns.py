"""Bots taking their turns at the table, shared by the board-game views.

A view with ``session``, ``bots`` (seat -> bot), a ``_bot_timer`` and a
``_bot_step()`` mixes this in; it says which seats act by themselves by
overriding :meth:`BotTurns.bot_acts` (a bot's seat, a chore the app does for a
human, an automatic pass).
"""

from __future__ import annotations

from typing import Any


class BotTurns:
    session: Any
    bots: dict[int, Any]
    _bot_timer: Any

    def _bot_step(self) -> None:  # pragma: no cover - every view has its own
        raise NotImplementedError

    def bot_acts(self, seat: int) -> bool:
        """True when ``seat`` acts without a human (default: a bot plays it)."""
        return seat in self.bots

    def run_bots(self, limit: int = 10_000) -> int:
        """Let the seats that act by themselves play until a human must (tests,
        screenshots, the 'skip' key); returns how many actions they took."""
        steps = 0
        self._batch = True  # a Hard seat thinks on this thread: one move per step
        try:
            return self._run_bots(limit, steps)
        finally:
            self._batch = False

    def _run_bots(self, limit: int, steps: int) -> int:
        while steps < limit and self.session is not None:
            state = self.session.state
            if state.is_terminal():
                break
            seat = state.current_player()
            if seat is None or not self.bot_acts(seat):
                break
            self._bot_timer.stop()
            self._bot_step()
            steps += 1
        return steps
