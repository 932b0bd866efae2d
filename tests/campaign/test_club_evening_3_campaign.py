"""Issue 40 item 6, the campaign sheet: "Fight it" takes the engagement of the row
highlighted as waiting, and the "...'s secrets are showing" line moves nothing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from wargame.campaign.example import EXAMPLE_PLAYERS


def test_fight_it_with_the_highlighted_waiting_row_opens_its_fight(main_window: Any) -> None:
    view = main_window.show_mode("campaign")
    rows = view.state.rows(view.seat, None)
    waiting = [r["letter"] for r in rows if r["engagement"] is not None and r["vp"] is None]
    assert len(waiting) == 1, waiting  # Jens Munk's sheet: one fight still to play
    view.sheet.table.clearSelection()  # highlighted, not selected, as the player saw it
    key = view.state.engagement_of(view.seat, waiting[0]).key
    view.buttons["fight"].click()
    assert view.last_error is None or "select a row" not in view.last_error
    assert main_window.current.mode_key in ("naval", "raid"), view.last_error
    link = getattr(main_window.current, "link", None) or {}
    assert not link or key in str(link)


def test_the_secrets_line_does_not_push_the_sheet_down(main_window: Any) -> None:
    view = main_window.show_mode("campaign")
    main_window.resize(1024, 768)
    view.hand_on()
    seat = view.seat
    passphrase = dict((n, p) for n, _c, p in EXAMPLE_PLAYERS)[view.state.players[seat].name]
    view.request_handoff(seat)
    assert view.unlock(seat, passphrase)
    assert "secrets are showing" in view.banner.text()
    QApplication.processEvents()
    shown_height = view.banner.height()
    shown_at = view.sheet.mapTo(main_window, QPoint(0, 0))
    view.hand_on()
    view.pages.setCurrentIndex(0)
    QApplication.processEvents()
    folded_height = view.banner.height()
    folded_at = view.sheet.mapTo(main_window, QPoint(0, 0))
    assert "secrets are showing" not in view.banner.text()
    assert shown_at == folded_at
    assert shown_height == folded_height  # the wrapped line pushed the sheet 18 px down
