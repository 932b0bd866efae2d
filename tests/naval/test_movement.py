"""Section 12: points of sail, base hexes, extra hexes, turning limits, islands."""

from __future__ import annotations

import pytest

from tests.naval.helpers import battle, scripted, ship
from wargame.errors import IllegalAction
from wargame.naval.actions import EndShipTurn, ExtraMove, GearCheck, Move, ReduceSail, RollExtra
from wargame.naval.rules import naval_rules
from wargame.naval.sea import point_of_sail

R = naval_rules()


@pytest.mark.parametrize(
    ("heading", "wind", "point"),
    [
        (5, 5, "running"),
        (0, 5, "reaching"),
        (4, 5, "reaching"),
        (1, 5, "beating"),
        (3, 5, "beating"),
        (2, 5, "against"),
    ],
)
def test_point_of_sail_from_heading_against_wind(heading: int, wind: int, point: str) -> None:
    assert point_of_sail(heading, wind, R) == point


def steps_of(state, name: str) -> set[int]:  # noqa: ANN001
    return {r.steps for r in state.move_options(state.ships[name]).values()}


def test_running_moves_three_or_two_hexes() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    assert steps_of(st, "A") == {2, 3}


def test_reaching_two_hexes_beating_one_against_none() -> None:
    st = battle([ship("A", 0, (4, 2), heading=0), ship("B", 1, (14, 10))], wind=5)
    assert steps_of(st, "A") == {1, 2}
    st = battle([ship("A", 0, (4, 6), heading=1), ship("B", 1, (14, 10))], wind=5)
    assert steps_of(st, "A") == {0, 1}
    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (14, 10))], wind=5)
    opts = st.move_options(st.ships["A"])
    assert {r.steps for r in opts.values()} == {0}
    assert {h for (_, h) in opts} == {1, 2, 3}  # turn one hex face


def test_beating_must_turn_into_the_new_hex() -> None:
    st = battle([ship("A", 0, (4, 6), heading=1), ship("B", 1, (14, 10))], wind=5)
    a = st.ships["A"]
    moved = [r for r in st.move_options(a).values() if r.steps == 1]
    assert moved and all(r.heading != 1 and r.turns == 1 for r in moved)


def test_reduced_sail_takes_a_further_hex_and_lasts_four_turns() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    st.apply(ReduceSail("A"), scripted())
    assert st.ships["A"].reduced_sail == 4
    assert steps_of(st, "A") == {1, 2}


def test_large_ship_turns_only_once_small_ship_every_hex() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5, type="large"), ship("B", 1, (14, 10))], wind=5)
    assert max(r.turns for r in st.move_options(st.ships["A"]).values()) == 1
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    assert max(r.turns for r in st.move_options(st.ships["A"]).values()) == 3


def test_extra_hex_rolled_after_basic_move_with_crew_modifier() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5, quality="scurvy"), ship("B", 1, (14, 10))], wind=5)
    a = st.ships["A"]
    full = next(k for k, r in st.move_options(a).items() if r.steps == 3 and r.turns == 0)
    st.apply(Move("A", full[0], full[1]), scripted())
    assert st.ts.step == "extra"
    st.apply(RollExtra("A"), scripted(3))  # running needs 3: scurvy 3-1 = 2 fails
    assert "3-1: fails" in st.events[-2]
    assert st.ts.ship == "B"  # nothing left for A to do: her turn ended


def test_hardened_crew_adds_one_to_the_extra_hex_roll() -> None:
    st = battle(
        [ship("A", 0, (4, 2), heading=0, quality="hardened"), ship("B", 1, (14, 10))], wind=5
    )
    a = st.ships["A"]
    full = next(k for k, r in st.move_options(a).items() if r.steps == 2 and r.turns == 0)
    st.apply(Move("A", full[0], full[1]), scripted())
    st.apply(RollExtra("A"), scripted(3))  # reaching needs 4: 3+1
    assert st.ts.step == "extra_move"
    ahead = [a for a in st.legal_actions() if isinstance(a, ExtraMove)]
    assert ahead


def test_voluntary_reduction_forfeits_the_extra_roll() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    short = next(k for k, r in st.move_options(st.ships["A"]).items() if r.steps == 2)
    st.apply(Move("A", short[0], short[1]), scripted())
    assert not any(isinstance(a, RollExtra) for a in st.legal_actions())


