"""What must always hold in a raid (``wargame simulate raid --strict`` checks after each action)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargame.errors import InvariantViolation
from wargame.raid.model import READY, STATUSES

if TYPE_CHECKING:
    from wargame.raid.state import RaidState


def check(state: RaidState) -> None:
    ids = tuple(u.id for u in state.units)
    if ids != state.roster:
        raise InvariantViolation("figures were created or lost: the roster changed")
    cap = max(state.rules.movement.square_capacity, state.rules.alarm.raise_dead_capacity)
    per: dict[tuple[int, int], list[int]] = {}
    for u in state.units:
        if u.status not in STATUSES:
            raise InvariantViolation(f"{u.id} has an unknown status {u.status!r}")
        if u.status == READY:
            if u.sq is None or not state.town.contains(u.sq):
                raise InvariantViolation(f"{u.id} is on the table but not on a town square")
            per.setdefault(u.sq, []).append(u.side)
        elif u.sq is not None:
            raise InvariantViolation(f"{u.id} is {u.status} but still stands on the table")
        if u.status in ("spiked",) and u.kind != "guns":
            raise InvariantViolation(f"{u.id} was spiked but is no gun")
        if u.status == "captured" and not u.is_officer:
            raise InvariantViolation(f"{u.id} was captured but is no officer")
    for sq, sides in per.items():
        if len(set(sides)) > 1:
            raise InvariantViolation(f"square {sq} holds figures of both sides")
        if len(sides) > cap:
            raise InvariantViolation(f"square {sq} holds {len(sides)} figures, over {cap}")
    total = state.rules.victory.defender_coins
    a, d = state.coins
    if a < 0 or d < 0 or a + d != total:
        raise InvariantViolation(f"coins not conserved: pirates {a} + town {d} != {total}")
    if sum(e[3] for e in state.ledger) != a:
        raise InvariantViolation("the pirates' coins do not match the itemised account")
    occ = state.occupancy()
    fresh = {}
    for i, u in enumerate(state.units):
        if u.status == READY:
            fresh.setdefault(u.sq, []).append(i)
    if fresh != occ:
        raise InvariantViolation("the occupancy cache is stale")
    for sq in state.fire:
        if sq in state.burned or not state.rules.squares[state.town.type_at(sq)].burnable:
            raise InvariantViolation(f"square {sq} burns but cannot")
