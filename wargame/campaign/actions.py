"""The campaign's actions: every change to a campaign is one of these.

Secret contents never appear in an action in clear before the reveal: the
view seals them with the player's key first (:mod:`wargame.campaign.secrets`)
and the action carries only the sealed token and the commitment.
"""

from __future__ import annotations

from dataclasses import dataclass

from wargame.core.actions import Action, action


@action("campaign.add_player")
@dataclass(frozen=True, slots=True)
class AddPlayer(Action):
    name: str
    country: str
    salt: str
    verifier: str
    kdf: str


@action("campaign.set_force")
@dataclass(frozen=True, slots=True)
class SetForce(Action):
    """Give force ``letter`` a value (1-5); it exists on the sheet from then on."""

    player: int
    letter: str
    value: int


@action("campaign.remove_force")
@dataclass(frozen=True, slots=True)
class RemoveForce(Action):
    player: int
    letter: str


@action("campaign.seal")
@dataclass(frozen=True, slots=True)
class SealContents(Action):
    """Store a force's contents sealed with its owner's key, with their commitment."""

    player: int
    letter: str
    sealed: str
    commit: str


@action("campaign.declare")
@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Force ``letter`` of ``player`` engages ``opponent``'s force ``opponent_letter``."""

    player: int
    letter: str
    opponent: int
    opponent_letter: str
    attacker: bool


@action("campaign.withdraw")
@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Take back the engagement declared for ``player``'s force ``letter``."""

    player: int
    letter: str


@action("campaign.done")
@dataclass(frozen=True, slots=True)
class DoneDeclaring(Action):
    """``player`` has declared every engagement (``done=False`` takes it back)."""

    player: int
    done: bool = True


@action("campaign.reveal")
@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Unfold ``player``'s sheet: ``payload`` is JSON ``{letter: {"n": nonce, "c": contents}}``."""

    player: int
    payload: str

    reveals = True


@action("campaign.resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Roll the engagement's result on the resolution table."""

    engagement: str


@action("campaign.resolve_all")
@dataclass(frozen=True, slots=True)
class ResolveAll(Action):
    """Roll the result of every engagement not resolved yet, in the order declared."""


@action("campaign.choose_result")
@dataclass(frozen=True, slots=True)
class ChooseResult(Action):
    """The attacker's choice of result (when the rules data say ``method = "choice"``)."""

    engagement: str
    result: int


@action("campaign.score")
@dataclass(frozen=True, slots=True)
class RecordScore(Action):
    """The battle scores of a battle or raid (typed in, or reported by a linked fight).

    ``winner`` is who won by the fight's own rules ("attacker", "defender" or "draw"),
    when a linked game reports it; empty means the higher battle score wins.
    """

    engagement: str
    attacker_score: int
    defender_score: int
    source: str = "typed"
    winner: str = ""


@action("campaign.losses")
@dataclass(frozen=True, slots=True)
class RecordLosses(Action):
    """What each side of a battle or raid lost, carried back onto the force sheets.

    ``losses`` is JSON ``{"attacker": {"ships": [...], "party": [...]}, "defender": ...}``
    (:mod:`wargame.campaign.losses`): ships sunk or taken, figures dead, officers dead
    or captured. Only forces unfolded this turn are touched, so nothing sealed is told.
    """

    engagement: str
    losses: str


@action("campaign.end_turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    pass


@action("campaign.finish")
@dataclass(frozen=True, slots=True)
class Finish(Action):
    pass
