"""A crash loses at most the last action: every action is autosaved, and the
autosave reopens from the home screen to the identical game."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt


def test_an_interrupted_raid_resumes_from_its_autosave(main_window, qtbot, data_dir: Path) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    for _ in range(4):
        legal = view.state.legal_actions()
        assert view.do(legal[0])
    played = view.state.to_json()
    n = len(view.session.entries)

    # A second window on the same data folder stands for the app after a crash.
    from ui.app import build_window

    again = build_window(data_dir)
    again.ctx.quiet_errors = True
    qtbot.addWidget(again)
    again.show()
    again.home.refresh()
    saves = again.ctx.db.list_saves()
    autosaves = [s for s in saves if s.autosave and s.mode == "raid"]
    assert len(autosaves) == 1
    items = [again.home.saves.item(i) for i in range(again.home.saves.count())]
    item = next(i for i in items if i.data(Qt.ItemDataRole.UserRole) == autosaves[0].id)
    again.home.saves.itemActivated.emit(item)
    resumed = again.current
    assert resumed.mode_key == "raid"
    assert len(resumed.session.entries) == n
    assert resumed.state.to_json() == played
    again.ctx.db.close()
