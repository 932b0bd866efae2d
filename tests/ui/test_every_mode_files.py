"""Every built mode saves through File > Save As and opens again through File > Open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.modes import is_built
from wargame.core.registry import MODES

BUILT = [m.key for m in MODES if is_built(m.key)]


def test_the_five_modes_of_the_issues_are_built() -> None:
    assert set(BUILT) >= {"naval", "raid", "campaign", "map-editor", "pieces-of-eight"}


@pytest.mark.parametrize("key", BUILT)
def test_save_as_then_open_round_trips(main_window, tmp_path: Path, key: str) -> None:  # noqa: ANN001
    view = main_window.show_mode(key)
    assert view.can_save()
    before = view.save_json()
    path = tmp_path / f"{key}.json"
    assert main_window.save_as(path), getattr(main_window, "last_error", "")
    assert json.loads(path.read_text())  # a readable JSON file
    main_window.go_home()
    assert main_window.open_file(path), getattr(main_window, "last_error", "")
    assert main_window.current.mode_key == key
    assert main_window.current.save_json() == before
    assert main_window.windowTitle().startswith(f"{key}")
    path.write_text("{}")
    assert main_window.save()  # Save writes back to the file it was opened from
    assert json.loads(path.read_text()) == before


def test_a_scenario_opened_is_a_template_save_does_not_overwrite_it(
    main_window, tmp_path: Path
) -> None:  # noqa: ANN001
    from wargame.paths import scenarios_dir

    src = scenarios_dir() / "naval" / "merchant_escort.json"
    copy = tmp_path / "scenario.json"
    copy.write_text(src.read_text())
    assert main_window.open_file(copy)
    assert main_window.current.path is None
    assert main_window.save()
    assert copy.read_text() == src.read_text()


@pytest.mark.parametrize("key", BUILT)
def test_new_document_leaves_a_clean_view(main_window, key: str) -> None:  # noqa: ANN001
    main_window.show_mode(key)
    main_window.act_new.trigger()
    assert main_window.current.mode_key == key
    assert main_window.current.undo_stack.isClean()
    assert not main_window.current.undo_stack.canUndo()
