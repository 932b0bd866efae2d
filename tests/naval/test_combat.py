"""Sections 19 (hits), 17.2 (grappling), 17.4 (boarding) and 20 (morale)."""

from __future__ import annotations

import pytest

from tests.naval.helpers import battle, place, scripted, ship
from wargame.errors import IllegalAction
from wargame.naval import combat
from wargame.naval.actions import Board, ChooseGun, Fire, Grapple
from wargame.naval.rules import Position, Quality, naval_rules
from wargame.naval.ship import Status

R = naval_rules()
A_HEX = (4, 4)  # offset (4, 6)


def duel(b_heading: int = 1, b_north: int = 2, **b_kw: object):  # noqa: ANN201
    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (12, 2), **b_kw)])
    place(st, "B", (4, 4 - b_north), b_heading)
    return st


def test_hull_hits_reduce_the_side_facing_the_firer_and_fire_breaks_out_on_five() -> None:
    st = duel()
    # bow light gun, 10 cm short, first shot: 5 -2 +1 +2 = 6 dice
    st.apply(Fire("A", Position.BOW, "B", "hull"), scripted(6, 6, 1, 1, 1, 1, 5, 1))
    b = st.ships["B"]
    assert b.hull[Position.STARBOARD] == 4 and b.hull[Position.LARBOARD] == 6
    assert b.fire
    assert st.ships["A"].batteries[Position.BOW].first_shot_used
    assert "basic 5 first shot +2 light gun -2 short range +1 = 6 d6" in "\n".join(st.events)


def test_second_shot_loses_the_first_shot_bonus() -> None:
    st = duel()
    a = st.ships["A"]
    a.batteries[Position.BOW].first_shot_used = True
    st.apply(
        Fire("A", Position.BOW, "B", "hull"), scripted(1, 1, 1, 1, 1)
    )  # 4 dice, then return roll
    assert "= 4 d6" in "\n".join(st.events)


def test_raking_shot_adds_two_and_lets_the_firer_choose_the_side() -> None:
    st = duel(b_heading=5)  # B points her bow at A
    with pytest.raises(IllegalAction, match="must choose the side"):
        st.apply(Fire("A", Position.BOW, "B", "hull"), scripted())
    # 8 dice: 3 hits on larboard -> 3 points left: critical at 3 or less, 3 = no guns may fire
    st.apply(
        Fire("A", Position.BOW, "B", "hull", "larboard"), scripted(6, 6, 6, 1, 1, 1, 1, 1, 1, 3)
    )
    b = st.ships["B"]
    assert b.hull[Position.LARBOARD] == 3 and b.guns_silenced
    assert combat.battery_can_fire(b, Position.BOW) is not None


def test_critical_at_half_points_one_sinks() -> None:
    st = duel(hull_per_side=10)
    st.apply(Fire("A", Position.BOW, "B", "hull"), scripted(6, 6, 6, 6, 6, 1, 1, 1))
    assert st.ships["B"].status is Status.SUNK
    assert st.is_terminal() and st.outcome().winner == 0


@pytest.mark.parametrize(
    ("roll", "effect"), [(1, "sinks"), (2, "magazine"), (3, "listing"), (4, "none")]
)
def test_critical_half_table_rows(roll: int, effect: str) -> None:
    s = duel(hull_per_side=10).ships["B"]
    combat.hull_hits(s, Position.LARBOARD, 5, R, scripted(1, roll), lambda _t: None)
    assert (s.status is Status.SUNK) == (effect in ("sinks", "magazine"))
    assert s.listing == (effect == "listing")


@pytest.mark.parametrize(
    ("roll", "sunk", "silenced"),
    [(1, True, False), (2, True, False), (3, False, True), (4, False, True), (5, False, False)],
)
def test_critical_three_points_table_rows(roll: int, sunk: bool, silenced: bool) -> None:
    s = duel().ships["B"]
    combat.hull_hits(s, Position.LARBOARD, 3, R, scripted(1, roll), lambda _t: None)
    assert (s.status is Status.SUNK, s.guns_silenced) == (sunk, silenced)


