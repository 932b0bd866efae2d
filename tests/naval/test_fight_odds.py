"""The exact odds of boarding, grappling, morale and the turn rolls, checked against
the engine over every fall of the dice and against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from tests.exact_dice import outcomes
from tests.naval.helpers import battle, place, ship
from wargame.core.dice import DiceService
from wargame.core.probability import binomial, chance_at_least
from wargame.naval import combat, fight_odds
from wargame.naval.actions import Board, Grapple
from wargame.naval.rules import Position, Quality, naval_rules
from wargame.naval.ship import Status

R = naval_rules()


def grappled(a_fp: int = 2, b_fp: int = 1, guns: bool = False):  # noqa: ANN201
    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (12, 2))])
    place(st, "B", (4, 3), 1)
    st.ships["A"].grappled = ("B",)
    st.ships["B"].grappled = ("A",)
    st.ships["A"].fighting_points = a_fp
    st.ships["B"].fighting_points = b_fp
    if not guns:
        for s in st.ships.values():
            for b in s.batteries.values():
                b.guns = 0
    return st


def _board_results(st, captain: bool):  # noqa: ANN001, ANN202
    a0, b0 = st.ships["A"].fighting_points, st.ships["B"].fighting_points

    def run(dice):  # noqa: ANN001, ANN202
        s = st.clone()
        n0 = len(s.events)
        s.apply(Board("A", "B", captain), dice)
        a, b = s.ships["A"], s.ships["B"]
        return (
            "win" if a.won_last_fight else "lose" if b.won_last_fight else "draw",
            a0 - a.fighting_points + a.guns_owed,
            b0 - b.fighting_points + b.guns_owed,
            b.status is Status.SURRENDERED,
            not b.captain_alive,
            not a.captain_alive,
            any("thrown apart" in e for e in s.events[n0:]),
            a.status is Status.SURRENDERED,
        )

    return outcomes(run, faces=_classes)


def _split(on: int) -> dict[int, int]:
    """The faces of a die read against one threshold: below it, and at or above it."""
    return {on - 1: on - 1, 6: 7 - on} if on > 1 else {6: 6}


def _classes(purpose: str) -> dict[int, int]:
    """Each roll of 17.4 reads one threshold from the rules data (told apart by its
    purpose); the faces on each side of it do the same, so one face stands for them.
    The extra kills of a defender read two (captain, degrapple): all six faces."""
    b = R.boarding
    for words, on in (
        ("5+ kills", 5),
        ("6+ kills", 6),
        ("seize", b.attacker_seize_on),
        ("kill B's captain", b.attacker_captain_on),
        ("captain's gamble", b.captain_gamble_on),
        ("surrender", b.surrender_on),
    ):
        if words in purpose:
            return _split(on)
    return {v: 1 for v in range(1, 7)}


def _p(dist: dict, test) -> Fraction:  # noqa: ANN001
    return sum((p for k, p in dist.items() if test(k)), Fraction(0))


@pytest.mark.parametrize("captain", [False, True])
@pytest.mark.parametrize("first", [True, False])
def test_boarding_odds_equal_the_engine_over_every_fall_of_the_dice(
    captain: bool, first: bool
) -> None:
    st = grappled(a_fp=0 if captain else 2)
    st.boarded_ever = True  # no first-boarding bonus: few enough dice to walk every fall
    if not first:
        st.ships["A"].fights["B"] = 1  # a later fight: kills on 6 only
    o = fight_odds.boarding_odds(st, st.ships["A"], st.ships["B"], captain=captain)
    assert o.kill_on == (R.boarding.kill_on if first else R.boarding.kill_on_later)
    got = _board_results(st, captain)
    assert sum(got.values()) == 1
    assert o.win == _p(got, lambda k: k[0] == "win")
    assert o.draw == _p(got, lambda k: k[0] == "draw")
    assert o.lose == _p(got, lambda k: k[0] == "lose")
    assert o.my_losses == sum(k[1] * p for k, p in got.items())
    assert o.their_losses == sum(k[2] * p for k, p in got.items())
    assert o.seize == _p(got, lambda k: k[3])
    assert o.their_captain == _p(got, lambda k: k[4])
    assert o.my_captain == _p(got, lambda k: k[5])
    assert o.thrown_apart == _p(got, lambda k: k[6])
    assert o.surrender == _p(got, lambda k: k[7])


def test_boarding_dice_on_the_button_are_the_engines_dice() -> None:
    st = grappled(4, 4, guns=True)
    o = fight_odds.boarding_odds(st, st.ships["A"], st.ships["B"], captain=True)
    # 4 fighting + 2 captain + 2 first boarding + 2 gun crews; 4 + 2 gun crews
    assert (o.dice, o.their_dice) == (10, 6)
    st.apply(Board("A", "B", True), DiceService(_Counting()))
    assert any("10 dice" in e and "against 6" in e for e in st.events)


class _Counting:
    """Dice that always roll 1 (nobody kills), for reading the engine's log."""

    def values(self, request):  # noqa: ANN001, ANN201
        return (1,) * request.count


