"""The seat page for phones: served on the table's port with a strict policy, shipped
as package data, small, reaching no other host; a browser's seat is never sent a world
and gets its view in words, from its observation alone."""

from __future__ import annotations

import asyncio
import json
import random
import re
from importlib import resources
from pathlib import Path

import pytest

from wargame.core.registry import available_games
from wargame.net.http import CSP, FILES, page_file, page_weight, respond, seat_link
from wargame.net.server import TableServer, run_server
from wargame.net.table import Table

PLAYERS = {"tortuga-1667": 4, "pieces-of-eight": 4, "pirate-coins": 3}


def test_every_file_of_the_page_ships_as_package_data_and_is_served() -> None:
    shipped = {p.name for p in resources.files("wargame.net.web").iterdir()}
    assert set(FILES) <= shipped
    html = page_file("index.html").decode()
    linked = set(re.findall(r'(?:src|href)="([^"]+)"', html))
    assert linked <= set(FILES), linked - set(FILES)
    for name in FILES:
        for js_import in re.findall(r'from "\./([^"]+)"', page_file(name).decode()):
            assert js_import in FILES, f"{name} imports {js_import}, which is not served"


def test_the_page_asks_nothing_of_any_other_host() -> None:
    for name in FILES:
        text = page_file(name).decode().replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), name
        assert "innerHTML" not in text and "eval(" not in text, name


def test_the_page_weighs_at_most_150_kb() -> None:
    assert page_weight() <= 150 * 1024


def test_a_get_is_answered_with_the_file_and_a_strict_policy() -> None:
    r = respond("/?seat=2", "192.168.1.5:8765")
    assert r.status_code == 200 and r.body == page_file("index.html")
    policy = r.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "unsafe" not in policy and "ws://192.168.1.5:8765" in policy
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert respond("/app.js", None).headers["Content-Type"].startswith("text/javascript")
    missing = respond("/../../etc/passwd", "x")
    assert missing.status_code == 404 and b"open /" in missing.body
    # a Host header that is not a host is left out of the policy, not copied into it
    assert "evil" not in respond("/", "evil' 'unsafe-inline").headers["Content-Security-Policy"]
    assert CSP.count("{ws}") == 1


def test_the_page_and_the_table_share_one_port() -> None:
    async def main() -> tuple[bytes, dict[str, object]]:
        server = TableServer("pirate-coins", players=2, seed=1)
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        serving = asyncio.ensure_future(run_server(server, "127.0.0.1", 0, ready=ready.set_result))
        port = await asyncio.wait_for(ready, 5)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        page = await asyncio.wait_for(reader.read(), 5)
        writer.close()
        from websockets.asyncio.client import connect

        async with connect(f"ws://127.0.0.1:{port}/") as ws:
            await ws.send(json.dumps({"v": 1, "type": "join", "name": "Ann", "web": True}))
            welcome = json.loads(await asyncio.wait_for(ws.recv(), 5))
        serving.cancel()
        return page, welcome

    page, welcome = asyncio.run(main())
    assert page.startswith(b"HTTP/1.1 200") and b"Content-Security-Policy" in page
    assert welcome["type"] == "welcome" and welcome["title"] == "Pirate Coins"


def test_a_seat_link_names_the_seat_counted_from_one() -> None:
    assert seat_link("192.168.1.5", 8765, 0) == "http://192.168.1.5:8765/?seat=1"


@pytest.mark.parametrize("game", sorted(available_games()))
def test_a_browser_seat_is_never_sent_a_world_and_reads_its_view_in_words(game: str) -> None:
    table = Table(game, players=PLAYERS.get(game), seed=5)
    for s in range(table.players):
        table.take_seat(f"P{s}")
    rng = random.Random(3)
    for _ in range(60):
        if table.over:
            break
        seat = table.to_act()
        assert seat is not None
        web = table.update_for(seat, 0, web=True)
        assert "world" not in web
        labels = [f"P{s}" for s in range(table.players)]
        assert web["words"] == table.game.seat_words(web["view"], labels, seat)
        assert all(len(row) == 4 and row[2] and row[3] for row in web["legal"])
        assert [row[:2] for row in web["legal"]] == table.update_for(seat, 0)["legal"]
        # the table screen's words (an onlooker's) hold no private section
        public = table.update_for(None, 0, web=True)
        assert not any(sec.get("private") for sec in public["words"])
        table.session.apply_text(rng.choice(web["legal"])[0])
    if table.hidden:  # a person at a desktop still gets the world their board draws
        assert "world" in table.update_for(0, 0)


def test_a_secret_choice_reads_on_its_own_button_but_not_in_the_log() -> None:
    table = Table("pirate-coins", players=2, seed=2)
    for s in range(2):
        table.take_seat(f"P{s}")
    for _ in range(20):
        seat = table.to_act()
        assert seat is not None
        web = table.update_for(seat, 0, web=True)
        decide = [row for row in web["legal"] if row[0].startswith("coins.decide")]
        if decide:
            assert {row[2].split(" ")[0] for row in decide} == {"Sally", "Plunder"}
            assert all(row[1].endswith("has decided") for row in decide)
            return
        table.session.apply_text(web["legal"][0][0])
    raise AssertionError("no decision came up")


def test_the_wheel_and_the_standalone_build_carry_the_page() -> None:
    import fnmatch
    import tomllib

    from tests.conftest import ROOT

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["wargame.net.web"]
    for name in FILES:
        assert any(fnmatch.fnmatch(name, p) for p in patterns), f"{name} not in the wheel"
    spec = (ROOT / "packaging" / "wargame.spec").read_text(encoding="utf-8")
    assert '"wargame" / "net" / "web"' in spec


def test_wargame_serve_serves_the_page_on_its_port(tmp_path: Path) -> None:
    """The command line's table (no window) answers GET / too, and says where."""
    import os
    import subprocess
    import sys
    import urllib.request

    env = {**os.environ, "WARGAME_DATA_DIR": str(tmp_path)}
    serve = subprocess.Popen(
        [sys.executable, "-m", "wargame", "serve", "--game", "pirate-coins", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert serve.stdout is not None
        lines = [serve.stdout.readline() for _ in range(3)]
        port = lines[0].strip().rsplit(":", 1)[1]
        assert f"phones: open http://127.0.0.1:{port}/" in "".join(lines)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as r:  # noqa: S310
            assert r.status == 200 and "default-src 'none'" in r.headers["Content-Security-Policy"]
            assert b'<script type="module" src="app.js">' in r.read()
    finally:
        serve.kill()
        serve.wait(10)