def test_listing_ship_fires_only_light_guns() -> None:
    s = duel(type="medium").ships["B"]
    s.listing = True
    assert combat.battery_can_fire(s, Position.BOW) is None  # light
    assert "only light guns" in combat.battery_can_fire(s, Position.LARBOARD)


def test_gear_hits_and_mast_fall_hit_the_crew_twice_and_may_kill_the_captain() -> None:
    st = duel()
    # 2 hits on gear, gamble 6 = mast: -4; crew 5 (fighting) and 3 (gun); captain gamble 5
    st.apply(Fire("A", Position.BOW, "B", "gear"), scripted(6, 6, 1, 1, 1, 1, 6, 5, 3, 5, 1))
    b = st.ships["B"]
    assert b.gear == 0
    assert b.fighting_points == 3
    assert b.guns_owed == 1 and st.phase == "choose_gun"  # the owner picks the gun
    assert not b.captain_alive
    st.apply(ChooseGun("B", Position.STARBOARD), scripted(1))
    assert b.gun_crews == 4 and b.batteries[Position.STARBOARD].guns == 1


def test_spar_fall_loses_two_points_and_one_crew_hit() -> None:
    s = duel().ships["B"]
    combat.gear_hits(s, 1, False, R, scripted(5, 6), lambda _t: None)
    assert s.gear == 6 - 1 - 2 and s.fighting_points == 3


@pytest.mark.parametrize(
    ("close", "roll", "guns", "fp"),
    [
        (True, 1, 5, 4),
        (True, 2, 5, 4),
        (True, 3, 4, 4),
        (True, 4, 4, 4),
        (True, 5, 5, 3),
        (True, 6, 5, 3),
        (False, 4, 5, 4),
        (False, 5, 4, 4),
        (False, 6, 5, 3),
    ],
)
def test_crew_hit_table_rows(close: bool, roll: int, guns: int, fp: int) -> None:
    s = duel().ships["B"]
    combat.crew_hits(s, 1, close, R, scripted(roll, 1), lambda _t: None)
    # a gun destroyed waits for the owner's choice of position
    assert (s.gun_crews - s.guns_owed, s.fighting_points) == (guns, fp)


def test_captain_gamble_only_within_ten_cm() -> None:
    s = duel().ships["B"]
    combat.crew_hits(s, 1, False, R, scripted(6), lambda _t: None)
    assert s.captain_alive  # no gamble die was asked for at long range


def test_fire_does_d6_minus_one_then_five_six_puts_it_out() -> None:
    s = duel().ships["B"]
    s.fire = True
    # 3 damage leaves 3 points: the critical roll (5: no effect) comes before the put-out roll
    combat.fire_damage(s, Position.STARBOARD, R, scripted(4, 5, 5), lambda _t: None)
    assert s.hull[Position.STARBOARD] == 6 - 3 and s.hull[Position.LARBOARD] == 6
    assert not s.fire


def test_out_of_arc_fire_is_refused_with_the_reason() -> None:
    st = duel()
    with pytest.raises(IllegalAction, match="not in the starboard arc"):
        st.apply(Fire("A", Position.STARBOARD, "B", "hull"), scripted())


def test_out_of_range_fire_is_refused() -> None:
    st = duel(b_north=7)  # 35 cm: beyond light guns
    with pytest.raises(IllegalAction, match="beyond the 30 cm"):
        st.apply(Fire("A", Position.BOW, "B", "hull"), scripted())


def test_return_fire_on_five_six() -> None:
    st = duel()
    st.apply(Fire("A", Position.BOW, "B", "hull"), scripted(1, 1, 1, 1, 1, 1, 5))
    assert st.phase == "return" and st.current_player() == 1
    # B lies on A's bow axis: the return shot rakes A, B chooses the side
    st.apply(
        Fire("B", Position.STARBOARD, "A", "hull", "larboard"), scripted(6, 1, 1, 1, 1, 1, 1, 1, 1)
    )
    assert st.phase == "ship"
    assert st.ships["A"].hull_total == 11


# -- grappling ---------------------------------------------------------------------------
def silence(s) -> None:  # noqa: ANN001
    """Every gun crew of ship ``s`` lost."""
    for b in s.batteries.values():
        b.guns = 0


