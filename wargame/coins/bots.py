"""Bots for Pirate Coins. Both decide only from their own seat's observation.

``random`` takes any legal action (plunder or sally forth at even odds; a forced
action - start, draw, reveal, flip - without drawing a number).

``strong`` weighs exact expectations (:mod:`wargame.coins.odds`): what plundering now
gives under this fortune, over every combination of the others' choices (each other
pirate plundering with probability 1/2, as for the odds the table shows), against
the pile it leaves behind if it stays: the pile after the others' plunder, plus the
fortune coin on a skull, lost on a monster attack, counted at the share it can still
hope to win against the pirates left in the round. A plunder that ends the game with
it ahead is taken whatever the numbers say.
"""

from __future__ import annotations

from wargame.coins import actions as A
from wargame.coins.odds import Table, attack_chance, cases
from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState

#: How much of a pile a pirate can hope to keep against each pirate still in the round.
RIVAL_DISCOUNT = 0.5
#: A plunder that wins the game outright is worth more than any pile.
WIN_BONUS = 1000.0


class RandomCoinsBot:
    """A uniformly random legal action: no draw when only one is legal, and a two-way
    choice (plunder or sally forth) spends one bit of a 30-bit number drawn through its
    dice service, so it draws once per thirty decisions (thirty fair coin tosses)."""

    name = "random"
    BITS = 30

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice
        self._bits = 0
        self._left = 0

    def choose(self, state: GameState, seat: int) -> Action:
        actions = state.legal_actions()
        n = len(actions)
        if n == 1:
            return actions[0]
        if n != 2:
            return actions[self.dice.draw(0, n - 1, 1, "bot choice")[0]]
        if not self._left:
            self._bits = self.dice.draw(0, (1 << self.BITS) - 1, 1, "bot choices")[0]
            self._left = self.BITS
        self._left -= 1
        bit = self._bits & 1
        self._bits >>= 1
        return actions[bit]


class StrongBot:
    name = "strong"

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice

    def choose(self, state: GameState, seat: int) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        table = Table.from_observation(state.observation(seat))
        plunder, stay = values(table, seat)
        return A.PLUNDER_NOW if plunder >= stay else A.SALLY_FORTH


def values(t: Table, me: int) -> tuple[float, float]:
    """The strong bot's worth of plundering now and of staying, from exact expectations."""
    c = t.coins
    v = c.values
    mine = t.value(me)
    others = _others(t, me)
    plunder = 0.0
    count = 0
    for case in cases(t, me, plunder=True):
        gain = case.gains[me]
        worth = float(gain)
        if mine + gain >= c.win_booty:
            rivals = max(b + case.gains[s] for s, b in others)
            if mine + gain > rivals:
                worth += WIN_BONUS
        plunder += worth
        count += 1
    plunder /= count
    monster = len(c.monster_faces) / c.flip_sides
    attack = attack_chance(t) > 0
    stay = 0.0
    count = 0
    for case in cases(t, me, plunder=False):
        after = case.pile_after[0] * v[0] + case.pile_after[1] * v[1] + case.pile_after[2] * v[2]
        if any(b + case.gains[s] >= c.win_booty for s, b in others):
            count += 1  # someone else ends the game now: staying is worth nothing
            continue
        keep = 1.0 / (1.0 + RIVAL_DISCOUNT * case.remaining)
        skull = after + t.fortune_value
        stay += keep * ((1 - monster) * skull + monster * (0 if attack else after))
        count += 1
    stay /= count
    return plunder, stay


def _others(t: Table, me: int) -> list[tuple[int, int]]:
    return [(s, t.value(s)) for s in range(t.n) if s != me]
