"""Exact odds of a Pieces of Eight fight before its dice, with the cards played so far.

Each side rolls one die (``fight.die_sides``) and adds its modifiers: the combat
cards played on it in the fight's window, and in a mutiny the mutineer's -3
(unless Walk the Plank was played) and the mutiny bonus (unless Clap 'em in Irons
was). The attacker wins only on a higher total; a tie goes to the defender.
The engine computes these; the table shows them and updates them after each card.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from wargame.core.probability import sum_distribution
from wargame.poe.frames import Frame
from wargame.poe.scoring import mutiny_bonus
from wargame.poe.state import PoeState


@dataclass(frozen=True, slots=True)
class FightOdds:
    """The chance of each result of a fight's roll, exact."""

    attacker: int  # seat
    defender: int
    margin: int  # attacker's modifiers minus the defender's
    attacker_wins: Fraction  # attacker's total higher
    tie: Fraction  # equal totals: the defender wins
    defender_higher: Fraction

    @property
    def defender_wins(self) -> Fraction:
        return self.tie + self.defender_higher


def margin_of(st: PoeState, f: Frame) -> tuple[int, int]:
    """The attacker's and the defender's modifiers now (mutiny terms on the attacker)."""
    mod_a = f.mod_a
    if f.mutiny:
        if not f.no_penalty:
            mod_a += st.rules.fight.mutiny_penalty
        if not f.no_bonus:
            mod_a += mutiny_bonus(st.spots(f.b), st.spots(f.a), rounding=st.options.mutiny_rounding)
    return mod_a, f.mod_b


def fight_odds(st: PoeState, f: Frame) -> FightOdds:
    """The exact chances of the fight in frame ``f`` if nobody plays another card."""
    mod_a, mod_b = margin_of(st, f)
    return roll_odds(f.a, f.b, mod_a - mod_b, st.rules.fight.die_sides)


def roll_odds(attacker: int, defender: int, margin: int, sides: int) -> FightOdds:
    die = sum_distribution(1, sides)
    win = tie = lose = Fraction(0)
    for ra, pa in die.items():
        for rb, pb in die.items():
            d = ra + margin - rb
            if d > 0:
                win += pa * pb
            elif d == 0:
                tie += pa * pb
            else:
                lose += pa * pb
    return FightOdds(attacker, defender, margin, win, tie, lose)
