"""A whole 6-player Tortuga 1667 game: three seats on phones (three browser pages,
tapped), three bots, and the host's table screen (a Qt window) showing only what is
public; after every action no page and no frame it received holds another seat's
secret, and the screen holds nobody's."""

from __future__ import annotations

import json
import random

from tests.web.phones import Phone, ServedTable, play_until
from ui.net.tablescreen import TableScreen
from wargame.net.server import TableServer


def test_tortuga_six_seats_three_phones_a_whole_game_by_taps(qtbot, chromium) -> None:
    server = TableServer(
        "tortuga-1667", players=6, seed=2, bots={3: "normal", 4: "normal", 5: "normal"}
    )
    screen = TableScreen("tortuga-1667", "127.0.0.1", 0)
    qtbot.addWidget(screen)
    served = ServedTable(server, on_public=screen.feed.changed.emit)
    screen.phones.port = served.port
    try:
        phones = [Phone(chromium, served, seat, f"Phone {seat + 1}") for seat in range(3)]
        # every seat is taken: the first turn is up, the screen says whose
        qtbot.waitUntil(
            lambda: screen.last is not None and not any(s.get("open") for s in screen.last["seats"])
        )

        def screen_is_public(_mover: Phone) -> None:
            n = served.truth.n
            qtbot.waitUntil(lambda: screen.last is not None and screen.last["n"] == n)
            shown = screen.text()
            public = json.dumps(served.truth.public[n], ensure_ascii=False)
            for seat in range(6):
                for line in served.truth.private_lines(seat, n):
                    assert line not in shown or line in public, f"the screen shows {line!r}"
            assert served.truth.public[n]["words"] == [
                s for s in served.truth.public[n]["words"] if not s.get("private")
            ]

        taps = play_until(
            phones,
            lambda: phones[0].data("over") == "1",
            random.Random(7),
            budget=40,
            after=screen_is_public,
        )
        assert taps > 10, taps
        print(f"{taps} taps")
        for p in phones:
            p.check_log()
            assert "Game over" in p.page.inner_text("#status")
            p.close()
        assert "over" in screen.turn.text()
        # at the end every loyalty is turned up, on every screen
        loyalty = served.truth.obs[(0, served.truth.n)]["loyalty"]
        assert all(loyalty)
    finally:
        served.stop()
