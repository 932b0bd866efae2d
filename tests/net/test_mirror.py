"""A person's copy of the table (wargame.net.mirror): after every update it looks to
its seat exactly like the real table, and its log is the server's, in whole games."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.play import bot_factories, game_seed
from wargame.core.registry import game_class
from wargame.net.mirror import Hidden, Mirror
from wargame.net.table import Table

CASES = [
    ("tortuga-1667", 4),
    ("pirate-coins", 3),
    ("pieces-of-eight", 3),
    ("pirate-versus-pirate", 2),
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_mirror_looks_like_the_table_to_its_seat_all_game(game: str, players: int) -> None:
    table = Table(game, players=players, seed=game_seed(5, 0), bots={1: "random"})
    people = [table.take_seat(name=f"P{s}") for s in range(players) if s != 1]
    mirrors = {p.index: Mirror(table.welcome_for(p.index)) for p in people}
    me = bot_factories(game_class(game)({}), {})["random"](DiceService.seeded(9))
    for _ in range(3000):
        for seat, m in mirrors.items():
            m.take(table.update_for(seat, m.have))
            assert m.state.observation(seat) == table.state.observation(seat)
            assert [e.label for e in m.session.entries] == [e.label for e in table.session.entries]
            assert m.state.name(seat) == f"P{seat}"
        if table.over:
            break
        seat = table.to_act()
        assert seat in mirrors
        # the person picks from what the copy offers (the view's clicks), the table plays it
        action = me.choose(mirrors[seat].state, seat)
        table.act(seat, mirrors[seat].have, action.to_text())
        table.run_bots()
    assert table.over
    secrets = [e for m in mirrors.values() for e in m.session.entries if e.action == Hidden()]
    if game in ("tortuga-1667", "pirate-coins"):
        assert secrets, "another seat's secret action is held as a Hidden entry"
    assert all(e.secret for e in secrets)


def test_a_resend_after_a_resume_adds_no_entry_twice_and_a_gap_is_refused() -> None:
    from wargame.net.protocol import ProtocolError

    table = Table("tortuga-1667", players=3, seed=3, bots={1: "random", 2: "random"})
    seat = table.take_seat(name="Ann").index
    table.run_bots()
    m = Mirror(table.welcome_for(seat))
    bot = bot_factories(game_class("tortuga-1667")({}), {})["random"](DiceService.seeded(1))
    told: list[str] = []
    m.session.add_listener(lambda s, what: told.append(what))
    for _ in range(5):
        m.take(table.update_for(seat, m.have))
        table.act(seat, m.have, bot.choose(m.state, seat).to_text())
        table.run_bots()
    m.take(table.update_for(seat, m.have))
    n = m.have
    assert n == len(table.session.entries) and told.count("apply") == n
    assert m.take(table.update_for(seat, 0)) == 0  # everything again: nothing new
    assert m.have == n and told.count("apply") == n
    table.act(seat, n, bot.choose(m.state, seat).to_text())
    table.run_bots()
    late = table.update_for(seat, n + 1)  # an update that skips an entry
    if late["start"] > n:
        try:
            m.take(late)
            raise AssertionError("a gap in the log was read")
        except ProtocolError as exc:
            assert "skipped" in str(exc)
