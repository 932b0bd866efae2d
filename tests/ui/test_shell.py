"""The main window as a shell (issue 36): files dropped on it open, Quit asks and closes
what registered with the quit flow, and File > Open follows the registry of modes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from ui import modes
from wargame.errors import FileFormatError
from wargame.paths import scenarios_dir


def drop(window, paths: list[Path]) -> QDropEvent:  # noqa: ANN001
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    event = QDropEvent(
        QPointF(40, 40),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    return event


def test_a_scenario_dropped_on_the_window_opens_in_its_mode(main_window) -> None:  # noqa: ANN001
    assert main_window.current is main_window.home
    event = drop(main_window, [scenarios_dir() / "naval" / "merchant_escort.json"])
    assert event.isAccepted()
    assert main_window.current.mode_key == "naval"
    assert main_window.current.path is None  # a scenario is a template: Save never overwrites it


def test_a_broken_file_dropped_is_told_in_words_and_nothing_changes(
    main_window,  # noqa: ANN001
    tmp_path: Path,
) -> None:
    bad = tmp_path / "notes.json"
    bad.write_text('{"format": "shopping-list"}', encoding="utf-8")
    drop(main_window, [bad])
    assert main_window.current is main_window.home
    assert "shopping-list" in (main_window.last_error or "")


def test_quit_asks_what_registered_and_closes_the_rest_only_once_decided(
    main_window,  # noqa: ANN001
) -> None:
    answers = [False, True]
    closed: list[str] = []
    main_window.quitting.ask_before_quit(lambda: answers.pop(0))
    main_window.quitting.close_on_quit(lambda: closed.append("lobby"))
    main_window.quitting.close_on_quit(lambda: 1 / 0)  # a failing one keeps no window open
    main_window.quitting.close_on_quit(lambda: closed.append("seat window"))
    assert not main_window.close()  # the asker said no: nothing closes
    assert main_window.isVisible() and closed == []
    assert main_window.close()
    assert closed == ["lobby", "seat window"] and not main_window.isVisible()


def test_file_open_hands_a_registered_file_kind_to_the_mode_that_registered_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    campaign = modes.entry("campaign")
    assert campaign is not None
    kind = modes.FileKind("wargame-example-kind", "open_json")
    monkeypatch.setitem(
        modes._REGISTRY,
        "campaign",
        modes.ModeEntry(**{**campaign.__dict__, "file_kinds": (*campaign.file_kinds, kind)}),
    )
    how = modes.opening_for({"format": "wargame-example-kind"}, Path("example.json"))
    assert how == modes.Opening("campaign", "open_json", False)
    monkeypatch.setitem(modes._REGISTRY, "campaign", campaign)
    with pytest.raises(FileFormatError, match="wargame-example-kind"):
        modes.opening_for({"format": "wargame-example-kind"}, Path("example.json"))
    # the campaign registers e-mailed turn files: they join their campaign (issue 40)
    how = modes.opening_for({"format": "wargame-campaign-turn"}, Path("turn.json"))
    assert how == modes.Opening("campaign", "open_turn_file", False, own_document=True)


def test_every_mode_is_registered_once_in_the_domain_registrys_order() -> None:
    from wargame.core.registry import MODES

    assert modes.mode_keys() == [m.key for m in MODES]
    assert modes.help_page(None) == MODES[0].key  # home's F1: the first mode's page
    assert modes.setup_mode("map-editor") == modes.setup_mode("naval") == "naval"


def test_file_open_recent_lists_the_newest_saves_and_opens_the_one_chosen(
    main_window,  # noqa: ANN001
) -> None:
    menu = main_window.recent_menu
    main_window.files.fill_recent(menu)
    assert [a.text() for a in menu.actions()] == ["No saves yet"]
    view = main_window.show_mode("pirate-coins")
    view.document_name = "Friday night"
    assert main_window.save()
    main_window.go_home()
    main_window.files.fill_recent(menu)
    (chosen,) = [a for a in menu.actions() if a.text().startswith("Friday night")]
    chosen.trigger()
    assert main_window.current is view and view.document_name == "Friday night"
    assert view.save_id is not None
