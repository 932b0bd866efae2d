"""Exact odds of the sea fight's rolls other than gunfire (see :mod:`wargame.naval.odds`):
boarding (17.4), grappling (17.2), cutting free, morale (20), the countdown and the wind.

Every number comes from the rules data and from the engine's own functions
(:meth:`~wargame.naval.play.NavalPlay.boarding_matchup`,
:func:`~wargame.naval.combat.boarding_kill_on`, :func:`~wargame.naval.combat.grapple_modifier`,
:func:`~wargame.naval.combat.morale_fail_on`), so the odds and the roll cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from wargame.core.probability import any_of, binomial, chance_at_least, expectation
from wargame.naval import combat
from wargame.naval.rules import NavalRules
from wargame.naval.ship import Ship

if TYPE_CHECKING:
    from wargame.naval.state import NavalState


@dataclass(frozen=True)
class BoardingOdds:
    """Everything a player may want to know before boarding, exact."""

    dice: int  # the boarding ship's dice
    their_dice: int  # the defender's dice
    reasons: tuple[str, ...]
    their_reasons: tuple[str, ...]
    kill_on: int
    kills: dict[int, Fraction]  # chance of each number of kills the boarders roll
    their_kills: dict[int, Fraction]  # ... and the defenders
    win: Fraction  # the boarders kill more
    draw: Fraction
    lose: Fraction  # the defenders kill more
    my_losses: Fraction  # average crew the boarding ship loses (fighting points, then guns)
    their_losses: Fraction
    seize: Fraction  # the defender is seized and surrenders
    their_captain: Fraction  # the defender's captain is killed
    my_captain: Fraction  # the boarding ship's captain is killed (fight or gamble)
    thrown_apart: Fraction  # the defender wins and the ships are degrappled
    surrender: Fraction  # the boarding ship surrenders after losing her captain


def crew_left(ship: Ship) -> int:
    """How many kills ``ship`` can take (:func:`~wargame.naval.combat.kill_crew`)."""
    return ship.fighting_points + max(0, ship.gun_crews - ship.guns_owed)


def boarding_odds(st: NavalState, ship: Ship, target: Ship, *, captain: bool) -> BoardingOdds:
    """The exact odds of ``ship`` boarding ``target`` now (17.4)."""
    b = st.rules.boarding
    (n_a, parts_a), (n_d, parts_d) = st.boarding_matchup(ship, target, captain=captain)
    kill_on = combat.boarding_kill_on(ship, target, st.rules)
    p_kill = chance_at_least(kill_on)
    ka_dist, kd_dist = binomial(n_a, p_kill), binomial(n_d, p_kill)
    win = draw = lose = Fraction(0)
    seize = their_captain = killed_in_fight = thrown = Fraction(0)
    alive_not_seized = Fraction(0)  # the captain lives through the fight, the enemy is not seized
    p_seize = chance_at_least(b.attacker_seize_on)
    p_their_cap = chance_at_least(b.attacker_captain_on)
    p_my_cap = chance_at_least(b.defender_captain_on)
    p_apart = chance_at_least(b.defender_degrapple_on)
    for ka, pa in ka_dist.items():
        for kd, pd in kd_dist.items():
            p = pa * pd
            if ka > kd:
                win += p
                s = any_of(ka - kd, p_seize)
                seize += p * s
                if target.captain_alive:
                    their_captain += p * any_of(ka - kd, p_their_cap)
                alive_not_seized += p * (1 - s)
            elif kd > ka:
                lose += p
                dead = any_of(kd - ka, p_my_cap) if ship.captain_alive else Fraction(0)
                killed_in_fight += p * dead
                thrown += p * any_of(kd - ka, p_apart)
                alive_not_seized += p * (1 - dead)
            else:
                draw += p
                alive_not_seized += p
    my_captain = killed_in_fight
    surrender = Fraction(0)
    if captain and ship.captain_alive:
        gamble = chance_at_least(b.captain_gamble_on)
        alive_after = 1 - killed_in_fight
        my_captain += alive_after * gamble
        if target.warship:
            surrender = alive_not_seized * gamble * chance_at_least(b.surrender_on)
    return BoardingOdds(
        n_a,
        n_d,
        tuple(parts_a),
        tuple(parts_d),
        kill_on,
        ka_dist,
        kd_dist,
        win,
        draw,
        lose,
        expectation(kd_dist, cap=crew_left(ship)),
        expectation(ka_dist, cap=crew_left(target)),
        seize,
        their_captain,
        my_captain if ship.captain_alive else Fraction(0),
        thrown,
        surrender,
    )


def grapple_odds(st: NavalState, ship: Ship, target: Ship, points: int) -> Fraction:
    """The exact chance that ``points`` grapples (one die each, best die plus the
    modifier) take hold of ``target`` (17.2)."""
    mod, _ = combat.grapple_modifier(ship, target, st.rules)
    miss = 1 - chance_at_least(st.rules.grapple.hit_on, mod)
    return 1 - miss**points


def morale_fail(ship: Ship, rules: NavalRules) -> Fraction:
    """The chance that ``ship`` fails a morale test now (20)."""
    return chance_at_least(combat.morale_fail_on(ship, rules))


def cut_free(rules: NavalRules) -> Fraction:
    return chance_at_least(rules.movement.cut_free_on)


def countdown(rules: NavalRules, choice: str) -> Fraction:
    """The chance that a roll on the countdown adds ("add") or removes ("deduct") a coin."""
    t = rules.turn
    return chance_at_least(t.add_turn_on if choice == "add" else t.deduct_turn_on)


def wind_change(rules: NavalRules) -> Fraction:
    return chance_at_least(rules.turn.wind_change_on)


def fire_damage(rules: NavalRules) -> dict[int, Fraction]:
    """The chance of each hull damage a fire does this turn (D6 less the rule's minus)."""
    out: dict[int, Fraction] = {}
    for face in range(1, 7):
        dmg = max(0, face - rules.hull.fire_damage_minus)
        out[dmg] = out.get(dmg, Fraction(0)) + Fraction(1, 6)
    return out
