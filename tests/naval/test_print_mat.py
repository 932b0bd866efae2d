"""The printed 1:1 mat (issue 26, "At the table"): hex coordinates as on screen, an
ink-saving print, A3 paper."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from ui.print_table import render_page
from wargame.geometry.tiling import PAPER, PageSetup, tile_table

pytestmark = pytest.mark.usefixtures("discard_unsaved")


def page_image(source: Any, dpc: float = 20.0) -> QImage:
    setup = PageSetup()
    tile = tile_table(*source.size_cm, setup)[0]
    w, h = setup.page_cm
    image = QImage(int(w * dpc), int(h * dpc), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    render_page(painter, source, setup, tile, 2, 2, dots_per_cm=dpc)
    painter.end()
    return image


def test_the_mat_names_every_hex_as_the_screen_does(qtbot: Any, main_window: Any) -> None:
    view = main_window.show_mode("naval")
    source = view.print_source()
    coords = source.scene.coords
    assert coords is not None and coords.isVisible() and coords.for_print
    sea = view.state.sea
    assert coords.text_at(sea.from_offset(3, 10)) == "(3, 10)"  # as the hover and log say
    assert not any(item.isVisible() for item in source.scene.ship_items.values())


def test_saving_ink_prints_a_white_sea(qtbot: Any, main_window: Any) -> None:
    view = main_window.show_mode("naval")
    colour, ink = page_image(view.print_source()), None
    source = view.print_source()
    source.ink_saver()
    ink = page_image(source)

    def dark(image: QImage) -> float:
        n = total = 0
        for y in range(0, image.height(), 7):
            for x in range(0, image.width(), 7):
                total += 255 - QColor(image.pixel(x, y)).lightness()
                n += 1
        return total / n

    assert dark(ink) < dark(colour) / 3, "the ink-saving page is mostly paper"


def test_the_mat_prints_on_a3(qtbot: Any, main_window: Any, tmp_path: Path) -> None:
    main_window.show_mode("naval")
    out = tmp_path / "mat.pdf"
    pages = main_window.print_table(out, paper="A3", ink_saving=True)
    assert pages >= 1
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", out.read_bytes())
    pw, ph = PAPER["A3"]
    for w, h in boxes:
        assert (float(w), float(h)) == pytest.approx((ph / 2.54 * 72, pw / 2.54 * 72), abs=1.0)


def test_inches_show_beside_cm_on_the_ruler_and_the_odds(qtbot: Any, main_window: Any) -> None:
    from tests.naval.test_defects_issue26 import raking_battle

    view = main_window.show_mode("naval")
    view.load_scenario_data(raking_battle(), None)
    view.measure_ships("Revenge", "Swift")
    assert view.status_text().endswith("10.0 cm")
    view.act_inches.trigger()
    view.measure_ships("Revenge", "Swift")
    assert view.status_text().endswith("10.0 cm (3.9 in)")
    view.target = "Swift"
    view._refresh()
    assert "10.0 cm (3.9 in)" in view.odds_label.text()
    assert view.state.rules.fire.short_cm == 10  # the rules still measure in cm
