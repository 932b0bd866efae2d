"""Names on the sea (issue 26, defect 6): ship names stay by their ships (a leader line
when one must stand off), are not cut by the sea's edge, and each island is named once."""

from __future__ import annotations

from typing import Any

from tests.naval.helpers import battle, ship
from ui.naval.scene import SeaScene


def scene_of(state: Any, qtbot: Any) -> SeaScene:
    scene = SeaScene()
    scene.build(state)
    return scene


def test_a_long_name_at_the_edge_is_not_cut_by_it(qtbot: Any) -> None:
    st = battle([ship("The Most Serene Republic of Venice", 0, (0, 5)), ship("D", 1, (10, 5))])
    scene = scene_of(st, qtbot)
    label = scene.labels["The Most Serene Republic of Venice"].sceneBoundingRect()
    assert label.left() >= 0 and label.right() <= st.sea.size_cm[0] * 10


def test_crowded_ships_keep_their_names_apart_and_near_them(qtbot: Any) -> None:
    ships = [ship(f"Ship {i}", i % 2, (5 + i % 2, 4 + i // 2)) for i in range(6)]
    st = battle(ships)
    scene = scene_of(st, qtbot)
    boxes = [(n, r) for n, r in scene.label_boxes()]
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1 :]:
            assert not ra.intersects(rb), f"{a!r} covers {b!r}"
    hex_px = st.sea.hex_cm * 10
    for name, item in scene.ship_items.items():
        box = scene.labels[name].sceneBoundingRect()
        far = abs(box.center().y() - item.pos().y()) > 2.5 * hex_px
        # a name that stands off is tied to its ship by a leader line from her
        assert not far or any(
            abs(line.line().p1().x() - item.pos().x()) < 1e-6
            and abs(line.line().p1().y() - item.pos().y()) < 1e-6
            for line in scene.leader_items
        ), name


def test_an_island_of_two_land_areas_is_named_once(qtbot: Any) -> None:
    st = battle(
        [ship("A", 0, (1, 1)), ship("D", 1, (14, 10))],
        islands=[
            [[20, 20], [30, 20], [30, 30], [20, 30]],
            [[30, 20], [40, 20], [40, 30], [30, 30]],
        ],
    )
    # the helper names each land area by its id: give both areas one island's name
    from wargame.naval.sea import Island

    isl = tuple(Island("Tortuga", i.polygon, i.holes) for i in st.sea.islands)
    st.sea = type(st.sea)(st.sea.cols, st.sea.rows, st.sea.hex_cm, "flat", isl)
    scene = scene_of(st, qtbot)
    assert [t.text() for t in scene.island_labels] == ["Tortuga"]
