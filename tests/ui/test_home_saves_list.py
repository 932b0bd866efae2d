"""Issue 30, items 4 and 10: one damaged save row never empties the home screen, and
every save (10,000 of them) can be reached from a searchable, sortable list."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

import pytest
from PySide6.QtCore import Qt

from ui.saves_list import ID_ROLE

DAMAGES = [
    "name = CAST(x'ff4e61737361' AS TEXT)",  # a bad byte in the name
    "updated = CAST(x'32303236ff2d3131' AS TEXT)",  # ... in the date
    "updated = 'garbage'",
    "updated = 12",
    "mode = CAST(x'6e61ff76616c' AS TEXT)",
    "finished = 'zz'",
    "data = CAST(x'7bff' AS TEXT)",
]


def _saves(window: Any, n: int) -> list[int]:
    return [window.ctx.db.save_game("naval", f"Game {i}", {"format": "x"}) for i in range(n)]


def _damage(window: Any, save_id: int, change: str) -> None:
    with sqlite3.connect(window.ctx.db.path) as conn:
        conn.execute(f"UPDATE saved_game SET {change} WHERE id = ?", (save_id,))  # noqa: S608


def _listed(window: Any) -> dict[int, str]:
    home = window.home
    items = (home.saves.item(i) for i in range(home.saves.count()))
    return {it.data(Qt.ItemDataRole.UserRole): it.text() for it in items}


@pytest.mark.parametrize("change", DAMAGES)
def test_one_bad_byte_in_one_save_lists_it_as_damaged_and_the_rest_as_usual(
    main_window: Any, change: str
) -> None:
    ids = _saves(main_window, 5)
    _damage(main_window, ids[2], change)
    main_window.home.refresh()
    listed = _listed(main_window)
    assert set(ids) <= set(listed), listed
    assert main_window.home.problem is None
    for sid in ids[:2] + ids[3:]:
        assert "damaged" not in listed[sid]
    if not change.startswith("data"):
        assert "(damaged)" in listed[ids[2]]
        assert "Nassa" in listed[ids[2]] or "Game 2" in listed[ids[2]]
    main_window.open_save(ids[2])  # a message, never a traceback
    dialog = main_window.home.show_all_saves()
    assert dialog is not None and dialog.model.rowCount() == 5
    dialog.close()


def test_ten_thousand_saves_are_all_reachable_searchable_and_sortable(main_window: Any) -> None:
    rows = [
        ("naval" if i % 2 else "raid", f"Voyage {i:05d}", f"2026-01-01 00:00:{i % 60:02d}.{i:06d}")
        for i in range(10_000)
    ]
    with sqlite3.connect(main_window.ctx.db.path) as conn:
        conn.executemany(
            "INSERT INTO saved_game (mode, name, created, updated, finished, autosave, data, "
            "split) VALUES (?, ?, ?, ?, 0, 0, '{}', 0)",
            [(m, n, u, u) for m, n, u in rows],
        )
    main_window.home.refresh()
    assert main_window.home.saves.count() == 15  # the home screen keeps the newest
    start = time.perf_counter()
    dialog = main_window.home.show_all_saves()
    assert dialog is not None
    assert dialog.model.rowCount() == 10_000
    dialog.search.setText("voyage 04321")
    assert dialog.model.rowCount() == 1
    opened: list[int] = []
    dialog.open_save.disconnect()
    dialog.open_save.connect(opened.append)
    first = dialog.model.index(0, 0)
    dialog.table.setCurrentIndex(first)
    dialog._open_current()
    assert opened == [first.data(ID_ROLE)]
    dialog.search.setText("")
    dialog.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert dialog.model.index(0, 0).data() == "Voyage 00000"
    dialog.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    assert dialog.model.index(0, 0).data() == "Voyage 09999"
    assert time.perf_counter() - start < 20  # seconds, on a loaded 2-core machine
