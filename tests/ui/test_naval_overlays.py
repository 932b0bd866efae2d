"""The naval sea's overlays read at a glance: arcs labelled in cm, a legend,
every ship's arcs on request, nothing left drawn once the battle is over."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsSimpleTextItem


def _cm_labels(scene) -> list[str]:  # noqa: ANN001
    return sorted(
        it.text()
        for it in scene.overlay
        if isinstance(it, QGraphicsSimpleTextItem) and it.text().endswith(" cm")
    )


def test_selected_ships_arcs_are_labelled_in_cm(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    assert view.selected is not None
    labels = _cm_labels(view.scene)
    assert labels, "the band boundaries carry their range"
    rules = view.state.rules
    assert f"{rules.fire.short_cm:g} cm" in labels


def test_all_arcs_shows_every_ship_and_the_legend_explains_the_marks(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    one = len(view.scene.overlay)
    view.act_all_arcs.trigger()
    assert len(view.scene.overlay) > one
    view.act_all_arcs.trigger()
    assert len(view.scene.overlay) == one
    legend = view.sea_view.legend
    assert legend.isVisible()
    assert "short range band" in legend.text() and "H12 C4 S6" in legend.text()
    view.act_legend.trigger()
    assert not legend.isVisible()


def test_no_arcs_once_the_battle_is_over(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    for box in view.seat_boxes:  # bots command both sides
        box.setCurrentIndex(box.findData("normal"))
    view.run_bots()
    assert view.state.is_terminal()
    view.act_all_arcs.setChecked(True)
    view._refresh()
    assert _cm_labels(view.scene) == []


def test_at_1024_every_naval_tool_shows_and_the_legend_covers_no_sea(main_window) -> None:  # noqa: ANN001
    """Issue 40 item 7: at 1024x768 the naval toolbar overflowed behind ">>" and the
    legend covered about a third of the sea."""
    from PySide6.QtCore import QRectF
    from PySide6.QtWidgets import QApplication

    from ui.naval.printing import table_rect

    main_window.resize(1024, 768)
    view = main_window.show_mode("naval")
    for _ in range(3):
        QApplication.processEvents()
    for bar in (view.toolbar, view.view_toolbar):
        for act in bar.actions():
            if act.isVisible() and not act.isSeparator():
                shown = bar.widgetForAction(act)
                assert shown is not None and shown.isVisible(), act.text() or act
    legend = view.sea_view.legend
    assert legend.isVisible()
    corner = legend.geometry()
    covered = QRectF(
        view.sea_view.mapToScene(corner.topLeft()), view.sea_view.mapToScene(corner.bottomRight())
    )
    assert not covered.intersects(table_rect(view.state)), (covered, table_rect(view.state))
