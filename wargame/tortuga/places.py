"""Moving pawns: boarding, rowboats, marooning and the albatross."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.tortuga.shuffle import shuffle
from wargame.tortuga.state import TortugaState

TORTUGA = 2


def leave(st: TortugaState, seat: int) -> None:
    """Take ``seat``'s pawn off its place (the pawns behind move up)."""
    p = st.loc[seat]
    if p < 3:
        st.lines[p].remove(seat)
    else:
        st.boat[p - 3] = -1


def put(st: TortugaState, seat: int, place: int) -> None:
    """Put ``seat``'s pawn at the back of ``place``'s line, or on a rowboat."""
    if place < 3:
        st.lines[place].append(seat)
    else:
        st.boat[place - 3] = seat
    st.loc[seat] = place


def move(st: TortugaState, seat: int, place: int) -> None:
    leave(st, seat)
    put(st, seat, place)


def maroon(st: TortugaState, seat: int, causer: int, dice: DiceService, *, fountain: bool) -> None:
    """Maroon ``seat`` to Tortuga. ``fountain``: the Fountain of Youth may refuse it
    (black spot, pistol, the captain, a mutiny); its owner is asked first."""
    if fountain and st.count_kept(seat, "fountain_of_youth"):
        st.pending.append(("fountain", seat, causer))
        return
    do_maroon(st, seat, causer, dice)


def do_maroon(st: TortugaState, seat: int, causer: int, dice: DiceService) -> None:
    p = st.loc[seat]
    st.history.append(("marooned", seat, p))
    if p != TORTUGA:
        move(st, seat, TORTUGA)
        return
    # Already on Tortuga: to the back of the line, and lose a vote card chosen at
    # random by another player, put unseen under the vote deck.
    move(st, seat, TORTUGA)
    hand = st.hands[seat]
    if len(hand) == 1:
        st.vdeck.insert(0, hand.pop())
    elif hand:
        shuffle(dice, hand, "a marooned hand, face down")
        chooser = causer if causer != seat else (seat + 1) % st.n
        st.pending.append(("take", chooser, seat))


def take_card(st: TortugaState, victim: int, slot: int) -> None:
    st.vdeck.insert(0, st.hands[victim].pop(slot))


def albatross_check(st: TortugaState) -> None:
    """Two albatrosses aboard one ship maroon everyone on it, the cabin boy first
    (they reverse their rank order on arriving at Tortuga together)."""
    limit = st.data.rules.events.effects.albatross_limit
    alb = st.alb
    if sum(alb) < limit:
        return
    for ship in (0, 1):
        line = st.lines[ship]
        if sum([alb[s] for s in line]) >= limit:
            st.history.append(("albatross", ship, len(line)))
            for s in reversed(line[:]):
                st.history.append(("marooned", s, ship))
                move(st, s, TORTUGA)


def swap(st: TortugaState, a: int, b: int) -> None:
    """Facade: ``a`` and ``b`` trade places (positions in lines or rowboats)."""
    pa, pb = st.loc[a], st.loc[b]

    def slot_of(seat: int, p: int) -> tuple[list[int], int]:
        if p < 3:
            line = st.lines[p]
            return line, line.index(seat)
        return st.boat, p - 3

    la, ia = slot_of(a, pa)
    lb, ib = slot_of(b, pb)
    la[ia], lb[ib] = b, a
    st.loc[a], st.loc[b] = pb, pa
