"""Bots for Pirate Versus Pirate.

``random`` plays a uniformly random legal action, like the core's RandomBot,
but without listing every move first: it draws candidate moves uniformly from
a superset (every pirate, every end of a path of the roll's length, every coin
it could collect there) and takes the first legal one; after a batch of misses
it lists the legal moves and draws among them. Each legal move is exactly one
candidate, so the choice is uniform over the legal moves all the same.

``expectimax`` is in :mod:`wargame.pvp.search`.
"""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.pvp.legal import ROLL_ACTION, move_action, paths_ok
from wargame.pvp.state import MOVE, ROLL, PvpState


class FastRandomBot:
    name = "random"

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice
        self._bits = 0  # unused random bits from the last draw, and how many
        self._nbits = 0

    def _below(self, n: int) -> int:
        """A uniform number in 0..n-1 from the pool of random bits (refilled with one
        62-bit draw from the bot's dice when it runs low; rejection keeps it exact)."""
        need = (n - 1).bit_length()
        mask = (1 << need) - 1
        while True:
            if self._nbits < need:
                self._bits = self.dice.randint(0, (1 << 62) - 1, "bot choice")
                self._nbits = 62
            v = self._bits & mask
            self._bits >>= need
            self._nbits -= need
            if v < n:
                return v

    def choose(self, state: GameState, seat: int) -> Action:
        st = state
        if isinstance(st, PvpState):
            if st.phase == ROLL:
                return ROLL_ACTION
            if st.phase == MOVE:
                pick = self._sample_move(st)
                if pick is not None:
                    return pick
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return actions[self.dice.randint(0, len(actions) - 1, "bot choice")]

    def _sample_move(self, st: PvpState) -> Action | None:
        paths = st.board.paths
        flat = paths.flat
        k = st.total
        pos = st.pos
        carry = st.carry
        cmask = st.cmask
        free = None
        groups = []
        total = 0
        kk = st.opts.pirates
        for p in range(st.active * kk, st.active * kk + kk):
            s = pos[p]
            if s < 0:
                continue
            t = flat[s * 16 + k]
            if t is None:
                paths.end_list(s, k)
                t = flat[s * 16 + k]
            ends, union, n, table = t  # type: ignore[misc]
            if not n:
                continue
            if carry[p] >= 0:
                groups.append((total, p, ends, None, table))
                total += 2 * n
            elif cmask & union:
                if free is None:
                    free = [(j, c) for j, c in enumerate(st.coin_cell) if c >= 0]
                coins = tuple([j for j, c in free if union >> c & 1])
                groups.append((total, p, ends, coins, table))
                total += n * (1 + len(coins))
            else:
                groups.append((total, p, ends, (), table))
                total += n
        if total == 0:
            return None
        groups.reverse()
        for _ in range(8):
            idx = self._below(total)
            group = groups[0]
            for group in groups:  # noqa: B007 - the group found is used below
                if idx >= group[0]:
                    break
            base, p, ends, coins, table = group
            idx -= base
            slot, e = divmod(idx, len(ends))
            end = ends[e]
            if coins is None:
                coin, abandon = -1, slot == 1
            else:
                coin, abandon = (coins[slot - 1] if slot else -1), False
            if paths_ok(st, p, table[end], end, coin, abandon):
                return move_action(st, p, end, coin, abandon)
        return None
