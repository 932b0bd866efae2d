"""The event cards: revealing one, and resolving it."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.tortuga.places import maroon, move, swap
from wargame.tortuga.shuffle import shuffle
from wargame.tortuga.state import DUTCH, TortugaState

TORTUGA = 2


def reveal(st: TortugaState, seat: int, slot: int, dice: DiceService) -> None:
    """``seat`` turns over the card in ``slot``, it is replaced, then resolved."""
    card = st.row[slot]
    st.barrier = True
    for d in st.seen:
        d.pop(slot, None)
    refill(st, slot, dice)
    # Which slot was turned over is public (everyone saw the hand reach for it).
    st.history.append(("slot", seat, slot))
    st.history.append(("event", seat, st.cards[card]))  # type: ignore[arg-type]
    resolve(st, seat, card, dice)


def refill(st: TortugaState, slot: int, dice: DiceService) -> None:
    """Replace a revealed card from the deck; when the deck runs out, the cards left
    in the row are shuffled into a new row and no longer replaced."""
    if st.final or not st.deck:
        st.row[slot] = -1
        return
    st.row[slot] = st.deck.pop()
    if not st.deck:
        st.final = True
        shuffle_row(st, dice)


def shuffle_row(st: TortugaState, dice: DiceService) -> None:
    slots = st.face_down()
    cards = [st.row[i] for i in slots]
    shuffle(dice, cards, "the last event cards, a new row")
    for i, c in zip(slots, cards):
        st.row[i] = c
    for d in st.seen:
        d.clear()


def resolve(st: TortugaState, seat: int, card: int, dice: DiceService) -> None:
    kind = st.cards[card]
    eff = st.data.rules.events.effects
    if kind == "spanish_armada":
        armada(st, card, dice)
    elif kind == "letter_of_marque":
        st.kept[seat].append(card)
        st.pending.append(("marque", seat, card))
    elif kind == "pistol":
        st.discard.append(card)
        st.pending.append(("pistol", seat))
    elif kind == "albatross":
        st.kept[seat].append(card)  # the ship check runs once the action settles
        st.alb[seat] += 1
    elif kind == "black_spot":
        st.discard.append(card)
        maroon(st, seat, seat, dice, fountain=True)
    elif kind in ("atlantis", "el_dorado", "fountain_of_youth"):
        st.kept[seat].append(card)  # until it is given away
        st.pending.append(("give", seat, card))
    elif kind == "black_powder":
        st.discard.append(card)
        if not all(st.blown):
            st.pending.append(("powder", seat))
    elif kind == "cabin_fever":
        st.discard.append(card)
        st.pending.append(("fever", seat))
    elif kind == "crows_nest":
        st.discard.append(card)
        st.pending.append(("nest", seat))
    elif kind == "eight_bells":
        st.discard.append(card)
        p = st.loc[seat]
        if p < 3 and len(st.lines[p]) > 1:
            shuffle(dice, st.lines[p], "Eight Bells: the pawns from the pouch", hidden=False)
    elif kind == "facade":
        st.discard.append(card)
        right = (seat - 1) % st.n
        if right != seat:
            swap(st, seat, right)
    elif kind == "pirate_code":
        st.kept[seat].append(card)
        st.code[seat] += eff.pirate_code_votes
    elif kind == "scurvy":
        st.discard.append(card)
        p = st.loc[seat]
        for s in st.lines[p] if p < 3 else (seat,):
            st.skip[s] += 1
    elif kind == "stormy_seas":
        st.discard.append(card)
        p = st.loc[seat]
        if p < 2:
            st.galleon += sum(st.holds[p])
            st.holds[p] = [0, 0]
        elif p == TORTUGA:
            st.holds[2] = list(st.data.rules.board.tortuga_start)
    else:  # pragma: no cover - the rules loader refuses unknown cards
        raise ValueError(f"unknown event card {kind!r}")


# -- the choices some cards ask for ----------------------------------------------------
def marque(st: TortugaState, seat: int, target: int, ship: int) -> None:
    """Spend one Letter of Marque in front of ``seat``: ``target`` to ``ship``'s line."""
    cards = st.cards
    for c in st.kept[seat]:
        if cards[c] == "letter_of_marque":
            st.kept[seat].remove(c)
            st.discard.append(c)
            break
    st.history.append(("marque", seat, target * 2 + ship))
    move(st, target, ship)


def give(st: TortugaState, seat: int, card: int, target: int, dice: DiceService) -> None:
    st.kept[seat].remove(card)
    st.kept[target].append(card)
    st.history.append(("give", seat, target))
    if st.cards[card] == "el_dorado":
        for _ in range(st.data.rules.events.effects.el_dorado_extra):
            if st.vdeck:
                st.hands[target].append(st.vdeck.pop())
                st.barrier = True


def powder(st: TortugaState, boat: int, dice: DiceService) -> None:
    st.blown[boat] = True
    s = st.boat[boat]
    if s >= 0:
        st.history.append(("marooned", s, 3 + boat))
        move(st, s, TORTUGA)


def fever(st: TortugaState, seat: int, target: int, dice: DiceService) -> None:
    """Shuffle two loyalty cards and deal them back; each sees their new one."""
    st.barrier = True
    st.history.append(("fever", seat, target))  # whose card is shuffled is public
    mine, theirs = st.team[seat], st.team[target]
    if dice.randint(0, 1, "Cabin Fever: the two loyalty cards", hidden=True):
        st.team[seat], st.team[target] = theirs, mine
    for s in range(st.n):  # what each of the two learnt: a changed card came from the other
        st.known[s].pop(seat, None)
        st.known[s].pop(target, None)
    if st.team[seat] != mine:
        st.known[seat][target] = mine
        st.known[target][seat] = theirs


def nest(st: TortugaState, seat: int, target: int, dice: DiceService) -> None:
    """Crow's Nest: the hand goes into the vote deck; the revealer then picks."""
    hand = st.hands[target]
    k = len(hand)
    st.vdeck.extend(hand)
    hand.clear()
    st.barrier = True
    if k:
        st.pending.append(("pick", seat, target, k))
    else:
        shuffle(dice, st.vdeck, "Crow's Nest: the vote deck")


def pick(st: TortugaState, seat: int, target: int, left: int, card: int, dice: DiceService) -> None:
    st.vdeck.remove(card)
    st.hands[target].append(card)
    if left > 1:
        st.pending.append(("pick", seat, target, left - 1))
    else:
        shuffle(dice, st.vdeck, "Crow's Nest: the vote deck")


def armada(st: TortugaState, card: int, dice: DiceService) -> None:
    b, f = st.totals()
    if b != f:
        st.discard.append(card)
        finish(st, 0 if b > f else 1, "the Spanish Armada")
        return
    if st.n % 2:
        st.discard.append(card)
        finish(st, DUTCH, "the Spanish Armada, the nations tied: the Dutch win")
        return
    # An even tie: the Armada leaves the game; the discards and the unrevealed cards
    # (not those in front of players) make a new deck and row; the first lead wins.
    st.removed.append(card)
    pool = st.discard + [c for c in st.row if c >= 0]
    st.discard = []
    shuffle(dice, pool, "Armada tie: a new event deck")
    size = len(st.row)
    st.row = [pool.pop() if pool else -1 for _ in range(size)]
    st.deck = pool
    for d in st.seen:
        d.clear()
    st.final = not pool
    st.sudden = True
    st.history.append(("sudden", -1, 0))


def finish(st: TortugaState, team: int, reason: str) -> None:
    st.over = True
    st.win_team = team
    st.end_reason = reason
    st.pending.clear()
    st.vote = None
