"""While a bot seat thinks, nothing at the table acts (issue 36), in all six games: every
button, box and action that acts (and its shortcut), Edit > Undo and Redo are disabled,
and pressing them changes nothing; only what shows the table stays. The think time is
the table's, kept in the data folder, and the very next decision takes a new one. The
naval defect that started it: E while the defender thinks ended the bot's ship turn;
E twice 0.35 s apart skipped the next ship."""

from __future__ import annotations

import time
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QShortcut
from PySide6.QtWidgets import QAbstractButton, QComboBox, QSpinBox, QToolButton

from tests.ui.test_hard_bot import MODES, SEARCHING, _start_thinking
from ui.bot_thread import BUDGETS
from ui.table.bots import VIEW_ONLY, think_key

pytestmark = pytest.mark.usefixtures("discard_unsaved")

#: The words of what may stay on while a bot thinks: it only shows the table.
SHOWS = (
    "Bots: ",
    "Fit table",
    "Zoom",
    "All arcs",
    "Legend",
    "Inches",
    "Coordinates",
    "Ruler",
    "Sheets (PDF)",
    "Labels",
    "Next pirate",
    "Previous pirate",
    "Clear selection",
    "Raid: clear the selection",
)


def _shown(w: Any, view: Any) -> bool:
    keep = (view.thinker.mark, view.handoff, view.scores)
    return not any(k is w or k.isAncestorOf(w) for k in keep)


def _acting(view: Any) -> tuple[list[Any], list[Any]]:
    """The widgets (buttons, boxes) and the actions and shortcuts of the table, and
    those marked as only showing it."""
    widgets = [
        w
        for kind in (QAbstractButton, QComboBox, QSpinBox)
        for w in view.findChildren(kind)
        if _shown(w, view) and not (isinstance(w, QToolButton) and w.defaultAction())
    ]
    actions = [a for a in view.findChildren(QAction) if a.text() and not a.isSeparator()]
    actions += view.findChildren(QShortcut)
    return widgets, actions


def _text(c: Any) -> str:
    if isinstance(c, QComboBox):
        return c.currentText()
    if isinstance(c, QShortcut):
        return c.whatsThis() or c.key().toString()
    return c.text() if hasattr(c, "text") else ""


@pytest.mark.parametrize("mode", list(MODES))
def test_while_a_bot_thinks_nothing_that_acts_is_enabled_and_pressing_it_changes_nothing(
    main_window: Any, qtbot: Any, mode: str
) -> None:
    view = _start_thinking(main_window, qtbot, mode, 5.0)
    before = (len(view.session.entries), view.state.to_json())
    widgets, actions = _acting(view)
    assert widgets and actions
    stay = [c for c in widgets + actions if c.property(VIEW_ONLY)]
    assert all(_text(c).startswith(SHOWS) for c in stay), [_text(c) for c in stay]
    on = [_text(c) for c in widgets + actions if c.isEnabled() and not c.property(VIEW_ONLY)]
    assert on == [], on
    assert not main_window.act_undo.isEnabled() and not main_window.act_redo.isEnabled()
    # press them all: a click on every button, every shortcut's keys (not Esc: move now)
    for w in widgets:
        if isinstance(w, QAbstractButton) and w.isVisible() and not w.property(VIEW_ONLY):
            qtbot.mouseClick(w, Qt.MouseButton.LeftButton)
    for a in actions:
        keys = a.shortcuts() if isinstance(a, QAction) else [a.key()]
        for seq in keys:
            if seq.isEmpty() or a.property(VIEW_ONLY) or seq.toString() == "Esc":
                continue
            combo = seq[0]
            qtbot.keyClick(view, combo.key(), combo.keyboardModifiers())
    main_window.act_undo.trigger()
    assert view.thinker.busy, "the bot was still thinking all along"
    assert (len(view.session.entries), view.state.to_json()) == before
    view.thinker.cancel()
    view.thinker.wait()


@pytest.mark.parametrize("mode", list(MODES))
def test_a_new_think_time_is_taken_by_the_very_next_decision(
    main_window: Any, qtbot: Any, mode: str
) -> None:
    view = _start_thinking(main_window, qtbot, mode, 5.0, SEARCHING)
    took: list[tuple[float, float]] = []  # (the bot's budget, the time it took)
    for bot in {id(b): b for b in view.bots.values()}.values():
        if hasattr(bot, "hurry"):
            choose = bot.choose

            def timed(state: Any, seat: int, choose: Any = choose, bot: Any = bot) -> Any:
                began = time.perf_counter()
                try:
                    return choose(state, seat)
                finally:
                    took.append((bot.options.seconds, time.perf_counter() - began))

            bot.choose = timed
    # mid-game, while the bot thinks: half a second from now on
    view.thinker.mark.budget.setCurrentIndex(BUDGETS.index(0.5))
    assert view.ctx.settings.value(think_key(view.mode_key)) == "0.5"  # in the data folder
    view.thinker.move_now()
    entries = len(view.session.entries)
    qtbot.waitUntil(lambda: len(view.session.entries) > entries, timeout=5000)
    qtbot.waitUntil(lambda: len([t for t in took if t[1] > 0.2]) >= 1, timeout=20_000)
    thought = [t for t in took if t[1] > 0.2]  # past the moves it does not think about
    assert thought[0][0] == 0.5 and thought[0][1] < 0.5 + 0.4, took
    view.thinker.cancel()
    view.thinker.wait()


def test_e_while_the_defender_thinks_or_twice_in_a_row_ends_only_the_players_ship_turn(
    main_window: Any, qtbot: Any
) -> None:
    """Issue 36: E during the Hard defender's thinking ended the bot's ship turn, and E
    twice 0.35 s apart skipped the next ship (a Normal bot's, before it moved)."""
    view = main_window.show_mode("naval")
    for level, delay in (("hard", 0), ("normal", 350)):
        view.load_default()
        view.set_think_seconds(5.0)
        view.bot_delay_ms = delay
        view.seat_boxes[1].setCurrentIndex(view.seat_boxes[1].findData(level))
        assert view.state.current_player() == 0
        qtbot.keyClick(view.sea_view, Qt.Key.Key_E)  # the attacker ends Revenge's turn
        entries = [e.seat for e in view.session.entries]
        assert entries == [0] and view.state.current_player() == 1
        ship = view.state.ts.ship
        if level == "hard":
            qtbot.waitUntil(lambda: view.thinker.busy, timeout=10_000)
            assert not view.act_end.isEnabled()
        qtbot.keyClick(view.sea_view, Qt.Key.Key_E)  # again, at once
        assert [e.seat for e in view.session.entries] == [0]
        assert view.state.ts.ship == ship, "the defender's ship still has her turn"
        view.thinker.move_now()
        qtbot.waitUntil(lambda: len(view.session.entries) > 1, timeout=10_000)
        assert view.session.entries[1].seat == 1, "the defender's move is the bot's own"
        view.thinker.cancel()
        view.thinker.wait()
        view.undo_stack.setClean()
