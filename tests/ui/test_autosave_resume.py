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


def test_saving_replaces_the_autosave_slot(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    assert view.do(view.state.legal_actions()[0])
    db = main_window.ctx.db
    assert [s.autosave for s in db.list_saves(mode="raid")] == [True]
    assert main_window.save_as(tmp_path / "raid.json")
    saves = db.list_saves(mode="raid")
    assert [(s.name, s.autosave) for s in saves] == [("raid", False)]
    assert view.do(view.state.legal_actions()[0])  # new unsaved work gets a new slot
    assert sorted(s.autosave for s in db.list_saves(mode="raid")) == [False, True]


def test_resuming_an_autosave_keeps_using_its_slot(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    assert view.do(view.state.legal_actions()[0])
    slot = main_window.ctx.db.list_saves(mode="raid")[0].id
    main_window.open_save(slot)
    resumed = main_window.current
    assert resumed.do(resumed.state.legal_actions()[0])
    assert [s.id for s in main_window.ctx.db.list_saves(mode="raid")] == [slot]


def test_a_save_is_deleted_from_the_home_screen(main_window, qtbot) -> None:  # noqa: ANN001
    db = main_window.ctx.db
    keep = db.save_game("naval", "Keep me", {"format": "x"})
    gone = db.save_game("naval", "Delete me", {"format": "x"})
    home = main_window.home
    home.refresh()
    row = next(
        i
        for i in range(home.saves.count())
        if home.saves.item(i).data(Qt.ItemDataRole.UserRole) == gone
    )
    home.saves.setCurrentRow(row)
    home.saves.setFocus()
    qtbot.keyClick(home.saves, Qt.Key.Key_Delete)
    assert [s.id for s in db.list_saves()] == [keep]
    texts = [home.saves.item(i).text() for i in range(home.saves.count())]
    assert not any(t.startswith("Delete me") for t in texts)
