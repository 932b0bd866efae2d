"""Exact odds of the raid's rolls a player decides on: shooting (22.15), hand-to-hand
fighting (22.16), the saves that follow, and the morale tests for the dead (22.19).

Every number comes from the rules data through the engine's own functions
(:meth:`hit_modifier`, :meth:`fight_dice`, :meth:`save_roll`, :meth:`morale_runner`,
:meth:`run_threshold`), so the odds and the roll cannot disagree. The alarm table's
odds are :func:`wargame.core.probability.table_odds` over the rules' table.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from wargame.core.probability import chance_at_least, compare, expectation, face_sum_distribution
from wargame.raid.model import Sq, Unit

if TYPE_CHECKING:
    from wargame.raid.state import RaidState


@dataclass(frozen=True)
class Save:
    """One figure's save against a hit: the need and modifier, and the chance it dies."""

    unit: str
    need: int
    modifier: int
    saved: Fraction  # the save succeeds
    dies: Fraction  # dead (for an officer: after the officer-hit table)


def save_odds(s: RaidState, u: Unit, source: str) -> Save:
    """The chance that ``u`` survives, and that it dies, when a hit from ``source`` lands."""
    roll = s.save_roll(u, source)
    need, mod = roll if roll is not None else (7, 0)
    saved = chance_at_least(need, mod) if roll is not None else Fraction(0)
    if not u.is_officer:
        return Save(u.id, need, mod, saved, 1 - saved)
    table = s.rules.officer_hit
    dead = Fraction(0)
    for result in table.by_face:
        if result == "captured" and source == "shoot":
            result = table.captured_when_shot
        if result == "dead":
            dead += Fraction(1, 6)
    return Save(u.id, need, mod, saved, (1 - saved) * dead)


@dataclass(frozen=True)
class ShotOdds:
    hit_on: int
    modifier: int
    hit: Fraction  # the one die hits
    shooter_chooses: Fraction  # given a hit, the shooter picks who is hit
    saves: tuple[Save, ...]  # each enemy figure in the square that could be hit


def shot_odds(s: RaidState, u: Unit, at: Sq) -> ShotOdds:
    """The odds of ``u`` shooting at the square ``at`` (one die, 22.15)."""
    sh = s.rules.shooting
    mod = s.hit_modifier(u)
    targets = [t for t in s.at(at) if t.side != u.side]
    return ShotOdds(
        sh.hit_on,
        mod,
        chance_at_least(sh.hit_on, mod),
        chance_at_least(sh.choice_on),
        tuple(save_odds(s, t, "shoot") for t in targets),
    )


@dataclass(frozen=True)
class FightOdds:
    points: int
    dice: int
    their_points: int
    their_dice: int
    hits: dict[int, Fraction]  # chance of each number of hits given
    their_hits: dict[int, Fraction]  # ... and taken
    more: Fraction  # the attackers give more hits than they take
    equal: Fraction
    fewer: Fraction
    expected: Fraction  # hits given on average
    their_expected: Fraction
    choose: Fraction  # a hitting die lets the hitter choose who is hit
    saves: tuple[Save, ...]  # the defenders' saves
    my_saves: tuple[Save, ...]  # the attackers' saves


def fight_odds(s: RaidState, frm: Sq, at: Sq) -> FightOdds:
    """The odds of the figures at ``frm`` attacking the square ``at`` hand to hand."""
    f = s.rules.fighting
    pa, na, pd, nd = s.fight_dice(frm, at)
    ha = face_sum_distribution(na, f.hits_by_face)
    hd = face_sum_distribution(nd, f.hits_by_face)
    more, equal, fewer = compare(ha, hd)
    hitting = [face for face in range(1, 7) if f.hits_by_face[face - 1]]
    choose = Fraction(sum(1 for face in hitting if face >= f.choice_on), len(hitting) or 1)
    side = s.side_at(frm)
    return FightOdds(
        pa,
        na,
        pd,
        nd,
        ha,
        hd,
        more,
        equal,
        fewer,
        expectation(ha),
        expectation(hd),
        choose,
        tuple(save_odds(s, u, "fight") for u in s.at(at) if u.side != side),
        tuple(save_odds(s, u, "fight") for u in s.at(frm) if u.side == side),
    )


@dataclass(frozen=True)
class MoraleOdds:
    square: Sq
    runner: str  # the figure that runs on a failure ("" if no one is left)
    need: int
    runs: Fraction


def morale_odds(s: RaidState) -> list[MoraleOdds]:
    """Each morale test waiting to be rolled: who runs on a failure, and the chance."""
    out = []
    for side, sq in s.morale_tests:
        u = s.morale_runner(side, sq)
        if u is None:
            out.append(MoraleOdds(sq, "", 7, Fraction(0)))
            continue
        need = s.run_threshold(u)
        out.append(MoraleOdds(sq, u.id, need, chance_at_least(need)))
    return out


def pirates_first(s: RaidState) -> Fraction:
    """The chance that the pirates move first this turn (two dice, the engine's
    :meth:`first_mover` read on each pair of faces)."""
    from wargame.raid.model import ATTACKER

    wins = sum(1 for a in range(1, 7) for d in range(1, 7) if s.first_mover(a, d) == ATTACKER)
    return Fraction(wins, 36)
