"""The ``expectimax`` bot: one move deep for itself, then the dice.

For every legal move it plays the move on a copy and scores the position that
results as the chance node it is: the next rival's 2d4 roll is summed over
with its exact odds (:func:`wargame.pvp.rules.roll_distribution`), and for each
total the rival is assumed to make its most damaging *tactical* reply (a
capture, a delivery, a coin collected). Its own next roll is summed over the
same way for the best tactical follow-up. The static part counts pirates,
delivered silver, coins carried (and how far from home) and how near its free
pirates are to the coins. It reads only the public board; the game has no
hidden information but the dice.
"""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.pvp import actions as A
from wargame.pvp.legal import READY_ACTION, ROLL_ACTION, move_action, move_classes
from wargame.pvp.rules import roll_distribution
from wargame.pvp.state import FACE, MOVE, OVER, SETUP, PvpState

WIN = 100_000.0
PIRATE = 30.0
SILVER_HOME = 320.0
SILVER_HELD = 160.0
GOLD_HELD = 420.0
STEP = 5.0
NEAR = 0.35
FOLLOW_UP = 0.6
SECOND_RIVAL = 0.5


class ExpectimaxBot:
    name = "expectimax"
    #: The bot the search plays out with (a thousand times cheaper a move; its
    #: ``evaluate`` judges positions cut short): :mod:`wargame.pvp.greedy`.
    playout_policy = "greedy"

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice
        self.odds = tuple(roll_distribution().items())

    # -- the protocol ------------------------------------------------------------------------
    def choose(self, state: GameState, seat: int) -> Action:
        assert isinstance(state, PvpState)
        st = state
        if st.phase == MOVE:
            return self._move(st, seat)
        if st.phase == FACE:
            return A.Face(st.pirate_name(st.moved), self._best_back(st, st.moved))
        if st.phase == SETUP:
            for p in st.alive(seat):
                k = self._best_back(st, p)
                if k != st.back[p]:
                    return A.Face(st.pirate_name(p), k)
            return READY_ACTION
        actions = st.legal_actions()
        return actions[0] if actions else ROLL_ACTION

    # -- moving ------------------------------------------------------------------------------
    def _move(self, st: PvpState, me: int) -> Action:
        best: tuple[float, int, Action] | None = None
        order = 0
        for p in st.alive(me):
            for end, coin, abandon in move_classes(st, p):
                action = move_action(st, p, end, coin, abandon)
                nxt = st.clone()
                nxt.apply(action, _NO_DICE)
                if nxt.phase == OVER:
                    if nxt.winner == me:
                        return action
                    v = 0.0 if nxt.winner < 0 else -WIN  # a draw (a game that cannot end)
                else:
                    v = self.value(nxt, me)
                order += 1
                if best is None or v > best[0]:
                    best = (v, -order, action)
        if best is None:
            return A.Pass()
        return best[2]

    def value(self, st: PvpState, me: int) -> float:
        """The position after my move, before the rivals roll; or after the next
        rival's roll (a search's position), its known total in place of the 2d4."""
        mine = self.static(st, me)
        rivals = [r for r in range(st.n) if r != me and st.in_play(r)]
        v = mine - max((self.static(st, r) for r in rivals), default=0.0)
        # the rivals in turn order: the next one fully, the one after discounted
        weight = 1.0
        r = me
        for _ in range(st.n - 1):
            r = (r + 1) % st.n
            if r in rivals:
                rolled = st.phase == MOVE and r == st.active
                v -= weight * self.expected_best(st, r, me, ((st.total, 1.0),) if rolled else None)
                weight *= SECOND_RIVAL
        v += FOLLOW_UP * self.expected_best(st, me, None)
        return v

    def static(self, st: PvpState, seat: int) -> float:
        b = st.board
        colour = st.colour[seat]
        if st.delivered[seat] >= st.opts.silver_to_win:
            return WIN
        v = st.delivered[seat] * SILVER_HOME
        dist = b.dist
        free_pirates = []
        for p in st.alive(seat):
            x = st.pos[p]
            v += PIRATE
            j = st.carry[p]
            if j >= 0:
                if b.coin_gold[j]:
                    v += GOLD_HELD - STEP * 2 * dist[x][b.gold_space[colour]]
                else:
                    v += SILVER_HELD - STEP * min(dist[x][h] for h in b.silver_spaces[colour])
            else:
                free_pirates.append(x)
        if free_pirates:
            for j, c in enumerate(st.coin_cell):
                if c < 0:
                    continue
                d = min(dist[x][c] for x in free_pirates)
                worth = GOLD_HELD if b.coin_gold[j] else SILVER_HELD
                v += NEAR * worth * max(0.0, 1.0 - d / 24.0)
        return v

    def expected_best(
        self,
        st: PvpState,
        seat: int,
        victim: int | None,
        odds: tuple[tuple[int, float], ...] | None = None,
    ) -> float:
        """Over ``seat``'s next roll (or the totals ``odds`` gives), the mean of its best
        tactical gain: capturing a pirate (of ``victim``, or anyone's), delivering a coin,
        collecting one."""
        b = st.board
        paths = b.paths
        pmask, cmask = st.pmask, st.cmask
        bc = pmask | cmask
        k = st.opts.pirates
        colour = st.colour[seat]
        backstab = st.opts.backstab
        targets = []  # (cell, gain, back side or -1)
        rivals_in_play = sum(1 for r in range(st.n) if r != seat and st.alive_n[r] > 0)
        for q, x in enumerate(st.pos):
            if x < 0 or q // k == seat or (victim is not None and q // k != victim):
                continue
            j = st.carry[q]
            gain = PIRATE
            if rivals_in_play == 1 and st.alive_n[q // k] == 1:
                gain = WIN  # the last rival pirate: eliminating it wins
            if j >= 0:
                gain += 2 * (GOLD_HELD if b.coin_gold[j] else SILVER_HELD)
            targets.append((x, gain, st.back[q] if backstab else -1))
        coins = [
            (c, GOLD_HELD if b.coin_gold[j] else SILVER_HELD)
            for j, c in enumerate(st.coin_cell)
            if c >= 0
        ]
        total = 0.0
        mine = st.alive(seat)
        silver_win = st.delivered[seat] + 1 >= st.opts.silver_to_win
        for t, prob in odds or self.odds:
            best = 0.0
            for p in mine:
                s = st.pos[p]
                ends = paths.ends(s, t)
                j = st.carry[p]
                if j >= 0:
                    if b.coin_gold[j]:
                        homes: tuple[int, ...] = (b.gold_space[colour],)
                        g = WIN
                    else:
                        homes = b.silver_spaces[colour]
                        g = WIN if silver_win else SILVER_HOME
                    if g <= best:
                        continue
                    for h in homes:
                        ps = ends.get(h)
                        if ps and st.occ[h] < 0 and not cmask >> h & 1:
                            if any(not m & bc for m, _ in ps):
                                best = g
                                break
                    continue
                for x, gain, bad in targets:
                    if gain <= best:
                        continue
                    ps = ends.get(x)
                    if ps and any(not m & bc and side != bad for m, side in ps):
                        best = gain
                for c, worth in coins:
                    g = 0.5 * worth
                    if g <= best:
                        continue
                    ps = ends.get(c)
                    if ps and any(not m & bc for m, _ in ps):
                        best = g
            total += prob * best
        return total

    # -- facing (No Backstabbing) -------------------------------------------------------------
    def _best_back(self, st: PvpState, p: int) -> int:
        """The side to put ``p``'s back to: the one most rival attack paths come through."""
        x = st.pos[p]
        seat = p // st.opts.pirates
        counts = [0.0, 0.0, 0.0]
        bc = st.pmask | st.cmask
        paths = st.board.paths
        for q, y in enumerate(st.pos):
            if y < 0 or q // st.opts.pirates == seat or st.carry[q] >= 0:
                continue
            for t, prob in self.odds:
                ps = paths.ends(y, t).get(x)
                if not ps:
                    continue
                sides = {side for m, side in ps if not m & bc}
                for side in sides:
                    counts[side] += prob / len(sides)
        return max(range(3), key=lambda k: (counts[k], -k))


class _NoDice(DiceService):
    """Moves draw no dice; anything else asked of this is a bug."""

    def draw(self, *args: object, **kwargs: object) -> tuple[int, ...]:  # type: ignore[override]
        raise AssertionError("a move drew dice")


_NO_DICE = _NoDice()
