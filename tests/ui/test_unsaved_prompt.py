"""Every path that replaces a document with unsaved changes asks Save / Discard /
Cancel first, and the new document gets its own autosave slot."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ui.shell.quitting import CANCEL, DISCARD, SAVE
from wargame.paths import scenarios_dir


def _document(view: Any) -> object:
    """What identifies the open document (the session, or the map)."""
    return getattr(view, "session", None) or getattr(view, "doc", None)


def _make_unsaved(view: Any) -> None:
    if hasattr(view, "do"):  # a raid: a real action, autosaved
        assert view.do(view.state.legal_actions()[0])
    elif hasattr(view, "act") and hasattr(view, "legal"):  # a naval battle
        assert view.act(view.legal()[0])
    else:
        view.autosave()
    view.undo_stack.resetClean()
    assert not view.undo_stack.isClean()


def _raid_save_file(window: Any, tmp_path: Path) -> Path:
    view = window.show_mode("raid")
    path = tmp_path / "raid-save.json"
    path.write_text(json.dumps(view.save_json()))
    return path


def _scenario_id(window: Any, mode: str) -> int:
    return next(i for i, m, _n in window.ctx.db.list_scenarios() if m == mode)


def _import_map(window: Any, monkeypatch: pytest.MonkeyPatch) -> Callable[[], object]:
    import ui.mapeditor.view as editor
    from wargame.maps.model import load_map

    monkeypatch.setattr(
        editor,
        "import_with_warnings",
        lambda _p: (load_map(scenarios_dir() / "maps" / "caribbean.json"), []),
    )
    view = window.views["map-editor"]
    return lambda: view.import_map(Path("any.geojson"))


def _tortuga_new_game(window: Any) -> None:
    view = window.views["tortuga-1667"]
    view.new_game_dialog()
    view._dialog.accept()


PATHS: dict[str, tuple[str, Callable[..., Callable[[], object]]]] = {
    "open a scenario from home": (
        "naval",
        lambda w, tmp, mp: lambda: w.open_db_scenario(_scenario_id(w, "naval")),
    ),
    "File > Open": (
        "raid",
        lambda w, tmp, mp: (lambda p: lambda: w.open_file(p))(_raid_save_file(w, tmp)),
    ),
    "the campaign's Fight it": (
        "naval",
        lambda w, tmp, mp: lambda: w.views["campaign"].fight("3:A"),
    ),
    "the map editor's Import": ("map-editor", lambda w, tmp, mp: _import_map(w, mp)),
    "the board game's New game": (
        "pieces-of-eight",
        lambda w, tmp, mp: lambda: w.views["pieces-of-eight"].new_game_from_bar(),
    ),
    "Pirate Versus Pirate's New game": (
        "pirate-versus-pirate",
        lambda w, tmp, mp: lambda: w.views["pirate-versus-pirate"].new_game_from_bar(),
    ),
    "Pirate Versus Pirate's Board...": (
        "pirate-versus-pirate",
        lambda w, tmp, mp: (
            lambda: w.views["pirate-versus-pirate"].use_board(
                scenarios_dir() / "boards" / "pirate-versus-pirate.json"
            )
        ),
    ),
    "Pirate Coins' New game": (
        "pirate-coins",
        lambda w, tmp, mp: lambda: w.views["pirate-coins"].new_game_from_bar(),
    ),
    "Tortuga 1667's New game": (
        "tortuga-1667",
        lambda w, tmp, mp: lambda: _tortuga_new_game(w),
    ),
    "the raid's Restart": (
        "raid",
        lambda w, tmp, mp: lambda: w.views["raid"].act_restart.trigger(),
    ),
    "File > New": ("naval", lambda w, tmp, mp: lambda: w.new_document()),
}


@pytest.mark.parametrize("name", list(PATHS))
def test_replacing_unsaved_work_asks_first(
    main_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    mode, make = PATHS[name]
    if name == "the campaign's Fight it":
        main_window.show_mode("campaign")
    view = main_window.show_mode(mode)
    path_action = make(main_window, tmp_path, monkeypatch)
    main_window.show_mode(mode)
    _make_unsaved(view)
    before, slot = _document(view), view.autosave_id
    asked: list[str] = []

    def answer(with_: str) -> Callable[[Any], str]:
        def ask(v: Any) -> str:
            asked.append(v.mode_key)
            return with_

        return ask

    main_window.unsaved_answerer = answer(CANCEL)
    path_action()
    assert asked == [mode], f"{name}: no prompt"
    assert _document(view) is before, f"{name}: replaced although cancelled"
    assert not view.undo_stack.isClean()

    main_window.unsaved_answerer = answer(DISCARD)
    path_action()
    assert asked == [mode, mode]
    assert _document(view) is not before, f"{name}: not replaced after Discard"
    assert view.autosave_id is None or view.autosave_id != slot
    if slot is not None:  # discarded work is gone from the database
        assert slot not in {s.id for s in main_window.ctx.db.list_saves(limit=100)}


def test_save_in_the_prompt_saves_then_replaces(main_window: Any) -> None:
    view = main_window.show_mode("raid")
    _make_unsaved(view)
    main_window.unsaved_answerer = lambda v: SAVE
    before = view.session
    view.act_restart.trigger()
    assert view.session is not before
    saves = main_window.ctx.db.list_saves(mode="raid")
    assert [s.autosave for s in saves] == [False]
    assert view.save_id is None  # the restarted raid is a new document


def test_a_new_document_does_not_write_into_the_old_autosave_slot(main_window: Any) -> None:
    view = main_window.show_mode("raid")
    assert view.do(view.state.legal_actions()[0])
    old = view.autosave_id
    main_window.unsaved_answerer = lambda v: CANCEL
    view.undo_stack.setClean()  # nothing to ask: the old autosave row is kept for resuming
    view.act_restart.trigger()
    assert view.do(view.state.legal_actions()[0])
    assert view.autosave_id not in (None, old)
    info, data = main_window.ctx.db.load_game(old)
    assert info.autosave and len(data["log"]) == 1
