"""Shared fixtures. UI tests run offscreen; every test gets its own data folder."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Every command logs into its data folder (wargame/logs.py): a test run never writes the
# player's own (a test's data_dir fixture still gives it a folder of its own).
if not os.environ.get("WARGAME_DATA_DIR"):
    os.environ["WARGAME_DATA_DIR"] = tempfile.mkdtemp(prefix="wargame-tests-")

ROOT = Path(__file__).resolve().parent.parent
#: ../shared/data beside the checkout; $WARGAME_SHARED_DATA points elsewhere (a worktree).
SHARED_DATA = Path(os.environ.get("WARGAME_SHARED_DATA") or ROOT.parent / "shared" / "data")


@pytest.fixture(autouse=True)
def _no_log_handlers_left() -> Iterator[None]:
    """A test that ran the command line leaves no log file or crash trace set up."""
    yield
    from wargame.logs import stop_logging

    stop_logging()


@pytest.fixture
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not beside this checkout")
    return SHARED_DATA


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("WARGAME_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def discard_unsaved(monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest-qt closes the window before fixtures end: answer 'Discard' to the
    unsaved-changes question instead of blocking on it. A test module asks for it with
    ``pytestmark = pytest.mark.usefixtures("discard_unsaved")``."""
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(
        QMessageBox,
        "question",
        staticmethod(lambda *_a, **_k: QMessageBox.StandardButton.Discard),
    )


@pytest.fixture
def main_window(qtbot, data_dir: Path) -> Iterator[object]:  # noqa: ANN001 - pytest-qt fixture
    """The real main window on a fresh database in a temp folder; dialogs don't block."""
    from ui.app import build_window

    window = build_window(data_dir)
    window.ctx.quiet_errors = True
    qtbot.addWidget(window)
    window.show()
    yield window
    for view in window.views.values():
        view.undo_stack.setClean()
    window.ctx.db.close()


@pytest.fixture
def pirate_one_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """New Pieces of Eight and Tortuga games start with Pirate 1, as before the random
    first seat (issue 28): for tests about something else that click through the first
    turns. Games given a ``starter`` still take it."""
    import wargame.poe.game as poe_game
    import wargame.tortuga.game as tortuga_game

    poe_rules, tortuga_rules = poe_game.rules(), tortuga_game.rules()
    poe_fixed = poe_rules.model_copy(
        update={"setup": poe_rules.setup.model_copy(update={"starter": "1"})}
    )
    tortuga_fixed = tortuga_rules.model_copy(
        update={"turn": tortuga_rules.turn.model_copy(update={"starter": "1"})}
    )
    monkeypatch.setattr(poe_game, "rules", lambda: poe_fixed)
    monkeypatch.setattr(tortuga_game, "rules", lambda: tortuga_fixed)