@pytest.mark.parametrize(
    ("setup", "mod"),
    [
        ({}, 0),
        ({"quality": "hardened"}, 1),
        ({"target_type": "merchantman"}, 1),
        ({"no_crew": True}, 0),
        ({"no_guns": True}, 0),
        ({"no_crew": True, "no_guns": True}, 1),
        ({"low_gear": True}, 1),
    ],
)
def test_grapple_modifier_rows(setup: dict, mod: int) -> None:
    st = duel(b_north=1, type=setup.get("target_type", "small"))
    a, b = st.ships["A"], st.ships["B"]
    if setup.get("quality"):
        a.quality = Quality(setup["quality"])
    if setup.get("no_crew"):
        b.fighting_points = 0
    if setup.get("no_guns"):
        silence(b)
    if setup.get("low_gear"):
        b.gear = 2
    assert combat.grapple_modifier(a, b, R)[0] == mod


def test_grapple_needs_a_six_and_uses_up_the_points() -> None:
    st = duel(b_north=1)
    st.apply(Grapple("A", "B", 3), scripted(5, 5, 6))
    assert st.ships["A"].grappled == ("B",) and st.ships["B"].grappled == ("A",)
    assert st.ts.fp_used == 3


def test_grapple_fails_on_fives_without_modifiers() -> None:
    st = duel(b_north=1)
    st.apply(Grapple("A", "B", 4), scripted(5, 5, 5, 5))
    assert st.ships["A"].grappled == ()


def test_grapple_merchant_succeeds_on_five() -> None:
    st = duel(b_north=1, type="merchantman")
    st.apply(Grapple("A", "B", 2), scripted(5, 1))
    assert st.ships["A"].grappled == ("B",)


def test_grapple_needs_touching_hexes() -> None:
    st = duel(b_north=2)
    with pytest.raises(IllegalAction, match="touching"):
        st.apply(Grapple("A", "B", 1), scripted())


# -- boarding ------------------------------------------------------------------------------
def grappled():  # noqa: ANN201
    st = duel(b_north=1)
    st.ships["A"].grappled = ("B",)
    st.ships["B"].grappled = ("A",)
    return st


def test_boarding_dice_count_every_factor() -> None:
    st = grappled()
    a = st.ships["A"]
    a.quality = Quality.HARDENED
    n, parts = combat.boarding_dice(
        a, attacker=True, captain=True, first_of_game=True, fighting=4, rules=R, won_last=True
    )
    # 4 fighting + 2 captain + 2 won last + 2 first + 2 hardened + 2 (5 gun crews: per four or part)
    assert n == 14, parts
    a.quality = Quality.SCURVY
    n, _ = combat.boarding_dice(
        a, attacker=False, captain=True, first_of_game=True, fighting=4, rules=R, won_last=True
    )
    assert n == 4 + 2 - 2 + 2


def test_attacker_kills_more_and_seizes_the_ship() -> None:
    st = grappled()
    # A: 4 fp + 2 first + 2 guns = 8 dice; B: 4 + 2 = 6 dice
    st.apply(Board("A", "B", False), scripted(5, 5, 5, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 6, 1, 1, 1))
    b = st.ships["B"]
    assert b.status is Status.SURRENDERED and b.captured_by == 0
    assert b.fighting_points == 1 and st.ships["A"].fighting_points == 3
    assert st.is_terminal() and st.scores()[0] == R.score.captured["small"]


def test_defender_kills_more_kills_captain_and_degrapples() -> None:
    st = grappled()
    st.apply(Board("A", "B", False), scripted(1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 1, 1, 1, 1, 6, 2))
    a = st.ships["A"]
    assert not a.captain_alive and a.grappled == () and a.fighting_points == 2
    assert st.ships["B"].won_last_fight == ("A", st.turn_no)


def test_defender_kills_more_without_degrapple_must_become_attacker() -> None:
    st = grappled()
    st.apply(Board("A", "B", False), scripted(1, 1, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 3))
    assert st.ships["B"].must_board and st.ships["A"].grappled == ("B",)


def test_neither_kills_more_ships_stay_grappled() -> None:
    st = grappled()
    st.apply(Board("A", "B", False), scripted(*([1] * 14)))
    assert st.ships["A"].grappled == ("B",)
    assert any("stay grappled" in e for e in st.events)


