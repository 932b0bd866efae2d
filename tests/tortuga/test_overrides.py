"""Table override in Tortuga 1667: pawns moved, chests from and to the galleon."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec, RandomBot
from wargame.core.override import OverrideMove, OverrideRefused, OverrideSet, targets
from wargame.core.play import new_session


def settled():  # noqa: ANN201
    s = new_session(GameSpec("tortuga-1667", 4), DiceService.seeded(7))
    bot = RandomBot(DiceService.seeded(8))
    while s.state.pending or s.state.vote is not None or s.state.in_action:
        s.apply(bot.choose(s.state, s.state.current_player()))
    return s


def test_loyalties_and_hands_are_never_listed() -> None:
    s = settled()
    names = {c.name for t in targets(s.state) for c in t.counters}
    assert names == {
        f"{a}_{h}"
        for a in ("flying-dutchman", "jolly-roger", "tortuga")
        for h in ("british", "french")
    }


def test_a_hold_takes_chests_from_the_galleon() -> None:
    s = settled()
    galleon = s.state.galleon
    was = s.state.holds[2][0]
    s.override(OverrideSet("treasure", "tortuga_british", was + 1))
    assert s.state.holds[2][0] == was + 1 and s.state.galleon == galleon - 1
    assert "(1 from the galleon)" in s.entries[-1].label
    s.state.check_invariants()


def test_a_pawn_moves_to_tortuga_or_an_empty_rowboat() -> None:
    s = settled()
    st = s.state
    mover = next(p for p in range(4) if st.loc[p] != 2)
    s.override(OverrideMove(f"pirate{mover + 1}", "tortuga"))
    assert s.state.loc[mover] == 2 and mover in s.state.lines[2]
    with pytest.raises(OverrideRefused, match="already on Tortuga"):
        s.override(OverrideMove(f"pirate{mover + 1}", "tortuga"))
    s.state.check_invariants()
