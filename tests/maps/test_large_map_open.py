"""Issue 30, item 10: a large map opens off the window's thread, with progress and a
Cancel that leaves nothing half-open (50,000 areas froze the window for 32 s)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from ui.mapeditor.view import LARGE_MAP_AREAS
from wargame.maps.model import map_to_json
from wargame.maps.prepare import Cancelled, prepare_map
from wargame.maps.synthetic import hex_patchwork

pytestmark = pytest.mark.usefixtures("discard_unsaved")


@pytest.fixture(scope="module")
def big_map(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("maps") / "big.json"
    path.write_text(json.dumps(map_to_json(hex_patchwork(LARGE_MAP_AREAS + 1500))))
    return path


def test_a_large_map_opens_off_the_window_thread_with_progress(
    main_window: Any, big_map: Path
) -> None:
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(20)
    view = main_window.open_path(big_map)
    task = view.loading
    assert task is not None and task.running  # open_path came back before the work ended
    assert task.wait()
    timer.stop()
    assert len(view.doc.areas) == LARGE_MAP_AREAS + 1500
    assert view.path == big_map and view.undo_stack.isClean()
    assert task.dialog.labelText()  # the progress dialog said what it was doing
    assert len(ticks) >= 5, "the window's event loop stood still while the map was prepared"
    assert not main_window.last_error


def test_cancelling_a_large_map_leaves_an_empty_untitled_map(
    main_window: Any, big_map: Path
) -> None:
    view = main_window.open_path(big_map)
    task = view.loading
    assert task is not None
    task.dialog.canceled.emit()  # the player presses Cancel (the button emits this)
    assert task.wait()
    assert len(view.doc.areas) == 0
    assert view.path is None  # Save can't write the empty map over the file
    assert not main_window.last_error


def test_preparing_a_map_stops_when_cancelled() -> None:
    seen: list[str] = []
    with pytest.raises(Cancelled):
        prepare_map(
            map_to_json(hex_patchwork(50)),
            progress=lambda what, _f: seen.append(what),
            cancelled=lambda: len(seen) >= 2,
        )
    assert len(seen) == 2


def test_file_open_reads_a_large_file_off_the_window_thread(
    main_window: Any, big_map: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ui.shell.files.LARGE_FILE_BYTES", 1000)
    assert main_window.open_file(big_map)
    task = main_window.reading
    assert task is not None and task.wait()
    view = main_window.current
    view.finish_loading()
    assert len(view.doc.areas) == LARGE_MAP_AREAS + 1500
    bad = tmp_path / "bad.json"
    bad.write_text("{" * 3000)
    assert main_window.open_file(bad)
    assert main_window.reading.wait()
    assert "bad.json" in (main_window.last_error or "")
