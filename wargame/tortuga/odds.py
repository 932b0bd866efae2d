"""The chances a pirate weighs before a vote: what the vote deck's top card, added to
every attack, brawl and mutiny, may show.

Computed from one seat's observation only. Every vote card the seat has not seen (not
in its hand, not its own card in this vote) is counted as equally likely to be the
deck's top card, the model the engine's own hidden-card sampler
(:func:`wargame.tortuga.hidden.resample`) uses for the search bots; within it the
chances are exact fractions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wargame.tortuga.rules import ATTACK, FLAGS, MUTINY, STARRED, Data


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


ARMADA = "spanish_armada"


@dataclass(frozen=True)
class EventCard:
    unseen: int  # event cards whose kind the seat does not know (row and deck)
    kinds: dict[str, Fraction]  # kind -> chance, for one face-down card it has not viewed


def event_card(obs: dict[str, Any], data: Data) -> EventCard | None:
    """The chance of each kind for a face-down event card the seat has not viewed
    (None: no such card). From the seat's observation only: every event card whose
    kind it has not seen is equally likely to be any card still unaccounted for, and
    which starred cards are in the game is unknown alike; the model of the engine's
    sampler (:func:`wargame.tortuga.hidden.resample`). The Spanish Armada is out of
    it while everyone knows it lies under the deck."""
    viewed = obs["viewed"]
    row = obs["row"]
    face_down = [i for i, c in enumerate(row) if c is not None and str(i) not in viewed]
    if not face_down:
        return None
    known: list[str] = [*obs["discard"], *obs["removed"], *viewed.values()]
    for kept in obs["kept"]:
        known += kept
    under_deck = not obs["final"] and obs["deck"] > 0 and not obs["sudden"]
    if under_deck:
        known.append(ARMADA)
    left = Counter(data.base_events)
    pool = Counter(data.starred)
    starred_left = data.rules.events.starred_in_game
    for kind in known:
        if kind in STARRED:
            pool[kind] -= 1
            starred_left -= 1
        else:
            left[kind] -= 1
    unseen = len(face_down) + obs["deck"] - (1 if under_deck else 0)
    candidates = sum(n for n in pool.values() if n > 0)
    if unseen <= 0 or sum(n for n in left.values() if n > 0) + max(starred_left, 0) != unseen:
        return None  # the counts do not add up: no odds rather than wrong ones
    kinds = {k: Fraction(n, unseen) for k, n in left.items() if n > 0}
    if starred_left > 0 and candidates:
        each = Fraction(starred_left, candidates) / unseen
        for k, n in pool.items():
            if n > 0:
                kinds[k] = each * n
    return EventCard(unseen, kinds)
