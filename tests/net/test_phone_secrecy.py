"""Secrecy for phones (issue 38): games of the three games with hidden parts
played from browser seats (``web``): every update each seat receives passes the
across-computers checks (its observation, no hidden value spelt out), holds no world,
and no other seat's private words (its hand, loyalty, viewed cards, decision) unless
the seat's own words or choices say the same."""

from __future__ import annotations

import json

import pytest

from tests.net.test_secrecy import CASES, Checker
from wargame.core.dice import DiceService
from wargame.core.play import bot_factories, game_seed
from wargame.core.registry import game_class
from wargame.core.seats import seat_label
from wargame.net.table import Table


@pytest.mark.parametrize(("game", "players", "bots", "seed"), CASES, ids=[c[0] for c in CASES])
def test_no_update_to_a_phone_tells_what_its_seat_may_not_know(
    game: str, players: int, bots: list[str], seed: int
) -> None:
    table = Table(game, players=players, seed=game_seed(seed, 1))
    for s in range(players):
        table.take_seat(name=f"P{s}")
    chooser = bot_factories(game_class(game)({}), {})["random"](DiceService.seeded(seed))
    check = Checker()
    private_lines = 0
    have = [0] * players
    # Pieces of Eight's random games run past a thousand actions: its first 300 here
    # (the browser test and the across-computers suite play it further)
    limit = 300 if game == "pieces-of-eight" else 5000
    for _ in range(limit):
        names = [seat_label(i, list(table.session.seat_names)) for i in range(players)]
        words = {
            s: table.game.seat_words(table.state.observation(s), names, s) for s in range(players)
        }
        for s in range(players):
            update = table.update_for(s, have[s], web=True)
            have[s] = update["n"]
            assert "world" not in update
            check(table, s, update)
            text = json.dumps(update, ensure_ascii=False)
            own = json.dumps([update["words"], update.get("legal")], ensure_ascii=False)
            for other in range(players):
                for sec in words[other]:
                    for line in sec["lines"] if sec.get("private") and other != s else ():
                        private_lines += 1
                        assert line not in text or line in own, f"seat {s} was sent {line!r}"
        if table.over:
            break
        seat = table.to_act()
        assert seat is not None
        table.act(seat, have[seat], chooser.choose(table.state, seat).to_text())
    assert table.over or limit == 300
    assert check.messages > 50 and check.worlds == 0 and private_lines > 100