def test_second_fight_kills_only_on_six() -> None:
    st = grappled()
    st.ships["A"].fights["B"] = 1
    st.boarded_ever = True
    st.apply(Board("A", "B", False), scripted(5, 5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1))
    assert st.ships["B"].fighting_points == 4


def test_captain_joining_gambles_his_life_and_may_surrender_the_ship() -> None:
    st = grappled()
    # 10 dice vs 6, nobody kills; captain gamble 5 = killed; 3 = surrenders to a warship
    st.apply(Board("A", "B", True), scripted(*([1] * 16), 5, 3))
    a = st.ships["A"]
    assert not a.captain_alive and a.status is Status.SURRENDERED


# -- morale ----------------------------------------------------------------------------------
def test_morale_six_fails_and_drops_crew_quality() -> None:
    s = duel().ships["B"]
    s.quality = Quality.HARDENED
    combat.morale_test(s, R, scripted(6), lambda _t: None)
    assert s.quality is Quality.ABLE
    combat.morale_test(s, R, scripted(5), lambda _t: None)
    assert s.quality is Quality.ABLE


def test_morale_fails_on_five_when_the_captain_is_dead() -> None:
    s = duel().ships["B"]
    s.captain_alive = False
    combat.morale_test(s, R, scripted(5), lambda _t: None)
    assert s.quality is Quality.SCURVY


def test_scurvy_crew_failing_morale_sails_from_the_table_or_surrenders_if_boarded() -> None:
    s = duel().ships["B"]
    s.quality = Quality.SCURVY
    combat.morale_test(s, R, scripted(6), lambda _t: None)
    assert s.status is Status.LEFT and s.driven_off
    s2 = grappled().ships["B"]
    s2.quality = Quality.SCURVY
    combat.morale_test(s2, R, scripted(6), lambda _t: None)
    assert s2.status is Status.SURRENDERED


def test_ship_at_half_strength_takes_morale_when_damaged_in_a_ship_turn() -> None:
    st = duel()
    b = st.ships["B"]
    b.hull[Position.LARBOARD] = 3
    b.hull[Position.STARBOARD] = 4
    # 1 hit on starboard (4 -> 3: critical table, 5 = none), fire gamble 1, return roll 1,
    # then A's turn ends by itself and B tests morale: 6 fails
    st.apply(Fire("A", Position.BOW, "B", "hull"), scripted(6, 1, 1, 1, 1, 1, 1, 5, 1, 6))
    assert b.quality is Quality.SCURVY
    assert any("takes morale: 6, fails" in e for e in st.events)


def test_an_island_between_the_ships_blocks_the_line_of_fire() -> None:
    # land around the hex between A (offset 4,6) and B two hexes north
    st = battle(
        [ship("A", 0, (4, 6), heading=2), ship("B", 1, (4, 4), heading=1)],
        islands=[[[17.0, 24.0], [23.0, 24.0], [23.0, 28.0], [17.0, 28.0]]],
    )
    assert st.sea.land
    with pytest.raises(IllegalAction, match="island blocks"):
        st.apply(Fire("A", Position.BOW, "B", "hull"), scripted())


def test_grappled_ship_cannot_move_but_may_try_to_cut_free_on_four() -> None:
    from wargame.naval.actions import CutFree, Move

    st = grappled()
    legal = st.legal_actions()
    assert not any(isinstance(a, Move) for a in legal) and CutFree("A") in legal
    st.apply(CutFree("A"), scripted(4))
    assert st.ships["A"].grappled == () and st.ships["B"].grappled == ()


def test_winner_of_a_boarding_must_board_in_its_own_turn() -> None:
    from wargame.naval.actions import EndShipTurn

    st = grappled()
    st.apply(Board("A", "B", False), scripted(1, 1, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 3))
    if st.ts.ship == "A":
        st.apply(EndShipTurn("A"), scripted())
    assert st.ts.ship == "B"
    assert EndShipTurn("B") not in st.legal_actions()
    with pytest.raises(IllegalAction, match="must become the attacker"):
        st.apply(EndShipTurn("B"), scripted())


