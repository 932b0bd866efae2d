"""Exact odds a player decides on: the 2d4 totals, and the chance that a rival pirate
can end its next move on a given pirate (the 2d4 summed over with its exact odds)."""

from __future__ import annotations

from wargame.pvp.rules import roll_distribution
from wargame.pvp.state import PvpState


def can_attack(st: PvpState, attacker: int, target_cell: int, total: int) -> bool:
    """Could ``attacker`` end a move of ``total`` on ``target_cell`` (an attack on whoever
    is there) in the present position? A carrier never can; paths may not pass a
    pirate or a coin (a coin passed would make it a carrier); No Backstabbing counts."""
    s = st.pos[attacker]
    if s < 0 or st.carry[attacker] >= 0:
        return False
    paths = st.board.paths.ends(s, total).get(target_cell)
    if not paths:
        return False
    bc = st.pmask | st.cmask
    victim = st.occ[target_cell]
    bad = st.back[victim] if (st.opts.backstab and victim >= 0) else -1
    return any(not m & bc and side != bad for m, side in paths)


def attack_chance(st: PvpState, attacker: int, target_cell: int) -> float:
    """The chance ``attacker``'s next roll lets it end on ``target_cell``."""
    return sum(
        p for t, p in roll_distribution().items() if can_attack(st, attacker, target_cell, t)
    )


def threats(st: PvpState, pirate: int) -> dict[int, float]:
    """Every rival pirate with a chance above zero of reaching ``pirate`` next roll."""
    x = st.pos[pirate]
    if x < 0:
        return {}
    seat = st.seat_of(pirate)
    out = {}
    for q in range(len(st.pos)):
        if st.seat_of(q) == seat:
            continue
        c = attack_chance(st, q, x)
        if c > 0:
            out[q] = c
    return out


def any_threat(st: PvpState, pirate: int) -> float:
    """The chance that at least one rival can reach ``pirate`` on its next roll, for the
    rival who moves next (each rival rolls once; rivals after that are not counted)."""
    x = st.pos[pirate]
    if x < 0:
        return 0.0
    seat = st.seat_of(pirate)
    nxt = seat
    for _ in range(st.n):
        nxt = (nxt + 1) % st.n
        if nxt != seat and st.in_play(nxt):
            break
    k = st.opts.pirates
    rivals = [q for q in range(nxt * k, nxt * k + k) if st.pos[q] >= 0]
    return sum(
        p for t, p in roll_distribution().items() if any(can_attack(st, q, x, t) for q in rivals)
    )


def totals_with_a_move(st: PvpState, pirates: list[int] | None = None) -> set[int]:
    """The roll totals that would give the active player (or one of ``pirates``) a
    legal move in the present position."""
    from wargame.pvp.legal import move_classes
    from wargame.pvp.state import MOVE

    probe = st.clone()
    probe.phase = MOVE
    who = pirates if pirates is not None else st.alive(st.active)
    good = set()
    for t in roll_distribution():
        probe.total = t
        if any(move_classes(probe, q) for q in who):
            good.add(t)
    return good
