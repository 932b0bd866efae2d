"""The naval sea as a player reads and handles it: the heading chosen with keys or a
drag (never by where a click lands), hex coordinates on request, tokens readable at
any zoom, labels that never print over each other, a legend whose colours differ
for colour-blind eyes too, and every code word explained where it appears."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent
from PySide6.QtWidgets import QApplication

from ui.naval.scene import BAND_COLOURS, MARK_COLOURS, PX
from ui.naval.tokens import (
    MIN_LABEL_PX,
    MIN_SHIP_PX,
    SEA_COLOURS,
    SIDE_COLOURS,
    contrast_ratio,
)
from wargame.naval.actions import Move
from wargame.naval.scenario import default_scenario

ROOT = Path(__file__).resolve().parents[2]


def _viewport_point(view, x_cm: float, y_cm: float):  # noqa: ANN001, ANN202
    return view.sea_view.mapFromScene(QPointF(x_cm * PX, y_cm * PX))


def _click(qtbot, view, hex_, offset=(0.0, 0.0)) -> None:  # noqa: ANN001
    x, y = view.state.sea.centre(hex_)
    p = _viewport_point(view, x + offset[0], y + offset[1])
    qtbot.mouseClick(view.sea_view.viewport(), Qt.MouseButton.LeftButton, pos=p)


def _mouse(view, kind: QEvent.Type, x_cm: float, y_cm: float, held: bool) -> None:  # noqa: ANN001
    p = QPointF(_viewport_point(view, x_cm, y_cm))
    button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else Qt.MouseButton.LeftButton
    buttons = Qt.MouseButton.LeftButton if held else Qt.MouseButton.NoButton
    event = QMouseEvent(
        kind,
        p,
        view.sea_view.viewport().mapToGlobal(p),
        button,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.sea_view.viewport(), event)


def _far_move(view) -> tuple[tuple[int, int], list[int]]:  # noqa: ANN001
    st = view.state
    start = st.ships[st.ts.ship].hex
    ends: dict[tuple[int, int], list[int]] = {}
    for a in st.legal_actions():
        if isinstance(a, Move) and tuple(a.to) != start:
            ends.setdefault(tuple(a.to), []).append(a.heading)
    hex_ = max(ends, key=lambda h: len(ends[h]))
    return hex_, sorted(ends[hex_], key=st.sea.heading_angle)


def test_where_a_click_lands_in_a_hex_does_not_choose_the_heading(qtbot, main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    hex_, headings = _far_move(view)
    chosen = set()
    for angle in range(0, 360, 60):
        a = math.radians(angle)
        _click(qtbot, view, hex_, (1.6 * math.cos(a), 1.6 * math.sin(a)))
        assert view.intent is not None, "a click on a green hex chooses it"
        chosen.add(view.intent[2])
        view.cancel_intent()
    assert len(chosen) == 1, "the heading does not depend on where the click fell"
    assert view.state.ships["Revenge"].hex != hex_, "nothing sails before it is confirmed"


def test_keys_turn_the_chosen_heading_and_enter_sails(qtbot, main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    hex_, headings = _far_move(view)
    _click(qtbot, view, hex_)
    before = view.state.to_json()
    seen = [view.intent[2]]
    for _ in range(len(headings)):
        qtbot.keyClick(view.sea_view, Qt.Key.Key_Right)
        seen.append(view.intent[2])
        ghost = view.scene.intent_ghost()
        assert ghost is not None and ghost.isVisible()
        assert ghost.rotation() == view.state.sea.heading_angle(view.intent[2])
        assert ghost.pos() == QPointF(*(c * PX for c in view.state.sea.centre(hex_)))
    assert set(seen) == set(headings) and seen[0] == seen[-1]
    qtbot.keyClick(view.sea_view, Qt.Key.Key_Left)
    wanted = view.intent[2]
    assert wanted == headings[(headings.index(seen[0]) - 1) % len(headings)]
    assert view.state.to_json() == before
    qtbot.keyClick(view.sea_view, Qt.Key.Key_Escape)
    assert view.intent is None and view.scene.intent_ghost() is None
    _click(qtbot, view, hex_)
    for _ in range(len(headings) - 1):
        qtbot.keyClick(view.sea_view, Qt.Key.Key_Right)
    qtbot.keyClick(view.sea_view, Qt.Key.Key_Return)
    ship = view.state.ships["Revenge"]
    assert ship.hex == hex_ and ship.heading == wanted


def test_dragging_from_the_ship_places_and_turns_the_move(qtbot, main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    st = view.state
    hex_, headings = _far_move(view)
    want = headings[-1]
    sx, sy = st.sea.centre(st.ships["Revenge"].hex)
    tx, ty = st.sea.centre(hex_)
    a = math.radians(st.sea.heading_angle(want))
    ex, ey = tx + 2.0 * math.cos(a), ty + 2.0 * math.sin(a)
    transform = view.sea_view.transform()
    _mouse(view, QEvent.Type.MouseButtonPress, sx, sy, True)
    _mouse(view, QEvent.Type.MouseMove, tx, ty, True)
    assert view.intent is not None and view.intent[1] == hex_
    _mouse(view, QEvent.Type.MouseMove, ex, ey, True)
    assert view.intent[2] == want, "the ghost turns with the drag, before any release"
    _mouse(view, QEvent.Type.MouseButtonRelease, ex, ey, False)
    assert view.sea_view.transform() == transform, "the drag did not pan the sea"
    assert view.state.ships["Revenge"].hex != hex_, "the drag only chooses"
    qtbot.keyClick(view.sea_view, Qt.Key.Key_Return)
    ship = view.state.ships["Revenge"]
    assert (ship.hex, ship.heading) == (hex_, want)


def test_hex_coordinates_toggle_names_hexes_as_the_log_does(qtbot, main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    coords = view.scene.coords
    assert coords is not None and not coords.isVisible()
    qtbot.keyClick(view.sea_view, Qt.Key.Key_C)
    assert coords.isVisible() and view.act_coords.isChecked()
    hex_, headings = _far_move(view)
    _click(qtbot, view, hex_)
    qtbot.keyClick(view.sea_view, Qt.Key.Key_Return)
    assert f"to {coords.text_at(hex_)}" in view.log.toPlainText()
    # and the picture has them: the coordinates layer paints text over the sea
    from PySide6.QtGui import QImage, QPainter

    def render() -> QImage:
        img = QImage(400, 300, QImage.Format.Format_ARGB32)
        img.fill(0)
        painter = QPainter(img)
        view.scene.render(painter, source=coords.boundingRect().adjusted(0, 0, -400, -300))
        painter.end()
        return img

    with_coords = render()
    qtbot.keyClick(view.sea_view, Qt.Key.Key_C)
    assert not coords.isVisible()
    assert render() != with_coords


def test_ship_tokens_keep_a_minimum_size_on_screen_when_zoomed_out(qtbot, main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    for _ in range(12):
        view._zoom(0.8)
    scale = view.sea_view.transform().m11()
    for item in view.scene.ship_items.values():
        if item.isVisible():
            assert item.on_screen_length(scale) >= MIN_SHIP_PX - 0.01
            on_screen = item.mapRectToScene(item.shape().boundingRect()).width() * scale
            assert on_screen >= MIN_SHIP_PX * 0.99
    for label in view.scene.labels.values():
        if label.isVisible():
            assert label.sceneBoundingRect().height() * scale >= MIN_LABEL_PX


def test_side_colours_stand_out_from_the_sea_and_from_each_other() -> None:
    for side in SIDE_COLOURS:
        for sea in SEA_COLOURS:
            assert contrast_ratio(side, sea) >= 3.0, (side.name(), sea.name())
    # the sides differ in lightness, not only in hue (colour-blind players)
    assert contrast_ratio(*SIDE_COLOURS) >= 1.5


def _scenarios() -> list[dict]:
    out = [default_scenario()]
    for path in sorted((ROOT / "scenarios" / "naval").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "map_file" in data and not Path(str(data["map_file"])).is_absolute():
            data["map_file"] = str(path.parent / str(data["map_file"]))
        out.append(data)
    return out


@pytest.mark.parametrize("index", range(len(_scenarios())))
@pytest.mark.parametrize("zoom_steps", [0, 6, -3])
def test_no_label_covers_another_in_the_shipped_scenarios(main_window, index, zoom_steps) -> None:  # noqa: ANN001
    main_window.resize(1024, 768)
    view = main_window.show_mode("naval")
    view.load_scenario_data(_scenarios()[index], None)
    QApplication.processEvents()
    for _ in range(abs(zoom_steps)):
        view._zoom(0.8 if zoom_steps > 0 else 1.25)
    for step in range(40):  # and as the ships close in
        boxes = view.scene.label_boxes()
        for i, (a, ra) in enumerate(boxes):
            for b, rb in boxes[i + 1 :]:
                assert not ra.intersects(rb), f"{a!r} covers {b!r} after {step} moves"
        if view.state.is_terminal():
            break
        view.bot_step()


def _linear(c: QColor) -> list[float]:
    out = []
    for v in (c.red(), c.green(), c.blue()):
        s = v / 255
        out.append(s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4)
    return out


#: Vienot, Brettel & Mollon (1999) dichromat simulation in linear RGB.
DICHROMATS = {
    "protan": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
    "deutan": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
}


def _seen(c: QColor, kind: str) -> tuple[float, ...]:
    rgb = _linear(c)
    return tuple(sum(m * v for m, v in zip(row, rgb, strict=True)) for row in DICHROMATS[kind])


def test_legend_colours_differ_and_stay_apart_for_colour_blind_eyes(main_window) -> None:  # noqa: ANN001
    swatches = {**BAND_COLOURS, **MARK_COLOURS}
    solid = {k: QColor(c.red(), c.green(), c.blue()) for k, c in swatches.items()}
    names = [c.name() for c in solid.values()]
    assert len(set(names)) == len(names), "every mark has its own colour"
    short, reach = solid["short"], solid["reach"]
    assert short.name() != reach.name()
    for kind in DICHROMATS:
        a, b = _seen(short, kind), _seen(reach, kind)
        assert math.dist(a, b) > 0.15, f"short band and 'in reach' look alike ({kind})"
    legend = main_window.show_mode("naval").sea_view.legend.text()
    for key in ("short", "reach"):
        assert solid[key].name() in legend


def test_code_words_are_explained_where_they_appear(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    name = view.state.ts.ship
    stats = view.scene.stats[name]
    assert stats.text().startswith("H") and " C" in stats.text()
    tip = stats.toolTip()
    assert "hull points" in tip and "fighting points" in tip and "sailing gear" in tip
    point = view.state.ts.sail_point
    assert point in view.phase_label.text()
    for word in ("running", "reaching", "beating", "against"):
        assert word in view.phase_label.toolTip()
    legend = view.sea_view.legend
    text = legend.text() + legend.toolTip()
    assert "H12 C4 S6" in text and "chevron" in text.lower() and "reaching" in text


def test_dragging_from_a_ship_that_can_only_turn_turns_her(qtbot, main_window) -> None:  # noqa: ANN001
    from tests.naval.test_view import close_quarters

    view = main_window.show_mode("naval")
    view.load_scenario_data(close_quarters(), None)  # Revenge against the wind: turns only
    st = view.state
    ship = st.ships["Revenge"]
    holds = [a.heading for a in st.legal_actions() if isinstance(a, Move)]
    want = next(h for h in holds if h != ship.heading)
    sx, sy = st.sea.centre(ship.hex)
    a = math.radians(st.sea.heading_angle(want))
    ex, ey = sx + 2.0 * math.cos(a), sy + 2.0 * math.sin(a)
    _mouse(view, QEvent.Type.MouseButtonPress, sx, sy, True)
    _mouse(view, QEvent.Type.MouseMove, ex, ey, True)
    _mouse(view, QEvent.Type.MouseButtonRelease, ex, ey, False)
    assert view.intent == ("Revenge", ship.hex, want)
    qtbot.keyClick(view.sea_view, Qt.Key.Key_Return)
    assert view.state.ships["Revenge"].heading == want
