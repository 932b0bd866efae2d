"""Pieces of Eight with four phones (a phone off the Wi-Fi longer than the grace period
comes back to its seat), Pirate Coins with a reveal (a page reloaded mid-turn), and the
page saying plainly when the code is wrong, the table full or gone."""

from __future__ import annotations

import random

from tests.web.phones import PHONE, Phone, ServedTable, play_until, settings
from wargame.net.server import TableServer


def test_pieces_of_eight_four_phones_and_one_off_the_wifi(chromium) -> None:
    server = TableServer(
        "pieces-of-eight", players=4, seed=11, settings=settings(grace=0.3, stand_in="random")
    )
    served = ServedTable(server)
    try:
        phones = [Phone(chromium, served, seat, f"Phone {seat + 1}") for seat in range(4)]
        kinds: list[str] = []
        rng = random.Random(5)

        def tapped(_mover: Phone) -> None:
            kinds.append(served.entries(None)[-1].get("a", "secret").split(" ")[0])

        play_until(phones, lambda: len(kinds) >= 20, rng, budget=25, after=tapped)
        # the fourth phone drops off the Wi-Fi (its line dies with no close); the table
        # plays on without it past the grace period (a stand-in bot takes its turns)
        away = phones[3]
        before = served.truth.n
        away.context.set_offline(True)
        served.cut(3)
        others = phones[:3]
        play_until(others, lambda: served.truth.n >= before + 8, rng, budget=15)
        assert served.call(lambda: server.tables[0].seats[3].stand_in), "no stand-in"
        away.context.set_offline(False)
        # back in its seat with every entry it missed, none twice
        away.wait_n(served.truth.n, timeout=8000)
        play_until(phones, lambda: len(kinds) >= 30, rng, budget=20, after=tapped)
        assert not served.call(lambda: server.tables[0].seats[3].stand_in)
        for p in phones:
            p.check_secrets()
            p.check_log()
            p.close()
        assert {"poe.play", "poe.pass"} & set(kinds), kinds
    finally:
        served.stop()


def test_pirate_coins_a_reveal_and_a_reload_mid_turn(chromium) -> None:
    served = ServedTable(TableServer("pirate-coins", players=3, seed=3))
    try:
        phones = [Phone(chromium, served, seat, f"Phone {seat + 1}") for seat in range(3)]
        rng = random.Random(2)
        reloaded: list[int] = []

        def revealed() -> bool:
            return any("Revealed under" in str(e.get("told")) for e in served.entries(None))

        def reload_once(_mover: Phone) -> None:
            if reloaded:
                return
            mover = next((p for p in phones if p.my_turn()), None)
            if mover is None or served.truth.n < 4:
                return
            # mid-turn: the page is reloaded; it comes back to its seat with its turn
            n = served.truth.n
            mover.page.reload()
            mover.page.wait_for_selector("#game:not([hidden])", timeout=5000)
            mover.wait_n(n)
            assert mover.my_turn() and mover.data("turn") == "1"  # its choices on screen
            reloaded.append(mover.seat)

        play_until(phones, revealed, rng, budget=20, after=reload_once)
        assert reloaded
        # every control a thumb hits: 44 px or more, held upright and on its side
        mover = next(p for p in phones if p.my_turn())
        mover.page.wait_for_function("() => document.body.dataset.turn === '1'")
        mover.touch(mover.page.locator("#choices button.choice").first)  # the confirm bar up
        for width, height in ((360, 640), (640, 360)):
            mover.page.set_viewport_size({"width": width, "height": height})
            for tab in ("play", "table", "log"):
                mover.touch(mover.page.locator(f'nav#tabs [data-tab="{tab}"]'), scroll=False)
                assert mover.small_targets() == [], (width, tab)
        mover.page.set_viewport_size({"width": 360, "height": 640})
        for p in phones:
            p.check_secrets()
            p.check_log()
        log = phones[0].page.inner_text("#log")
        assert "Revealed under" in log
        for p in phones:
            p.close()
    finally:
        served.stop()


def test_the_page_says_when_the_code_is_wrong_the_table_full_or_gone(chromium) -> None:
    served = ServedTable(TableServer("pirate-coins", players=2, seed=1, once=True))
    stopped = False
    try:
        phones = [Phone(chromium, served, seat, f"P{seat}") for seat in range(2)]
        context = chromium.new_context(**PHONE)
        page = context.new_page()
        page.goto(f"{served.url}#code=0.1.not-the-code")
        page.wait_for_selector("#notice:not([hidden])")
        assert "seat code is wrong" in page.inner_text("#notice")
        page.fill("#name", "Late")
        page.tap("#take")
        page.wait_for_function("() => /full/.test(document.getElementById('notice').textContent)")
        assert "The table is full" in page.inner_text("#notice")
        context.close()
        served.stop()
        stopped = True
        phone = phones[0].page
        phone.wait_for_function(
            "() => /cannot be reached|gone|lost/.test(document.getElementById('status').textContent)",
            timeout=5000,
        )
        for p in phones:
            p.context.close()
    finally:
        if not stopped:
            served.stop()
