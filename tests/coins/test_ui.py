"""The Pirate Coins table under pytest-qt: a hot-seat turn with hand-offs and a reveal,
odds before deciding, keys, undo within the barriers, save and reopen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from wargame.coins.state import DECIDE, FLIP, REVEAL


def _two_humans(main_window):  # noqa: ANN001, ANN202
    view = main_window.show_mode("pirate-coins")
    view.auto_chores = True
    view.new_game(["human", "human", "random"], params={"starter": "1"})
    view.run_bots()
    return view


def _visible_text(view) -> str:  # noqa: ANN001
    from PySide6.QtWidgets import QLabel

    return " ".join(w.text() for w in view.findChildren(QLabel) if w.isVisible())


def test_a_hot_seat_turn_hands_off_before_each_secret_choice_and_reveals(
    main_window, qtbot
) -> None:  # noqa: ANN001
    view = _two_humans(main_window)
    st = view.state
    assert st.phase == DECIDE and st.current_player() == 0
    # Pirate 1 must take the computer first: nothing of theirs is shown.
    assert view.handoff.isVisible()
    assert "Pirate 1" in view.handoff.heading.text()
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
    log = [view.log.item(i).text() for i in range(view.log.count())]
    assert log[-1] == "Pirate 1 has decided"
    assert view.undo_stack.text(view.undo_stack.count() - 1) == "Pirate 1 has decided"
    qtbot.keyClick(view, Qt.Key.Key_Return)  # Enter takes the computer too
    assert not view.handoff.isVisible() and view.viewer == 1
    players = view.players.rows[0][3].text()
    assert players == "has decided"  # Pirate 2 sees that Pirate 1 decided, not what
    qtbot.keyClick(view, Qt.Key.Key_S)  # sally forth by key
    assert view.state.current_player() == 2  # the random bot decides next
    view.run_bots()  # the random bot decides, then the chores reveal (and flip)
    assert view.reveal_shown is not None
    assert view.reveal.isVisible()
    assert view.reveal.title.text().startswith("Revealed: round 1, turn 1")
    from PySide6.QtWidgets import QLabel

    cells = [c.findChild(QLabel).text() for c in view.reveal.cells]
    assert "Pirate 1</b><br>PLUNDER" in cells[0]
    assert "Pirate 2</b><br>sally forth" in cells[1]
    assert "plundered" in view.players.rows[0][3].text()
    assert any("Revealed under" in view.log.item(i).text() for i in range(view.log.count()))
    # the reveal is a barrier: nothing before it can be undone
    assert not view.session.can_undo or view.state.phase not in (REVEAL, FLIP)


def test_a_decision_can_be_undone_before_the_reveal_by_its_label(main_window, qtbot) -> None:  # noqa: ANN001
    view = _two_humans(main_window)
    view._take_computer(0)
    before = view.state.to_json()
    view.choose("plunder")
    assert view.undo_stack.undoText() == "Pirate 1 has decided"
    view.undo_stack.undo()
    assert view.state.to_json() == before
    assert view.state.current_player() == 0
    assert view.handoff.isVisible()  # whoever undid it must hand the computer back


def test_without_chores_the_steps_are_buttons_with_keys(main_window, qtbot) -> None:  # noqa: ANN001
    view = main_window.show_mode("pirate-coins")
    view.chores.setChecked(False)
    view.new_game(["human", "human"], params={"starter": "1"})
    assert view.decision.step.isVisible()
    assert "Start the round" in view.decision.step.text()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert view.state.round == 1
    qtbot.mouseClick(view.decision.step, Qt.MouseButton.LeftButton)
    assert view.state.phase == DECIDE


def test_the_table_shows_pouch_stack_pile_pool_and_booty(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("pirate-coins")
    text = _visible_text(view)
    for word in ("Round stack", "Pouch", "Fortune coin", "Pile of loot", "Monster pool", "Kraken"):
        assert word in text
    assert "0 copper, 0 silver, 1 gold" in text


def test_save_and_reopen_restores_the_game_and_its_log(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    view = main_window.show_mode("pirate-coins")
    before = view.state.to_json()
    lines = view.log.count()
    assert main_window.save_as(tmp_path / "coins.json")
    main_window.go_home()
    assert main_window.open_file(tmp_path / "coins.json")
    again = main_window.current
    assert again.mode_key == "pirate-coins"
    assert again.state.to_json() == before
    assert again.log.count() == lines


def test_every_label_fits_at_1024_by_768(main_window, qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QAbstractButton, QLabel

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
    asked = []

    def answer(request):  # noqa: ANN001, ANN202
        asked.append(request.purpose)
        return "2"  # monster side up

    main_window.ctx.dice_answerer = answer
    main_window.ctx.manual_dice = True
    view.new_game(["human", "human"], params={"starter": "1"})
    view.run_bots()  # chores: start the round, draw the fortune coin (a hidden draw)
    assert asked == []
    view._take_computer(0)
    view.choose("sally")
    view._take_computer(1)
    view.choose("sally")
    view.run_bots()  # the reveal, then the flip asks for the coin typed in
    assert asked == ["coin flip: 1 skull, 2 monster"]
    assert view.state.pool_kinds() != [0] * len(view.state.coins.kinds)
    assert "Monster!" in "\n".join(view.log.item(i).text() for i in range(view.log.count()))
