"""Issue 30, item 3: a damaged settings.ini never crashes the app nor stops it from
starting, and quitting never fails on the settings write."""

from __future__ import annotations

import base64
import errno
import os
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt

from ui.settings import Settings
from ui.window_state import parse_dock, parse_rect, restore_window_state, save_window_state


def test_mutated_window_state_values_never_reach_qt_and_never_crash(main_window: Any) -> None:
    """300 damaged copies of a real window state, as the issue's trial made them:
    earlier versions handed each to ``restoreState`` and some segfaulted inside Qt."""
    main_window.dice_dock.show()
    blob = bytes(main_window.saveState().data())
    geometry = bytes(main_window.saveGeometry().data())
    settings = main_window.ctx.settings
    save_window_state(main_window, settings, remember_shown=("dice-log",))
    plain = {k: v for k, v in settings._values.items() if k.startswith(("window/", "docks/"))}
    rng = random.Random(30)
    for _ in range(300):
        state, geo = bytearray(blob), bytearray(geometry)
        for _flip in range(rng.randint(1, 4)):
            state[rng.randrange(len(state))] = rng.randrange(256)
            geo[rng.randrange(len(geo))] = rng.randrange(256)
        settings._values["window/state"] = "bytes:" + base64.b64encode(state).decode()
        settings._values["window/geometry"] = "bytes:" + base64.b64encode(geo).decode()
        for key, value in plain.items():
            chars = list(value)
            chars[rng.randrange(len(chars))] = rng.choice("0-9,x \u00e9\x00" + "9" * 5)
            settings._values[key] = "".join(chars)
        main_window._restore_window_state()
    assert main_window.isVisible()


def test_window_place_and_docks_round_trip_as_plain_text(main_window: Any) -> None:
    main_window.setGeometry(QRect(40, 50, 900, 700))
    main_window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, main_window.dice_dock)
    main_window.dice_dock.show()
    save_window_state(main_window, main_window.ctx.settings, remember_shown=("dice-log",))
    assert main_window.ctx.settings.sync() is None
    text = (main_window.ctx.settings.path).read_text()
    assert "bytes:" not in text and "@" not in text
    again = Settings(main_window.ctx.settings.path)
    main_window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, main_window.dice_dock)
    main_window.dice_dock.hide()
    assert restore_window_state(main_window, again)
    area = main_window.dockWidgetArea(main_window.dice_dock)
    assert area == Qt.DockWidgetArea.LeftDockWidgetArea
    assert main_window.dice_dock.isVisible()


@pytest.mark.parametrize(
    "value",
    ["", "1,2,3", "1,2,3,4", "a,b,c,d", "1,2,99999999,600", "0,0,1e3,600", "9" * 5000, None],
)
def test_a_window_place_that_does_not_read_is_dropped(value: object) -> None:
    assert parse_rect(value) is None
    assert parse_dock(value) is None


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder", "huge"])
def test_a_settings_file_that_is_no_file_counts_as_no_settings(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "settings.ini"
    if kind == "fifo":
        os.mkfifo(path)  # reading it blocked the start for ever before
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_text("[window]\nrect=" + "1" * (1 << 20) + "\n")
    settings = Settings(path)
    assert settings.value("window/rect") is None


def test_quitting_with_a_full_disk_or_a_read_only_folder_still_quits(
    main_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*_a: Any, **_k: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("wargame.persistence.files.os.replace", full)
    problem = main_window.ctx.settings.sync()
    assert problem is not None and "No space left" in problem
    assert main_window.close()
