"""Response windows at the Pieces of Eight table: who is asked, who passes by themselves.

A mixin of :class:`ui.poe.view.PiecesOfEightView`. A window after a phase step of
someone's turn is put to every human on the table at once ("Play a card?"): a shared
moment, no hand on screen. "Carry on" passes it for them all; a pirate who asks to
react gets the computer (after the hand-off). The table's choice to ask humans at all
is kept with the game.
"""

from __future__ import annotations

from typing import Any

from wargame.core.actions import Action
from wargame.poe import actions as A
from wargame.poe.frames import WINDOWS
from wargame.poe.legal import reaction_plays

#: The session header key of the table's choice to ask humans during others' turns.
ASK_KEY = "ask_before_turns"


class PoeWindows:
    session: Any
    seats: list[str]
    bots: dict[int, Any]
    variants: Any
    bot_delay_ms: int
    #: Bots answer response windows at once, pass or play, so how long one takes says
    #: nothing about its hand.
    window_delay_ms = 0
    #: The window the table carried on from, and the human who asked to react now.
    _carried: tuple[int, int, str] | None = None
    _reacting: int | None = None

    # the view's (TableView): state, humans(), do(), after_change(), my_move()
    state: Any
    humans: Any
    do: Any
    after_change: Any
    my_move: Any

    def ask_humans(self) -> bool:
        return bool(self.session.header.get(ASK_KEY, True)) if self.session else True

    def _auto_pass(self, seat: int) -> bool:
        """A human passes a window without being asked: before others' turns and after
        their phase steps when the table chose not to be asked; after a phase step
        when the table carried on, or another pirate asked to react first; and, the
        only human against bots, when they hold no reaction card playable now."""
        st = self.state
        if seat in self.bots or not st.stack or self.seats[seat] != "human":
            return False
        f = st.stack[-1]
        if f.kind not in ("turn-start", "phase-end"):
            return False
        if not self.ask_humans():
            return True
        if f.kind != "phase-end":
            return False
        if self._carried == self._window_key():
            return True
        if self._reacting is not None and self._reacting != seat and self._reacting in f.order:
            return True
        return len(self.humans()) == 1 and not reaction_plays(st, seat)

    def _window_key(self) -> tuple[int, int, str] | None:
        """The phase-end window open now (turn number, active pirate, phase), or None."""
        if self.session is None:
            return None
        st = self.state
        if not st.stack or st.stack[-1].kind != "phase-end":
            return None
        f = st.stack[-1]
        return (st.turns, f.a, f.phase)

    def shared_window(self) -> bool:
        """True while a phase-end window is put to all the humans at once (two or
        more humans; no hand on screen, no hand-off)."""
        if self.session is None or self.state.over:
            return False
        seat = self.state.current_player()
        if seat is None or self._window_key() is None or self.seats[seat] != "human":
            return False
        if self._auto_pass(seat) or len(self.humans()) < 2:
            return False
        return self._reacting != seat

    def shared_moment(self) -> bool:
        return self.shared_window()

    def acts_by_itself(self, seat: int) -> bool:
        return seat in self.bots or self._auto_pass(seat)

    def automatic_action(self, seat: int) -> Action:
        if seat in self.bots:
            return self.bots[seat].choose(self.state, seat)
        return A.Pass()

    def bot_delay(self, seat: int) -> int:
        st = self.state
        window = bool(st.stack) and st.stack[-1].kind in WINDOWS
        return self.window_delay_ms if window else self.bot_delay_ms

    def carry_on(self) -> None:
        """Nobody at the table reacts: every human seat passes this window."""
        shared = self.shared_window()
        if self._window_key() is None or not (shared or self.my_move()):
            return
        self._carried = self._window_key()
        self._reacting = None
        self.do(A.Pass(), table=shared)

    def react(self, seat: int) -> None:
        """``seat`` wants to play a card in this window: the humans asked before them
        pass, then they get the computer (after the hand-off)."""
        if not self.shared_window():
            return
        f = self.state.stack[-1]
        if seat not in f.order or self.seats[seat] != "human":
            return
        self._reacting = seat
        self.after_change()
