"""A judgement of Pirate Versus Pirate learnt from self-play, and the bot that uses it.

:func:`features` describes a position the way a player about to hand the dice over
sees it: the coins delivered and carried (and how far from home), the race to the
gold and the silver still on the board, the pirates left, and the one-roll tactics
on both sides (the next rival's chance to win or take something with its roll, the
seat's own follow-up), each from the seat's side less the rival's where that is how
it counts. :func:`judge` turns them into the seat's chance to win by a logistic of a
weighted sum; the weights are rules data (``resources/rules/pvp_judge.toml``), fitted
by ``benchmarks/train_pvp_judge.py`` (logistic regression on the final results of
seeded self-play games; its docstring has the data and the fit).

The ``judge`` bot (the Hard level of a two-player game: wargame/core/levels.py) looks
one move deep as the expectimax bot does and scores every move both ways, by that bot's
hand weights and by the learnt chance; it plays the expectimax bot's move unless the
judge's best is more than :data:`MARGIN` likelier to win (alone, the judge's best
played about as well as the expectimax bot: 49.5% and 50.5% over 200 games each; with
the margin, the table in benchmarks/search_strength.py). It reads only the public board.
"""

from __future__ import annotations

import dataclasses
import math
from functools import cache
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import Bot, BotFactory, GameState
from wargame.pvp import actions as A
from wargame.pvp.legal import move_action, move_classes
from wargame.pvp.rules import JudgeRules, roll_distribution
from wargame.pvp.search import _NO_DICE, FOLLOW_UP, WIN, ExpectimaxBot
from wargame.pvp.state import MOVE, OVER, PvpState
from wargame.rules.loader import load_rules

#: The features' names, in the order of :func:`features` and of the weights.
BASE_FEATURES: tuple[str, ...] = (
    "bias",
    "silver_delivered",  # mine less the rival's
    "pirates",  # mine less the rival's
    "gold_held",  # +1 I carry it, -1 the rival does
    "gold_held_dist",  # my carrier's steps home / 10 (0 if none)
    "rival_gold_held_dist",  # the rival carrier's steps home / 10 (0 if none)
    "silver_held",  # silver carried: mine less the rival's
    "silver_held_dist",  # my silver carriers' steps home / 10, summed
    "rival_silver_held_dist",
    "gold_free",  # the gold on the board (1) or not
    "gold_race",  # (rival's nearest free pirate - mine) steps to the gold / 10
    "gold_near",  # my nearest free pirate's steps to the gold / 10
    "silver_race",  # the same for the nearest silver on the board
    "rival_win_next",  # the chance the next rival wins with its roll
    "rival_takes_next",  # its expected tactical gain otherwise / 100
    "my_win_next",  # the chance I win with my roll after that
    "my_takes_next",  # my expected tactical gain otherwise / 100
    "expectimax",  # the expectimax bot's hand-weighted judgement / 1000 (clipped)
    "silver_to_go",  # silver still needed by me (a silver race is longer)
)
#: Features made from those (:func:`derive`): the chance the rival does not win with
#: its roll as a log (a position it can win from is lost that often, whatever else),
#: and my chance to win with the roll after, having survived its.
DERIVED: tuple[str, ...] = ("rival_misses_log", "my_win_after")
#: Every feature the weights are for, in order.
FEATURES: tuple[str, ...] = BASE_FEATURES + DERIVED
_RW = BASE_FEATURES.index("rival_win_next")
_MW = BASE_FEATURES.index("my_win_next")


def derive(base: list[float]) -> list[float]:
    """The base features (:func:`base_features`) with :data:`DERIVED` appended."""
    rw = min(0.99, base[_RW])
    return [*base, math.log(1.0 - rw), base[_MW] * (1.0 - rw)]


#: The judge bot keeps the expectimax bot's move unless its own best is this much
#: likelier to win (measured: benchmarks/train_pvp_judge.py's docstring).
MARGIN = 0.03

_FAR = 40  # steps counted for "no free pirate / no coin" in a race