def test_boarding_win_draw_lose_match_a_brute_force_over_every_die() -> None:
    st = grappled(4, 4, guns=True)
    o = fight_odds.boarding_odds(st, st.ships["A"], st.ships["B"], captain=False)
    p = chance_at_least(o.kill_on)
    win = draw = Fraction(0)
    # each die either kills or not: 2^(10+6) patterns instead of 6^16 faces
    for pattern in itertools.product((0, 1), repeat=o.dice + o.their_dice):
        w = Fraction(1)
        for hit in pattern:
            w *= p if hit else 1 - p
        ka, kd = sum(pattern[: o.dice]), sum(pattern[o.dice :])
        win += w if ka > kd else 0
        draw += w if ka == kd else 0
    assert (o.win, o.draw) == (win, draw)
    assert o.win + o.draw + o.lose == 1
    assert o.kills == binomial(o.dice, p)


@pytest.mark.parametrize("points", [1, 2, 3])
@pytest.mark.parametrize("merchant", [False, True])
def test_grapple_odds_equal_the_engine(points: int, merchant: bool) -> None:
    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (12, 2))])
    place(st, "B", (4, 3), 1)
    if merchant:
        st.ships["A"].quality = Quality.HARDENED
    a = next(x for x in st.legal_actions() if isinstance(x, Grapple))
    want = fight_odds.grapple_odds(st, st.ships["A"], st.ships[a.target], points)

    def run(dice):  # noqa: ANN001, ANN202
        s = st.clone()
        s.apply(Grapple("A", a.target, points), dice)
        return s.ships["A"].grappled != ()

    got = outcomes(run)
    assert want == got.get(True, 0)
    assert want == 1 - (1 - chance_at_least(R.grapple.hit_on, 1 if merchant else 0)) ** points


@pytest.mark.parametrize("captain_alive", [True, False])
def test_morale_odds_equal_the_engine(captain_alive: bool) -> None:
    st = grappled()
    s = st.ships["B"]
    s.captain_alive = captain_alive

    def run(dice):  # noqa: ANN001, ANN202
        c = s.copy() if hasattr(s, "copy") else st.clone().ships["B"]
        combat.morale_test(c, R, dice, lambda _t: None)
        return c.quality is not s.quality or c.status is not s.status

    got = outcomes(run)
    assert fight_odds.morale_fail(s, R) == got[True]
    assert got[True] == Fraction(7 - (6 if captain_alive else 5), 6)


def test_fire_damage_odds_equal_the_engine() -> None:
    st = grappled()
    s = st.ships["A"]

    def run(dice):  # noqa: ANN001, ANN202
        c = st.clone().ships["A"]
        start = c.hull[Position.LARBOARD]
        combat.fire_damage(c, Position.LARBOARD, R, dice, lambda _t: None)
        return start - c.hull[Position.LARBOARD]

    got = outcomes(run)
    assert s.hull[Position.LARBOARD] > 5  # no sinking to cut the damage short
    assert fight_odds.fire_damage(R) == got


def test_turn_roll_odds_come_from_the_rules() -> None:
    assert fight_odds.countdown(R, "add") == Fraction(7 - R.turn.add_turn_on, 6)
    assert fight_odds.countdown(R, "deduct") == Fraction(7 - R.turn.deduct_turn_on, 6)
    assert fight_odds.wind_change(R) == Fraction(7 - R.turn.wind_change_on, 6)
    assert fight_odds.cut_free(R) == Fraction(7 - R.movement.cut_free_on, 6)
