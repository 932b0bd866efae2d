"""Building Pirate Coins positions for rule tests, with every coin accounted for."""

from __future__ import annotations

from collections.abc import Sequence

from wargame.coins.game import PirateCoinsGame
from wargame.coins.play import CoinsPlay
from wargame.coins.rules import coin_set
from wargame.coins.state import DECIDE, FLIP, CoinsState
from wargame.core.dice import DiceService, ScriptedProvider

COPPER, SILVER, GOLD = 0, 1, 2


def scripted(*values: int) -> DiceService:
    return DiceService(ScriptedProvider(list(values)))


def new_game(players: int = 4, *, starter: int = 1, monsters: str = "five-kinds") -> CoinsState:
    """A fresh game with the starting pirate fixed (Pirate ``starter``, 1-based)."""
    game = PirateCoinsGame({"starter": str(starter), "monsters": monsters})
    return game.new_initial_state(players, DiceService.seeded(3))


def _take(st: CoinsState, metal: int, kind: int = 0) -> int:
    """Take a coin of ``metal`` out of the pouch (of ``kind`` if any is left)."""
    k = len(st.coins.kinds)
    t = metal * k + kind
    if st.pouch[t] == 0:
        t = next(x for x in range(metal * k, metal * k + k) if st.pouch[x])
    st.pouch[t] -= 1
    return t


def position(
    *,
    players: int = 4,
    pile: Sequence[int] = (0, 0, 0),
    booty: Sequence[Sequence[int]] | None = None,
    fortune: tuple[int, int] | None = (COPPER, 0),
    pool: Sequence[tuple[int, int]] = (),
    in_round: Sequence[bool] | None = None,
    starter: int = 0,
    round_no: int = 1,
    phase: int = DECIDE,
) -> CoinsState:
    """A decision (or other) phase with the given table: ``pile`` and each ``booty`` as
    counts per metal (copper, silver, gold), the fortune coin as (metal, kind), the
    monster pool as (metal, kind) coins. The round stack holds the rounds still to come."""
    c = coin_set("five-kinds")
    st = CoinsPlay(c, players)
    for m, count in enumerate(pile):
        for _ in range(count):
            st.pile[_take(st, m, 1)] += 1
    for s, b in enumerate(booty or [(0, 0, 1)] * players):
        for m, count in enumerate(b):
            for _ in range(count):
                st.booty[s][_take(st, m, 2)] += 1
        st.worth[s] = sum(x * v for x, v in zip(b, c.values))
    for m, kind in pool:
        st.pool[_take(st, m, kind)] += 1
    if fortune is not None:
        st.fortune = _take(st, fortune[0], fortune[1])
    for _ in range(c.round_stack - round_no):
        st.stack.append(_take(st, COPPER, 3))
    st.round = round_no
    st.turns = 1
    st.turn_in_round = 1
    st.starter = st.actor = starter
    st.in_round = list(in_round) if in_round is not None else [True] * players
    st.phase = phase
    if phase == DECIDE:
        st.actor = st.next_decider()
    if phase == FLIP:
        st.actor = starter
    st.check_invariants()
    return st


def metals(st: CoinsState, seat: int) -> list[int]:
    return st.metal_counts(st.booty[seat])
