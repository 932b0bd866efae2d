from __future__ import annotations

from wargame.geometry.squaregrid import Square, SquareGrid
from wargame.geometry.table import angle_diff, bearing_deg, cm_to_real_metres, distance_cm


def test_eight_and_four_neighbour_moves() -> None:
    grid = SquareGrid(10, 8)
    assert len(grid.neighbors(Square(4, 4))) == 8
    assert len(grid.neighbors(Square(4, 4), diagonal=False)) == 4
    assert sorted(grid.neighbors(Square(0, 0))) == [Square(0, 1), Square(1, 0), Square(1, 1)]
    assert grid.neighbors(Square(0, 0), diagonal=False) == [Square(1, 0), Square(0, 1)]


def test_move_distances() -> None:
    a, b = Square(1, 1), Square(4, 3)
    assert a.chebyshev(b) == 3
    assert a.manhattan(b) == 5


def test_straight_lines_between_squares() -> None:
    grid = SquareGrid(10, 10)
    assert grid.straight_between(Square(0, 0), Square(0, 2)) == [Square(0, 1)]
    assert grid.straight_between(Square(0, 0), Square(3, 3)) == [Square(1, 1), Square(2, 2)]
    assert grid.straight_between(Square(0, 0), Square(1, 2)) == []


def test_scene_conversion_round_trips() -> None:
    grid = SquareGrid(10, 10)
    x, y = grid.to_point(Square(3, 7), unit=40)
    assert (x, y) == (140, 300)
    assert grid.to_square(x, y, unit=40) == Square(3, 7)


def test_table_measures() -> None:
    assert distance_cm((0, 0), (30, 40)) == 50
    assert cm_to_real_metres(10) == 45.0
    assert bearing_deg((0, 0), (0, 10)) == 90
    assert angle_diff(350, 10) == 20
