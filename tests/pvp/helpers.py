"""Helpers for Pirate Versus Pirate tests: set up positions by hand, roll scripted dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wargame.core.dice import DiceService, ScriptedProvider
from wargame.pvp.game import PirateVersusPirateGame, board_for
from wargame.pvp.state import MOVE, ROLL, PvpState


def scripted(*values: int) -> DiceService:
    return DiceService(ScriptedProvider(list(values)))


def new_state(players: int = 2, *, variant: str = "standard", first: int = 0) -> PvpState:
    """A game past the roll-off with seat ``first`` to roll."""
    st = PirateVersusPirateGame({"variant": variant}).new_initial_state(players, scripted())
    order = [1] * players
    order[first] = 4
    for seat in range(players):
        st.apply(st.legal_actions()[0], scripted(order[seat], 4 if seat == first else 1))
    if variant == "no-backstabbing":
        from wargame.pvp.actions import Ready

        for _ in range(players):
            st.apply(Ready(), scripted())
    assert st.phase == ROLL and st.active == first
    return st


def cell(st: PvpState, label: str) -> int:
    return st.board.cell_index(label)


def arrange(
    st: PvpState,
    pirates: Mapping[str, str | None],
    *,
    coins: Mapping[str, str] | None = None,
    carry: Mapping[str, str] | None = None,
    clear_others: bool = True,
) -> PvpState:
    """Put pirates on triangles (None: eliminated; unnamed pirates are eliminated
    unless ``clear_others`` is false), coins on triangles and coins in hands."""
    b = st.board
    if clear_others:
        for p in range(len(st.pos)):
            st.pos[p] = -1
    for name, label in pirates.items():
        st.pos[st.pirate_index(name)] = -1 if label is None else b.cell_index(label)
    for j in range(len(st.coin_cell)):
        st.coin_holder[j] = -1
    st.carry = [-1] * len(st.pos)
    if coins is not None:
        for name, label in coins.items():
            st.coin_cell[st.coin_index(name)] = b.cell_index(label)
    for pname, cname in (carry or {}).items():
        p = st.pirate_index(pname)
        j = st.coin_index(cname)
        st.coin_cell[j] = -1
        st.coin_holder[j] = p
        st.carry[p] = j
    _recache(st)
    return st


def _recache(st: PvpState) -> None:
    st.alive_n = [len(st.alive(seat)) for seat in range(st.n)]
    st.occ = [-1] * len(st.board)
    st.pmask = 0
    for p, c in enumerate(st.pos):
        if c >= 0:
            st.occ[c] = p
            st.pmask |= 1 << c
    st.cmask = 0
    for c in st.coin_cell:
        if c >= 0:
            st.cmask |= 1 << c
    st._legal = None


def roll(st: PvpState, a: int, b: int) -> None:
    assert st.phase == ROLL
    st.apply(st.legal_actions()[0], scripted(a, b))
    assert st.phase == MOVE


def far_cells(st: PvpState, n: int, *, avoid: Sequence[str] = ()) -> list[str]:
    """``n`` triangle labels far from everything named in ``avoid``."""
    b = st.board
    bad = {b.cell_index(x) for x in avoid}
    out = []
    for i, lab in enumerate(b.labels):
        if all(b.dist[i][j] > 9 for j in bad) and i not in b.coin_start:
            out.append(lab)
            bad.add(i)
        if len(out) == n:
            break
    return out


DEFAULT_BOARD = board_for(None)
