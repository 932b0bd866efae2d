"""Phones at a table in a real headless Chromium (Debian's ``chromium``, driven by the
pinned Playwright of the dev extra; never a downloaded browser): the table served on
127.0.0.1 in a thread of its own, one browser context per phone (360x640, touch), and
the secrecy checks made after every action against the observations."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from wargame.core.seats import seat_label
from wargame.net.protocol import entry_for
from wargame.net.rules import NetSettings, net_settings
from wargame.net.server import TableServer, run_server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {
    "viewport": {"width": 360, "height": 640},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


#: Everything an update to a browser may hold (each checked against the table's truth).
UPDATE_FIELDS = {
    "v", "type", "start", "n", "entries", "view", "to_act", "seats", "names", "over",
    "legal", "words", "result",
}  # fmt: skip


def need_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed: scripts/system-deps.sh installs it")


def settings(grace: float = 60.0, stand_in: str = "random") -> NetSettings:
    """net.toml's settings with this grace period and stand-in bot."""
    base = net_settings()
    seats = base.seats.model_copy(update={"grace_seconds": grace, "stand_in_bot": stand_in})
    return base.model_copy(update={"seats": seats})


def norm(value: Any) -> Any:
    """As it comes out of JSON (tuples are lists, keys are strings)."""
    return json.loads(json.dumps(value))


@dataclass
class Truth:
    """What each seat may know at each log length, recorded in the server's thread at
    every broadcast (the moment the updates go out)."""

    players: int
    obs: dict[tuple[int, int], Any] = field(default_factory=dict)
    words: dict[tuple[int, int], list[dict[str, Any]]] = field(default_factory=dict)
    #: Every wording sent at a log length (a seat's name may change with no new entry).
    said: dict[tuple[int, int], list[Any]] = field(default_factory=dict)
    public: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: The choices of the seat to act, as the table lists them for a browser.
    legal: dict[tuple[int, int], Any] = field(default_factory=dict)
    n: int = 0

    def private_lines(self, seat: int, n: int) -> set[str]:
        return {
            line for sec in self.words[(seat, n)] if sec.get("private") for line in sec["lines"]
        }

    def secrets_of_others(self, seat: int | None, n: int) -> set[str]:
        return {
            line
            for other in range(self.players)
            if other != seat
            for line in self.private_lines(other, n)
        }


class ServedTable:
    """A TableServer on 127.0.0.1 in its own thread and loop."""

    def __init__(
        self, server: TableServer, on_public: Callable[[dict[str, Any]], None] | None = None
    ) -> None:
        self.server = server
        table = server.tables[0]
        assert table is not None
        self.table = table
        self.truth = Truth(table.players)
        self.on_public = on_public
        server.on_broadcast = self._record
        self.loop = asyncio.new_event_loop()
        ready: list[int] = []
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        until = time.monotonic() + 10
        while not ready and time.monotonic() < until:
            time.sleep(0.005)
        assert ready, "the table server did not start"
        self.port = ready[0]
        self.url = f"http://127.0.0.1:{self.port}/"

    def _run(self, ready: list[int]) -> None:
        asyncio.set_event_loop(self.loop)
        self.task = self.loop.create_task(
            run_server(self.server, "127.0.0.1", 0, ready=ready.append)
        )
        try:
            self.loop.run_until_complete(self.task)
        except asyncio.CancelledError:
            pass

    def _record(self, tid: int, n: int) -> None:
        table = self.table
        names = [seat_label(i, list(table.session.seat_names)) for i in range(table.players)]
        for s in range(table.players):
            obs = norm(table.state.observation(s))
            self.truth.obs[(s, n)] = obs
            self.truth.words[(s, n)] = norm(table.game.seat_words(obs, names, s))
            self.truth.said.setdefault((s, n), []).append(self.truth.words[(s, n)])
        turn = table.to_act()
        if turn is not None:
            self.truth.legal[(turn, n)] = norm(table.update_for(turn, n, web=True).get("legal"))
        public = norm(table.update_for(None, 0, web=True))
        self.truth.public[n] = public
        self.truth.n = n
        if self.on_public is not None:
            self.on_public(public)

    def call(self, fn: Callable[[], Any]) -> Any:
        """``fn()`` in the server's thread (its state is only touched there)."""

        async def run() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(5)

    def cut(self, seat: int) -> None:
        """The seat's line dies server-side with no close (a phone out of Wi-Fi)."""

        def abort() -> None:
            client = self.server.clients[0].get(seat)
            if client is not None:
                client.ws.transport.abort()

        self.call(abort)

    def entries(self, seat: int | None) -> list[dict[str, Any]]:
        return self.call(lambda: norm([entry_for(e, seat) for e in self.table.session.entries]))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(10)