def test_hold_fire_declines_the_return_shot() -> None:
    from wargame.naval.actions import HoldFire

    st = duel()
    st.apply(Fire("A", Position.BOW, "B", "hull"), scripted(1, 1, 1, 1, 1, 1, 6))
    assert st.phase == "return" and HoldFire("B") in st.legal_actions()
    st.apply(HoldFire("B"), scripted())
    assert st.phase == "ship" and st.ships["A"].hull_total == 12


def test_a_battery_fires_only_once_a_turn() -> None:
    st = duel()
    st.apply(Fire("A", Position.BOW, "B", "hull"), scripted(1, 1, 1, 1, 1, 1, 1))
    if st.ts is not None and st.ts.ship == "A":
        with pytest.raises(IllegalAction, match="fired this turn"):
            st.apply(Fire("A", Position.BOW, "B", "hull"), scripted())


def test_firing_closes_the_move_step() -> None:
    from wargame.naval.actions import Move

    st = battle([ship("A", 0, (4, 6), heading=2, type="medium"), ship("B", 1, (4, 2), heading=1)])
    st.apply(Fire("A", Position.BOW, "B", "hull"), scripted(1, 1, 1, 1, 1, 1))
    assert not any(isinstance(a, Move) for a in st.legal_actions() if st.ts and st.ts.ship == "A")
    if st.ts is not None and st.ts.ship == "A":
        with pytest.raises(IllegalAction, match="past that step"):
            st.apply(Move("A", st.ships["A"].hex, 2), scripted())


def test_starboard_to_starboard_exchange_gets_a_return_fire_roll() -> None:
    """Issue 18: the return roll was skipped when the target's bearing battery had the same
    name as one the firer had used this turn."""
    st = battle(
        [
            ship("A", 0, (4, 6), heading=2, type="medium"),
            ship("B", 1, (12, 2), heading=5, type="medium"),
        ]
    )
    place(st, "B", (6, 3), 5)  # side by side on opposite courses: starboard faces starboard
    st.apply(Fire("A", Position.STARBOARD, "B", "hull"), scripted(*([1] * 8), 5))
    assert st.phase == "return" and st.ret == ("B", "A")
    assert any(isinstance(a, Fire) and a.battery == Position.STARBOARD for a in st.legal_actions())
    st.apply(Fire("B", Position.STARBOARD, "A", "hull"), scripted(*([1] * 8)))
    assert st.phase == "ship" and st.ships["A"].hull_total == 18


def test_a_bearing_on_an_arc_boundary_belongs_to_the_broadside_only() -> None:
    """Issue 18: boundaries belonged to both arcs, so a bow gun and a broadside could both
    fire at one target from one bearing. The seed names no arcs; the ruling gives a
    boundary bearing to the broadside (rules data arcs.boundary)."""
    from wargame.naval.sea import in_arc

    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (12, 2))])
    a = st.ships["A"]
    on_edge = [
        h
        for h in st.sea.hexes
        if h != a.hex and abs(abs(st.sea.relative_bearing(a.hex, a.heading, h)) - 30.0) < 1e-6
    ]
    assert on_edge
    for h in on_edge:
        rel = st.sea.relative_bearing(a.hex, a.heading, h)
        arcs = [p for p in Position if in_arc(rel, p, R)]
        assert arcs == [Position.STARBOARD if rel > 0 else Position.LARBOARD]
    near = min(on_edge, key=lambda h: st.sea.distance_cm(a.hex, h))
    place(st, "B", near, 0)
    batteries = {f.battery for f in st.fire_options(a, [st.ships["B"]])}
    assert len(batteries) == 1


def test_won_last_turns_fight_bonus_lapses_after_the_next_turn() -> None:
    """Issue 18: the +2 for winning a boarding stayed for good and against any ship."""
    st = grappled()
    # A: 8 dice kill 3, B: 6 dice kill 1; two extra kills: no seizure, captain lives
    st.apply(Board("A", "B", False), scripted(5, 5, 5, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1))
    a, b = st.ships["A"], st.ships["B"]
    assert a.won_last_fight == ("B", 1) and b.in_play
    st.turn_no = 2
    (_, parts), _ = st.boarding_matchup(a, b, captain=False)
    assert "won last fight +2" in parts
    st.turn_no = 3
    (_, parts), _ = st.boarding_matchup(a, b, captain=False)
    assert "won last fight +2" not in parts


