"""Autosaves are told apart in home's Recent saves: by mode, what they are played
on and when ("Pieces of Eight — The Caribbean — autosave 24 Nov 14:05"), never
"pieces-of-eight (autosave)" twice (issue 17)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from wargame.paths import scenarios_dir
from wargame.persistence.autosave import save_title

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def recent(main_window) -> list[str]:  # noqa: ANN001
    main_window.go_home()
    saves = main_window.home.saves
    return [saves.item(i).text().splitlines()[0] for i in range(saves.count())]


def play_a_little(view) -> None:  # noqa: ANN001
    view.run_bots()
    if view.handoff.isVisible():
        view.handoff.button.click()
    assert view.do(view.state.legal_actions()[0])


def test_two_unsaved_games_on_two_maps_are_listed_apart(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("pieces-of-eight")
    view.bot_delay_ms = 0
    play_a_little(view)
    assert view.use_map(scenarios_dir() / "maps" / "caribbean.json")
    play_a_little(view)
    main_window.show_mode("pirate-coins")
    coins = main_window.current
    coins.bot_delay_ms = 0
    coins.run_bots()
    coins.autosave()

    titles = [t for t in recent(main_window) if "autosave" in t]
    stamp = r"autosave \d{1,2} [A-Z][a-z]{2} \d\d:\d\d$"
    assert any(re.match(rf"Pieces of Eight — The Caribbean — {stamp}", t) for t in titles), titles
    assert any(re.match(rf"Pieces of Eight — {stamp}", t) for t in titles), titles
    # a board-game table is named by its players and round, its game said once
    coins_name = r"Pirate Coins — Pirate 1, Pirate 2, Pirate 3, Pirate 4 — round \d+"
    assert any(re.match(rf"{coins_name} — {stamp}", t) for t in titles), titles
    assert len(set(titles)) == len(titles)
    assert not any("(autosave)" in t or "pieces-of-eight" in t for t in recent(main_window))


def test_a_named_save_keeps_its_name_and_its_autosave_says_so(main_window, tmp_path) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    assert view.do(view.state.legal_actions()[0])
    assert main_window.save_as(tmp_path / "Morgan at Puerto Bello.json")
    assert view.do(view.state.legal_actions()[0])  # unsaved work after the save
    titles = recent(main_window)
    assert "Morgan at Puerto Bello" in titles
    assert any(
        t.startswith("Land raid — Morgan at Puerto Bello — autosave ")
        or t.startswith(f"{main_window.views['raid'].title} — Morgan at Puerto Bello — autosave ")
        for t in titles
    ), titles


def test_save_title_reads_the_stored_utc_time_on_the_local_clock() -> None:
    when = datetime(2026, 11, 24, 14, 5, tzinfo=UTC)
    local = when.astimezone()
    title = save_title("The Caribbean", "Pieces of Eight", when.replace(tzinfo=None), autosave=True)
    assert title == f"Pieces of Eight — The Caribbean — autosave {local.day} {local:%b %H:%M}"
    assert save_title("My game", "Naval battle", when, autosave=False) == "My game"
