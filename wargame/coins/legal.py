"""What the pirate being asked may do in each phase.

Only one thing can happen in every phase but the decision, so the legal actions are
constant tuples shared by every state (no allocation per call): the starting pirate
starts the round, draws the fortune coin, reveals or flips; a pirate deciding
plunders or sallies forth.
"""

from __future__ import annotations

from wargame.coins import actions as A
from wargame.core.actions import Action

START, FORTUNE, DECIDE, REVEAL, FLIP, OVER = range(6)

LEGAL: dict[int, tuple[Action, ...]] = {
    START: (A.START,),
    FORTUNE: (A.FORTUNE,),
    DECIDE: (A.SALLY_FORTH, A.PLUNDER_NOW),
    REVEAL: (A.REVEAL,),
    FLIP: (A.FLIP,),
    OVER: (),
}
