"""Dice > Correct last die at the naval table: a mistyped die re-entered (issue 26)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.naval.helpers import ship
from ui.dice_correct import correct_last_die
from wargame.naval.actions import Fire
from wargame.naval.rules import Position

SHOT = Fire("A", Position.BOW, "B", "hull")

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def duel_on_the_table(main_window: Any) -> Any:
    view = main_window.show_mode("naval")
    view.load_scenario_data(
        {
            "format": "wargame-scenario",
            "mode": "naval",
            "name": "duel",
            "sea": {"cols": 16, "rows": 12, "hex_cm": 5.0},
            "wind": 5,
            "coins": 8,
            "ships": [ship("A", 0, (4, 6), heading=2), ship("B", 1, (4, 4), heading=1)],
        },
        None,
    )
    return view


def test_correct_last_die_re_resolves_the_shot_on_the_table(main_window: Any) -> None:
    view = duel_on_the_table(main_window)
    ctx = main_window.ctx
    ctx.manual_dice = True
    faces = [6, 6, 1, 1, 1, 1] + [1] * 10
    ctx.dice_answerer = lambda req: " ".join(str(faces.pop(0)) for _ in range(req.count))
    assert view.act(SHOT)
    assert view.state.ships["B"].hull[Position.STARBOARD] == 4
    assert main_window.act_correct_die.shortcut().toString() == "Ctrl+Alt+D"
    entry = correct_last_die(view, main_window, index=0, text="6 6 6 1 1 1")
    assert entry is not None
    assert view.state.ships["B"].hull[Position.STARBOARD] == 3
    assert "3 hits" in view.log.toPlainText()  # the view shows the re-resolved shot
    assert entry.told[0].startswith("die corrected: 6 6 1 1 1 1 -> 6 6 6 1 1 1")
    assert view.session.entries[-1] is entry


def test_a_digital_die_is_refused_in_words(main_window: Any) -> None:
    view = duel_on_the_table(main_window)
    main_window.ctx.manual_dice = False
    assert view.act(SHOT)
    before = view.state.to_json()
    assert correct_last_die(view, main_window, index=0, text="6 6 6 6 6 6") is None
    assert "rolled by the app" in view.last_error
    assert view.state.to_json() == before
    main_window.act_correct_die.trigger()  # the menu says the same, changes nothing
    assert "rolled by the app" in view.last_error


def test_a_board_game_table_retells_the_corrected_roll(main_window: Any, qtbot: Any) -> None:
    """Pirate Versus Pirate on the table: the roll typed in as 1 1 was 2 1."""
    from PySide6.QtCore import Qt

    from tests.pvp.test_ui import open_view, reveal

    view = open_view(main_window, ["human", "human"], ["4 4", "1 1", "1 1"])
    reveal(view, qtbot)
    qtbot.mouseClick(view.buttons["roll"], Qt.MouseButton.LeftButton)
    assert view.state.total == 2
    entry = correct_last_die(view, main_window, index=0, text="2 1")
    assert entry is not None and view.state.total == 3
    lines = [view.log.item(i).text() for i in range(view.log.count())]
    assert lines[-len(entry.lines) :] == list(entry.lines)
    assert sum("die corrected: 1 1 -> 2 1" in line for line in lines) == 1


def test_a_campaign_fight_ended_by_a_mistyped_die_takes_its_result_back(
    main_window: Any,
) -> None:
    view = main_window.show_mode("naval")
    data = duel_on_the_table(main_window).scenario
    data = {**data, "campaign_link": {"campaign": "c", "turn": 1, "engagement": "0:A"}}
    view.load_scenario_data(data, None)
    ctx = main_window.ctx
    ctx.manual_dice = True
    faces = [6, 6, 6, 1, 1, 1] + [1] * 10  # three hits, no fire, critical 1: she sinks
    ctx.dice_answerer = lambda req: " ".join(str(faces.pop(0)) for _ in range(req.count))
    assert view.act(SHOT)
    assert view.state.is_terminal() and view.reported
    assert len(ctx.db.list_documents("campaign-result")) == 1
    assert correct_last_die(view, main_window, index=0, text="6 6 1 1 1 1") is not None
    assert not view.state.is_terminal()  # two hits: B fights on
    assert ctx.db.list_documents("campaign-result") == []  # nothing stale for the campaign
    assert not view.reported
