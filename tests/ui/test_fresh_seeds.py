"""Every new game in the app is seeded from the OS's entropy, never from a counter,
and no save tells its seed (the app is the impartial table): a seed known to a
player would tell every shuffle, deal and roll to come."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

import ui.context

SEEDS = (987_654_321_123, 555_000_111_222)


pytestmark = pytest.mark.usefixtures("discard_unsaved")


@pytest.fixture
def os_seeds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The OS's entropy, replaced by two known values in turn (then any others)."""
    drawn: list[int] = []
    source = itertools.chain(SEEDS, itertools.count(7_000_000_000))

    def fresh() -> int:
        drawn.append(next(source))
        return drawn[-1]

    monkeypatch.setattr(ui.context, "fresh_seed", fresh)
    return drawn


def start_as_a_player(view: Any, qtbot: Any, mode: str) -> None:  # noqa: ANN401
    """A new game the way the table starts one: the mode's own New game control."""
    if mode == "pieces-of-eight":
        qtbot.mouseClick(view.findChild(QPushButton, "poe-new"), Qt.MouseButton.LeftButton)
    elif mode == "tortuga-1667":
        view.new_game_dialog()
        view._dialog.accept()
    else:
        view.new_game_from_bar()


def game_seed(view: Any) -> object:  # noqa: ANN401
    return view.session.dice.provider.seeded.seed


@pytest.mark.parametrize(
    "mode", ["pieces-of-eight", "pirate-versus-pirate", "pirate-coins", "tortuga-1667"]
)
def test_each_new_board_game_takes_a_fresh_seed_and_no_save_tells_it(
    main_window, qtbot, os_seeds: list[int], tmp_path: Path, mode: str
) -> None:  # noqa: ANN001
    view = main_window.show_mode(mode)
    view.bot_delay_ms = 0
    seeds = []
    for _ in range(2):
        start_as_a_player(view, qtbot, mode)
        seeds.append(game_seed(view))
        assert seeds[-1] in os_seeds, f"{mode}: the game's seed {seeds[-1]} is not the OS's"
    assert seeds[0] != seeds[1], f"{mode}: two new games had the same seed"
    path = tmp_path / "game.json"
    assert main_window.save_as(path)
    text = path.read_text(encoding="utf-8")
    header = json.loads(text)["header"]
    assert "seed" not in header
    for seed in os_seeds:
        assert str(seed) not in text, f"{mode}: the save shows the seed {seed}"


def test_a_reopened_tortuga_game_draws_what_it_would_have_drawn(
    main_window, qtbot, os_seeds: list[int], tmp_path: Path
) -> None:  # noqa: ANN001
    view = main_window.show_mode("tortuga-1667")
    view.bot_delay_ms = 0
    start_as_a_player(view, qtbot, "tortuga-1667")
    path = tmp_path / "t.json"
    assert main_window.save_as(path)
    ahead = view.session.dice.provider.seeded.plain(1, 1000, 5)
    main_window.go_home()
    assert main_window.open_file(path)
    again = main_window.current.session.dice.provider.seeded.plain(1, 1000, 5)
    assert again == ahead
