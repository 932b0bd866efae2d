from wargame.raid.game import new_raid
from wargame.raid.model import Unit


def test_a_copied_figure_keeps_every_field() -> None:
    u = Unit("P1", 0, "musket", "able", "Jack", (1, 2), "ready")
    u.moved = u.shot = u.tried_fire = u.roused = True
    u.scurvy_escort = 3
    c = u.copy()
    assert all(getattr(c, k) == getattr(u, k) for k in Unit.__slots__)
    assert c is not u


def test_new_raids_from_the_default_are_independent() -> None:
    a, b = new_raid(), new_raid()
    a.units[0].moved = True
    a.fire[(2, 0)] = 0
    assert not b.units[0].moved and not b.fire
    assert a.loot_sq == b.loot_sq == {(5, 4): 2, (6, 4): 1}
