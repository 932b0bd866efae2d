"""The naval battle and the raid across computers on their real views: Ann hosts in one
window, Bea joins from another over 127.0.0.1; each sees the game's own view (not the
text list of choices), Bea makes a move by the view's own means (a click on a hex, the
raid's order button), the host's table gets exactly that action, and Bea's view
redraws from the server's update. No undo across computers: Ctrl+Z changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtGui import QAction  # noqa: E402

from tests.net.qt_tables import host_and_join, run_in_qt_loop, until  # noqa: E402
from ui.naval.scene import PX  # noqa: E402
from ui.naval.view import NavalView  # noqa: E402
from ui.net.window import NetTableWindow  # noqa: E402
from ui.raid.setup_edit import TAB_FORCES, TAB_TOWN  # noqa: E402
from ui.raid.view import RaidView  # noqa: E402
from wargame.naval.actions import Move  # noqa: E402
from wargame.net.table import Table  # noqa: E402

#: How many of one side's steps the test waits through for the other side's turn.
STEPS = 12


def _caught_up(w: NetTableWindow, table: Table) -> bool:
    assert w.board is not None
    return w.board.mirror.have == len(table.session.entries)


async def _no_undo(qtbot: object, bea: NetTableWindow, table: Table) -> None:
    """Nothing offers to take a move back, and Ctrl+Z changes neither copy nor table."""
    assert bea.board is not None
    view = bea.board.view
    offered = [
        a.text()
        for a in bea.findChildren(QAction)
        if "undo" in a.text().lower() and a.isEnabled() and a.isVisible()
    ]
    assert not offered and view.undo_stack.count() == 0
    entries, have = len(table.session.entries), bea.board.mirror.have
    qtbot.keyClick(bea, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # type: ignore[attr-defined]
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # type: ignore[attr-defined]
    qtbot.wait(200)  # type: ignore[attr-defined]
    assert len(table.session.entries) == entries and bea.board.mirror.have == have
    assert view.undo_stack.count() == 0


async def _seated(qtbot: object, game: str, cls: type) -> tuple[Any, ...]:
    """Ann hosts ``game``, Bea joins; both on the real view ``cls``, Ann (seat 1) to act.
    The table, the two windows and their views."""
    host, ann, bea = await host_and_join(qtbot, game)
    await until(lambda: ann.board and bea.board and ann.board.seated and bea.board.seated)
    assert host.server is not None
    table = host.server.tables[0]
    assert table is not None
    for w in (ann, bea):
        assert w.board is not None and isinstance(w.board.view, cls)
        assert w.board.view.isVisible() and not w.choices.isVisible() and not w.view.isVisible()
        assert w.board.view.route is not None and w.board.view.remote_seat == w.me
    await until(lambda: _caught_up(bea, table) and table.to_act() == 0)
    return table, ann, bea, ann.board.view, bea.board.view  # type: ignore[union-attr]


async def _naval(qtbot: object) -> None:
    table, ann, bea, a_view, b_view = await _seated(qtbot, "naval", NavalView)
    # the attacker (Ann) moves first: Bea's view offers her nothing to do yet
    assert b_view.legal() == [] and not b_view.act_end.isEnabled()
    for _ in range(STEPS):  # Ann ends her ships' turns (or answers a roll) by the buttons
        await until(lambda: _caught_up(ann, table) and _caught_up(bea, table))
        if table.to_act() == 1:
            break
        if a_view.act_end.isEnabled():
            button = a_view.toolbar.widgetForAction(a_view.act_end)
        else:
            button = a_view.buttons.itemAt(a_view.buttons.count() - 1).widget()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
        n = len(table.session.entries)
        await until(lambda n=n: len(table.session.entries) > n)
    await until(lambda: bea.turn.text() == "Your turn" and b_view.legal())
    # Bea sails her ship: a click on a green hex chooses it, a second click sails
    st = b_view.state
    move = next(
        a for a in b_view.legal() if isinstance(a, Move) and tuple(a.to) != st.ships[a.ship].hex
    )
    x, y = st.sea.centre(tuple(move.to))
    point = b_view.sea_view.mapFromScene(QPointF(x * PX, y * PX))
    viewport = b_view.sea_view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point)  # type: ignore[attr-defined]
    assert b_view.intent is not None and b_view.intent[1] == tuple(move.to)
    name, hex_, heading = b_view.intent
    wanted = Move(name, hex_, heading)
    n = len(table.session.entries)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point)  # type: ignore[attr-defined]
    await until(lambda: len(table.session.entries) > n)
    assert len(table.session.entries) == n + 1
    last = table.session.entries[-1]
    assert last.seat == 1 and last.action == wanted
    await until(lambda: _caught_up(bea, table))
    ship = b_view.state.ships[name]
    assert (ship.hex, ship.heading) == (hex_, heading)  # the copy followed the table
    item = b_view.scene.ship_items[name]
    assert (item.pos().x(), item.pos().y()) == pytest.approx(
        tuple(c * PX for c in st.sea.centre(hex_))
    )
    assert b_view.log.toPlainText() == "\n".join(table.state.events)  # the table's log
    assert b_view.undo_stack.count() == 0 and a_view.undo_stack.count() == 0
    await _no_undo(qtbot, bea, table)


async def _raid(qtbot: object) -> None:
    table, ann, bea, a_view, b_view = await _seated(qtbot, "raid", RaidView)
    # the pirates (Ann) roll who moves first; Bea waits, with nothing to order
    assert not b_view.primary.isEnabled() and b_view.orders.count() == 0
    assert b_view.primary.text() == "Waiting for the pirates"
    assert not b_view.tabs.isTabVisible(TAB_FORCES) and not b_view.tabs.isTabVisible(TAB_TOWN)
    assert not b_view.act_restart.isVisible()
    assert not any(box.isVisible() for box in b_view.seat_boxes)
    for _ in range(STEPS):  # Ann gives the table's order (the big button) until Bea's turn
        await until(lambda: _caught_up(ann, table) and _caught_up(bea, table))
        if table.to_act() == 1:
            break
        assert a_view.primary.isEnabled(), a_view.prompt.text()
        n = len(table.session.entries)
        qtbot.mouseClick(a_view.primary, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
        await until(lambda n=n: len(table.session.entries) > n)
    await until(lambda: bea.turn.text() == "Your turn" and b_view.primary.isEnabled())
    wanted = b_view.primary_action()
    n = len(table.session.entries)
    qtbot.mouseClick(b_view.primary, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    await until(lambda: len(table.session.entries) > n)
    last = table.session.entries[n]
    assert last.seat == 1 and last.action == wanted
    await until(lambda: _caught_up(bea, table))
    assert b_view.log.toPlainText() == "\n".join(table.state.log)  # the table's log
    assert b_view.state.to_json() == table.state.to_json()
    await _no_undo(qtbot, bea, table)


def test_a_naval_seat_across_computers_plays_on_the_real_sea(qtbot: object) -> None:
    run_in_qt_loop(lambda: _naval(qtbot), 60)


def test_a_raid_seat_across_computers_plays_on_the_real_town(qtbot: object) -> None:
    run_in_qt_loop(lambda: _raid(qtbot), 60)
