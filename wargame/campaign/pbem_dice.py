"""Dice fixed by the chain in a campaign played by e-mail (docs/rulings.md, "Play by
e-mail: the dice").

Once a campaign has taken a turn file, its rolls are no longer drawn from this
computer's generator: a roll is a function of the campaign's chain before the entry
that makes it (the hash of the whole signed history: every move of every player,
their sealed contents, their signed keys) and of what the roll is for. Rebuilding
one's copy from the turn files and making the same moves again gives the same rolls;
importing checks every roll a file carries against the chain and refuses one that
differs. A roll typed in from physical dice is not the chain's: it travels marked
as typed, and the import says how many came.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from wargame.core.dice import RollRequest, SeededProvider

if TYPE_CHECKING:
    from wargame.campaign.state import CampaignState
    from wargame.core.log import Session

_LABEL = "wargame campaign chain dice v1"


def chain_values(
    before: str, purpose: str, index: int, low: int, high: int, count: int
) -> tuple[int, ...]:
    """The values of the ``index``-th roll for ``purpose`` in the entry that follows the
    chain hash ``before``."""
    seed = hashlib.sha256(f"{_LABEL}\n{before}\n{purpose}\n{index}".encode()).hexdigest()
    return SeededProvider(seed).plain(low, high, count)


class ChainProvider:
    """The session's dice once the campaign is played by e-mail: the chain's rolls."""

    def __init__(self, session: Session[CampaignState]) -> None:
        self.session = session

    def values(self, request: RollRequest) -> tuple[int, ...]:
        from wargame.campaign.pbem import chain

        before = chain(self.session)[-1]  # the entry being made is not in the log yet
        index = sum(r.purpose == request.purpose for r in self.session.dice.recorded())
        return chain_values(
            before, request.purpose, index, request.low, request.high, request.count
        )


def use_chain_dice(session: Session[CampaignState]) -> None:
    """From now on ``session`` rolls the chain's dice (unless its player rolls physical
    dice, typed in: those stay)."""
    if type(session.dice.provider) is SeededProvider:
        session.dice.provider = ChainProvider(session)
