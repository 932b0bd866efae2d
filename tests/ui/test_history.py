"""The history panel, and undo that survives closing and reopening a save."""

from __future__ import annotations

from pathlib import Path

import pytest

# The raid rolls dice for nearly every order (each roll is an undo barrier), so it
# has no three undoable steps in a row to test with.
GAME_VIEWS = {"naval": "act", "pieces-of-eight": "do"}
# How many undoable steps in a row a game gives: a naval ship's turn is one move, then
# the turn passes and undo with it (only the player who acted takes back).
STEPS = {"naval": 1, "pieces-of-eight": 3}


def _same_player(state, legal):  # noqa: ANN001, ANN202
    """The last action that leaves the same player to act (undo is the actor's own, and
    a turn handed over clears it), else the last."""
    seat = state.current_player()
    for a in reversed(legal):
        after = state.clone()
        try:
            after.apply(a, None)
        except Exception:  # noqa: BLE001 - an action that rolls needs the dice: not this one
            continue
        if after.current_player() == seat and not after.is_terminal():
            return a
    return legal[-1]


def _play_until_undoable(view, steps: int = 400) -> None:  # noqa: ANN001
    """Play the first legal action (humans in every seat) until the history has 3 steps."""
    act = getattr(view, GAME_VIEWS[view.mode_key])
    for _ in range(steps):
        if view.undo_stack.count() >= STEPS[view.mode_key]:
            return
        state = view.session.state
        if state.is_terminal():
            break
        legal = list(state.legal_actions())
        assert legal
        assert act(_same_player(state, legal)), view.last_error
    raise AssertionError(f"{view.mode_key}: no undoable steps in a row in {steps} actions")


@pytest.mark.parametrize("key", sorted(GAME_VIEWS))
def test_reopened_save_keeps_its_undo_history(main_window, tmp_path: Path, key: str) -> None:  # noqa: ANN001
    view = main_window.show_mode(key)
    if key == "pieces-of-eight":
        view.new_game(["human"] * 4, scenario=None)
    _play_until_undoable(view)
    texts = [view.undo_stack.text(i) for i in range(view.undo_stack.count())]
    before_undo = view.session.state.to_json()
    path = tmp_path / f"{key}.json"
    assert main_window.save_as(path), main_window.last_error
    main_window.go_home()
    assert main_window.open_file(path), main_window.last_error

    reopened = main_window.current
    assert reopened.mode_key == key
    stack = reopened.undo_stack
    assert [stack.text(i) for i in range(stack.count())] == texts
    assert stack.isClean()  # nothing unsaved after a reopen
    assert main_window.act_undo.isEnabled()
    main_window.act_undo.trigger()
    assert reopened.session.state.to_json() != before_undo
    main_window.act_redo.trigger()
    assert reopened.session.state.to_json() == before_undo


def test_history_panel_follows_the_active_document(main_window) -> None:  # noqa: ANN001
    main_window.act_history.trigger()
    assert main_window.history_dock.isVisible()
    assert main_window.act_history.shortcut().toString() == "Ctrl+Shift+H"
    view = main_window.show_mode("raid")
    assert main_window.history_dock.view.stack() is view.undo_stack
    naval = main_window.show_mode("naval")
    assert main_window.history_dock.view.stack() is naval.undo_stack
