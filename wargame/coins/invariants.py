"""Every coin accounted for, and the turn in order.

What ``simulate --strict`` checks after every action (issue 19):

* every coin accounted for, per type (metal and monster kind): pouch, pile, monster
  pool, round stack, fortune coin and the booties add up to the coin set; no place
  holds fewer than no coins; each booty's kept value is its worth; no monster kind
  has reached an attack in the pool (an attack empties it at once);
* in a live game: the round stack matches the round, a fortune coin lies out exactly
  while pirates decide, reveal or flip, someone is in the round, no one has reached
  the winning booty, choices exist only in the decision and its reveal and only for
  pirates in the round, the pirate asked is the one whose turn it is, the reveal
  waits for every decision, and a round starts with an empty table.

The legal actions are constant tuples per phase, so the action played is checked
against a tuple of one or two.

Cost: the accounting is a pure function of the counts, so it is skipped when they
are exactly the counts last found sound (kept here as copies: a change made in place
is still seen); that is the case after a decision, which moves no coin (four in ten
actions). The booties, which change only when someone plunders, are likewise
recounted (and their worth recomputed) only when they changed. A recount is a few
C-level passes over lists of 15 counts; the turn checks a handful of comparisons.
In all about 4 us an action on average, against about 2.5 us for the action itself.
"""

from __future__ import annotations

from operator import add
from typing import Any

from wargame.coins.state import (
    DECIDE,
    FLIP,
    OVER,
    PHASE_NAMES,
    REVEAL,
    START,
    UNDECIDED,
    CoinsState,
)
from wargame.errors import InvariantViolation

#: The counts last found accounted for (copies), and the booties last found sound
#: (copies) with their coins per type.
_SOUND: list[tuple[Any, ...] | None] = [None]
_BOOTIES: list[Any] = [None, None]


def check(st: CoinsState) -> None:
    accounts = (st.coins, st.fortune, st.stack, st.pouch, st.pile, st.pool, st.booty, st.worth)
    if accounts != _SOUND[0]:
        _accounts(st)
        _, booty, worth = _BOOTIES[0]  # copies equal to this state's booties by now
        _SOUND[0] = (
            st.coins, st.fortune, st.stack[:], st.pouch[:], st.pile[:], st.pool[:], booty, worth,
        )  # fmt: skip
    phase = st.phase
    if phase != OVER:
        _turn(st, phase)


def _accounts(st: CoinsState) -> None:
    c = st.coins
    kept = _booties(st)
    pouch, pile, pool = st.pouch, st.pile, st.pool
    if min(pouch) < 0 or min(pile) < 0 or min(pool) < 0:
        _negative(st)
    where = list(map(add, map(add, pouch, pile), map(add, pool, kept)))
    for t in st.stack:
        where[t] += 1
    if st.fortune >= 0:
        where[st.fortune] += 1
    if where != list(c.total):
        t = next(t for t in range(c.types) if where[t] != c.total[t])
        raise InvariantViolation(
            f"{c.coin_name(t)} coins: {where[t]} accounted for, {c.total[t]} in the game"
        )
    if sum(st.pool) >= c.attack_at and max(st.pool_kinds()) >= c.attack_at:
        raise InvariantViolation("the monsters should have attacked")


def _booties(st: CoinsState) -> list[int]:
    """The coins of each type in the booties, each booty checked (no negative count,
    worth its kept value) when it changed since the last check."""
    memo = _BOOTIES
    if (st.coins, st.booty, st.worth) != memo[0]:
        if min(map(min, st.booty)) < 0:
            _negative(st)
        tv = st.coins.type_value
        for s, b in enumerate(st.booty):
            if sum(map(int.__mul__, b, tv)) != st.worth[s]:
                raise InvariantViolation(f"{st.name(s)}'s booty is not worth {st.worth[s]}")
        memo[0] = (st.coins, [b[:] for b in st.booty], st.worth[:])
        memo[1] = list(map(sum, zip(*st.booty)))
    return memo[1]  # type: ignore[no-any-return]


def _negative(st: CoinsState) -> None:
    """Raise naming the first place that holds fewer than no coins of a type."""
    c = st.coins
    for t in range(c.types):
        for place, counts in (("pouch", st.pouch), ("pile", st.pile), ("pool", st.pool)):
            if counts[t] < 0:
                raise InvariantViolation(f"{counts[t]} {c.coin_name(t)} coins in the {place}")
        for s in range(st.n):
            if st.booty[s][t] < 0:
                raise InvariantViolation(f"{st.name(s)} holds {st.booty[s][t]} coins")


def _turn(st: CoinsState, phase: int) -> None:
    c = st.coins
    if len(st.stack) + st.round != c.round_stack:
        raise InvariantViolation(
            f"round {st.round} with {len(st.stack)} coins left in the round stack"
        )
    deciding = phase == DECIDE or phase == REVEAL
    if (st.fortune >= 0) != (deciding or phase == FLIP):
        raise InvariantViolation(f"a fortune coin of {st.fortune} in {PHASE_NAMES[phase]}")
    in_round = st.in_round
    if phase != START and True not in in_round:
        raise InvariantViolation("a round goes on with every pirate out of it")
    if max(st.worth) >= c.win_booty:
        s = next(s for s in range(st.n) if st.worth[s] >= c.win_booty)
        raise InvariantViolation(f"{st.name(s)} has won but the game goes on")
    choice = st.choice
    # A choice is out of place outside the decision, or for a pirate out of the round.
    if choice.count(UNDECIDED) != st.n and (not deciding or False in in_round):
        for s in range(st.n):
            if choice[s] != UNDECIDED and not (deciding and in_round[s]):
                raise InvariantViolation(f"{st.name(s)} has a choice out of the decision")
    expected = st.next_decider() if phase == DECIDE else st.starter
    if st.actor != expected:
        raise InvariantViolation(f"{st.name(st.actor)} is asked instead of {st.name(expected)}")
    if phase == REVEAL and any(in_round[s] and choice[s] == UNDECIDED for s in range(st.n)):
        raise InvariantViolation("the reveal comes before every pirate decided")
    if phase == START and (any(st.pile) or any(st.pool)):
        raise InvariantViolation("a round starts with coins left on the table")
