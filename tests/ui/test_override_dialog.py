"""Edit > Table override... driven as a player would: pick a piece, change it,
see it logged, undo it, save it and find it marked in the save."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox

from ui.override import OverrideDialog


def _open(main_window, key: str) -> OverrideDialog:  # noqa: ANN001
    main_window.show_mode(key)
    main_window.act_override.trigger()
    dialog = main_window.findChild(OverrideDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def _select(dialog: OverrideDialog, piece: str) -> None:
    row = [t.piece for t in dialog.targets].index(piece)
    dialog.pieces.setCurrentRow(row)


def test_override_a_ships_hull_is_logged_undone_and_saved(
    qtbot, main_window, tmp_path: Path
) -> None:  # noqa: ANN001
    assert main_window.act_override.shortcut().toString() == "Ctrl+Shift+O"
    dialog = _open(main_window, "naval")
    view = main_window.current
    ship = dialog.targets[0].piece
    _select(dialog, ship)
    hull = dialog.findChild(QSpinBox, "override-counter-hull_larboard")
    was = hull.value()
    hull.setValue(was - 2)
    qtbot.mouseClick(dialog.set_button, Qt.MouseButton.LeftButton)

    session = view.session
    entry = session.entries[-1]
    assert entry.override
    assert entry.label == (f"Table override: {ship}'s larboard hull set to {was - 2} (was {was})")
    assert dialog.message.text().startswith("Done. Table override:")
    assert main_window.statusBar().currentMessage() == entry.label
    # The history panel and Edit > Undo name it as an override.
    assert view.undo_stack.text(view.undo_stack.count() - 1) == entry.label
    assert main_window.act_undo.text().endswith(entry.label)
    # The dialog shows the new value; undo puts the old one back, in the dialog too.
    assert dialog.findChild(QSpinBox, "override-counter-hull_larboard").value() == was - 2
    main_window.act_undo.trigger()
    assert session.state.ships[ship].to_json()["hull"]["larboard"] == was
    assert dialog.findChild(QSpinBox, "override-counter-hull_larboard").value() == was
    main_window.act_redo.trigger()
    assert session.state.ships[ship].to_json()["hull"]["larboard"] == was - 2

    path = tmp_path / "battle.json"
    assert main_window.save_as(path), main_window.last_error
    saved = json.loads(path.read_text())
    assert saved["log"][-1]["override"] is True
    assert saved["log"][-1]["t"] == entry.label
    dialog.close()


def test_a_refused_override_is_explained_and_changes_nothing(qtbot, main_window) -> None:  # noqa: ANN001
    dialog = _open(main_window, "naval")
    view = main_window.current
    before = view.session.state.to_json()
    n = len(view.session.entries)
    _select(dialog, dialog.targets[0].piece)
    dialog.col.setValue(-1)
    qtbot.mouseClick(dialog.move_button, Qt.MouseButton.LeftButton)
    assert dialog.message.text().startswith("Refused: hex (-1,")
    assert "off the sea" in dialog.message.text()
    assert view.session.state.to_json() == before
    assert len(view.session.entries) == n
    dialog.close()


def test_move_a_raid_figure_to_a_square(qtbot, main_window) -> None:  # noqa: ANN001
    dialog = _open(main_window, "raid")
    view = main_window.current
    _select(dialog, "P1")
    dialog.col.setValue(2)
    dialog.row.setValue(3)
    qtbot.mouseClick(dialog.move_button, Qt.MouseButton.LeftButton)
    assert view.session.entries[-1].override, dialog.message.text()
    unit = next(u for u in view.session.state.units if u.id == "P1")
    assert unit.sq == (2, 3)
    assert "P1 put on square (2, 3)" in view.session.entries[-1].label
    dialog.close()


def test_board_game_places_are_chosen_by_name(qtbot, main_window) -> None:  # noqa: ANN001
    dialog = _open(main_window, "pirate-versus-pirate")
    view = main_window.current
    st = view.session.state
    piece = dialog.targets[0].piece
    _select(dialog, piece)
    box = dialog.findChild(QComboBox, "override-place")
    free = next(
        lab for i, lab in enumerate(st.board.labels) if st.occ[i] < 0 and not st.cmask & (1 << i)
    )
    box.setCurrentIndex(box.findData(free))
    qtbot.mouseClick(dialog.move_button, Qt.MouseButton.LeftButton)
    entry = view.session.entries[-1]
    assert entry.override, dialog.message.text()
    assert entry.label.startswith(f"Table override: Pirate {piece} moved to {free}")
    assert view.session.state.pos[0] == st.board.labels.index(free)
    dialog.close()


def test_tortuga_refuses_an_override_while_a_choice_is_open(qtbot, main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("tortuga-1667")
    view.new_game(["human"] * 4, seed=1)  # humans: nobody has chosen yet
    dialog = _open(main_window, "tortuga-1667")
    assert view.session.state.pending  # the captains still choose their first holds
    n = len(view.session.entries)
    _select(dialog, "pirate1")
    qtbot.mouseClick(dialog.move_button, Qt.MouseButton.LeftButton)
    assert "finish it before the override" in dialog.message.text()
    assert len(view.session.entries) == n
    dialog.close()


def test_override_needs_a_game(main_window) -> None:  # noqa: ANN001
    main_window.go_home()
    assert main_window.table_override() is None
    assert "open or start a game first" in (main_window.last_error or "")


def _menu_action(board) -> object:  # noqa: ANN001
    from PySide6.QtWidgets import QMenu

    menus = [m for m in board.findChildren(QMenu) if m.objectName() == "override-piece-menu"]
    assert menus, "no Override... menu popped up"
    return menus[-1].actions()[0]


def test_right_click_on_a_ship_opens_the_override_on_her(qtbot, main_window) -> None:  # noqa: ANN001
    from ui.naval.scene import ShipItem

    view = main_window.show_mode("naval")
    main_window.resize(1280, 800)
    qtbot.wait(10)
    item = next(i for i in view.scene.items() if isinstance(i, ShipItem) and i.isVisible())
    pos = view.sea_view.mapFromScene(item.pos())
    view.sea_view.customContextMenuRequested.emit(pos)
    act = _menu_action(view.sea_view)
    assert act.text() == f"Override {item.name}..."
    act.trigger()
    dialog = main_window.findChild(OverrideDialog)
    assert dialog.isVisible() and dialog.current().piece == item.name
    dialog.close()


def test_right_click_on_a_raid_figure_opens_the_override_on_it(qtbot, main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    main_window.resize(1280, 800)
    qtbot.wait(10)
    st = view.session.state
    unit = next(u for u in st.units if u.sq is not None)
    here = st.at(unit.sq)
    pos = view.board.viewport_point(unit.sq, here.index(unit), len(here))
    view.board.customContextMenuRequested.emit(pos)
    act = _menu_action(view.board)
    act.trigger()
    dialog = main_window.findChild(OverrideDialog)
    assert dialog.isVisible() and dialog.current().piece == act.text()[9:-3]
    dialog.close()


def test_a_reopened_board_game_log_tells_the_override() -> None:
    from ui.coins.view import history_lines as coins_lines
    from wargame.core.dice import DiceService
    from wargame.core.game import GameSpec, RandomBot
    from wargame.core.override import OverrideSet, targets
    from wargame.core.play import new_session

    s = new_session(GameSpec("pirate-coins", 3), DiceService.seeded(5))
    bot = RandomBot(DiceService.seeded(6))
    while not any(s.state.pile):
        s.apply(bot.choose(s.state, s.state.current_player()))
    c = next(c for c in targets(s.state)[0].counters if c.high > c.value)
    entry = s.override(OverrideSet("pirate1", c.name, c.high))
    assert coins_lines(s)[-1] == entry.label

    t = new_session(GameSpec("tortuga-1667", 4), DiceService.seeded(7))
    bot = RandomBot(DiceService.seeded(8))
    while t.state.pending or t.state.vote is not None or t.state.in_action:
        t.apply(bot.choose(t.state, t.state.current_player()))
    entry = t.override(OverrideSet("treasure", "tortuga_french", t.state.holds[2][1] + 1))
    assert [line for e in t.entries for line in e.lines][-1] == entry.label  # the table's log
