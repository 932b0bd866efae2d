"""Cutting a table into 1:1 pages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.errors import BadInput
from wargame.geometry.tiling import PageSetup, tile_table


def test_a_small_table_fits_one_page() -> None:
    (tile,) = tile_table(20, 15)
    assert (tile.x_cm, tile.y_cm, tile.w_cm, tile.h_cm) == (0, 0, 20, 15)


def test_a_naval_table_of_120_by_90_cm_on_a4_landscape() -> None:
    tiles = tile_table(120, 90)  # A4 landscape, 1.5 cm margins: 26.7 x 18 cm printable
    cols = {t.col for t in tiles}
    rows = {t.row for t in tiles}
    assert len(cols) == 5 and len(rows) == 6
    assert all(t.w_cm <= 26.7 + 1e-9 and t.h_cm <= 18.0 + 1e-9 for t in tiles)


@given(
    st.floats(1, 400),
    st.floats(1, 400),
    st.sampled_from(["A4", "Letter"]),
    st.booleans(),
)
def test_every_point_of_the_table_is_on_a_page_and_pages_overlap(
    w: float, h: float, paper: str, landscape: bool
) -> None:
    setup = PageSetup(paper=paper, landscape=landscape)
    tiles = tile_table(w, h, setup)
    pw, ph = setup.printable_cm
    for t in tiles:
        assert 0 <= t.x_cm and t.x_cm + t.w_cm <= w + 1e-9
        assert 0 <= t.y_cm and t.y_cm + t.h_cm <= h + 1e-9
        assert t.w_cm <= pw + 1e-9 and t.h_cm <= ph + 1e-9
    xs = sorted({(t.x_cm, t.w_cm) for t in tiles})
    assert xs[0][0] == 0 and abs(xs[-1][0] + xs[-1][1] - w) < 1e-9
    for (x0, w0), (x1, _) in zip(xs, xs[1:]):
        assert x1 <= x0 + w0 - setup.overlap_cm + 1e-9  # glued on an overlap, no gap


def test_unknown_paper_and_absurd_tables_are_refused() -> None:
    with pytest.raises(BadInput, match="paper"):
        tile_table(10, 10, PageSetup(paper="A0"))
    with pytest.raises(BadInput):
        tile_table(-5, 10)
