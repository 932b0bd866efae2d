"""Readable sentences for the raid's orders (the game log)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargame.core.actions import Action
from wargame.raid import actions as A
from wargame.raid.model import SIDE_WORDS

if TYPE_CHECKING:
    from wargame.raid.state import RaidState


def _sq(sq: tuple[int, ...]) -> str:
    return f"{sq[0]},{sq[1]}"


def describe(state: RaidState, a: Action) -> str:
    def name(uid: str) -> str:
        i = state.by_id.get(uid)
        return state.units[i].label() if i is not None else uid

    seat = state.current_player()
    who = SIDE_WORDS[seat].title() if seat is not None else "Nobody"
    if isinstance(a, A.RollInitiative):
        return "Roll to see who moves first"
    if isinstance(a, A.Withdraw):
        return "The pirates withdraw to their boats"
    if isinstance(a, A.RouseOfficers):
        return "The defenders roll for their officers (5,6 to move)"
    if isinstance(a, A.Move):
        extra = f" with {', '.join(a.escort)}" if a.escort else ""
        return f"{name(a.unit)} moves to {_sq(a.to)}{extra}"
    if isinstance(a, A.Done):
        return f"{who}: done with {state.phase_title()[3:].lower()}"
    if isinstance(a, A.Shoot):
        return f"{name(a.unit)} shoots at {_sq(a.at)}"
    if isinstance(a, A.Attack):
        return f"{who} attack {_sq(a.at)} from {_sq(a.frm)}"
    if isinstance(a, A.ChooseCasualty):
        return f"{who} choose {name(a.unit)} to take the hit"
    if isinstance(a, A.RetreatOfficer):
        return f"The officer falls back to {_sq(a.to)}"
    if isinstance(a, A.RollMorale):
        return "Morale tests"
    if isinstance(a, A.Ignite):
        return f"{name(a.unit)} tries to set fire to {_sq(a.at)}"
    if isinstance(a, A.BurnTown):
        return "Fires spread and burn"
    if isinstance(a, A.Ransack):
        return f"{', '.join(a.units)} ransack {_sq(a.at)}"
    if isinstance(a, A.SpikeGun):
        return f"{name(a.unit)} spikes {name(a.gun)}"
    if isinstance(a, A.RollAlarm):
        return "Alarm raising (2d6)"
    if isinstance(a, A.PickSquare):
        return f"{who} pick {_sq(a.at)}"
    if isinstance(a, A.PlaceRaised):
        return f"{name(a.unit)} placed at {_sq(a.at)}"
    return a.to_text()
