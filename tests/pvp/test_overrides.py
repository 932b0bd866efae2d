"""Table override in Pirate Versus Pirate: pirates and coins put on triangles."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.override import OverrideMove, OverrideRefused, OverrideSet
from wargame.core.play import new_session


def session():  # noqa: ANN201
    return new_session(GameSpec("pirate-versus-pirate", 2), DiceService.seeded(1))


def free_cell(st) -> str:  # noqa: ANN001
    return next(
        lab for i, lab in enumerate(st.board.labels) if st.occ[i] < 0 and not st.cmask & (1 << i)
    )


def test_a_coin_is_put_down_and_a_pirate_cant_stand_on_it() -> None:
    s = session()
    st = s.state
    cell = free_cell(st)
    coin = st.board.coin_names[0]
    s.override(OverrideMove(coin, cell))
    assert s.state.coin_cell[0] == st.board.labels.index(cell)
    with pytest.raises(OverrideRefused, match="holds a coin"):
        s.override(OverrideMove(st.pnames[0], cell))
    s.state.check_invariants()


def test_a_pirate_moves_and_turns_its_back() -> None:
    s = session()
    st = s.state
    cell = free_cell(st)
    s.override(OverrideMove(st.pnames[0], cell))
    s.override(OverrideSet(st.pnames[0], "back", (st.back[0] + 1) % 3))
    assert s.state.pos[0] == st.board.labels.index(cell)
    taken = st.board.labels[st.pos[1]]
    with pytest.raises(OverrideRefused, match="already holds"):
        s.override(OverrideMove(st.pnames[0], taken))
    s.state.check_invariants()
