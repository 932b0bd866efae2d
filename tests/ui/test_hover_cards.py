"""Hover cards: every piece on the table says what it is when the pointer rests on it."""

from __future__ import annotations


def test_a_ship_hover_card_summarises_her_sheet(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    name, item = next(iter(view.scene.ship_items.items()))
    ship = view.state.ships[name]
    card = item.toolTip()
    assert f"<b>{name}</b>" in card
    assert f"{ship.fighting_points} of {ship.fighting_start} fighting points" in card
    assert "Hull" in card and "Sailing gear" in card and "Guns:" in card


def test_a_raid_figure_hover_card_explains_its_token(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("raid")
    tips = [it.toolTip() for it in view.scene.items() if it.toolTip()]
    groups = [t for t in tips if "Quality:" in t]
    assert groups, tips[:5]
    assert any("Fighting factor" in t for t in tips)
    assert any("the number on the token" in t for t in tips)
