"""Issue 42, item 3 (what was left open): lines that join a table before its game
begins and close. Before: such a seat was kept for its code for the whole grace period
and the game began around it, so the next real player sat at a table with absent
players, and one address's join-and-leave lines could hold seats at every table. Now
the game begins only when every held seat is here, a seat dropped before that is given
up after net.toml's ``pre_start_grace_seconds``, and one address holds at most
``seats_per_address_before_start`` seats at tables not yet begun. Every wait is
bounded (a grace of a fraction of a second, through the rules data)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import connect

from tests.net.test_attack import joined, next_of, run, serving, tuned, until
from wargame.net.protocol import encode, message
from wargame.net.server import TableServer
from wargame.net.table import Table

GRACE = 0.3
#: What a given-up seat's player is told when they come back (the brief's words).
GIVEN_UP = "the game had not started and your seat was given up"


def test_two_join_and_leave_lines_do_not_seat_the_next_player_with_absent_players() -> None:
    """Two lines join a 3-seat table and close; a real player joins. The game does not
    begin around the two absent seats; after the pre-start grace they are open again,
    and the next two real players make a table of live players only."""
    server = TableServer("pirate-coins", players=3, settings=tuned(pre_start_grace_seconds=GRACE))

    async def play() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], Any]:
        async with serving(server) as uri:
            for name in ("ghost1", "ghost2"):
                ws, said = await joined(uri, name=name)
                assert said["type"] == "welcome"
                await ws.close()
            table = server.tables[0]
            assert table is not None
            await until(lambda: not any(s.connected for s in table.seats), 2)
            ann, welcome = await joined(uri, name="Ann")
            assert welcome["type"] == "welcome" and welcome["table"] == 0
            first = await next_of(ann, "update")  # the game has not begun: nobody to act
            await until(lambda: [s.held for s in table.seats] == [False, False, True], 2)
            opened = first
            while not opened["seats"][0]["open"] or not opened["seats"][1]["open"]:
                opened = await next_of(ann, "update")  # each seat given up is broadcast
            bea, _ = await joined(uri, name="Bea")
            cy, _ = await joined(uri, name="Cy")
            await until(lambda: table.to_act() is not None, 2)
            begun = table.update_for(welcome["seat"], 0)
            connected = [s.connected for s in table.seats]
            for ws in (ann, bea, cy):
                await ws.close()
            return first, opened, begun, connected

    first, opened, begun, connected = run(play())
    assert first["to_act"] is None
    assert all(s["before_start"] and s["grace_left"] <= GRACE for s in first["seats"][:2])
    assert [s["open"] for s in opened["seats"]] == [True, True, False]
    assert begun["to_act"] is not None and connected == [True, True, True]
    assert {s["name"] for s in begun["seats"]} == {"Ann", "Bea", "Cy"}
    assert len(server.tables) == 1  # the newcomers filled the given-up seats


def test_a_given_up_seats_code_is_told_in_words_and_no_longer_takes_it() -> None:
    server = TableServer("pirate-coins", players=2, settings=tuned(pre_start_grace_seconds=GRACE))

    async def back() -> dict[str, Any]:
        async with serving(server) as uri:
            ws, welcome = await joined(uri, name="Ann")
            await ws.close()
            table = server.tables[0]
            assert table is not None
            await until(lambda: not table.seats[0].held, 2)
            again = await connect(uri)
            hello = {"table": 0, "seat": welcome["seat"], "token": welcome["token"], "have": 0}
            await again.send(encode(message("resume", **hello)))
            said = json.loads(await asyncio.wait_for(again.recv(), 10))
            await again.close()
            return said

    said = run(back())
    assert said["type"] == "error" and said["reason"] == GIVEN_UP


def test_one_address_holds_seats_at_no_more_than_n_tables_before_they_begin() -> None:
    """Before: join-and-leave lines from one address held seats at table after table
    (up to every table the server may open) for the whole grace period."""
    most = 3
    server = TableServer(
        "pirate-coins",
        players=2,
        settings=tuned(seats_per_address_before_start=most, pre_start_grace_seconds=GRACE),
    )

    async def flood() -> tuple[list[str], int, str]:
        async with serving(server) as uri:
            said = []
            for i in range(6):
                ws, msg = await joined(uri, name=f"ghost{i}")
                said.append(msg["type"] if msg["type"] == "welcome" else msg["reason"])
                await ws.close()
                await until(lambda: server.connections == 0, 2)  # the server saw it go
            held = sum(1 for t in server.tables if t is not None and any(s.held for s in t.seats))
            # once the pre-start grace has given their seats up, the address may join again
            await until(
                lambda: not any(s.held for t in server.tables if t is not None for s in t.seats),
                2,
            )
            ws, msg = await joined(uri, name="later")
            await ws.close()
            return said, held, msg["type"]

    said, held, later = run(flood())
    assert said[:most] == ["welcome"] * most
    assert all("already holds 3 seats at games that have not begun" in s for s in said[most:])
    assert held <= most
    assert later == "welcome"


def test_a_saved_tables_kept_seats_are_never_given_up_and_do_not_hold_up_the_game() -> None:
    """Issue 37: a saved table's seats belong to their players across saves."""
    table = Table("pirate-coins", players=3, seed=4)
    for name in ("Ann", "Bea", "Cy"):
        table.take_seat(name)
    assert table.started
    again = Table("pirate-coins", saved=json.loads(json.dumps(table.save_json())))
    assert all(s.held and s.kept and not s.connected for s in again.seats)
    assert not any(again.may_give_up(s.index) for s in again.seats)
    assert again.started  # that game was under way: its turn's player is waited for


def test_the_seat_list_counts_down_to_a_seat_dropped_before_the_start_opening_again() -> None:
    from ui.net.window import seat_line

    table = Table("pirate-coins", players=2, seed=4, settings=tuned(pre_start_grace_seconds=10))
    table.take_seat("Ann")
    table.drop(0)
    info = table.seat_list()[0]
    assert info["before_start"] and 9 < info["grace_left"] <= 10
    assert "dropped before the start, open again in 10 s" in seat_line(info, None)
