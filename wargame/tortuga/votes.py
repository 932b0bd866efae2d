"""Attacks, brawls and mutinies: secret vote cards, the deck's card, the reveal."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.tortuga.places import maroon
from wargame.tortuga.shuffle import shuffle
from wargame.tortuga.state import TortugaState, VoteInProgress

ATTACK, BRAWL, MUTINY = 0, 1, 2


def call_vote(st: TortugaState, kind: int, caller: int, dice: DiceService) -> None:
    """Start a vote called by ``caller``; each voter then plays in seat order from
    the caller. Pirate Code seats sit out (and count down); empty hands can't vote."""
    place = st.loc[caller]
    members = st.lines[place][1:] if kind == MUTINY else st.lines[place]
    voters = []
    for s in members:
        if st.code[s] > 0:
            st.code[s] -= 1
            if st.code[s] == 0:
                drop_pirate_code(st, s)
            continue
        if st.hands[s]:
            voters.append(s)
    n = st.n
    voters.sort(key=lambda s: (s - caller) % n)
    st.vote = VoteInProgress(kind, caller, place, tuple(voters))
    st.history.append(("call", caller, kind))
    if voters:
        st.pending.append(("vote", voters[0]))
    else:
        resolve(st, dice)


def drop_pirate_code(st: TortugaState, seat: int) -> None:
    cards = st.cards
    for c in st.kept[seat]:
        if cards[c] == "pirate_code":
            st.kept[seat].remove(c)
            st.discard.append(c)
            return


def play(st: TortugaState, seat: int, played: tuple[int, ...], dice: DiceService) -> None:
    v = st.vote
    assert v is not None
    hand = st.hands[seat]
    for c in played:
        hand.remove(c)
    if len(played) > 1:  # El Dorado is spent
        cards = st.cards
        for c in st.kept[seat]:
            if cards[c] == "el_dorado":
                st.kept[seat].remove(c)
                st.discard.append(c)
                break
    v.played.append((seat, played))
    i = len(v.played)
    if i < len(v.voters):
        st.pending.append(("vote", v.voters[i]))
    else:
        resolve(st, dice)


def tally(kind: int, cards: list[int]) -> bool:
    """Whether a vote with these cards succeeds (see the seed's worked examples)."""
    if kind == ATTACK:
        cannons = sum(1 for c in cards if c >> 2 == 0)
        torches = sum(1 for c in cards if c >> 2 == 1)
        waters = sum(1 for c in cards if c >> 2 == 2)
        return cannons >= 1 and torches - waters >= 1
    if kind == MUTINY:
        skulls = sum(1 for c in cards if c & 1 == 0)
        return skulls * 2 > len(cards)
    raise ValueError("a brawl has no success")


def brawl_split(cards: list[int], total: int) -> tuple[int, int]:
    british = sum(1 for c in cards if (c >> 1) & 1 == 0)
    french = len(cards) - british
    if british > french:
        return (total, 0)
    if french > british:
        return (0, total)
    return (total - total // 2, total // 2)


def resolve(st: TortugaState, dice: DiceService) -> None:
    """Add the vote deck's top card, reveal, carry out the result, return the cards
    face down under the deck and let each voter draw one."""
    v = st.vote
    assert v is not None
    st.vote = None
    st.barrier = True
    cards = [c for _, cs in v.played for c in cs]
    if st.vdeck:
        cards.append(st.vdeck.pop())
    if v.kind == BRAWL:
        split = brawl_split(cards, sum(st.holds[2]))
        st.holds[2] = list(split)
        ok = split[0] != split[1]
    else:
        ok = tally(v.kind, cards)
    st.last_vote = (v.kind, v.caller, tuple(sorted(cards)), ok)
    st.history.append(("vote", v.caller, v.kind * 2 + ok))
    for s, _cs in v.played:  # who took part is public, not what they played
        st.history.append(("voted", s, v.kind))
    if v.kind == BRAWL:
        british = sum(1 for c in cards if (c >> 1) & 1 == 0)
        st.history.append(("flags", british, len(cards) - british))
    shuffle(dice, cards, "played vote cards, face down under the deck")
    st.vdeck[0:0] = cards
    for s, _ in v.played:
        if st.vdeck:
            st.hands[s].append(st.vdeck.pop())
    if not ok:
        return
    if v.kind == ATTACK:
        if st.galleon > 0 or sum(st.holds[1 - v.place]) > 0:
            st.pending.append(("loot", v.caller))
    elif v.kind == MUTINY:
        line = st.lines[v.place]
        if line:
            maroon(st, line[0], v.caller, dice, fountain=True)
