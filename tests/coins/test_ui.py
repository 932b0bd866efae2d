"""The Pirate Coins table (on ``ui/table``) under pytest-qt: a hot-seat turn with
hand-offs and a reveal, odds before deciding, keys, undo that belongs to the pirate who
decided, save and reopen. The leaks of issue 24 that apply to this table are tested by
name; the table suites over every game (tests/ui) play it too."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from wargame.coins.state import DECIDE, FLIP, REVEAL

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def _table(main_window, seats, starter="1", delay=0):  # noqa: ANN001, ANN202
    view = main_window.show_mode("pirate-coins")
    view.bot_delay_ms = delay
    view.auto_chores = True
    view.new_game(list(seats), params={"starter": starter})
    view.run_bots()
    return view


def _visible_text(view) -> str:  # noqa: ANN001
    return " ".join(w.text() for w in view.findChildren(QLabel) if w.isVisible())


def _log(view) -> list[str]:  # noqa: ANN001
    return [view.log.item(i).text() for i in range(view.log.count())]


def test_a_hot_seat_turn_hands_off_before_each_secret_choice_and_reveals(
    main_window, qtbot
) -> None:  # noqa: ANN001
    view = _table(main_window, ["human", "human", "easy"])
    st = view.state
    assert st.phase == DECIDE and st.current_player() == 0
    # Pirate 1 must take the computer first: nothing of theirs is shown.
    assert view.handoff.isVisible()
    assert "Pirate 1" in view.handoff.heading.text()
    assert "chooses in secret" in view.handoff.blurb.text()
    assert view.handoff.button.text() == "I am Pirate 1: let me decide"
    qtbot.mouseClick(view.handoff.button, Qt.MouseButton.LeftButton)
    assert not view.handoff.isVisible() and view.viewer == 0
    assert view.decision.plunder.isVisible() and view.decision.odds.isVisible()
    assert "Monster attack on this flip" in view.decision.odds.text()
    qtbot.mouseClick(view.decision.plunder, Qt.MouseButton.LeftButton)
    # The choice leaves the screen at once: a hand-off covers it for Pirate 2.
    assert view.state.current_player() == 1
    assert view.handoff.isVisible() and "Pirate 2" in view.handoff.heading.text()
    assert view.viewer is None
    assert "(you:" not in _visible_text(view)
    assert [r[3].text() for r in view.players.rows[:2]] == ["has decided", "in the round"]
    assert _log(view)[-1] == "Pirate 1 has decided"
    qtbot.keyClick(view, Qt.Key.Key_Return)  # Enter takes the computer too
    assert not view.handoff.isVisible() and view.viewer == 1
    assert view.players.rows[0][3].text() == "has decided"  # that Pirate 1 decided, not what
    qtbot.keyClick(view, Qt.Key.Key_S)  # sally forth by key
    assert view.state.current_player() == 2  # the random bot decides next
    view.run_bots()  # the random bot decides, then the chores reveal (and flip)
    assert view.reveal.isVisible()
    assert view.reveal.title.text().startswith("Revealed: round 1, turn 1")
    cells = [c.findChild(QLabel).text() for c in view.reveal.cells]
    assert "Pirate 1</b><br>PLUNDER" in cells[0]
    assert "Pirate 2</b><br>sally forth" in cells[1]
    assert "plundered" in view.players.rows[0][3].text()
    assert any(line.startswith("Revealed under") for line in _log(view))
    # the reveal is a barrier: nothing before it can be undone
    assert not view.session.can_undo or view.state.phase not in (REVEAL, FLIP)


def test_undo_at_the_next_pirates_hand_off_takes_back_nothing(main_window, qtbot) -> None:  # noqa: ANN001
    """Issue 24, "the wrong seat can undo": at "Pass the computer to Pirate 2" the
    decision is no longer Pirate 1's to take back (nor anyone's)."""
    view = _table(main_window, ["human", "human", "easy"])
    view.take_computer(0)
    view.choose("plunder")
    assert view.handoff.isVisible() and view.handoff.seat == 1
    entries = len(view.session.entries)
    main_window.act_undo.trigger()
    assert len(view.session.entries) == entries
    assert view.handoff.isVisible() and view.handoff.seat == 1 and view.viewer is None


def test_undo_never_goes_back_to_a_hand_off_screen(main_window, qtbot) -> None:  # noqa: ANN001
    """Issue 24: undo of the last decision before the reveal gives the screen back to the
    pirate who decided (they still have the computer), not to a hand-off; and it
    leaves no trace in the log."""
    view = _table(main_window, ["human", "human", "normal"], starter="3", delay=60_000)
    order = []
    while view.state.phase == DECIDE and view.state.current_player() != 2:
        seat = view.state.current_player()
        order.append(seat)
        view.take_computer(seat)
        if seat == 1:
            before = _log(view)
        view.choose("sally")
    assert order == [0, 1] and view.state.phase == REVEAL  # the bot reveals, after a pause
    assert view.undo_stack.canUndo()
    main_window.act_undo.trigger()
    assert view.state.phase == DECIDE and view.state.current_player() == 1
    assert not view.handoff.isVisible() and view.viewer == 1
    assert view.decision.sally.isVisible()
    assert _log(view) == before  # not the decision, not an "(undo)" line


def test_a_decision_is_off_the_screen_while_the_bots_decide(main_window, qtbot) -> None:  # noqa: ANN001
    view = _table(main_window, ["human", "normal", "human"], delay=60_000)
    view.take_computer(0)
    view.choose("plunder")
    assert view.state.current_player() == 1  # the bot's turn, the table watching
    assert view.viewer is None and not view.handoff.isVisible()
    assert "(you:" not in _visible_text(view)
    assert "is deciding" in view.decision.prompt.text()


def test_each_turn_hands_the_decision_over_anew(main_window, qtbot) -> None:  # noqa: ANN001
    """The whole table watched the reveal: the next decision is covered again, even
    when the pirate who decided last decides first."""
    view = _table(main_window, ["human", "human"])
    view.take_computer(0)
    view.choose("sally")
    view.take_computer(1)
    view.choose("sally")
    view.run_bots()  # reveal, flip, (a new round,) the next fortune coin
    assert view.state.phase == DECIDE
    assert view.handoff.isVisible() and view.viewer is None


def test_the_next_hand_off_tells_the_reveal_the_table_made(main_window, qtbot) -> None:  # noqa: ANN001
    """Bot moves are watchable: the reveal, flip and draw the table made (chores for a
    human starting pirate) are marked in the log and told on the next hand-off."""
    view = _table(main_window, ["human", "human"])
    view.take_computer(0)
    view.choose("sally")
    view.take_computer(1)
    view.choose("sally")
    view.run_bots()
    assert view.handoff.isVisible()
    assert "Revealed under" in view.handoff.recent.text()
    last = view.log.item(view.log.count() - 1)
    assert last.background().style() != Qt.BrushStyle.NoBrush  # marked as the table's


def test_without_chores_the_steps_are_buttons_with_keys(main_window, qtbot) -> None:  # noqa: ANN001
    view = main_window.show_mode("pirate-coins")
    view.chores.setChecked(False)
    view.new_game(["human", "human"], params={"starter": "1"})
    assert not view.handoff.isVisible()  # a public step: the whole table watches
    assert view.decision.step.isVisible()
    assert "Start the round" in view.decision.step.text()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert view.state.round == 1
    qtbot.mouseClick(view.decision.step, Qt.MouseButton.LeftButton)
    assert view.state.phase == DECIDE
    assert view.handoff.isVisible() and view.handoff.seat == 0


def test_the_table_shows_pouch_stack_pile_pool_and_booty(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("pirate-coins")
    text = _visible_text(view)
    for word in ("Round stack", "Pouch", "Fortune coin", "Pile of loot", "Monster pool", "Kraken"):
        assert word in text
    assert "0 copper, 0 silver, 1 gold" in text


def test_the_log_is_what_the_engine_told(main_window) -> None:  # noqa: ANN001
    view = _table(main_window, ["normal", "easy", "easy"])
    told = [line for e in view.session.entries for line in (e.told or (e.label,))]
    assert _log(view)[-len(told) :] == told


def test_save_and_reopen_restores_the_game_and_its_log(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    view = main_window.show_mode("pirate-coins")
    before = view.state.to_json()
    lines = _log(view)
    assert main_window.save_as(tmp_path / "coins.json")
    main_window.go_home()
    assert main_window.open_file(tmp_path / "coins.json")
    again = main_window.current
    assert again.mode_key == "pirate-coins"
    assert again.state.to_json() == before
    assert _log(again) == lines


def test_an_unsaved_game_is_named_by_game_players_and_round(main_window) -> None:  # noqa: ANN001
    view = _table(main_window, ["human", "normal"])
    view.naming.set_names(("Anna", "Ben"))
    assert view.document_name == f"Pirate Coins — Anna, Ben — round {view.state.round}"


def test_a_seat_switched_to_a_bot_mid_game_plays_at_once(main_window, qtbot) -> None:  # noqa: ANN001
    view = _table(main_window, ["human", "human"])
    assert view.state.current_player() == 0 and view.handoff.isVisible()
    n = len(view.session.entries)
    view.seat_boxes[0].setCurrentIndex(2)  # "Normal"
    assert view.seats[0] == "normal" and not view.handoff.isVisible()
    qtbot.waitUntil(lambda: len(view.session.entries) > n, timeout=5000)


def test_the_game_ends_on_a_score_table_with_rematch(main_window) -> None:  # noqa: ANN001
    view = _table(main_window, ["normal", "easy", "easy"])
    assert view.state.is_terminal() and view.scores.isVisible()
    assert view.scores.grid.rowCount() == 3
    assert "winner" in view.scores.grid.item(0, 2).text()
    old = view.session
    view.scores.again.click()
    assert view.session is not old and view.seats == ["normal", "easy", "easy"]
    assert view.state.observation(None)["starter"] == 0  # the rematch keeps the options


def test_every_label_fits_at_1024_by_768(main_window, qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QAbstractButton

    main_window.resize(1024, 768)
    view = main_window.show_mode("pirate-coins")
    qtbot.wait(50)
    for w in view.findChildren(QAbstractButton):
        if w.isVisible() and w.text():
            assert w.fontMetrics().horizontalAdvance(w.text()) <= w.width(), w.text()
    for w in view.findChildren(QLabel):
        if w.isVisible() and w.text() and not w.wordWrap() and "<" not in w.text():
            assert w.fontMetrics().horizontalAdvance(w.text()) <= w.width() + 1, w.text()


def test_a_real_flip_can_be_typed_in(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("pirate-coins")
    view.bot_delay_ms = 0
    asked = []

    def answer(request):  # noqa: ANN001, ANN202
        asked.append(request.purpose)
        return "2"  # monster side up

    main_window.ctx.dice_answerer = answer
    main_window.ctx.manual_dice = True
    view.new_game(["human", "human"], params={"starter": "1"})
    view.run_bots()  # chores: start the round, draw the fortune coin (a hidden draw)
    assert asked == []
    view.take_computer(0)
    view.choose("sally")
    view.take_computer(1)
    view.choose("sally")
    view.run_bots()  # the reveal, then the flip asks for the coin typed in
    assert asked == ["coin flip: 1 skull, 2 monster"]
    assert view.state.pool_kinds() != [0] * len(view.state.coins.kinds)
    assert "Monster!" in "\n".join(_log(view))


def test_a_reopened_game_logs_a_table_override_by_its_label(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    from wargame.core.override import OverrideSet, targets

    view = _table(main_window, ["human", "normal", "normal"])
    st = view.state
    c = next(c for c in targets(st)[0].counters if c.high > c.value)
    entry = view.session.override(OverrideSet("pirate1", c.name, c.high))
    assert _log(view)[-1] == entry.label
    assert main_window.save_as(tmp_path / "override.json")
    main_window.go_home()
    assert main_window.open_file(tmp_path / "override.json")
    assert _log(main_window.current)[-1] == entry.label
