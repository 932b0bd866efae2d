"""The board file: reading, validation, symmetry and the fairness of the shipped board."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from wargame.errors import FileFormatError
from wargame.maps.model import map_from_json
from wargame.paths import scenarios_dir
from wargame.persistence.files import read_json_file
from wargame.pvp import grid
from wargame.pvp.board import (
    BoardSpec,
    TriBoard,
    check_board,
    spec_from_json,
    spec_to_map_json,
)
from wargame.pvp.game import board_for, default_board_path

SHIPPED = default_board_path()


def shipped() -> BoardSpec:
    return spec_from_json(read_json_file(SHIPPED), str(SHIPPED))


def test_shipped_board_is_a_map_file_the_map_loader_accepts() -> None:
    data = read_json_file(SHIPPED)
    doc = map_from_json(data, "board")
    assert doc.name == "Pirate Versus Pirate"
    assert SHIPPED.is_relative_to(scenarios_dir())


def test_shipped_board_is_sound_with_the_right_counts() -> None:
    spec = shipped()
    rep = check_board(spec)
    assert rep.sound, rep.problems
    for colour in spec.colours:
        assert len(spec.start[colour]) == 6
        assert len(spec.silver_spaces[colour]) == 2
        assert spec.gold_space[colour] is not None
    assert len(spec.silver_coins) == 3 and len(spec.gold_coins) == 1


def test_shipped_board_is_fair_for_every_colour_and_for_two_players() -> None:
    """Start -> coin -> rowboat shortest paths are the same for every colour, and the
    board maps onto itself turning each colour's spaces onto the next colour's."""
    spec = shipped()
    rep = check_board(spec)
    assert rep.fair
    assert rep.rotation_symmetric
    assert rep.two_player_symmetric
    gold = {c: rep.paths[c]["gold"] for c in spec.colours}
    assert len(set(gold.values())) == 1
    silvers = {
        c: sorted(v for k, v in rep.paths[c].items() if k.startswith("silver"))
        for c in spec.colours
    }
    assert len({tuple(v) for v in silvers.values()}) == 1
    two = check_board(spec, players=2)
    a, b = spec.two_player
    assert sorted(two.paths[a].values()) == sorted(two.paths[b].values())


def test_a_lopsided_board_is_reported_unfair_and_asymmetric_but_playable() -> None:
    spec = shipped()
    gold = spec.gold_coins[0]
    # move the gold coin one triangle towards one colour
    target = next(
        n for n in grid.neighbours(gold) if n in spec.cells and spec.role(n)[0] == "plain"
    )
    moved = spec.paint(gold, "plain").paint(target, "gold")
    rep = check_board(moved)
    assert rep.sound
    assert not rep.fair
    assert not rep.rotation_symmetric


def test_counts_and_overlaps_are_problems() -> None:
    spec = shipped()
    blue_start = spec.start["blue"][0]
    fewer = spec.paint(blue_start, "plain")
    rep = check_board(fewer)
    assert any(p.kind == "count" and "blue has 5 start spaces" in p.message for p in rep.problems)
    extra = spec.paint(next(iter(c for c in spec.cells if spec.role(c)[0] == "plain")), "silver")
    assert any("4 silver coins" in p.message for p in check_board(extra).problems)
    both = replace(spec, silver_coins=(*spec.silver_coins[:2], spec.start["red"][0]))
    assert any(p.kind == "overlap" for p in check_board(both).problems)


def test_an_unreachable_coin_is_a_problem() -> None:
    spec = shipped()
    coin = spec.silver_coins[0]
    cut = spec
    for n in grid.neighbours(coin):
        if n in spec.cells:
            cut = cut.paint(n, "off")
    rep = check_board(cut)
    assert any(p.kind == "unreachable" and "silver-1" in p.message for p in rep.problems)
    with pytest.raises(FileFormatError, match="not a playable board"):
        board_for(spec_to_map_json(cut))


def test_the_board_file_round_trips() -> None:
    spec = shipped()
    again = spec_from_json(json.loads(json.dumps(spec_to_map_json(spec))))
    assert again == spec


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"cells": [[0, 0, 5]]}, "cells[0]"),
        ({"cells": "all of them"}, "cells"),
        ({"size_cm": -1}, "size_cm"),
        ({"colours": ["blue", "blue"]}, "colours"),
        ({"two_player": ["blue", "purple"]}, "two_player"),
        ({"start": {"purple": []}}, "'purple' is not a colour"),
        ({"rowboats": {"blue": {"gold": [1, 1, 1]}}}, "rowboats.blue.gold"),
    ],
)
def test_a_bad_board_file_names_the_key(patch: dict, message: str) -> None:
    data = read_json_file(SHIPPED)
    data["triangles"] = {**data["triangles"], **patch}
    with pytest.raises(FileFormatError, match=message.replace("[", r"\[").replace("]", r"\]")):
        spec_from_json(data, "b.json")


def test_a_map_without_triangles_is_not_a_board() -> None:
    with pytest.raises(FileFormatError, match="triangles"):
        board_for(read_json_file(scenarios_dir() / "maps" / "pieces-of-eight.json"))


def test_painting_keeps_one_role_per_triangle_and_one_gold_space_per_colour() -> None:
    spec = shipped()
    c = next(c for c in spec.cells if spec.role(c)[0] == "plain")
    painted = spec.paint(c, "gold-space", "blue")
    assert painted.role(c) == ("gold-space", "blue")
    assert painted.role(spec.gold_space["blue"]) == ("plain", None)  # moved, not doubled
    off = painted.paint(c, "off")
    assert c not in off.cells and off.role(c)[0] == "off"


def test_grid_neighbours_share_a_side_and_symmetries_preserve_adjacency() -> None:
    for cell in [(0, 0, 0), (1, 0, 0), (3, -2, 0), (-2, 1, 1)]:
        for k, n in enumerate(grid.neighbours(cell)):
            assert grid.across(n, k) == cell
            assert grid.side_between(cell, n) == k
            mine = {(round(x, 6), round(y, 6)) for x, y in grid.corners(cell)}
            theirs = {(round(x, 6), round(y, 6)) for x, y in grid.corners(n)}
            assert len(mine & theirs) == 2
        assert grid.rotate(grid.rotate(grid.rotate(cell))) == cell
        assert set(grid.neighbours(grid.rotate(cell))) == {
            grid.rotate(n) for n in grid.neighbours(cell)
        }
        assert grid.cell_at(*grid.centre(cell)) == cell


def test_engine_board_labels_rows_and_columns() -> None:
    b = TriBoard(shipped())
    assert b.labels[0].startswith("A")
    assert len(set(b.labels)) == len(b)
    assert all(b.dist[i][i] == 0 for i in range(len(b)))
