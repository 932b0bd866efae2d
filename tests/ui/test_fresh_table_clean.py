"""A new table is not unsaved work, even when bots make the opening moves while it
is set up: the rule lives in ModeView.replace_document (issue 17)."""

from __future__ import annotations

import pytest

BOARD_GAMES = ["pieces-of-eight", "pirate-versus-pirate", "pirate-coins", "tortuga-1667"]


pytestmark = pytest.mark.usefixtures("discard_unsaved")


@pytest.mark.parametrize("mode", BOARD_GAMES)
def test_a_fresh_table_opens_without_unsaved_changes(main_window, mode: str) -> None:  # noqa: ANN001
    view = main_window.show_mode(mode)
    for _ in range(40):  # new games draw from the OS: deal again until the bots open it
        if view.session.entries:
            break
        main_window.act_new.trigger()
    assert view.session.entries, "the bots were expected to open the game"
    assert view.undo_stack.isClean()
    assert "*" not in main_window.windowTitle()
    # nor is it listed as unsaved work in Recent saves
    assert not [s for s in main_window.ctx.db.list_saves(mode=mode) if s.autosave]


@pytest.mark.parametrize("mode", BOARD_GAMES)
def test_file_new_with_bots_first_is_a_clean_table_and_a_human_move_is_not(
    main_window, mode: str
) -> None:  # noqa: ANN001
    view = main_window.show_mode(mode)
    view.bot_delay_ms = 0
    main_window.act_new.trigger()
    view.run_bots()
    assert "*" not in main_window.windowTitle() or not view.session.entries
    if view.handoff.isVisible():
        view.handoff.button.click()
    seat = view.state.current_player()
    assert seat is not None and seat not in view.bots
    assert view.do(view.state.legal_actions()[0]) is not False
    assert not view.undo_stack.isClean()
    assert main_window.windowTitle().split(" - ")[0].endswith("*")
    autosaves = [s for s in main_window.ctx.db.list_saves(mode=mode) if s.autosave]
    assert len(autosaves) == 1
