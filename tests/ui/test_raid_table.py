"""The raid town as a player reads it: figures big enough to read with their text
inside them, one name for each side everywhere, and the setup tabs out of the way
once the raid has begun."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui.raid.board import MIN_TOKEN_PX
from ui.raid.setup_edit import TAB_FORCES, TAB_ORDERS, TAB_TOWN
from wargame.help import quick_reference


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _check_tokens(view) -> int:  # noqa: ANN001
    tokens = view.scene.tokens
    for rect, texts in tokens:
        for t in texts:
            box = t.sceneBoundingRect()
            assert rect.adjusted(-0.5, -0.5, 0.5, 0.5).contains(box), (
                f"{t.text()!r} spills out of its token: {box} outside {rect}"
            )
        # and no two texts of one token print over each other
        for i, a in enumerate(texts):
            for b in texts[i + 1 :]:
                assert not a.sceneBoundingRect().intersects(b.sceneBoundingRect())
    return len(tokens)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_figures_are_readable_and_their_text_fits_the_token(main_window, size) -> None:  # noqa: ANN001
    main_window.resize(*size)
    view = main_window.show_mode("raid")
    _settle()
    view._refresh()
    _settle()
    assert view.board.token_px() >= MIN_TOKEN_PX - 0.01
    ready = [u for u in view.state.units if u.ready and u.sq is not None]
    assert _check_tokens(view) == len(ready)
    for step in range(60):  # and as figures crowd into squares
        if view.state.is_terminal():
            break
        view.bot_step()
        if step % 10 == 0:
            _check_tokens(view)
            assert view.board.token_px() >= MIN_TOKEN_PX - 0.01


def test_a_click_on_a_figure_text_selects_that_figure(qtbot, main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    rect, texts = view.scene.tokens[0]
    uid = texts[0].data(0)
    p = view.board.mapFromScene(texts[0].sceneBoundingRect().center())
    qtbot.mouseClick(view.board.viewport(), Qt.MouseButton.LeftButton, pos=p)
    assert view.sel_unit == uid


#: "attacker" or "defender" (one of the two sides) as a player would read it; the
#: adjective "defender groups / figure" is fine.
OLD_NAMES = re.compile(r"\battackers?\b|\bdefender\b(?!s| figure| group| officer)", re.I)


def _player_texts(view, main_window) -> list[str]:  # noqa: ANN001
    out = [
        view.header.text(),
        view.score_label.text(),
        view.prompt.text(),
        view.primary.text(),
        view.account_label.text(),
        view.log.toPlainText(),
        main_window.status_label.text(),
    ]
    for box in view.seat_boxes:  # the seats, "Pirates: [Human]"
        out += [box.currentText(), box.toolTip()]
        out += [box.itemText(i) for i in range(box.count())]
    out += [view.orders.item(i).text() for i in range(view.orders.count())]
    out += [view.figures.item(i).text() for i in range(view.figures.count())]
    out += [view.ledger.item(i).text() for i in range(view.ledger.count())]
    out += [it.toolTip() for it in view.scene.items() if it.toolTip()]
    return out


def test_the_raid_names_each_side_one_way_everywhere(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    seen: set[str] = set()
    said: list[str] = []
    for _ in range(400):
        for text in _player_texts(view, main_window):
            if text not in seen:
                seen.add(text)
                said.append(text)
        if view.state.is_terminal():
            break
        state = view.state
        said.append(state.describe(state.legal_actions()[0]))
        view.bot_step()
    said += _player_texts(view, main_window)
    said.append(quick_reference("raid"))
    wrong = sorted({m.group(0) + ": " + t[:120] for t in said for m in OLD_NAMES.finditer(t)})
    assert wrong == []
    joined = "\n".join(said)
    assert "pirates" in joined.lower() and "defenders" in joined.lower()


def test_forces_and_town_tabs_leave_the_board_alone_once_the_raid_has_begun(
    qtbot, main_window
) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    assert view.tabs.isTabVisible(TAB_FORCES) and view.tabs.isTabVisible(TAB_TOWN)
    qtbot.mouseClick(view.primary, Qt.MouseButton.LeftButton)  # roll who moves first
    for _ in range(6):
        view.bot_step()
    assert view.session.entries
    on_table = sorted(u.id for u in view.state.units if u.ready and u.sq is not None)
    bar = view.tabs.tabBar()
    for tab in (TAB_FORCES, TAB_TOWN):
        assert not view.tabs.isTabVisible(tab)
        # a click where that tab was shows nothing else than the game
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tab).center())
        assert view.tabs.currentIndex() not in (TAB_FORCES, TAB_TOWN)
        drawn = sorted(texts[0].data(0) for _, texts in view.scene.tokens)
        assert drawn == on_table
        assert not view.board.paint_mode
    # starting over brings the setup back
    view.undo_stack.setClean()
    view.load_scenario_data(view.scenario, None)
    assert view.tabs.isTabVisible(TAB_FORCES) and view.tabs.isTabVisible(TAB_TOWN)
    view.tabs.setCurrentIndex(TAB_ORDERS)
