"""Every view at 1024x768: no clipped text in any label, button, tab or header,
on the first screen and through a game played to many positions; the same walk
at 1920x1080, where everything must be at least as comfortable."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from ui.clipping import clipped_texts
from wargame.core.registry import MODES

PLAYERS = {
    "naval": "act",
    "raid": "do",
    "pieces-of-eight": "do",
    "pirate-coins": "do",
    "tortuga-1667": "do",
}


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


@pytest.fixture
def small_window(main_window):  # noqa: ANN001, ANN201
    main_window.resize(1024, 768)
    _settle()
    return main_window


@pytest.mark.parametrize("key", ["home"] + [m.key for m in MODES])
def test_first_screen_of_every_view_fits_1024x768(small_window, key: str) -> None:  # noqa: ANN001
    if key == "home":
        small_window.go_home()
    else:
        small_window.show_mode(key)
    _settle()
    small_window.resize(1024, 768)
    _settle()
    hint = small_window.minimumSizeHint()
    assert hint.width() <= 1024 and hint.height() <= 740, f"the window needs {hint}"
    assert small_window.width() == 1024
    assert [str(c) for c in clipped_texts(small_window)] == []


@pytest.mark.parametrize("key", ["home"] + [m.key for m in MODES])
def test_first_screen_of_every_view_is_unclipped_at_1920x1080(main_window, key: str) -> None:  # noqa: ANN001
    if key == "home":
        main_window.go_home()
    else:
        main_window.show_mode(key)
    main_window.resize(1920, 1080)
    _settle()
    assert main_window.width() == 1920
    assert [str(c) for c in clipped_texts(main_window)] == []


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_views_stay_unclipped_through_a_game(small_window, key: str, size) -> None:  # noqa: ANN001
    small_window.resize(*size)
    _settle()
    view = small_window.show_mode(key)
    _settle()
    # Showing a mode must not widen the window (Pieces of Eight's buttons, all shown
    # before its first refresh, once made it 1,180 px wide at 1024).
    assert small_window.width() == size[0]
    if key == "pieces-of-eight":
        view.new_game(["human"] * 4, scenario=None)
    elif key == "tortuga-1667":
        view.new_game(["human"] * 4)  # no bot on a timer changes the screen mid-check
    act = getattr(view, PLAYERS[key])
    seen: dict[str, str] = {}
    for step in range(120):
        state = view.session.state
        if state.is_terminal():
            break
        legal = list(state.legal_actions())
        # Vary the choices so many kinds of panel show up; deterministic per step.
        act(legal[(step * 7) % len(legal)])
        if step % 4 == 0:
            _settle()
            assert small_window.width() == size[0], f"the window grew at step {step}"
            for clip in clipped_texts(small_window):
                seen.setdefault(clip.text, str(clip))
    assert list(seen.values()) == []


def test_no_menu_shortcut_is_taken_by_a_view(main_window) -> None:  # noqa: ANN001
    from PySide6.QtGui import QAction, QKeySequence, QShortcut

    menu_keys = {
        k.toString()
        for a in main_window.menuBar().findChildren(type(main_window.act_save))
        for k in a.shortcuts()
    } | {k.toString() for a in main_window.actions() for k in a.shortcuts()}
    menu_keys |= {
        k.toString()
        for name in dir(main_window)
        if name.startswith("act_")
        for k in getattr(main_window, name).shortcuts()
    }
    clashes = []
    for m in MODES:
        view = main_window.show_mode(m.key)
        for sc in view.findChildren(QShortcut):
            key = sc.key().toString()
            if key in menu_keys:
                clashes.append(f"{m.key}: {key} ({sc.whatsThis()})")
        for act in view.findChildren(QAction):
            for k in act.shortcuts():
                if k.toString() in menu_keys:
                    clashes.append(f"{m.key}: {k.toString()} ({act.text()})")
        for b in view.findChildren(type(main_window.home.cards[m.key])):
            key = b.shortcut().toString()
            if key and key in menu_keys:
                clashes.append(f"{m.key}: {key} ({b.text()})")
    assert clashes == [], QKeySequence


def test_a_full_pieces_of_eight_hand_is_in_view_at_1024x768(small_window) -> None:  # noqa: ANN001
    """Issue 24: the hand row showed 4½ of 6 cards at 1024x768."""
    from wargame.poe.game import rules
    from wargame.poe.rules import deck

    view = small_window.show_mode("pieces-of-eight")
    small_window.resize(1024, 768)
    _settle()
    limit = rules().hand.limit
    view.hand_row.set_cards(deck().cards[:limit], {}, selected=set(), playable=set())
    _settle()
    shown = view.hand_scroll.viewport().width()
    assert shown >= view.hand_row.width_for(limit), (shown, view.hand_row.width_for(limit))
    right = max(w.geometry().right() for w in view.hand_row.widgets.values())
    assert right <= shown
    assert view.faceup_row.columns >= 1
