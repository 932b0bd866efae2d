"""The paths of the last moves, kept for the board to draw (dashed, in each crew's
colour) so that a player who looked away, or watched the bots, can follow what moved.

A path is found from the position before the move, so it is kept as the move is
made, by its place in the log; a move undone and another made in its place
replaces it, and one the log no longer holds is never drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.pvp import actions as A
from wargame.pvp.legal import path_for
from wargame.pvp.state import MOVE, PvpState

#: How far back the board looks for each crew's last move (log entries).
LOOKBACK = 40


class Trails:
    def __init__(self) -> None:
        #: By log entry: (seat, action, cells).
        self.paths: dict[int, tuple[int, Action, list[int]]] = {}

    def clear(self) -> None:
        self.paths = {}

    def record(self, st: PvpState, at: int, action: Action) -> None:
        """``action`` is about to be applied to ``st`` as log entry ``at``."""
        if not isinstance(action, A.Move) or st.phase != MOVE:
            return
        try:
            p = st.pirate_index(action.pirate)
            end = st.board.cell_index(action.to)
            coin = st.coin_index(action.coin) if action.coin else -1
        except KeyError:
            return
        cells = path_for(st, p, end, coin, action.abandon)
        if cells is not None:
            self.paths[at] = (st.active, action, cells)

    def last_moves(self, st: PvpState, entries: Sequence[Any]) -> list[tuple[list[int], str]]:
        """The last move of each crew, newest first, back to the first crew seen twice:
        (cells, the crew's colour)."""
        seen: set[int] = set()
        out = []
        for i in range(len(entries) - 1, max(len(entries) - LOOKBACK, 0) - 1, -1):
            kept = self.paths.get(i)
            if kept is None or kept[1] != entries[i].action:
                continue
            if kept[0] in seen:
                break
            seen.add(kept[0])
            out.append((kept[2], st.colour[kept[0]]))
        return out