def test_large_ship_repeats_running_extra_until_it_fails() -> None:
    st = battle(
        [ship("A", 0, (4, 1), heading=5, type="large"), ship("B", 1, (14, 1))], wind=5, rows=14
    )
    full = next(
        k for k, r in st.move_options(st.ships["A"]).items() if r.steps == 3 and r.turns == 0
    )
    st.apply(Move("A", full[0], full[1]), scripted())
    for _ in range(2):
        st.apply(RollExtra("A"), scripted(5))
        move = next(a for a in st.legal_actions() if isinstance(a, ExtraMove) and a.heading == 5)
        st.apply(move, scripted())
        assert st.ts.step == "extra"
    st.apply(RollExtra("A"), scripted(1))
    assert not any(isinstance(a, RollExtra | ExtraMove) for a in st.legal_actions())


def test_damaged_sailing_gear_moves_only_on_four_to_six() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    st.ships["A"].gear = 3  # half of 6
    legal = st.legal_actions()
    assert GearCheck("A") in legal and not any(isinstance(a, Move) for a in legal)
    with pytest.raises(IllegalAction, match="roll to move first"):
        st.apply(Move("A", st.ships["A"].hex, 5), scripted())
    st.apply(GearCheck("A"), scripted(3))
    assert "she cannot move" in st.events[-2]
    assert st.ships["A"].hex == st.sea.from_offset(4, 2)


def test_islands_block_movement_with_a_reason() -> None:
    # an island square around the hexes south of A
    st = battle(
        [ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))],
        wind=5,
        islands=[[[20, 24], [40, 24], [40, 60], [20, 60]]],
    )
    a = st.ships["A"]
    land = next(iter(st.sea.land))
    assert all(k[0] not in st.sea.land for k in st.move_options(a))
    with pytest.raises(IllegalAction, match="islands block movement"):
        st.apply(Move("A", land, 5), scripted())
    assert st.ships["A"].hex == a.hex


def test_refused_move_changes_nothing() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="out of reach"):
        st.apply(Move("A", st.sea.from_offset(4, 9), 5), scripted())
    assert st.to_json() == before


def test_ship_may_not_act_out_of_turn() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    with pytest.raises(IllegalAction, match="it is A's turn"):
        st.apply(EndShipTurn("B"), scripted())


def test_reduced_sail_is_declared_before_moving_and_only_once() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    st.ships["A"].reduced_sail = 2
    assert ReduceSail("A") not in st.legal_actions()
    with pytest.raises(IllegalAction, match="already under reduced sail"):
        st.apply(ReduceSail("A"), scripted())


def test_reduced_sail_counts_down_each_turn() -> None:
    from wargame.naval.actions import TurnCount, TurnRoll

    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    st.apply(ReduceSail("A"), scripted())
    st.apply(EndShipTurn("A"), scripted())
    st.apply(EndShipTurn("B"), scripted())
    assert st.ships["A"].reduced_sail == 3
    st.apply(TurnCount(0, TurnRoll.PASS), scripted())
    assert st.phase == "countdown"


def test_small_ship_against_the_wind_may_roll_for_one_hex() -> None:
    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (14, 10))], wind=5)
    st.apply(Move("A", st.ships["A"].hex, 1), scripted())  # turns one face, no hex
    assert st.ts.step == "extra"
    st.apply(RollExtra("A"), scripted(4))
    assert st.ts.step == "extra_move"


def test_medium_ship_against_the_wind_gets_no_extra_roll() -> None:
    st = battle([ship("A", 0, (4, 6), heading=2, type="medium"), ship("B", 1, (14, 10))], wind=5)
    st.apply(Move("A", st.ships["A"].hex, 2), scripted())
    assert (
        st.ts is None
        or st.ts.ship != "A"
        or not any(isinstance(a, RollExtra) for a in st.legal_actions())
    )


def test_sailing_off_the_table_edge_leaves_the_battle() -> None:
    from wargame.naval.movement import is_off_table
    from wargame.naval.ship import Status

    st = battle([ship("A", 0, (4, 0), heading=2), ship("B", 1, (14, 10))], wind=2)
    off = [a for a in st.legal_actions() if isinstance(a, Move) and is_off_table(tuple(a.to))]
    assert off
    st.apply(off[0], scripted())
    assert st.ships["A"].status is Status.LEFT
    assert st.is_terminal() and st.scores() == {0: 0, 1: 0}  # sailing off scores nothing


