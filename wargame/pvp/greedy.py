"""The ``greedy`` bot: one cheap look at each move, the search's playout policy.

The expectimax bot (:mod:`wargame.pvp.search`) plays every move on a copy and sums
over the rivals' 2d4 for each: about a millisecond a move, so a search playing out
with it manages a dozen iterations a second. This bot scores each legal move from the
position as it is, without copying it: what the move takes (a rival pirate, the coin
that pirate held, a coin on the board), a delivery (a win when it is the gold or the
last silver needed), and how much nearer the moved pirate gets to its coin's home or,
free, to the coins; the best score is played (ties: the first listed). It reads only
the public board.

:func:`evaluate` judges a position the search cut short, before a move: in a
two-player game the seat that moved last by the expectimax bot's own judgement of its
move (its position against the rival's, less the rival's best expected reply over the
2d4, plus its own follow-up), turned into a chance to win by a logistic of that lead
(:data:`LEAD_SCALE`); with more seats, in proportion to each seat's weight by the
static count. The search's ``search_depth=0`` judges every root move so at once, as
the expectimax bot would, and spends the rest of the budget deeper.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.pvp.board import TriBoard
from wargame.pvp.legal import READY_ACTION, ROLL_ACTION, move_action, move_classes
from wargame.pvp.search import (
    GOLD_HELD,
    PIRATE,
    SILVER_HELD,
    SILVER_HOME,
    WIN,
    ExpectimaxBot,
)
from wargame.pvp.state import FACE, MOVE, ROLL, SETUP, PvpState

#: A lead of this much static worth is about 73% to win (e^1 to one): one silver coin
#: delivered (320) is about four to one.
LEAD_SCALE = 230.0
#: How far (in steps) a free pirate still feels a coin's pull.
REACH = 24.0


class GreedyBot:
    name = "greedy"

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice
        self._facer: ExpectimaxBot | None = None

    def choose(self, state: GameState, seat: int) -> Action:
        assert isinstance(state, PvpState)
        st = state
        if st.phase == MOVE:
            return self._move(st, seat)
        if st.phase in (FACE, SETUP):  # only in the No Backstabbing variant
            if self._facer is None:
                self._facer = ExpectimaxBot(self.dice)
            return self._facer.choose(st, seat)
        if st.phase == SETUP:
            return READY_ACTION
        return ROLL_ACTION

    def _move(self, st: PvpState, me: int) -> Action:
        b = st.board
        paths = b.paths
        total = st.total
        carry = st.carry
        pos = st.pos
        k = st.opts.pirates
        colour = st.colour[me]
        gold_home = b.gold_space[colour]
        silver_homes = b.silver_spaces[colour]
        coin_gold = b.coin_gold
        coins = [(c, j) for j, c in enumerate(st.coin_cell) if c >= 0]
        rivals = [(x, q) for q, x in enumerate(pos) if x >= 0 and q // k != me]
        rivals_left = sum(1 for r in range(st.n) if r != me and st.alive_n[r] > 0)
        silver_wins = st.delivered[me] + 1 >= st.opts.silver_to_win
        mine = st.alive(me)
        # What a move can take: a delivery, a rival pirate (and its coin), a coin.
        best_v = 0.0
        best: tuple[int, int, int, bool] | None = None
        for p in mine:
            table = paths.ends(pos[p], total)
            if not table:
                continue
            held = carry[p]
            if held >= 0:
                gold = coin_gold[held]
                for h in (gold_home,) if gold else silver_homes:
                    if h is not None and h in table and (h, -1, False) in move_classes(st, p, h):
                        v = WIN if gold or silver_wins else SILVER_HOME + SILVER_HELD
                        if v > best_v:
                            best_v, best = v, (p, h, -1, False)
            for x, q in rivals:
                if x in table and (x, -1, False) in move_classes(st, p, x):
                    v = PIRATE
                    if carry[q] >= 0:
                        v += GOLD_HELD if coin_gold[carry[q]] else SILVER_HELD
                    if rivals_left == 1 and st.alive_n[q // k] == 1:
                        v += WIN
                    if v > best_v:
                        best_v, best = v, (p, x, -1, False)
            if held < 0:
                for c, j in coins:
                    v = GOLD_HELD if coin_gold[j] else SILVER_HELD
                    if v > best_v and c in table and (c, j, False) in move_classes(st, p, c):
                        best_v, best = v, (p, c, j, False)
        if best is not None:
            return move_action(st, *best)
        # Nothing to take: bring a coin nearer home, else a free pirate nearer a coin.
        goals: list[tuple[int, list[int]]] = []  # (pirate, each cell's distance to its goal)
        for p in mine:
            held = carry[p]
            if held >= 0:
                homes = (gold_home,) if coin_gold[held] else silver_homes
                goals.insert(0, (p, _nearest(b, tuple(h for h in homes if h is not None))))
            elif coins:
                goals.append((p, _nearest(b, tuple(c for c, _ in coins))))
        best_gain = -REACH
        for p, near in goals:
            s = pos[p]
            here = near[s]
            table = paths.ends(s, total)
            for end in sorted(table, key=near.__getitem__):
                gain = here - near[end]
                if gain <= best_gain:
                    break
                classes = move_classes(st, p, end)
                if classes:
                    end, coin, abandon = max(classes, key=lambda c: (c[1] >= 0, not c[2]))
                    if abandon:
                        continue
                    best_gain, best = gain, (p, end, coin, abandon)
                    break
            if carry[p] >= 0 and best is not None and best_gain > 0:
                break  # a carrier going home goes first
        if best is not None:
            return move_action(st, *best)
        actions = st.legal_actions()
        return actions[self.dice.randint(0, len(actions) - 1, "bot choice")]

    evaluate = staticmethod(lambda st: evaluate(st))


@functools.lru_cache(maxsize=256)
def _nearest(board: TriBoard, cells: tuple[int, ...]) -> list[int]:
    """Each cell's distance to the nearest of ``cells`` (a large number if none)."""
    if not cells:
        return [1 << 20] * len(board.dist)
    return [min(col) for col in zip(*(board.dist[c] for c in cells), strict=True)]


_JUDGE = ExpectimaxBot(DiceService.seeded(0))


def evaluate(state: GameState) -> Mapping[int, float] | None:
    """Each seat's reward for a position cut short before a move (see the module's
    docstring); None while a pirate is faced (the search plays a few more actions)."""
    assert isinstance(state, PvpState)
    st = state
    if st.phase != ROLL and st.phase != MOVE:
        return None  # facing or setting up: a few more actions
    seats = [s for s in range(st.n) if st.alive_n[s] > 0]
    if len(seats) < 2:
        return None
    if st.n == 2:
        # The seat that moved last, judged as the expectimax bot judges its move; a
        # roll made since is judged as the chance it was (the judge sums over it).
        mover = 1 - st.active
        lead = max(-50.0, min(50.0, _JUDGE.value(st, mover) / LEAD_SCALE))
        won = 1.0 / (1.0 + math.exp(-lead))
        out = {mover: won, st.active: 1.0 - won}
        return {s: 0.75 * w + 0.25 * w for s, w in out.items()}
    worth = {s: _JUDGE.static(st, s) for s in seats}
    top = max(worth.values())
    weight = {s: math.exp(max(-50.0, (worth[s] - top) / LEAD_SCALE)) for s in seats}
    total = sum(weight.values())
    out = {s: 0.0 for s in range(st.n)}
    for s in seats:
        out[s] = weight[s] / total
    return out
