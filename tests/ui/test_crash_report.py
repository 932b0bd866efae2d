"""Issue 29: an unexpected error in a view autosaves the game, writes a report file
and shows one dialog in the player's words; Help > Report a problem opens the
reports folder. Nothing secret goes into a report."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

import ui.crash
from ui.crash import CrashHandler
from wargame import __version__

pytestmark = [pytest.mark.qt_no_exception_capture, pytest.mark.usefixtures("discard_unsaved")]


class Boom(RuntimeError):
    pass


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(ui.crash, "show_dialog", lambda _parent, text, _folder: shown.append(text))
    return shown


def raise_in_a_slot(qtbot, view) -> None:  # noqa: ANN001
    """A slot of the view raises while Qt runs it: PySide6 hands it to sys.excepthook."""

    def broken() -> None:
        raise Boom(f"deliberate error in the {view.mode_key} view")

    QTimer.singleShot(0, view, broken)
    qtbot.wait(50)
    QApplication.processEvents()


def test_an_error_in_a_view_autosaves_writes_a_report_and_says_so(
    main_window, qtbot, data_dir: Path, dialogs: list[str]
) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    for _ in range(3):
        assert view.do(view.state.legal_actions()[0])
    db = main_window.ctx.db
    for save in db.list_saves(mode="raid"):  # the autosave must come from the handler
        db.delete_save(save.id)
    n = len(view.session.entries)
    handler = CrashHandler(main_window, data_dir).install()
    try:
        raise_in_a_slot(qtbot, view)
    finally:
        handler.uninstall()

    autosaves = [s for s in db.list_saves(mode="raid") if s.autosave]
    assert len(autosaves) == 1
    _info, data = db.load_game(autosaves[0].id)
    assert len(data["log"]) == n
    assert len(dialogs) == 1
    assert "Something went wrong; your game was autosaved" in dialogs[0]
    assert "Traceback" not in dialogs[0]
    report = handler.last_report
    assert report is not None and report.parent == data_dir / "reports"
    text = report.read_text(encoding="utf-8")
    assert "Boom: deliberate error in the raid view" in text
    assert f"Pieces of Eight: {__version__}" in text and "Rules data:" in text and "Qt:" in text
    assert "The end of the log" in text
    # the traceback names files and lines, never the game: no state, no locals
    assert view.session.state.to_json().__repr__()[:40] not in text
    assert "session" not in text.split("Traceback:")[1].split("The end of the log")[0]


def test_the_same_error_again_shows_no_second_dialog(
    main_window, qtbot, data_dir: Path, dialogs: list[str]
) -> None:  # noqa: ANN001
    view = main_window.show_mode("pirate-coins")
    handler = CrashHandler(main_window, data_dir).install()
    try:

        def paint_error() -> None:
            raise Boom("at every frame")

        for _ in range(3):
            QTimer.singleShot(0, view, paint_error)
            qtbot.wait(20)
    finally:
        handler.uninstall()
    assert len(dialogs) == 1
    assert len(list((data_dir / "reports").glob("report-*.txt"))) == 3


def test_with_nothing_unsaved_the_dialog_says_nothing_was_lost(
    main_window, qtbot, data_dir: Path, dialogs: list[str]
) -> None:  # noqa: ANN001
    handler = CrashHandler(main_window, data_dir).install()
    try:
        raise_in_a_slot(qtbot, main_window.home)
    finally:
        handler.uninstall()
    assert dialogs and "nothing was lost" in dialogs[0]


def test_report_a_problem_writes_a_report_and_opens_its_folder(
    main_window, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # noqa: ANN001
    opened: list[str] = []
    monkeypatch.setattr(
        ui.crash.QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url) or True)
    )
    report = main_window.report_problem()
    assert report is not None and report.exists()
    assert [Path(u.toLocalFile()) for u in opened] == [data_dir / "reports"]
    assert "Help > Report a problem" in report.read_text(encoding="utf-8")
    labels = [a.text() for a in main_window.menuBar().actions()[-1].menu().actions()]
    assert "Report a &problem..." in labels


def test_about_lists_versions_and_the_bundled_licences(main_window) -> None:  # noqa: ANN001
    dialog = main_window.about()
    try:
        header = dialog.header.text()
        assert "Rules data" in header and "Qt" in header
        names = {
            dialog.libraries.topLevelItem(i).text(0): dialog.libraries.topLevelItem(i)
            for i in range(dialog.libraries.topLevelItemCount())
        }
        for wanted in ("PySide6_Essentials", "shapely", "networkx", "sqlmodel", "cryptography"):
            assert any(n.lower() == wanted.lower() for n in names), wanted
        qt = next(v for k, v in names.items() if k.lower() == "pyside6_essentials")
        assert "LGPL-3.0" in qt.text(2)
        dialog.libraries.setCurrentItem(qt)
        assert "GNU LESSER GENERAL PUBLIC LICENSE" in dialog.text.toPlainText()
        shapely = next(v for k, v in names.items() if k.lower() == "shapely")
        dialog.libraries.setCurrentItem(shapely)
        assert "Redistribution" in dialog.text.toPlainText()
    finally:
        dialog.close()


def test_the_app_runs_with_the_crash_handler_installed(
    qtbot, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # noqa: ANN001
    import sys

    import ui.app
    from ui.main_window import MainWindow

    seen: dict[str, object] = {}

    def fake_loop(_app: object) -> int:
        seen["hook"] = sys.excepthook
        window = next(
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, MainWindow) and w.isVisible() and w.ctx.data_dir == data_dir
        )
        qtbot.addWidget(window)
        seen["window"] = window
        return 0

    monkeypatch.setattr(ui.app, "run_modal", fake_loop)
    assert ui.app.run_gui(str(data_dir)) == 0
    hook = seen["hook"]
    assert isinstance(getattr(hook, "__self__", None), CrashHandler)
    assert sys.excepthook is not hook  # uninstalled when the app closed
    window = seen["window"]
    if window.ctx.db_open:  # type: ignore[attr-defined]
        window.ctx.db.close()  # type: ignore[attr-defined]
