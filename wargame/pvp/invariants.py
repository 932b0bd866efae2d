"""What ``simulate --strict`` checks in Pirate Versus Pirate (:func:`check`)."""

from __future__ import annotations

from wargame.errors import InvariantViolation
from wargame.pvp.legal import has_legal_action
from wargame.pvp.state import OVER, PvpState


def check(st: PvpState) -> None:
    """Four coins and every pirate accounted for; the caches match the pieces.

    What ``simulate --strict`` checks after every action (issue 19), in one pass
    over the pirates and one over the coins (about 5 us, against about 6 us for
    the action itself; the legality check of the action played about 1 us):

    * every pirate on its own triangle or off the board, none eliminated with a
      coin; the occupancy list and mask and each crew's count match the pirates;
    * each coin in exactly one place (a triangle, a carrier, a home), never under
      a pirate nor two on a triangle; the coin mask matches; carrier and coin
      agree both ways; each seat's delivered silver is the coins at its home;
    * a live game has someone to act, a legal action (every live phase offers
      one by construction, so this is :func:`~wargame.pvp.legal.has_legal_action`:
      a live phase, and for a facing the mover's own pirate on the board; the
      moves are not listed), two crews left and no silver win; a game over has
      a winner.

    The action played is checked by :meth:`is_legal` on its one end, not against
    the list of every move.
    """
    b = st.board
    k = st.opts.pirates
    n = st.n
    pos = st.pos
    carry = st.carry
    if len(pos) != n * k:
        raise InvariantViolation(f"{len(pos)} pirates, expected {n * k}")
    occ = [-1] * len(b)
    pmask = 0
    alive = [0] * n
    for p, c in enumerate(pos):
        if c < 0:
            if carry[p] >= 0:
                raise InvariantViolation(f"eliminated {st.pirate_name(p)} carries a coin")
            continue
        if occ[c] >= 0:
            raise InvariantViolation(
                f"{st.pirate_name(p)} and {st.pirate_name(occ[c])} share {b.labels[c]}"
            )
        occ[c] = p
        pmask |= 1 << c
        alive[p // k] += 1
    if occ != st.occ or pmask != st.pmask:
        raise InvariantViolation("the occupancy cache does not match the pirates")
    if alive != st.alive_n:
        seat = next(s for s in range(n) if alive[s] != st.alive_n[s])
        raise InvariantViolation(f"{st.colour[seat]}'s count of pirates is wrong")
    cmask = 0
    for j, name in enumerate(b.coin_names):
        cell, holder, home = st.coin_cell[j], st.coin_holder[j], st.coin_home[j]
        places = (cell >= 0) + (holder >= 0) + (home >= 0)
        if places != 1:
            raise InvariantViolation(f"the {name} coin is in {places} places at once")
        if cell >= 0:
            if occ[cell] >= 0:
                raise InvariantViolation(f"the {name} coin lies under {st.pirate_name(occ[cell])}")
            if cmask & (1 << cell):
                raise InvariantViolation(f"two coins lie on {b.labels[cell]}")
            cmask |= 1 << cell
        if holder >= 0 and (st.pos[holder] < 0 or st.carry[holder] != j):
            raise InvariantViolation(f"the {name} coin's carrier does not hold it")
    if cmask != st.cmask:
        raise InvariantViolation("the coin cache does not match the coins")
    for p, j in enumerate(carry):
        if j >= 0 and st.coin_holder[j] != p:
            raise InvariantViolation(f"{st.pirate_name(p)} carries a coin held by another")
    silver = [0] * n
    for j, home in enumerate(st.coin_home):
        if home >= 0 and not b.coin_gold[j]:
            silver[home] += 1
    if silver != st.delivered:
        seat = next(s for s in range(n) if silver[s] != st.delivered[s])
        raise InvariantViolation(f"{st.colour[seat]}'s delivered silver does not add up")
    if st.phase != OVER:
        if st.current_player() is None:
            raise InvariantViolation("no one to act in a live game")
        if not has_legal_action(st):
            raise InvariantViolation("no legal action in a live game")
        if n - alive.count(0) < 2:
            raise InvariantViolation("the game goes on with one crew left")
        if max(silver) >= st.opts.silver_to_win:
            raise InvariantViolation("the game goes on after a silver win")
    elif st.winner < 0 and st.quiet < st.opts.quiet_turns:
        raise InvariantViolation("the game ended without a winner")
