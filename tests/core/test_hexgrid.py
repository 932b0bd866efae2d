"""Hex geometry against Red Blob Games' reference vectors (../shared/data/hexmath)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.geometry.hexgrid import (
    DIAGONALS,
    DIRECTIONS,
    Hex,
    Layout,
    facing_delta,
    from_doubled,
    from_offset,
    hex_lerp,
    hex_line,
    hex_rectangle,
    hex_round,
    to_doubled,
    to_offset,
)

VECTORS = (
    Path(__file__).resolve().parents[3] / "shared/data/hexmath/redblob_hexlib_test_vectors.json"
)


def _cases() -> list[dict[str, Any]]:
    if not VECTORS.is_file():
        return []
    return json.loads(VECTORS.read_text())["cases"]


def H(v: list[int]) -> Hex:  # noqa: N802 - reads like the vectors
    return Hex(*v)


@pytest.mark.skipif(not VECTORS.is_file(), reason="../shared/data/hexmath is absent")
def test_directions_and_diagonals_match_the_reference() -> None:
    ref = json.loads(VECTORS.read_text())
    assert [list(d) for d in DIRECTIONS] == ref["directions"]
    assert [list(d) for d in DIAGONALS] == ref["diagonals"]


@pytest.mark.skipif(not _cases(), reason="../shared/data/hexmath is absent")
@pytest.mark.parametrize("case", _cases(), ids=lambda c: f"{c['op']}@{c['line']}")
def test_reference_vector(case: dict[str, Any]) -> None:  # noqa: C901 - a dispatch table
    op, expect = case["op"], case["expect"]
    if op == "hex_add":
        assert H(case["a"]) + H(case["b"]) == H(expect)
    elif op == "hex_subtract":
        assert H(case["a"]) - H(case["b"]) == H(expect)
    elif op == "hex_direction":
        assert DIRECTIONS[case["dir"]] == H(expect)
    elif op == "hex_neighbor":
        assert H(case["a"]).neighbor(case["dir"]) == H(expect)
    elif op == "hex_diagonal":
        assert H(case["a"]).diagonal(case["dir"]) == H(expect)
    elif op == "hex_distance":
        assert H(case["a"]).distance(H(case["b"])) == expect
    elif op == "hex_rotate_right":
        assert H(case["a"]).rotate_right() == H(expect)
    elif op == "hex_rotate_left":
        assert H(case["a"]).rotate_left() == H(expect)
    elif op == "hex_lerp_round":
        assert hex_round(*hex_lerp(case["a"], case["b"], case["t"])) == H(expect)
    elif op == "hex_linedraw":
        assert hex_line(H(case["a"]), H(case["b"])) == [H(e) for e in expect]
    elif op == "offset_from_cube":
        assert list(to_offset(H(case["cube"]), case["layout"])) == expect
    elif op == "offset_to_cube":
        assert from_offset(*case["offset"], case["layout"]) == H(expect)
    elif op == "doubled_from_cube":
        assert list(to_doubled(H(case["cube"]), case["layout"][-1])) == expect
    elif op == "doubled_to_cube":
        assert from_doubled(*case["doubled"], case["layout"][-1]) == H(expect)
    elif op == "hex_round":
        assert hex_round(*case["input"]) == H(expect)
    else:
        pytest.fail(f"unknown op {op}")


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_layout_round_trip_reference_property(orientation: str) -> None:
    layout = Layout(orientation, (10.0, 15.0), (35.0, 71.0))  # type: ignore[arg-type]
    h = Hex(3, 4, -7)
    assert layout.to_hex(*layout.to_point(h)) == h


@pytest.mark.parametrize("kind", ["odd-q", "odd-r", "even-q", "even-r"])
def test_offset_round_trip_over_a_block(kind: str) -> None:
    for q in range(-2, 3):
        for r in range(-2, 3):
            h = Hex(q, r, -q - r)
            assert from_offset(*to_offset(h, kind), kind) == h  # type: ignore[arg-type]
            assert to_offset(from_offset(q, r, kind), kind) == (q, r)  # type: ignore[arg-type]


cube = st.tuples(st.integers(-60, 60), st.integers(-60, 60)).map(
    lambda t: Hex(t[0], t[1], -t[0] - t[1])
)


@given(cube, cube)
def test_distance_is_symmetric_and_matches_line_length(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    line = hex_line(a, b)
    assert len(line) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in zip(line, line[1:]))


@given(cube)
def test_six_rotations_return_home(h: Hex) -> None:
    r = h
    for _ in range(6):
        r = r.rotate_right()
    assert r == h
    assert h.rotate_left().rotate_right() == h


@given(cube, st.integers(0, 5))
def test_neighbour_direction_is_found_again(h: Hex, d: int) -> None:
    assert h.direction_to(h.neighbor(d)) == d
    assert h.neighbor(d).distance(h) == 1


def test_ring_and_spiral_sizes() -> None:
    assert len(Hex(0, 0, 0).ring(3)) == 18
    assert len(Hex(2, -1, -1).spiral(2)) == 19
    assert all(Hex(0, 0, 0).distance(h) == 3 for h in Hex(0, 0, 0).ring(3))


def test_facing_delta_counts_hex_face_turns() -> None:
    assert facing_delta(0, 0) == 0
    assert facing_delta(0, 1) == 1
    assert facing_delta(5, 0) == 1
    assert facing_delta(0, 3) == 3
    assert facing_delta(1, 5) == 2


def test_hex_size_in_cm_across_flats() -> None:
    layout = Layout.across_flats(5.0)
    a, b = Hex(0, 0, 0), Hex(1, 0, -1)
    (x0, y0), (x1, y1) = layout.to_point(a), layout.to_point(b)
    assert ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 == pytest.approx(5.0)
    assert layout.across_flats_width == pytest.approx(5.0)


def test_corners_are_size_from_the_centre() -> None:
    layout = Layout("pointy", (2.0, 2.0))
    cx, cy = layout.to_point(Hex(1, 1, -2))
    for x, y in layout.corners(Hex(1, 1, -2)):
        assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 == pytest.approx(2.0)


def test_rectangle_map_has_cols_times_rows_distinct_hexes() -> None:
    hexes = list(hex_rectangle(20, 10))
    assert len(set(hexes)) == 200
