"""Starting the desktop app and rendering screenshots."""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QBuffer,
    QEvent,
    QIODevice,
    QMessageLogContext,
    QObject,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from ui.context import AppContext
from ui.main_window import MainWindow
from ui.mode_base import ModeView
from ui.qtcompat import run_modal
from ui.screen_fit import keep_size
from wargame.errors import BadInput, shown

if TYPE_CHECKING:
    from wargame.persistence.db import Database
from wargame.paths import data_dir, database_path, icon_path, scenarios_dir
from wargame.persistence.files import check_output_path, write_user_file

log = logging.getLogger(__name__)


def _qt_messages(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Pass Qt's messages to stderr and the log, minus the offscreen platform's harmless note."""
    if "does not support propagateSizeHints" in message:
        return
    log.warning("Qt: %s", message)
    print(message, file=sys.stderr)


def application() -> QApplication:
    app = QApplication.instance()
    if app is None:
        qInstallMessageHandler(_qt_messages)
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Pieces of Eight")
        app.setOrganizationName("pieces-of-eight-wargame")
        app.setDesktopFileName("pieces-of-eight")  # matches packaging/pieces-of-eight.desktop
        app.setWindowIcon(QIcon(str(icon_path())))
    assert isinstance(app, QApplication)
    return app


def build_window(
    data: str | os.PathLike[str] | None = None, *, in_memory: bool = False
) -> MainWindow:
    """The main window on the user's database (or an in-memory one for screenshots)."""
    folder = data_dir(data)
    folder.mkdir(parents=True, exist_ok=True)
    from wargame.core import sealing

    sealing.configure(folder)  # saves are sealed with this data folder's table key
    path = None if in_memory else database_path(data)

    def open_db() -> Database:
        from wargame.persistence.db import open_database

        return open_database(path, seed_from=scenarios_dir())

    ctx = AppContext(open_db, folder)
    return MainWindow(ctx)


class _FirstPaint(QObject):
    def __init__(self, start: float) -> None:
        super().__init__()
        self.start = start
        self.seconds: float | None = None

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Paint and self.seconds is None:
            self.seconds = time.time() - self.start
            QTimer.singleShot(0, QApplication.quit)
        return False


def run_gui(data: str | None = None, *, startup_probe: float | None = None) -> int:
    """The app on the data folder ``data``: one app per folder (a second start is
    told so and exits 1), a usable table key (offered from the backups if damaged or
    missing), then the window, with the crash handler (ui/crash.py) while it runs."""
    from ui.crash import CrashHandler
    from ui.start_checks import check_table_key, claim_folder

    app = application()
    folder = data_dir(data)
    lock = claim_folder(folder)
    if lock is None:
        log.info("another app has the data folder %s: not started", folder)
        return 1
    try:
        if not check_table_key(folder):
            return 1
        window = build_window(data)
        crash = CrashHandler(window, window.ctx.data_dir).install()
        probe = None
        if startup_probe is not None:
            probe = _FirstPaint(startup_probe)
            window.installEventFilter(probe)
            window.centralWidget().installEventFilter(probe)
        window.show()
        log.info("app window shown")
        code = run_modal(app)
        crash.uninstall()
        log.info("app closed (exit code %d)", code)
        if probe is not None:
            print(f"first-paint {probe.seconds if probe.seconds is not None else -1:.4f}")
        return code
    finally:
        lock.release()


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise BadInput(
            f"--size: expected WIDTHxHEIGHT such as 1280x800, not {shown(text)}"
        ) from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise BadInput(f"--size: {w}x{h} is outside 200x200..8000x8000")
    return w, h


def _open_for_view(window: MainWindow, view: str, path: Path) -> Any:
    """Open ``path`` for VIEW: a map file goes to VIEW when it is a game played on a
    map (the board game), else to the map editor as File > Open does."""
    from wargame.persistence.files import read_json_file

    data = read_json_file(path)
    from ui.modes import MAP, opens_maps

    if (
        isinstance(data, dict)
        and data.get("format") == MAP
        and view != "home"
        and not opens_maps(view)
    ):
        mode_view = window.show_mode(view)
        if type(mode_view).load_scenario_data is not ModeView.load_scenario_data:
            mode_view.load_scenario_data(data, path)
            return mode_view
    opened = window.open_path(path)
    finish = getattr(opened, "finish_loading", None)
    if finish is not None:  # a large map is prepared in the background: show it whole
        finish()
    return opened


def screenshot(view: str, out: str, *, scenario: str | None = None, size: str = "1280x800") -> int:
    """Render VIEW offscreen as a player would see it and write a PNG."""
    from ui.modes import mode_keys

    if view not in ("home", *mode_keys()):
        raise BadInput(
            f"VIEW: unknown view {shown(view)}; choose home or one of {', '.join(mode_keys())}"
        )
    w, h = parse_size(size)
    check_output_path(out)  # before the work of rendering
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = application()
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        window = build_window(tmp, in_memory=True)
        window.ctx.quiet_errors = True
        keep_size(window)
        window.resize(w, h)
        if scenario:
            mode_view = _open_for_view(window, view, Path(scenario))
            if view != "home" and mode_view.mode_key != view:
                raise BadInput(f"--scenario: {scenario} is a {mode_view.mode_key} file, not {view}")
        elif view != "home":
            window.show_mode(view)
        window.show()
        for _ in range(5):
            app.processEvents()
        # The first layout pass may grow the window to a first guess; hold it to the size.
        window.resize(w, h)
        for _ in range(3):
            app.processEvents()
        image = window.grab()
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):
            raise BadInput(f"--out: cannot make a PNG for {out}")
        # a folder, a device or a place that can't be written is a message, never replaced
        write_user_file(out, bytes(buffer.data().data()))
        if window.ctx.db_open:
            window.ctx.db.close()
        window.hide()
    return 0