def test_fire_damage_rolls_on_the_critical_tables() -> None:
    """Issue 18: a side burnt to 3 points or less never rolled for a critical."""
    s = duel().ships["B"]
    s.fire = True
    # 5 - 1 = 4 damage: 2 points left (3 or less), critical 1 = the ship sinks
    combat.fire_damage(s, Position.STARBOARD, R, scripted(5, 1), lambda _t: None)
    assert s.hull[Position.STARBOARD] == 2
    assert s.status is Status.SUNK


def test_grapple_no_crew_bonus_needs_neither_fighting_points_nor_gun_crew() -> None:
    """17.2 "+1 No fighting points or gun crew on the opposing ship": only when neither
    is left (the plain reading); "either" is the rules switch."""
    st = duel(b_north=1)
    a, b = st.ships["A"], st.ships["B"]
    b.fighting_points = 0
    assert combat.grapple_modifier(a, b, R)[0] == 0
    either = R.model_copy(
        update={"grapple": R.grapple.model_copy(update={"vs_no_crew_when": "either"})}
    )
    assert combat.grapple_modifier(a, b, either)[0] == 1
    silence(b)
    assert combat.grapple_modifier(a, b, R)[0] == 1


def test_a_ship_that_must_board_may_not_cut_free() -> None:
    """17.4 "If Defender kills more ... Must become attacker": that ship may not dodge the
    duty by cutting free in her turn (cutting free is our ruling from "4,5,6=degrapple";
    the switch movement.cut_free_when_must_board allows it)."""
    from wargame.naval.actions import CutFree

    st = grappled()
    st.apply(Board("A", "B", False), scripted(1, 1, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 3))
    if st.ts.ship == "A":
        from wargame.naval.actions import EndShipTurn

        st.apply(EndShipTurn("A"), scripted())
    assert st.ts.ship == "B" and st.ships["B"].must_board
    assert CutFree("B") not in st.legal_actions()
    with pytest.raises(IllegalAction, match="must board"):
        st.apply(CutFree("B"), scripted(6))
    assert st.ships["B"].grappled


def test_a_shot_along_the_shared_edge_of_two_land_hexes_is_blocked() -> None:
    """Issue 39: a wall of three land hexes (column 4, rows 4-6); A and B in the hexes
    beside its middle (columns 3 and 5 of row 5 sit half a hex lower): the line between
    them runs exactly along the edge the land hexes (4, 5) and (4, 6) share, half a hex
    width from both centres, so the old test (closer than that to a centre) let it by."""
    from wargame.naval.sea import Sea

    probe = Sea(16, 12, 5.0, "flat")
    cx, _ = probe.centre(probe.from_offset(4, 5))
    _, top = probe.centre(probe.from_offset(4, 4))
    _, bottom = probe.centre(probe.from_offset(4, 6))
    half = 5.0 / 2
    wall = [[cx - 1.7, top - half], [cx + 1.7, top - half], [cx + 1.7, bottom + half],
            [cx - 1.7, bottom + half]]  # fmt: skip
    st = battle(
        [ship("A", 0, (3, 5), heading=0), ship("B", 1, (5, 5), heading=4)],
        islands=[wall],
    )
    sea = st.sea
    assert {sea.to_offset(h) for h in sea.land} == {(4, 4), (4, 5), (4, 6)}
    a, b = st.ships["A"].hex, st.ships["B"].hex
    ya, yb = sea.centre(a)[1], sea.centre(b)[1]
    shared = (sea.centre(sea.from_offset(4, 5))[1] + sea.centre(sea.from_offset(4, 6))[1]) / 2
    assert ya == pytest.approx(shared) and yb == pytest.approx(shared)  # along the edge
    assert not sea.line_of_fire_clear(a, b)
    assert not any(isinstance(x, Fire) and x.target == "B" for x in st.legal_actions())
    # the coast itself does not block: a line touching the wall's outer corner only
    assert sea.line_of_fire_clear(sea.from_offset(3, 3), sea.from_offset(5, 3))
