"""Building Tortuga positions for rule tests."""

from __future__ import annotations

from collections.abc import Sequence

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.tortuga import actions as A
from wargame.tortuga.actions import make
from wargame.tortuga.game import TortugaGame
from wargame.tortuga.rules import vote_type
from wargame.tortuga.state import TortugaState

CANNON_B_SKULL = vote_type("cannon", "british", "skull")
CANNON_F_HELM = vote_type("cannon", "french", "helm")
TORCH_B_HELM = vote_type("torch", "british", "helm")
TORCH_F_SKULL = vote_type("torch", "french", "skull")
WATER_B_SKULL = vote_type("water", "british", "skull")
WATER_F_HELM = vote_type("water", "french", "helm")


def new(n: int = 4, seed: int = 1, *, holds: tuple[int, int] = (0, 1)) -> TortugaState:
    """A fresh game with the captains' first treasures placed (ship 0's in ``holds[0]``)."""
    dice = DiceService.seeded(seed)
    st = TortugaGame({"starter": "1"}).new_initial_state(n, dice)  # Pirate 1 starts
    st.apply(make(A.StartHold, holds[0]), dice)
    st.apply(make(A.StartHold, holds[1]), dice)
    return st


def arrange(
    st: TortugaState,
    ship0: Sequence[int] = (),
    ship1: Sequence[int] = (),
    tortuga: Sequence[int] = (),
    boats: tuple[int, int] = (-1, -1),
    *,
    active: int | None = None,
) -> TortugaState:
    """Put every pawn where the test wants it (every seat must be placed once)."""
    st.lines = [list(ship0), list(ship1), list(tortuga)]
    st.boat = list(boats)
    for p, line in enumerate(st.lines):
        for s in line:
            st.loc[s] = p
    for b, s in enumerate(boats):
        if s >= 0:
            st.loc[s] = 3 + b
    placed = sorted([*ship0, *ship1, *tortuga, *(s for s in boats if s >= 0)])
    assert placed == list(range(st.n)), placed
    if active is not None:
        st.active = active
    st._legal = None
    return st


def put_card(st: TortugaState, slot: int, kind: str) -> int:
    """Make the face-down card in ``slot`` one of ``kind`` (swapping it with the deck, or
    turning a starred card not in this game into it). Returns its id."""
    cards = list(st.cards)
    where = [c for c in st.deck + [c for c in st.row if c >= 0] if cards[c] == kind]
    if where:
        c = where[0]
    else:
        c = next(c for c in st.deck[1:] + st.row if c >= 0 and c != len(cards) - 1)
        cards[c] = kind
        st.cards = tuple(cards)
    if c in st.row:
        i = st.row.index(c)
        st.row[i], st.row[slot] = st.row[slot], st.row[i]
    else:
        i = st.deck.index(c)
        st.deck[i], st.row[slot] = st.row[slot], c
    for d in st.seen:
        d.clear()
    st._legal = None
    return c


def _take(st: TortugaState, card: int, keep: int) -> None:
    """Take a vote card of type ``card`` out of the deck or (swapping in a deck card)
    out of another hand than ``keep``'s."""
    if card in st.vdeck:
        st.vdeck.remove(card)
        return
    o = next(o for o in range(st.n) if o != keep and card in st.hands[o])
    st.hands[o].remove(card)
    st.hands[o].append(st.vdeck.pop(0))


def hand(st: TortugaState, seat: int, cards: Sequence[int]) -> None:
    """Give ``seat`` exactly these vote cards (from the vote deck or other hands)."""
    st.vdeck.extend(st.hands[seat])
    st.hands[seat] = []
    for c in cards:
        _take(st, c, seat)
        st.hands[seat].append(c)
    st._legal = None


def top_of_vote_deck(st: TortugaState, card: int) -> None:
    _take(st, card, -1)
    st.vdeck.append(card)


def play(st: TortugaState, action: Action, seed: int = 5) -> None:
    st.apply(action, DiceService.seeded(seed))
    st.check_invariants()


def kinds(st: TortugaState, seat: int) -> list[str]:
    return [st.cards[c] for c in st.kept[seat]]
