"""Secrecy across computers: every message each seat receives, in whole games of
the three games with hidden parts, is checked against that seat's observation."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.net.helpers import play_in_memory, seat_bots
from wargame.net.protocol import encode
from wargame.net.table import Table

CASES = [
    ("tortuga-1667", 6, ["strong", "random", "strong", "random", "strong", "strong"], 4),
    ("pieces-of-eight", 4, ["strong", "random", "strong", "random"], 2),
    ("pirate-coins", 3, ["strong", "random", "strong"], 5),
]


def _render(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def hidden_renderings(full: dict[str, Any], seen: dict[str, Any], seat: int, n: int) -> list[str]:
    """Each other seat's hidden values as a message would spell them: every top-level
    part of the whole state ``full`` the seat's observation ``seen`` shows otherwise
    (``"key":value``), and every per-seat list or object in it that differs from what
    the seat sees."""
    out = []
    for key, value in full.items():
        if seen.get(key) == value:
            continue
        out.append(_render({key: value})[1:-1])
        mine = seen.get(key)
        if isinstance(value, list) and len(value) == n:
            for other, item in enumerate(value):
                if other == seat or not isinstance(item, list | dict) or not item:
                    continue
                if isinstance(mine, list) and len(mine) == len(value) and mine[other] == item:
                    continue
                if len(_render(item)) >= 8:  # shorter ones ([2]) occur by chance
                    out.append(_render(item))
    return out


class Checker:
    def __init__(self) -> None:
        self.messages = 0
        self.renderings = 0
        self.secret_entries = 0
        self.hidden_rolls = 0
        self.worlds = 0
        self._full: tuple[int, dict[str, Any]] | None = None

    def __call__(self, table: Table, seat: int, update: dict[str, Any]) -> None:
        self.messages += 1
        state = table.state
        assert update["view"] == state.observation(seat)
        world = update.get("world")
        text = encode({k: v for k, v in update.items() if k != "world"})
        if world is not None:
            self.worlds += 1
            assert table.to_act() == seat or table.seats[seat].client_bot is None
            _check_world(table, seat, world)
        n = len(table.session.entries)
        if self._full is None or self._full[0] != n:  # the whole state, as sent
            self._full = (n, json.loads(_render(state.to_json())))
        seen = json.loads(_render(update["view"]))
        for rendering in hidden_renderings(self._full[1], seen, seat, table.players):
            self.renderings += 1
            assert rendering not in text, f"seat {seat} was sent {rendering[:80]}"
        if not table.over:
            assert str(table.seed) not in text
        assert '"sealed"' not in text and '"dice"' not in text
        for entry in update["entries"]:
            if entry.get("x"):
                self.secret_entries += 1
                assert "a" not in entry and entry.get("p") != seat
            for roll in entry.get("r", ()):
                if len(roll) == 5 and roll[4]:
                    self.hidden_rolls += 1
                    assert isinstance(roll[2], int), "a hidden roll's values were sent"


def _check_world(table: Table, seat: int, world: dict[str, Any]) -> None:
    """What a redraw leaves alone but other seats know privately is not in the world."""
    if table.game_name == "tortuga-1667":
        for other in range(table.players):
            if other != seat:
                assert world["seen"][other] == {"d": []}
                assert world["known"][other] == {"d": []}
    if table.game_name == "pieces-of-eight":
        for who, _area, cards, _vp in (b["t"] for b in world["burials"]):
            if who != seat:
                assert set(cards["t"]) <= {-1}
    assert not any(name.startswith("_") for name in world)


@pytest.mark.parametrize(("game", "players", "bots", "seed"), CASES, ids=[c[0] for c in CASES])
def test_no_message_tells_a_seat_what_its_observation_hides(
    game: str, players: int, bots: list[str], seed: int
) -> None:
    table, seats = seat_bots(game, players, seed, bots)
    check = Checker()
    play_in_memory(table, seats, watch=check)
    assert check.messages > 50 and check.renderings > 50 and check.worlds > 10
    if game != "pirate-coins":
        assert check.hidden_rolls > 0
    if game != "pieces-of-eight":
        assert check.secret_entries > 0


def test_a_seat_reads_its_own_secret_choice_and_not_the_others() -> None:
    table, seats = seat_bots("pirate-coins", 2, 1, ["random", "random"])
    texts: dict[int, list[str]] = {0: [], 1: []}

    def keep(t: Table, seat: int, update: dict[str, Any]) -> None:
        for e in update["entries"]:
            if t.session.entries[update["start"] + update["entries"].index(e)].secret:
                texts[seat].append(e.get("a", ""))

    play_in_memory(table, seats, watch=keep)
    for seat in (0, 1):
        secret = [e for e in table.session.entries if e.secret]
        own = [e.action.to_text() for e in secret if e.seat == seat]
        assert [t for t in texts[seat] if t] == own


@pytest.mark.parametrize(("game", "players", "bots", "seed"), CASES, ids=[c[0] for c in CASES])
def test_no_message_to_a_persons_seat_tells_what_its_observation_hides(
    game: str, players: int, bots: list[str], seed: int
) -> None:
    """A person's seat is sent a world with every update (its board draws it): the same
    checks over every message of whole games played from the seats' copies."""
    from wargame.core.dice import DiceService
    from wargame.core.play import bot_factories, game_seed
    from wargame.core.registry import game_class
    from wargame.net.mirror import Mirror

    table = Table(game, players=players, seed=game_seed(seed, 0))
    people = [table.take_seat(name=f"P{s}").index for s in range(players)]
    copies = {s: Mirror(table.welcome_for(s)) for s in people}
    chooser = bot_factories(game_class(game)({}), {})["random"](DiceService.seeded(seed))
    check = Checker()
    for _ in range(5000):
        for s, m in copies.items():
            update = table.update_for(s, m.have)
            check(table, s, update)
            m.take(update)
        if table.over:
            break
        seat = table.to_act()
        table.act(seat, copies[seat].have, chooser.choose(copies[seat].state, seat).to_text())
    assert table.over
    assert check.messages > 50 and check.worlds == check.messages
