"""Redrawing what one seat cannot see, for search bots (``GameState.resample_hidden``).

Hidden from a seat: the other pirates' hands (their sizes are seen), the deck
(its size is seen; it is kept in card order, so only its contents matter), and
the cards buried on the board (each pile's size is seen). The seat knows its own
hand and the cards it buried itself that are still in the ground (a pile holds
the burials there since its last dig); every face-up
card, the discard pile and the cards a fight put on the table are seen by all.
A held card that was dug up on an island is named by the origin map every seat
sees, so it stays where it is.

Every unseen card goes into one pool, in card order, which one hidden shuffle
through the dice deals back into the same places (the same hand sizes, pile
sizes and deck size). The pool and the places depend only on what the seat sees,
so two states that look the same to the seat give the same redraw from the same
dice: the search bot cannot tell them apart, and never reads the true cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargame.core.dice import DiceService

if TYPE_CHECKING:
    from wargame.poe.state import PoeState


def resample_hidden(st: PoeState, seat: int, dice: DiceService) -> PoeState:
    """A copy of ``st`` with every card hidden from ``seat`` redealt at random."""
    s = st.clone()
    origin = s.origin
    # The places a card unseen by ``seat`` occupies: (list, index) pairs in a fixed order.
    places: list[tuple[list[int], int]] = []
    for o in range(s.n):
        if o == seat:
            continue
        hand = s.hand[o]
        for i, c in enumerate(hand):
            if origin[c] < 0:
                places.append((hand, i))
    # A pile holds the cards of the burials there since it was last dug, in order;
    # the burial list (seen by all, card counts only) says whose each place is.
    owners: list[list[int]] = [[] for _ in s.buried]
    for who, area, cards, _vp in s.burials:
        owners[area].extend([who] * len(cards))
    for area, pile in enumerate(s.buried):
        whose = owners[area][len(owners[area]) - len(pile) :]
        for i in range(len(pile)):
            if whose[i] != seat:
                places.append((pile, i))
    deck = s.deck
    for i in range(len(deck)):
        places.append((deck, i))
    if len(places) < 2:
        return s
    old = [where[i] for where, i in places]
    pool = sorted(old)
    dice.shuffle(pool, "redraw unseen cards", hidden=True)
    for (where, i), c in zip(places, pool):
        where[i] = c
    deck.sort()
    if s.selection and seat != s.active:
        # Cards the active pirate chose from a hidden hand are the redrawn cards
        # in the same places of that hand.
        hand = st.hand[s.active]
        new_hand = s.hand[s.active]
        s.selection = [new_hand[hand.index(c)] if c in hand else c for c in s.selection]
    return s


def scrub_private(st: PoeState, seat: int) -> None:
    """What a redraw for ``seat`` keeps but only other seats know: the cards of their
    burials become unknown (-1), in place."""
    st.burials = [
        (who, area, cards if who == seat else tuple(-1 for _ in cards), vp)
        for who, area, cards, vp in st.burials
    ]