def test_other_ships_block_movement() -> None:
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (4, 3))], wind=5)
    assert all(k[0] != st.ships["B"].hex for k in st.move_options(st.ships["A"]))
    with pytest.raises(IllegalAction, match="another ship"):
        st.apply(Move("A", st.ships["B"].hex, 5), scripted())


def test_a_ship_that_sails_off_the_table_ends_her_turn_at_once() -> None:
    """Issue 18: she kept the phase and was offered naval.fire from her old hex."""
    from wargame.naval.actions import Fire
    from wargame.naval.movement import is_off_table
    from wargame.naval.ship import Status

    st = battle(
        [ship("A", 0, (4, 0), heading=2), ship("C", 0, (10, 10)), ship("B", 1, (5, 1))],
        wind=2,
    )
    off = [a for a in st.legal_actions() if isinstance(a, Move) and is_off_table(tuple(a.to))]
    assert off
    st.apply(off[0], scripted())
    assert st.ships["A"].status is Status.LEFT
    st.check_invariants()
    assert st.ts is not None and st.ts.ship != "A"
    assert not any(getattr(a, "ship", None) == "A" for a in st.legal_actions())
    assert not any(isinstance(a, Fire) and a.ship == "A" for a in st.legal_actions())


def test_reduced_sail_and_the_extra_hex_are_treated_like_the_voluntary_reduction() -> None:
    """Issue 28: a ship under reduced sail that makes her (reduced) move may not roll for
    an extra hex, as a ship that took the voluntary one-hex reduction may not; the rules
    switch movement.extra_under_reduced_sail lets her roll."""
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5)
    st.apply(ReduceSail("A"), scripted())
    a = st.ships["A"]
    full = next(k for k, r in st.move_options(a).items() if r.steps == 2 and r.turns == 0)
    st.apply(Move("A", full[0], full[1]), scripted())
    assert not any(isinstance(x, RollExtra) for x in st.legal_actions())

    R = naval_rules()
    lax = R.model_copy(
        update={"movement": R.movement.model_copy(update={"extra_under_reduced_sail": True})}
    )
    st = battle([ship("A", 0, (4, 2), heading=5), ship("B", 1, (14, 10))], wind=5, rules=lax)
    st.apply(ReduceSail("A"), scripted())
    a = st.ships["A"]
    full = next(k for k, r in st.move_options(a).items() if r.steps == 2 and r.turns == 0)
    st.apply(Move("A", full[0], full[1]), scripted())
    assert RollExtra("A") in st.legal_actions()


def test_sailing_off_names_the_edge_she_crosses_and_a_corner_counts_for_both() -> None:
    """Issue 39: the way off the table is part of the move (the player picks it, the log
    says it); stepping past two edges at once is the corner."""
    from wargame.naval.movement import exit_of

    st = battle([ship("A", 0, (0, 11), heading=4), ship("B", 1, (14, 5))], wind=4)
    ways = {
        exit_of(tuple(a.to))
        for a in st.legal_actions()
        if isinstance(a, Move) and tuple(a.to) not in st.sea.hexes
    }
    assert "south-west" in ways or {"south", "west"} <= ways
    assert st.sea.exit_name(st.sea.from_offset(-1, 12)) == "south-west"
    assert st.sea.exit_name(st.sea.from_offset(3, 12)) == "south"


def test_a_small_ship_against_the_wind_turns_one_face_in_the_whole_turn() -> None:
    """Issue 39 (seed: "Against the Wind  Turn 1 hex face"): she turned one face in the
    basic move and another before the extra hex she rolled for."""
    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (14, 10))], wind=5)
    a = st.ships["A"]
    st.apply(Move("A", a.hex, 3), scripted())  # turns one face, no hex
    st.apply(RollExtra("A"), scripted(6))
    extra = [x for x in st.legal_actions() if isinstance(x, ExtraMove)]
    assert extra and {x.heading for x in extra} == {3}  # straight ahead only
    with pytest.raises(IllegalAction):
        st.apply(ExtraMove("A", st.sea.neighbour(a.hex, 4), 4), scripted())


def test_a_small_ship_against_the_wind_may_keep_her_turn_for_the_extra_hex() -> None:
    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (14, 10))], wind=5)
    a = st.ships["A"]
    st.apply(Move("A", a.hex, 2), scripted())  # no turn in the basic move
    st.apply(RollExtra("A"), scripted(6))
    extra = {x.heading for x in st.legal_actions() if isinstance(x, ExtraMove)}
    assert extra == {1, 2, 3}
