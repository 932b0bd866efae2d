"""Issue 40 item 7, the layout walk: at 1024x768 and 1280x800 the campaign sheet never
scrolls (sideways above all), the map editor's problem list is in sight, nothing is
clipped; the ship sheet's headings never break inside a word, whatever the font size."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, QRectF
from PySide6.QtGui import QFont, QTextDocument
from PySide6.QtWidgets import QAbstractScrollArea, QApplication

from ui.clipping import clipped_texts

SIZES = pytest.mark.parametrize("size", [(1024, 768), (1280, 800)], ids=["1024x768", "1280x800"])


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def _show(window: Any, key: str, size: tuple[int, int]) -> Any:
    window.resize(*size)
    _settle()
    view = window.show_mode(key)
    _settle()
    window.resize(*size)
    _settle()
    assert window.width() == size[0]
    return view


def sideways(view: Any) -> list[str]:
    """The scroll areas of ``view`` showing a horizontal scroll bar."""
    return [
        f"{type(a).__name__} {a.objectName()!r}"
        for a in view.findChildren(QAbstractScrollArea)
        if a.isVisible() and a.horizontalScrollBar().isVisible()
    ]


def broken_words(doc: QTextDocument) -> list[str]:
    """Lines of a laid-out rich text that end inside a word ("Larboar|d")."""
    doc.size()  # lay it out
    out = []
    block = doc.firstBlock()
    while block.isValid():
        layout, text = block.layout(), block.text()
        for i in range(layout.lineCount() - 1):
            line = layout.lineAt(i)
            end = line.textStart() + line.textLength()
            if 0 < end < len(text) and text[end - 1].isalpha() and text[end].isalpha():
                out.append(text)
        block = block.next()
    return out


@SIZES
def test_the_campaign_sheet_does_not_scroll(main_window: Any, size: tuple[int, int]) -> None:
    view = _show(main_window, "campaign", size)
    assert sideways(view) == []
    sheet_area = view.sheet.parentWidget().parentWidget()
    assert isinstance(sheet_area, QAbstractScrollArea)
    assert not sheet_area.verticalScrollBar().isVisible()  # it scrolled both ways
    assert [str(c) for c in clipped_texts(main_window)] == []


@SIZES
def test_the_map_editor_problem_list_is_in_sight(main_window: Any, size: tuple[int, int]) -> None:
    view = _show(main_window, "map-editor", size)
    problems = view.panel.problems
    assert problems.isVisible()
    top_left = problems.mapTo(main_window, QPoint(0, 0))
    shown = QRect(top_left, problems.size())
    central = main_window.centralWidget().geometry()
    assert central.contains(shown), (shown, central)  # below the fold at 1024x768
    assert problems.height() >= 80
    assert sideways(view) == []
    assert [str(c) for c in clipped_texts(main_window)] == []


@pytest.mark.parametrize("points", [9, 11, 13])
def test_ship_sheet_headings_never_break_inside_a_word(main_window: Any, points: int) -> None:
    view = _show(main_window, "naval", (1280, 800))
    from ui.naval.sheet import sheet_html

    for ship in view.state.ships.values():
        doc = QTextDocument()
        font = QFont(view.sheet.font())
        font.setPointSize(points)
        doc.setDefaultFont(font)
        doc.setHtml(sheet_html(ship, view.state))
        doc.setTextWidth(view.sheet.viewport().width())
        assert broken_words(doc) == [], (ship.name, points)


def test_a_folded_campaign_sheet_does_not_scroll(main_window: Any) -> None:
    """At 1024x768 (1280x800 has more room: the unfolded walk above covers it)."""
    view = _show(main_window, "campaign", (1024, 768))
    view.new_document()
    assert view.add_player("Alice", "Spain", "alice-pw")
    assert view.add_player("Bob", "France", "bobby-pw")
    view.request_handoff(0)
    assert view.unlock(0, "alice-pw")  # "Alice's secrets are showing" in the banner
    view.players.setCurrentRow(1)  # Bob's sheet, folded under
    _settle()
    assert view.sheet.folded.isVisible()
    area = view.sheet.parentWidget().parentWidget()
    assert not area.verticalScrollBar().isVisible() and sideways(view) == []
    assert [str(c) for c in clipped_texts(main_window)] == []


def _rows_in_sight(view: Any, window: Any) -> int:
    """How many of the naval log's lines are wholly in sight: inside the log and inside
    the part of the side panel its scroll area shows."""
    from PySide6.QtWidgets import QScrollArea

    log = view.log
    area = log.parentWidget()
    while not isinstance(area, QScrollArea):
        area = area.parentWidget()
    shown = QRect(area.viewport().mapTo(window, QPoint(0, 0)), area.viewport().size())
    shown = shown.intersected(
        QRect(log.viewport().mapTo(window, QPoint(0, 0)), log.viewport().size())
    )
    seen = 0
    for i in range(log.count()):
        r = log.visualItemRect(log.item(i))
        if shown.contains(QRect(log.viewport().mapTo(window, r.topLeft()), r.size())):
            seen += 1
    return seen


def _naval_battle_under_way(window: Any, size: tuple[int, int]) -> Any:
    from wargame.core.game import GameSpec
    from wargame.naval.scenario import default_scenario

    view = _show(window, "naval", size)
    spec = GameSpec("naval", 2, scenario=default_scenario())
    view.start_game(spec, ["human", "human"], seed=40)
    for _ in range(40):  # the first moves of the battle, the same every run
        if view.log.count() >= 16:
            break
        view.act(view.state.legal_actions()[0])
    _settle()
    assert view.log.count() >= 16
    return view


@pytest.mark.parametrize(("size", "least"), [((1024, 768), 6), ((1280, 800), 7)])
def test_at_1024_the_naval_battle_log_shows_six_lines(
    main_window: Any, size: tuple[int, int], least: int
) -> None:
    """Issue 40 item 7: one line of the battle log showed at 1024x768 (the side panel
    was sized by its parts' preferred heights and scrolled it below the fold)."""
    view = _naval_battle_under_way(main_window, size)
    assert _rows_in_sight(view, main_window) >= least
    assert sideways(view) == []
    assert [str(c) for c in clipped_texts(main_window)] == []


@SIZES
def test_at_1024_the_raid_town_needs_no_sideways_scrolling(
    main_window: Any, size: tuple[int, int]
) -> None:
    """Issue 40 item 7: the town's last columns needed sideways scrolling at 1024x768.
    Every square is in sight, its figures still readable, the panel all there."""
    from ui.raid.board import MIN_TOKEN_PX, S

    view = _show(main_window, "raid", size)
    board = view.board
    assert not board.horizontalScrollBar().isVisible()
    assert not board.verticalScrollBar().isVisible()
    town = view.state.town
    squares = board.mapFromScene(QRectF(0, 0, town.cols * S, town.rows * S)).boundingRect()
    assert board.viewport().rect().contains(squares), (squares, board.viewport().rect())
    assert board.token_px() >= MIN_TOKEN_PX - 0.01
    for part in (view.header, view.prompt, view.primary, view.tabs, view.orders):
        assert part.isVisible() and part.width() > 0
    assert sideways(view) == []
    assert [str(c) for c in clipped_texts(main_window)] == []