@cache
def weights() -> tuple[float, ...]:
    r = load_rules("pvp_judge.toml", JudgeRules)
    if tuple(r.features) != FEATURES or len(r.weights) != len(FEATURES):
        from wargame.errors import RulesDataError

        raise RulesDataError(
            "pvp_judge.toml: features must be exactly "
            + ", ".join(FEATURES)
            + " with one weight each"
        )
    return tuple(r.weights)


_ODDS = tuple(roll_distribution().items())
_HAND = ExpectimaxBot(DiceService.seeded(0))


def _nearest_free(st: PvpState, seat: int, cell: int) -> int:
    dist = st.board.dist
    best = _FAR
    for p in st.alive(seat):
        if st.carry[p] < 0:
            d = dist[st.pos[p]][cell]
            if d < best:
                best = d
    return best


def _tactics(st: PvpState, seat: int, victim: int | None) -> tuple[float, float]:
    """Over ``seat``'s next roll: the chance it can win with it, and the mean of its best
    other tactical gain (a capture, a delivery, a coin collected), as the expectimax
    bot counts them (:meth:`ExpectimaxBot.expected_best`), the win apart."""
    win = 0.0
    gain = 0.0
    for t, prob in _ODDS:
        g = _HAND.expected_best(st, seat, victim, ((t, 1.0),))
        if g >= WIN:
            win += prob
        else:
            gain += prob * g
    return win, gain


def features(st: PvpState, me: int) -> list[float]:
    """Every feature of :data:`FEATURES` of the position seen from ``me``."""
    return derive(base_features(st, me))


def base_features(st: PvpState, me: int) -> list[float]:
    """The position (after ``me``'s move, before the next rival rolls) seen from ``me``."""
    return _parts(st, me)[0]


def _parts(st: PvpState, me: int) -> tuple[list[float], float]:
    """:func:`base_features`, and the expectimax bot's own value of the position
    (:meth:`ExpectimaxBot.value`, made from the same parts)."""
    b = st.board
    dist = b.dist
    rivals = [r for r in range(st.n) if r != me and st.in_play(r)]
    # the next rival in turn order
    r = me
    for _ in range(st.n):
        r = (r + 1) % st.n
        if r in rivals:
            break
    carry = st.carry
    pos = st.pos

    def held(seat: int) -> tuple[float, float, float, float]:
        gold = gold_d = silver = silver_d = 0.0
        colour = st.colour[seat]
        for p in st.alive(seat):
            j = carry[p]
            if j < 0:
                continue
            x = pos[p]
            if b.coin_gold[j]:
                gold = 1.0
                gold_d = dist[x][b.gold_space[colour]] / 10.0
            else:
                silver += 1.0
                silver_d += min(dist[x][h] for h in b.silver_spaces[colour]) / 10.0
        return gold, gold_d, silver, silver_d

    g_me, gd_me, s_me, sd_me = held(me)
    g_r, gd_r, s_r, sd_r = held(r)
    gold_free = 0.0
    gold_race = gold_near = silver_race = 0.0
    best_silver: tuple[int, int] | None = None
    for j, c in enumerate(st.coin_cell):
        if c < 0:
            continue
        mine = _nearest_free(st, me, c)
        theirs = _nearest_free(st, r, c)
        if b.coin_gold[j]:
            gold_free = 1.0
            gold_race = (theirs - mine) / 10.0
            gold_near = mine / 10.0
        elif best_silver is None or mine < best_silver[0]:
            best_silver = (mine, theirs)
    if best_silver is not None:
        silver_race = (best_silver[1] - best_silver[0]) / 10.0
    rw, rt = _tactics(st, r, me)
    mw, mt = _tactics(st, me, None)
    if st.n == 2 and st.phase != MOVE:
        # the expectimax bot's value(st, me) from the parts already counted
        v = _HAND.static(st, me) - _HAND.static(st, r) - (rw * WIN + rt)
        v += FOLLOW_UP * (mw * WIN + mt)
    else:
        v = _HAND.value(st, me)
    hand = max(-5.0, min(5.0, v / 1000.0))
    return [
        1.0,
        float(st.delivered[me] - st.delivered[r]),
        float(st.alive_n[me] - st.alive_n[r]),
        g_me - g_r,
        gd_me,
        gd_r,
        s_me - s_r,
        sd_me,
        sd_r,
        gold_free,
        gold_race,
        gold_near,
        silver_race,
        rw,
        rt / 100.0,
        mw,
        mt / 100.0,
        hand,
        float(st.opts.silver_to_win - st.delivered[me]),
    ], v


