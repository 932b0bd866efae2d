"""Table override in Pieces of Eight: pirates moved with their crew and ship."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec, RandomBot
from wargame.core.override import OverrideMove, OverrideRefused, targets
from wargame.core.play import new_session


def session_on_board():  # noqa: ANN201
    s = new_session(GameSpec("pieces-of-eight", 3), DiceService.seeded(2))
    bot = RandomBot(DiceService.seeded(1))
    while s.state.stack or min(s.state.area) < 0:
        s.apply(bot.choose(s.state, s.state.current_player()))
    return s


def test_only_pirates_positions_are_listed() -> None:
    s = session_on_board()
    found = targets(s.state)
    assert [t.piece for t in found] == ["pirate1", "pirate2", "pirate3"]
    assert all(not t.counters and t.movable and t.grid == "place" for t in found)


def test_a_pirate_moves_to_a_free_area_but_not_onto_another_captain() -> None:
    s = session_on_board()
    st = s.state
    lone = next(p for p in range(3) if st.captain[p] < 0 and st.ship[p] < 0)
    others = [st.area[o] for o in range(3) if o != lone and st.captain[o] < 0]
    with pytest.raises(OverrideRefused, match="one captain to an area"):
        s.override(OverrideMove(f"pirate{lone + 1}", st.board.ids[others[0]]))
    free = next(a for a in st.board.land_areas if a not in st.area)
    s.override(OverrideMove(f"pirate{lone + 1}", st.board.ids[free]))
    assert s.state.area[lone] == free
    assert s.entries[-1].label.startswith(f"Table override: Pirate {lone + 1} moved to ")
    s.state.check_invariants()


def test_an_unknown_area_is_refused() -> None:
    s = session_on_board()
    with pytest.raises(OverrideRefused, match="is not an area of the map"):
        s.override(OverrideMove("pirate1", "Atlantis"))
