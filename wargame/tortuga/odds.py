"""The chances a pirate weighs before a vote: what the vote deck's top card, added to
every attack, brawl and mutiny, may show.

Computed from one seat's observation only. Every vote card the seat has not seen (not
in its hand, not its own card in this vote) is counted as equally likely to be the
deck's top card, the model the engine's own hidden-card sampler
(:func:`wargame.tortuga.hidden.resample`) uses for the search bots; within it the
chances are exact fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wargame.tortuga.rules import ATTACK, FLAGS, MUTINY, Data


@dataclass(frozen=True)
class DeckCard:
    unseen: int  # vote cards the seat has not seen
    attack: dict[str, Fraction]  # cannon / torch / water
    flag: dict[str, Fraction]  # british / french
    mutiny: dict[str, Fraction]  # skull / helm


def unseen_vote_cards(obs: dict[str, Any], data: Data) -> list[int]:
    """How many of each vote card type (0..11) the seat has not seen."""
    counts = list(data.vote_counts)
    for c in obs["hand"] or []:
        counts[c] -= 1
    v = obs["vote"]
    for cs in v["mine"] if v else []:
        for c in cs:
            counts[c] -= 1
    return counts


def deck_card(obs: dict[str, Any], data: Data) -> DeckCard | None:
    """The chance of each symbol on the vote deck's top card (None: the deck is empty
    or the seat is looking through it)."""
    deck = obs["vote_deck"]
    if not isinstance(deck, int) or deck == 0:
        return None
    counts = unseen_vote_cards(obs, data)
    total = sum(counts)
    if total <= 0:
        return None
    attack = {name: Fraction(0) for name in ATTACK}
    flag = {name: Fraction(0) for name in FLAGS}
    mutiny = {name: Fraction(0) for name in MUTINY}
    for t, n in enumerate(counts):
        p = Fraction(n, total)
        attack[ATTACK[t >> 2]] += p
        flag[FLAGS[(t >> 1) & 1]] += p
        mutiny[MUTINY[t & 1]] += p
    return DeckCard(total, attack, flag, mutiny)