def judge(st: PvpState, me: int, w: tuple[float, ...] | None = None) -> float:
    """``me``'s chance to win from the position after its move (the learnt logistic)."""
    return _logistic(w or weights(), features(st, me))


def _logistic(w: tuple[float, ...], x: list[float]) -> float:
    z = sum(a * b for a, b in zip(w, x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


class JudgeBot(ExpectimaxBot):
    """The expectimax bot's one move deep, each position ranked by :func:`judge`: the
    moves of a two-player game. Every other decision (three seats, facing a pirate in
    No Backstabbing) goes to ``fallback`` (the Hard level gives it the search bot it
    would otherwise be: wargame/core/levels.py), or the expectimax bot's own."""

    name = "judge"
    #: The expectimax bot's move is kept unless the judge's best is this much likelier
    #: to win (0: the judge's best always): 0.03 measured best (the training script).
    margin = MARGIN

    def __init__(
        self,
        dice: DiceService,
        w: tuple[float, ...] | None = None,
        fallback: BotFactory | None = None,
    ) -> None:
        super().__init__(dice)
        self.w = w
        self._fallback_factory = fallback
        self._fallback: Bot | None = None
        self._seconds: float | None = None  # the table's think time for searched decisions

    @property
    def options(self) -> Any:
        """The fallback search's options (None before its first decision)."""
        return getattr(self._fallback, "options", None)

    def think_for(self, seconds: float) -> None:
        """The app's think time, for the decisions the fallback search takes (three crews,
        facing): from the very next one on."""
        self._seconds = seconds
        self._give_time()

    def _give_time(self) -> None:
        opts = self.options
        if self._seconds is None or opts is None or getattr(opts, "iterations", 1) is not None:
            return
        if opts.seconds != self._seconds:
            self._fallback.options = dataclasses.replace(opts, seconds=self._seconds)  # type: ignore[union-attr]

    def choose(self, state: GameState, seat: int) -> Action:
        assert isinstance(state, PvpState)
        if state.phase == MOVE and state.n == 2:
            return self._judged_move(state, seat)
        if self._fallback_factory is None:
            return super().choose(state, seat)
        if self._fallback is None:
            self._fallback = self._fallback_factory(DiceService.seeded(self.dice.randint(0, 2**62)))
        self._give_time()
        return self._fallback.choose(state, seat)

    def hurry(self) -> None:
        """Move now (the app's button): the fallback search stops; a judged move is quick."""
        hurry = getattr(self._fallback, "hurry", None)
        if hurry is not None:
            hurry()

    def _judged_move(self, st: PvpState, me: int) -> Action:
        w = self.w or weights()
        best: tuple[float, Action] | None = None  # the judge's (ties: the first listed)
        hand: tuple[float, float, Action] | None = None  # the expectimax bot's, its judged
        for p in st.alive(me):
            for end, coin, abandon in move_classes(st, p):
                action = move_action(st, p, end, coin, abandon)
                nxt = st.clone()
                nxt.apply(action, _NO_DICE)
                if nxt.phase == OVER:
                    if nxt.winner == me:
                        return action
                    v, hv = (0.5, 0.0) if nxt.winner < 0 else (0.0, -WIN)
                else:
                    base, hv = _parts(nxt, me)
                    v = _logistic(w, derive(base))
                if best is None or v > best[0]:
                    best = (v, action)
                if hand is None or hv > hand[0]:
                    hand = (hv, v, action)
        if best is None or hand is None:
            return A.Pass()
        # the expectimax bot's own move kept unless the judge clearly prefers another
        if best[0] - hand[1] <= self.margin:
            return hand[2]
        return best[1]
