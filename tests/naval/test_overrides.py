"""Table override in the sea fight: ships moved, counters set, the rules kept sound."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.override import OverrideMove, OverrideRefused, OverrideSet, targets
from wargame.core.play import new_session
from wargame.naval.rules import Position
from wargame.naval.ship import Status


def session():  # noqa: ANN201
    return new_session(GameSpec("naval", 2), DiceService.seeded(3))


def test_every_ship_and_the_table_are_listed_with_their_counters() -> None:
    s = session()
    found = {t.piece: t for t in targets(s.state)}
    assert set(found) == {*s.state.ships, "table"}
    revenge = found["Revenge"]
    assert revenge.movable and revenge.grid == "hex" and revenge.position == [2, 4]
    names = {c.name for c in revenge.counters}
    assert {
        "heading",
        "hull_larboard",
        "hull_starboard",
        "crew",
        "sails",
        "fire",
        "status",
    } <= names
    assert any(n.startswith("guns_") for n in names)


def test_move_turns_and_counters_change_the_ship_and_show_in_the_battle_log() -> None:
    s = session()
    s.override(OverrideMove("Revenge", (6, 6)))
    s.override(OverrideSet("Revenge", "heading", "north"))
    s.override(OverrideSet("Revenge", "fire", "yes"))
    s.override(OverrideSet("Revenge", "sails", 1))
    ship = s.state.ships["Revenge"]
    assert s.state.sea.to_offset(ship.hex) == (6, 6)
    assert s.state.sea.facing_name(ship.heading) == "north"
    assert ship.fire and ship.gear == 1
    assert s.state.events[-1].startswith("Table override: Revenge's sailing gear set to 1 (was ")
    s.state.check_invariants()
    assert s.state.legal_actions()


def test_a_ship_cant_be_put_on_land_or_on_another_ship() -> None:
    s = session()
    sea = s.state.sea
    land = next(iter(sea.land), None)
    if land is not None:
        col, row = sea.to_offset(land)
        with pytest.raises(OverrideRefused, match="is land"):
            s.override(OverrideMove("Revenge", (col, row)))
    other = s.state.ships["Swift"]
    with pytest.raises(OverrideRefused, match="already holds Swift"):
        s.override(OverrideMove("Revenge", sea.to_offset(other.hex)))


def test_sinking_a_grappled_ship_cuts_her_grapples() -> None:
    s = session()
    st = s.state
    a, b = st.ships["Black Hind"], st.ships["Swift"]
    # Lay them side by side and grappled (as after a grapple), then sink one.
    s.override(OverrideMove("Swift", st.sea.to_offset(st.sea.neighbour(a.hex, 0))))
    a, b = s.state.ships["Black Hind"], s.state.ships["Swift"]
    a.grappled, b.grappled = ("Swift",), ("Black Hind",)
    s.override(OverrideSet("Swift", "status", "sunk"))
    assert s.state.ships["Swift"].status is Status.SUNK
    assert s.state.ships["Black Hind"].grappled == ()
    s.state.check_invariants()


def test_hull_above_the_sheet_is_refused() -> None:
    s = session()
    top = s.state.ships["Revenge"].hull_start
    with pytest.raises(OverrideRefused, match=f"goes from 0 to {top}"):
        s.override(OverrideSet("Revenge", "hull_starboard", top + 1))
    assert s.state.ships["Revenge"].hull[Position.STARBOARD] == top
