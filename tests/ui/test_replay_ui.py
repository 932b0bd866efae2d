"""File > Replay: a saved game watched back from its start."""

from __future__ import annotations

import json
from pathlib import Path

from tests.core.test_replay import _played


def _save(tmp_path: Path, game: str, players: int, actions: int) -> Path:
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(_played(game, players, actions).to_json()))
    return path


def test_replay_steps_back_and_forth_through_a_saved_raid(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    path = _save(tmp_path, "raid", 2, 25)
    before = path.read_bytes()
    assert main_window.replay(path), main_window.last_error
    dock = main_window.replay_dock
    view = main_window.current
    assert view.mode_key == "raid" and view.replaying
    assert dock.isVisible() and dock.step == 0
    assert len(view.session.entries) == 0
    dock.buttons["forward"].click()
    dock.buttons["forward"].click()
    assert len(view.session.entries) == 2
    assert dock.caption.text().startswith("Step 2 of 25")
    dock.buttons["end"].click()
    assert len(view.session.entries) == 25
    dock.buttons["back"].click()
    assert len(view.session.entries) == 24
    assert not main_window.act_undo.isEnabled() or view.undo_stack.count() == 0
    dock.close()
    assert not view.replaying
    assert "from step 24" in view.document_name
    assert path.read_bytes() == before  # the save is never changed


def test_replay_play_runs_on_by_itself(main_window, tmp_path: Path, qtbot) -> None:  # noqa: ANN001
    path = _save(tmp_path, "naval", 2, 6)
    assert main_window.replay(path), main_window.last_error
    dock = main_window.replay_dock
    dock.timer.setInterval(5)
    dock.buttons["play"].click()
    qtbot.waitUntil(lambda: dock.step == 6, timeout=5000)
    assert not dock.timer.isActive()


def test_an_unfinished_card_game_is_not_replayed(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    path = _save(tmp_path, "pieces-of-eight", 4, 30)
    assert not main_window.replay(path)
    assert "Finish the game first" in main_window.last_error
