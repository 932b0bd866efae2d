"""Who wins: the most booty; ties go to the most gold, then the most silver, else a draw."""

from __future__ import annotations

from wargame.coins.state import CoinsState


def ranking_key(st: CoinsState, seat: int) -> tuple[int, int, int]:
    """Booty value, then gold coins, then silver coins: higher is better."""
    gold, silver = st.metal_counts(st.booty[seat])[2], st.metal_counts(st.booty[seat])[1]
    return st.booty_value(seat), gold, silver


def winners(st: CoinsState) -> list[int]:
    """The winning seat, or every seat still tied after both tie-breaks (a draw
    between them, reported as a shared win)."""
    keys = [ranking_key(st, s) for s in range(st.n)]
    best = max(keys)
    return [s for s in range(st.n) if keys[s] == best]
