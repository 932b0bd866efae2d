"""What each action does: setup, the start of a round, and the five phases of a turn.

Coins of one metal are interchangeable for the rules; when one moves, the kind it
shows is the one most numerous where it is taken from (first in the rules' order on
a tie), so nobody has to choose (docs/rulings.md, "Which coin of a metal moves").
"""

from __future__ import annotations

from collections.abc import Callable

from wargame.coins import actions as A
from wargame.coins.division import divide
from wargame.coins.state import (
    DECIDE,
    FLIP,
    FORTUNE,
    OVER,
    PLUNDER,
    REVEAL,
    SALLY,
    START,
    UNDECIDED,
    CoinsState,
    draw_type,
)
from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.plural import count


def setup(st: CoinsState, dice: DiceService, starter: int | None) -> None:
    """Booty to each pirate, the round stack from the pouch, the starting pirate."""
    c = st.coins
    k = len(c.kinds)
    for s in range(st.n):
        for metal, how_many in enumerate(c.starting_booty):
            for _ in range(how_many):
                t = _most(st.pouch, metal, k)
                st.pouch[t] -= 1
                st.booty[s][t] += 1
                st.worth[s] += c.values[metal]
    for _ in range(c.round_stack):
        t = draw_type(st.pouch, dice, "round stack: a coin from the pouch")
        st.pouch[t] -= 1
        st.stack.append(t)
    if starter is None:
        starter = dice.draw(1, st.n, 1, "the scurviest pirate starts (pirate number)")[0] - 1
    st.starter = st.actor = starter
    st.phase = START


def _most(counts: list[int], metal: int, k: int) -> int:
    """The type of ``metal`` with the most coins in ``counts`` (the first on a tie);
    -1 if there is none."""
    base = metal * k
    best, best_n = -1, 0
    for t in range(base, base + k):
        if counts[t] > best_n:
            best, best_n = t, counts[t]
    return best


def start_round(st: CoinsState, action: Action, dice: DiceService) -> None:
    t = st.stack.pop()
    st.pile[t] += 1
    st.round += 1
    st.turn_in_round = 0
    st.in_round = [True] * st.n
    st.phase = FORTUNE
    st.last = ("start", st.starter, t)


def draw_fortune(st: CoinsState, action: Action, dice: DiceService) -> None:
    if not any(st.pouch):
        st.last = ("empty", st.starter)
        _end_turn(st, round_over=True)
        return
    t = draw_type(st.pouch, dice, "fortune coin from the pouch")
    st.pouch[t] -= 1
    st.fortune = t
    st.turn_in_round += 1
    st.turns += 1
    st.phase = DECIDE
    st.actor = st.next_decider()
    st.last = ("fortune", st.starter, t)


def decide(st: CoinsState, action: Action, dice: DiceService) -> None:
    seat = st.actor
    st.choice[seat] = PLUNDER if action.choice == A.PLUNDER else SALLY  # type: ignore[attr-defined]
    st.last = ("decide", seat)
    # Every pirate still in the round has decided: the starting pirate reveals.
    n = st.n
    s = seat + 1 if seat + 1 < n else 0
    while s != st.starter:
        if st.in_round[s] and st.choice[s] == UNDECIDED:
            st.actor = s
            return
        s = s + 1 if s + 1 < n else 0
    st.phase = REVEAL
    st.actor = st.starter


def reveal(st: CoinsState, action: Action, dice: DiceService) -> None:
    c = st.coins
    n = st.n
    choices = tuple(st.choice)
    plunderers = []
    s = st.starter
    for _ in range(n):
        if choices[s] == PLUNDER:
            plunderers.append(s)
        s = s + 1 if s + 1 < n else 0
    gains = [0] * n
    won = False
    if plunderers:
        k = len(c.kinds)
        values = c.values
        pile = st.metal_counts(st.pile)
        booties = [st.metal_counts(st.booty[s]) for s in plunderers]
        nets = divide(c.divisions[c.type_metal[st.fortune]], pile, booties, values)
        for s, net in zip(plunderers, nets):
            booty = st.booty[s]
            for m in range(3):
                d = net[m]
                while d < 0:  # change returned to the pile
                    t = _most(booty, m, k)
                    booty[t] -= 1
                    st.pile[t] += 1
                    d += 1
                while d > 0:
                    t = _most(st.pile, m, k)
                    st.pile[t] -= 1
                    booty[t] += 1
                    d -= 1
            st.in_round[s] = False
            gain = net[0] * values[0] + net[1] * values[1] + net[2] * values[2]
            gains[s] = gain
            st.worth[s] += gain
            if st.worth[s] >= c.win_booty:
                won = True
    st.choice = [UNDECIDED] * n
    st.last = ("reveal", st.starter, choices, st.fortune, tuple(gains), tuple(plunderers), won)
    if won:
        st.phase = OVER
        st.end_reason = f"a pirate has {c.win_booty} booty"
        return
    if not any(st.in_round):
        # Everyone has plundered: the round ends without a flip (docs/rulings.md).
        _end_turn(st, round_over=True)
        return
    st.phase = FLIP


def flip(st: CoinsState, action: Action, dice: DiceService) -> None:
    c = st.coins
    t = st.fortune
    face = dice.draw(1, c.flip_sides, 1, "coin flip: 1 skull, 2 monster")[0]
    st.flips += 1
    st.fortune = -1
    monster = face in c.monster_faces
    attack = False
    if monster:
        st.pool[t] += 1
        kind = c.type_kind[t]
        k = len(c.kinds)
        attack = st.pool[kind] + st.pool[kind + k] + st.pool[kind + 2 * k] >= c.attack_at
    else:
        st.pile[t] += 1
    st.last = ("flip", st.starter, t, monster, attack)
    _end_turn(st, round_over=attack)


def _end_turn(st: CoinsState, *, round_over: bool) -> None:
    """The starting pirate passes left; a round over returns the table to the pouch."""
    st.starter = st.actor = st.starter + 1 if st.starter + 1 < st.n else 0
    if not round_over:
        st.phase = FORTUNE
        return
    pouch = st.pouch
    for counts in (st.pile, st.pool):
        for t, x in enumerate(counts):
            if x:
                pouch[t] += x
                counts[t] = 0
    if st.fortune >= 0:
        pouch[st.fortune] += 1
        st.fortune = -1
    st.in_round = [True] * st.n
    st.choice = [UNDECIDED] * st.n
    if not st.stack:
        st.phase = OVER
        st.end_reason = f"{count(st.round, 'round', 'rounds')} played"
    else:
        st.phase = START


APPLY: dict[type, Callable[[CoinsState, Action, DiceService], None]] = {
    A.StartRound: start_round,
    A.DrawFortune: draw_fortune,
    A.Decide: decide,
    A.Reveal: reveal,
    A.Flip: flip,
}

__all__ = ["APPLY", "setup", "OVER"]
