"""Seats named by the players ("Pirate 2" -> "Anna"), driven as a player would:
the name is in the status, the log, the hand-off and the history, and survives
a save and a reopen (issue 17)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from wargame.core.seats import seat_label

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def click(qtbot, widget) -> None:  # noqa: ANN001
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def log_lines(view) -> list[str]:  # noqa: ANN001
    return [view.log.item(i).text() for i in range(view.log.count())]


def test_seat_label_gives_the_name_or_the_default() -> None:
    assert seat_label(1, ("Anna", "Bo")) == "Bo"
    assert seat_label(1, ("Anna", "  ")) == "Pirate 2"
    assert seat_label(2, ("Anna",), "Green") == "Green"


def test_named_seats_show_in_status_log_handoff_and_history_and_survive_a_reopen(
    main_window, qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    view = main_window.show_mode("pieces-of-eight")
    view.bot_delay_ms = 0
    view.player_spin.setValue(3)
    view.seat_boxes[0].setCurrentIndex(0)  # human
    view.seat_boxes[1].setCurrentIndex(0)  # human: a hand-off between them
    view.naming.answerer = lambda defaults, names: ["Anna", "Bo"]
    click(qtbot, view.naming.button)
    assert view.seat_boxes[0].currentText().startswith("Anna:")
    click(qtbot, view.findChild(type(view.naming.button), "poe-new"))
    assert view.session.seat_names == ("Anna", "Bo")
    # the hand-off names the player, the status too
    first = view.state.name(view.state.current_player())
    assert first in ("Anna", "Bo")
    assert view.handoff.isVisible() and view.handoff.heading.text().endswith(first)
    assert first in main_window.status_label.text()
    click(qtbot, view.handoff.button)
    for _ in range(30):  # play on until the log has a line of Anna's and of Bo's
        lines = " ".join(log_lines(view))
        if "Anna" in lines and "Bo" in lines:
            break
        if view.handoff.isVisible():
            click(qtbot, view.handoff.button)
        view.do(view.state.legal_actions()[0])
        view.run_bots()
    assert any("Anna" in line for line in log_lines(view))
    assert any("Bo" in line for line in log_lines(view))
    # the undo history holds the moves of the player at the computer, by name
    history = [view.undo_stack.text(i) for i in range(view.undo_stack.count())]
    assert history and all("Pirate 1" not in t and "Pirate 2" not in t for t in history)
    assert not any("Pirate 1" in line for line in log_lines(view))

    path = tmp_path / "named.json"
    assert main_window.save_as(path)
    main_window.go_home()
    view.naming.set_names(())  # the table forgets; the save must remember
    assert main_window.open_file(path)
    reopened = main_window.current
    assert reopened.session.seat_names == ("Anna", "Bo")
    assert reopened.seat_boxes[1].currentText().startswith("Bo:")
    assert any("Anna" in line for line in log_lines(reopened))
    restored = [reopened.undo_stack.text(i) for i in range(reopened.undo_stack.count())]
    assert restored == history


@pytest.mark.parametrize(
    ("mode", "default"),
    [
        ("pirate-coins", "Pirate 2"),
        ("tortuga-1667", "Pirate 2"),
        ("pirate-versus-pirate", None),
    ],
)
def test_naming_a_seat_mid_game_renames_it_and_marks_the_game_unsaved(
    main_window, mode: str, default: str | None
) -> None:  # noqa: ANN001
    view = main_window.show_mode(mode)
    view.undo_stack.setClean()
    before = view.state.name(1) if hasattr(view.state, "name") else view.state.seat_title(1)
    if default is not None:
        assert before == default
    view.naming.answerer = lambda defaults, names: ["", "Bo"]
    assert view.naming.edit(1)
    title = getattr(view.state, "name", None) or view.state.seat_title
    assert title(1) == "Bo" and title(0) != "Bo"
    assert not view.undo_stack.isClean()
    assert view.session.to_json()["header"]["seat_names"] == ["", "Bo"]


def test_a_name_twice_at_the_table_is_refused_in_the_dialog(qtbot) -> None:  # noqa: ANN001
    from ui.table.seats import SeatNamesDialog

    dialog = SeatNamesDialog(["Pirate 1", "Pirate 2"], ())
    qtbot.addWidget(dialog)
    dialog.edits[0].setText("Anna")
    dialog.edits[1].setText("anna")
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert "already sits at seat 1" in dialog.problem.text()
    assert not dialog.problem.isHidden()


def test_pirate_coins_starting_pirate_menu_names_the_seats(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("pirate-coins")
    texts = {a.data(): a.text() for a in view.starter_group.actions()}
    assert texts["2"] == "Pirate 2"
    view.naming.answerer = lambda defaults, names: ["Anna", "Bo"]
    assert view.naming.edit()
    texts = {a.data(): a.text() for a in view.starter_group.actions()}
    assert (texts["1"], texts["2"], texts["3"]) == ("Anna", "Bo", "Pirate 3")
    assert texts["random"] == "Drawn at random"


@pytest.mark.parametrize(
    ("seats", "want"),
    [
        (["human", "normal"], ["human", "normal"]),
        (["human", "strong"], ["human", "normal"]),  # an older save's bot: its level
        (["human", "random"], ["human", "easy"]),
        (["human"], ["human", "human"]),  # too few for the table
        (["human", "wizard"], ["human", "human"]),  # a bot the mode does not have
        ("human,strong", ["human", "human"]),
        (None, ["human", "human"]),
    ],
)
def test_a_reopened_save_seats_its_players_or_humans(seats: object, want: list[str]) -> None:
    from ui.table.seats import saved_seats

    assert saved_seats({"seats": seats}, 2, ("human", "easy", "normal", "hard")) == want
    assert saved_seats([], 2, ("human",)) == ["human", "human"]


@pytest.mark.parametrize("mode", ["naval", "raid"])
def test_the_sides_of_a_battle_or_a_raid_take_their_players_names(
    main_window: Any, mode: str
) -> None:
    """Issue 36: the naval battle and the raid sit at the one table, names too."""
    view = main_window.show_mode(mode)
    view.naming.answerer = lambda defaults, names: ["Anna", "Ben"]
    assert view.naming.edit()
    assert view.seat_boxes[0].currentText() == "Anna: Human"
    assert (view.seat_name(0), view.seat_name(1)) == ("Anna", "Ben")
    data = view.save_json()
    view.undo_stack.setClean()
    main_window.open_data(data, None)
    assert main_window.current.seat_name(1) == "Ben"
