"""File > Print table 1:1: the naval sea and the raid town on paper at table scale."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from ui.print_table import render_page
from wargame.geometry.tiling import PAPER, PageSetup, tile_table


def _media_boxes(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    return [(float(w), float(h)) for w, h in boxes]


@pytest.mark.parametrize(("key", "paper"), [("naval", "A4"), ("raid", "Letter")])
def test_printed_pages_cover_the_table_on_the_chosen_paper(
    main_window, tmp_path: Path, key: str, paper: str
) -> None:  # noqa: ANN001
    view = main_window.show_mode(key)
    source = view.print_source()
    w_cm, h_cm = source.size_cm
    if key == "naval":
        sea = view.state.sea
        assert (w_cm, h_cm) == pytest.approx(sea.size_cm)  # the scenario's hex size, 1:1
    else:
        town = view.state.town
        assert w_cm == pytest.approx(town.cols * view.rules.table.square_cm)
    out = tmp_path / "table.pdf"
    pages = main_window.print_table(out, paper=paper)
    expected = tile_table(w_cm, h_cm, PageSetup(paper=paper))
    assert pages == len(expected) > 0
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF")
    boxes = _media_boxes(pdf)
    assert len(boxes) == pages
    pw, ph = PAPER[paper]
    landscape = (ph / 2.54 * 72, pw / 2.54 * 72)  # points
    for w, h in boxes:
        assert (w, h) == pytest.approx(landscape, abs=1.0)


def test_scale_bar_is_five_centimetres_of_paper(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("naval")
    source = view.print_source()
    setup = PageSetup()
    tile = tile_table(*source.size_cm, setup)[0]
    dpc = 20.0  # dots per cm of the test image
    page_w, page_h = setup.page_cm
    image = QImage(int(page_w * dpc), int(page_h * dpc), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    render_page(painter, source, setup, tile, 2, 2, dots_per_cm=dpc)
    painter.end()
    y = round((setup.margin_cm + tile.h_cm + setup.margin_cm * 0.5) * dpc)
    best = 0
    for row in (y - 1, y, y + 1):
        run = longest = 0
        for x in range(image.width()):
            dark = QColor(image.pixel(x, row)).lightness() < 230
            run = run + 1 if dark else 0
            longest = max(longest, run)
        best = max(best, longest)
    assert best == pytest.approx(5 * dpc, abs=2)


def test_print_table_says_what_it_prints_in_other_modes(main_window) -> None:  # noqa: ANN001
    main_window.show_mode("pieces-of-eight")
    assert main_window.print_table("/tmp/never.pdf", paper="A4") == 0
    assert "naval sea or the raid town" in main_window.last_error
