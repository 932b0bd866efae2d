"""Phones at the table (issue 38): the seat page's weight, its first useful screen on
an emulated phone, and how long a tap on one phone takes to reach every other screen
(the five other phones and the host's table screen) with six phones at one Tortuga
table, all on 127.0.0.1 in Debian's headless Chromium.

    nice -n 10 timeout 600 .venv/bin/python benchmarks/bench_phones.py [--taps 150]

prints every figure (``make bench`` shows the three targets). Measured on the 2-core
machine (load average 2.6, after issue 42's limits; 116 taps of a six-phone Tortuga game):
page 25.5 KB downloaded; a new phone's first screen 120 ms (272 ms with the CPU slowed
4x), a returning phone back at its seat 249 ms; tap -> every other phone and the table
screen p50 23.9 ms, p95 37.9 ms, max 119 ms. Under a load average of 12: 215 ms, 429 ms,
258 ms; p95 46.8 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchlib import Bench  # noqa: E402

SEEN = """() => {
  window.__seen = {};
  new MutationObserver(() => {
    const n = document.body.dataset.n;
    if (n in window.__seen) return;
    window.__seen[n] = -1;
    // on the screen: the next frame after the update was drawn
    requestAnimationFrame(() => { window.__seen[n] = performance.timeOrigin + performance.now(); });
  }).observe(document.body, { attributes: true, attributeFilter: ["data-n"] });
  document.getElementById("play").addEventListener("touchstart",
    () => { window.__tap = performance.timeOrigin + performance.now(); }, true);
}"""


def _drive(served: Any, screen_times: dict[int, float], taps: int, out: dict[str, Any]) -> None:
    from playwright.sync_api import sync_playwright

    from tests.web.phones import ARGS, CHROMIUM, PHONE, Phone

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        # the page's weight and its first screen, as a new phone loads it (4x slower CPU)
        ctx = browser.new_context(**PHONE)
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        firsts: dict[str, list[float]] = {"plain": [], "cpu4x": []}
        for rate, key in ((1, "plain"), (4, "cpu4x")):
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            for _ in range(5):
                t = time.perf_counter()
                page.goto(f"{served.url}?seat=6")
                page.wait_for_selector("#take:visible")
                firsts[key].append(time.perf_counter() - t)
        weight = page.evaluate(
            "() => performance.getEntriesByType('navigation').concat("
            "performance.getEntriesByType('resource')).reduce((a, e) => a + e.transferSize, 0)"
        )
        ctx.close()
        phones = [Phone(browser, served, seat, f"Phone {seat + 1}") for seat in range(6)]
        # a returning phone (its code kept): the page to its seat's own screen
        back: list[float] = []
        for _ in range(3):
            t = time.perf_counter()
            phones[0].page.reload()
            phones[0].page.wait_for_selector("#mine .sec")
            back.append(time.perf_counter() - t)
        for ph in phones:
            ph.page.evaluate(SEEN)
        rng = random.Random(1)
        lat: list[float] = []
        phone_lat: list[float] = []
        done = 0
        until = time.monotonic() + 300
        while done < taps and time.monotonic() < until:
            if phones[0].data("over") == "1":
                break
            mover = next((ph for ph in phones if ph.my_turn()), None)
            if mover is None:
                phones[0].page.wait_for_timeout(2)
                continue
            mover.tap_a_choice(rng)
            n = served.truth.n
            tap = mover.page.evaluate("() => window.__tap")
            seen = []
            for ph in phones:
                if ph is mover:
                    continue
                ph.wait_n(n)
                ph.page.wait_for_function("n => window.__seen[n] > 0", arg=str(n))
                seen.append(ph.page.evaluate("n => window.__seen[n]", str(n)))
            t_end = time.monotonic() + 5
            while n not in screen_times and time.monotonic() < t_end:
                time.sleep(0.001)
            phone_lat.append(max(seen) - tap)
            lat.append(max([*seen, screen_times.get(n, float("inf"))]) - tap)
            done += 1
        for ph in phones:
            ph.close()
        browser.close()
    out.update(weight=weight, firsts=firsts, back=back, lat=lat, phone_lat=phone_lat)


@cache
def measure(taps: int = 120) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    from tests.web.phones import CHROMIUM, ServedTable
    from ui.net.tablescreen import TableScreen
    from wargame.net.server import TableServer

    if not CHROMIUM.exists():
        raise RuntimeError("Debian's chromium is not installed (scripts/system-deps.sh)")
    app = QApplication.instance() or QApplication([])
    screen = TableScreen("tortuga-1667", "127.0.0.1", 0)
    screen_times: dict[int, float] = {}
    shown = screen.show_update

    def show_and_time(update: dict[str, Any]) -> None:
        shown(update)
        screen_times.setdefault(int(update["n"]), time.time() * 1000)

    screen.feed.changed.disconnect()
    screen.feed.changed.connect(show_and_time)
    screen.show()
    served = ServedTable(
        TableServer("tortuga-1667", players=6, seed=7), on_public=screen.feed.changed.emit
    )
    out: dict[str, Any] = {}
    worker = threading.Thread(target=_drive, args=(served, screen_times, taps, out))
    worker.start()
    while worker.is_alive():  # the table screen's Qt loop, in this (the main) thread
        app.processEvents()
        time.sleep(0.0005)
    served.stop()
    screen.close()
    if "lat" not in out:
        raise RuntimeError("the browser run failed (see above)")
    return out


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20)[18] if len(xs) >= 20 else max(xs)


def _first() -> float:
    m = measure()
    return max(statistics.median(m["firsts"]["cpu4x"]), statistics.median(m["back"]))


BENCHMARKS = [
    Bench(
        "phones: page weight (everything the phone downloads)",
        150,
        "KB",
        lambda: measure()["weight"] / 1024,
    ),
    Bench("phones: first useful screen, 360x640, CPU 4x slower", 1.0, "s", _first),
    Bench(
        "phones: tap -> 5 phones + table screen updated, p95",
        100,
        "ms",
        lambda: p95(measure()["lat"]),
    ),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--taps", type=int, default=150)
    args = ap.parse_args()
    m = measure(args.taps)
    print(f"page weight: {m['weight'] / 1024:.1f} KB (served files: ", end="")
    from wargame.net.http import page_weight

    print(f"{page_weight() / 1024:.1f} KB)")
    for key, xs in m["firsts"].items():
        print(
            f"first screen of a new phone ({key}): median {statistics.median(xs) * 1000:.0f} ms, max {max(xs) * 1000:.0f} ms"
        )
    print(
        f"a returning phone back at its seat: median {statistics.median(m['back']) * 1000:.0f} ms"
    )
    lat, ph = m["lat"], m["phone_lat"]
    print(
        f"tap -> every screen ({len(lat)} taps): p50 {statistics.median(lat):.1f} ms, "
        f"p95 {p95(lat):.1f} ms, max {max(lat):.1f} ms; the phones alone p95 {p95(ph):.1f} ms"
    )


if __name__ == "__main__":
    main()
