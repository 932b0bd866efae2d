"""Issue 30 item 1 at the app's doors: File > Open and a database row of an old,
unsealed save ask before converting, and the converted game says so on screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.core.test_unsealed_saves import forged_v1, played
from wargame.core.log import UNSEALED


def test_file_open_of_an_unsealed_save_asks_and_cancel_opens_nothing(
    main_window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps(forged_v1(played("naval"))))
    asked: list[str] = []
    main_window.unsealed_answerer = lambda source: asked.append(source) or False
    before = main_window.current
    main_window.open_path(path)
    assert asked == [str(path)]
    assert main_window.current is before


def test_file_open_converts_on_yes_and_the_status_line_says_so(
    main_window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "old.json"
    original = json.dumps(forged_v1(played("naval")))
    path.write_text(original)
    main_window.unsealed_answerer = lambda source: True
    view = main_window.open_path(path)
    assert view is not None and view.mode_key == "naval"
    assert view.session.header[UNSEALED]["from"] == "save"
    assert main_window.status_label.text().startswith("CONVERTED FROM AN UNSEALED SAVE - ")
    assert "could not be checked" in main_window.status_label.toolTip()
    assert view.path is None  # Save never overwrites the old file
    assert main_window.save()
    assert path.read_text() == original


def test_a_database_row_of_an_unsealed_save_asks_too(main_window: Any) -> None:
    row = main_window.ctx.db.save_game("raid", "old raid", forged_v1(played("raid")))
    asked: list[str] = []
    main_window.unsealed_answerer = lambda source: asked.append(source) or True
    main_window.open_save(row)
    assert asked
    assert main_window.current.session.header[UNSEALED]["from"] == "save"


def test_a_sealed_game_has_no_conversion_note(main_window: Any) -> None:
    main_window.show_mode("naval")
    assert not main_window.status_label.text().startswith("CONVERTED")


def test_a_screenshot_of_an_unsealed_save_is_refused_in_words(tmp_path: Path, capsys: Any) -> None:
    from ui.launch import main

    path = tmp_path / "old.json"
    path.write_text(json.dumps(forged_v1(played("naval"))))
    code = main(["screenshot", "naval", "--out", str(tmp_path / "x.png"), "--scenario", str(path)])
    assert code == 2
    assert "old, unsealed save" in capsys.readouterr().err
