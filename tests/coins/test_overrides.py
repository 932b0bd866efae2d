"""Table override in Pirate Coins: a booty changed from and back to the pile."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec, RandomBot
from wargame.core.override import OverrideRefused, OverrideSet, targets
from wargame.core.play import new_session


def test_booty_changes_take_coins_from_the_pile_and_keep_every_coin() -> None:
    s = new_session(GameSpec("pirate-coins", 3), DiceService.seeded(5))
    bot = RandomBot(DiceService.seeded(6))
    while not any(s.state.pile) and not s.state.is_terminal():
        s.apply(bot.choose(s.state, s.state.current_player()))
    st = s.state
    t = next(t for t in range(st.coins.types) if st.pile[t])
    name = st.coins.coin_name(t)
    had, pile = st.booty[0][t], st.pile[t]
    counter = targets(st)[0].counter(name)
    assert counter.high == had + pile
    s.override(OverrideSet("pirate1", name, had + pile))
    assert s.state.booty[0][t] == had + pile and s.state.pile[t] == 0
    assert s.state.booty_value(0) == s.state.worth[0]
    s.state.check_invariants()
    with pytest.raises(OverrideRefused, match=f"goes from 0 to {had + pile}"):
        s.override(OverrideSet("pirate1", name, had + pile + 1))
    s.undo()
    assert s.state.pile[t] == pile