class Phone:
    """One phone: a browser context (its own localStorage) and page at a seat."""

    def __init__(self, browser: Any, served: ServedTable, seat: int, name: str) -> None:
        self.served = served
        self.seat = seat
        self.context = browser.new_context(**PHONE)
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.checked = 0
        self.errors: list[str] = []
        self.page.on("websocket", self._socket)
        #: Every address the page asked for (its own host only).
        self.requests: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(f"{served.url}?seat={seat + 1}")
        self.page.fill("#name", name)
        self.page.tap("#take")
        self.page.wait_for_selector("#game:not([hidden])", timeout=5000)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(str(payload)))

    def data(self, key: str) -> str:
        return str(self.page.evaluate("k => document.body.dataset[k] || ''", key))

    @property
    def n(self) -> int:
        return int(self.data("n") or 0)

    def last_update(self) -> dict[str, Any] | None:
        for raw in reversed(self.frames):
            if '"type":"update"' in raw:
                return json.loads(raw)
        return None

    def my_turn(self) -> bool:
        """The newest update (the frames already received) asks this seat to act."""
        last = self.last_update()
        return bool(last and last.get("legal") and last["n"] == self.served.truth.n)

    def wait_n(self, n: int, timeout: float = 5000) -> None:
        self.page.wait_for_function(
            "n => Number(document.body.dataset.n) >= n", arg=n, timeout=timeout
        )

    def touch(self, target: Any, *, scroll: bool = True) -> None:
        """A finger on ``target`` (a real touch at its middle, as a phone sends it; fewer
        round trips than Playwright's tap, which waits for animations to settle)."""
        if scroll:
            target.evaluate("e => e.scrollIntoView({block: 'center'})")
        box = target.bounding_box()
        assert box is not None, "not on the screen"
        self.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def tap_a_choice(self, rng: random.Random) -> str:
        """Tap one of the seat's choices, then Play it; the action's text."""
        page = self.page
        page.wait_for_function("() => document.body.dataset.turn === '1'", timeout=5000)
        buttons = page.locator("#choices button.choice:visible")
        if buttons.count() == 0:
            page.locator("#choices summary").first.tap()
            buttons = page.locator("#choices button.choice:visible")
        k = rng.randrange(buttons.count())
        button = buttons.nth(k)
        text = str(button.get_attribute("data-action"))
        before, refused = self.n, self.data("refused")
        self.touch(button)
        self.touch(page.locator("#play"), scroll=False)  # fixed at the bottom
        page.wait_for_function(
            "([n, r]) => Number(document.body.dataset.n) > n || "
            "(document.body.dataset.refused || '') !== r",
            arg=[before, refused],
            timeout=5000,
        )
        assert self.data("refused") == refused, f"refused: {page.inner_text('#notice')}"
        return text

    def check_secrets(self) -> None:
        """Every frame since the last check, and the page as it is now, hold nothing of
        another seat's secrets (checked against the recorded observations)."""
        truth = self.served.truth
        for raw in self.frames[self.checked :]:
            msg = json.loads(raw)
            assert "world" not in msg, "a browser seat was sent a world"
            assert msg["type"] in {"welcome", "update", "refused", "error", "chat", "bye"}
            if msg["type"] == "welcome":
                assert msg["seat"] == self.seat and "bot_seed" not in msg
                continue
            if msg["type"] != "update":
                continue
            n = msg["n"]
            assert set(msg) <= UPDATE_FIELDS, f"an update with {set(msg) - UPDATE_FIELDS}"
            assert msg["view"] == truth.obs[(self.seat, n)], "the view is not the seat's own"
            if "legal" in msg:
                assert msg["legal"] == truth.legal[(self.seat, n)], "choices not the seat's own"
            assert msg["words"] in truth.said[(self.seat, n)]
            assert ("legal" in msg) == (msg["to_act"] == self.seat and not msg["over"])
            # its own words and its own choices (a choice may read as another's secret)
            own = json.dumps([msg["words"], msg.get("legal")], ensure_ascii=False)
            for line in truth.secrets_of_others(self.seat, n):
                assert line not in raw or line in own or line in _public_text(msg), (
                    f"seat {self.seat} was sent another seat's secret: {line!r}"
                )
        self.checked = len(self.frames)
        n = self.n
        dom = self.page.inner_text("body")
        last = json.loads(next(f for f in reversed(self.frames) if '"type":"update"' in f))
        own = json.dumps([truth.words[(self.seat, n)], last.get("legal")], ensure_ascii=False)
        for line in truth.secrets_of_others(self.seat, n):
            assert line not in dom or line in own or line in _public_text(last), (
                f"seat {self.seat}'s page shows another seat's secret: {line!r}"
            )

    def small_targets(self) -> list[str]:
        """Every control on screen a thumb could miss (under 44 x 44 CSS pixels)."""
        return list(
            self.page.evaluate(
                """() => [...document.querySelectorAll("button, summary, input")]
                .filter(e => e.offsetParent !== null)
                .map(e => [e.getBoundingClientRect(), e.textContent || e.id])
                .filter(([r]) => r.width < 44 || r.height < 44)
                .map(([r, t]) => `${t.trim().slice(0, 30)} ${r.width}x${r.height}`)"""
            )
        )

    def check_log(self) -> None:
        """The page's log is the table's, each entry once (nothing lost or doubled)."""
        served = self.served
        for _ in range(30):  # until the table is still: a move in flight lands on both
            want = served.entries(self.seat)
            self.wait_n(len(want))
            shown = self.page.locator("#log li").count()
            if shown == min(len(want), 300) and len(served.entries(self.seat)) == len(want):
                break
            self.page.wait_for_timeout(100)
        assert shown == min(len(want), 300), f"the page shows {shown} log lines of {len(want)}"
        got: list[dict[str, Any]] = []
        for raw in self.frames:
            msg = json.loads(raw)
            if msg["type"] == "update":
                del got[msg["start"] :]
                got.extend(msg["entries"])
        assert got == want

    def close(self) -> None:
        assert not self.errors, self.errors
        here = (self.served.url, f"ws://127.0.0.1:{self.served.port}/")
        assert self.requests and all(u.startswith(here) for u in self.requests), self.requests
        self.context.close()


def _public_text(update: dict[str, Any]) -> str:
    """What is public in an update (the log's sentences and the public words): a line
    of a secret may legitimately equal something everyone sees (two copies of a card)."""
    words = [s for s in update.get("words") or [] if not s.get("private")]
    return json.dumps([update.get("entries"), words], ensure_ascii=False)


def play_until(
    phones: list[Phone],
    done: Callable[[], bool],
    rng: random.Random,
    *,
    budget: float,
    after: Callable[[Phone], None] | None = None,
) -> int:
    """Tap through the phones' turns until ``done()`` (bots act at the table); the
    number of taps. After every action: every page's secrets checked."""
    taps = 0
    until = time.monotonic() + budget
    while not done():
        assert time.monotonic() < until, f"the game did not finish in {budget} s ({taps} taps)"
        mover = next((p for p in phones if p.my_turn()), None)
        if mover is None:
            phones[0].page.wait_for_timeout(5)  # the frames on their way come in meanwhile
            continue
        mover.tap_a_choice(rng)
        taps += 1
        n = mover.served.truth.n
        for p in phones:
            p.wait_n(n)
            p.check_secrets()
        if after is not None:
            after(mover)
    return taps
